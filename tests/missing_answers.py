"""Shared by the tests that a missing answer scores what the decline scores (`scoring.reached`)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from inspect_ai.log import EvalLog

COUNTS = ("not_reached", "judge_unreadable")
"""The keys that tell a cut or unreadable run from one that declined."""


def sample_values(log: EvalLog, scorer: str) -> dict[str, dict[str, float]]:
    """Sample id -> its score's values, from a run that succeeded.

    Args:
        log: The run's log.
        scorer: The scorer whose values are read.
    """
    assert log.status == "success", log.error
    result = {}
    for sample in log.samples or []:
        assert sample.scores is not None
        value = sample.scores[scorer].value
        assert isinstance(value, dict)
        result[str(sample.id)] = {str(key): float(number) for key, number in value.items()}
    return result


def same_but_counts(
    left: dict[str, float], right: dict[str, float], counts: Iterable[str] = COUNTS
) -> bool:
    """Whether two score values agree on every key but the counts (NaN equal to NaN).

    Args:
        left: One score's values.
        right: The other's.
        counts: The keys left out of the comparison.
    """
    keys = set(left) - set(counts)
    return keys == set(right) - set(counts) and all(
        left[key] == right[key] or (math.isnan(left[key]) and math.isnan(right[key]))
        for key in keys
    )

"""A case a limit cut scores what the decliner scores, end to end (`scoring.reached`).

The first smoke shop sample (T1), worked by the perfect policy under a token limit that
cuts it before the memory pass, part-way through it (calls made, the case not closed), or
in the no-memory pass only, against the same sample worked by the ``decliner`` (no change,
a reply that it cannot resolve the case) with no limit: a cut pass scores the decliner's
``Score.value`` (every key but ``not_reached``), and nothing goes NaN.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.scorer import Score

from inspect_memgym.procedures.task import procedures
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED

SCORER = "procedures_scorer"
SMOKE_SHOP = {"tier": "smoke", "templates": "shop", "agent": "notes"}
BEFORE_THE_CASE = 1
PART_WAY = 5_600
"""Cuts the perfect policy's memory pass after a few of its calls."""
NO_MEMORY_ONLY = 6_500
"""Lets the perfect policy's memory pass end; cuts its no-memory pass."""


def scored(model: str, token_limit: int | None, log_dir: Path) -> Score:
    [log] = eval(
        procedures(**SMOKE_SHOP),
        model=model,
        limit=1,
        token_limit=token_limit,
        display="none",
        log_dir=str(log_dir),
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.error is None
    assert (sample.limit is not None) == (token_limit is not None)
    return (sample.scores or {})[SCORER]


def figures(score: Score) -> dict[str, float]:
    assert isinstance(score.value, dict)
    return {str(key): float(value) for key, value in score.value.items() if key != NOT_REACHED}  # type: ignore[arg-type]


def passes(score: Score) -> dict[str, dict[str, Any]]:
    return {record["pass"]: record for record in (score.metadata or {})["passes"]}


@pytest.fixture(scope="module")
def declined(tmp_path_factory: pytest.TempPathFactory) -> Score:
    return scored("memgym/decliner", None, tmp_path_factory.mktemp("decliner"))


@pytest.mark.parametrize("token_limit", [BEFORE_THE_CASE, PART_WAY])
def test_a_cut_memory_pass_scores_the_decliners_value(
    token_limit: int, declined: Score, tmp_path: Path
) -> None:
    cut = scored("memgym/perfect", token_limit, tmp_path)
    assert figures(cut) == figures(declined)
    assert cut.value[NOT_REACHED] == 1.0 and declined.value[NOT_REACHED] == 0.0  # type: ignore[index]
    assert not any(math.isnan(value) for value in figures(cut).values())
    assert cut.explanation == NOTHING_REACHED
    assert (cut.metadata or {})["declined"] == {"memory": "not_reached", "no_memory": "not_reached"}
    if token_limit == PART_WAY:
        memory = passes(cut)["memory"]
        assert memory["stop"] == "not_reached" and memory["calls"]


def test_a_cut_no_memory_pass_scores_the_decline_as_no_memory(
    declined: Score, tmp_path: Path
) -> None:
    cut = scored("memgym/perfect", NO_MEMORY_ONLY, tmp_path)
    assert passes(cut)["no_memory"]["stop"] == "not_reached"
    value = figures(cut)
    assert value["pass_at_1"] == 1.0 and value["no_memory"] == declined.value["pass_at_1"]  # type: ignore[index]
    assert value["memory_delta"] == 1.0 and cut.value[NOT_REACHED] == 1.0  # type: ignore[index]
    assert (cut.metadata or {})["declined"] == {"no_memory": "not_reached"}
    assert "A limit cut the no-memory pass" in str(cut.explanation)

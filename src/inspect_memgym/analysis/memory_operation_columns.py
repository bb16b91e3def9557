"""The per-operation memory scores of each sample, as ``samples_df`` columns.

A score that scores what the memory holds records its figures in
``Score.metadata["operation_scores"]`` (`scoring.operation_scores`): a small dict, so it
stays in the sample summaries Inspect writes and ``samples_df`` reads it without loading
whole samples. `MEMORY_OPERATION_COLUMNS` gives one column per figure, named
``memory_<figure>`` (``memory_extraction_recall``, ``memory_stale_kept``...):

    samples_df(logs, columns=SampleSummary + MEMORY_OPERATION_COLUMNS)

A sample without the figures (another task, an older log) reads None.
"""

from __future__ import annotations

from collections.abc import Callable

from inspect_ai.analysis import SampleColumn
from inspect_ai.log import EvalSample, EvalSampleSummary

from inspect_memgym.scoring.operation_scores import (
    FAILURE_KEYS,
    OPERATION_SCORE_KEYS,
    OPERATION_SCORES_KEY,
    UPDATE_CHAIN_KEYS,
)

COLUMN_PREFIX = "memory_"
OPERATION_KEYS = (*OPERATION_SCORE_KEYS, *UPDATE_CHAIN_KEYS, *FAILURE_KEYS)
"""Every per-operation figure, in display order."""


def operation_figures(sample: EvalSample | EvalSampleSummary) -> dict[str, float | None]:
    """The sample's per-operation figures (those of the first scorer that has any).

    Args:
        sample: A sample or its summary.

    Returns:
        Figure to value (None where undefined); empty if no score records them.
    """
    for score in (sample.scores or {}).values():
        figures = (score.metadata or {}).get(OPERATION_SCORES_KEY)
        if isinstance(figures, dict):
            return {key: _number(figures.get(key)) for key in OPERATION_KEYS}
    return {}


def _number(value: object) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def _figure(key: str) -> Callable[[EvalSample | EvalSampleSummary], float | None]:
    def read(sample: EvalSample | EvalSampleSummary) -> float | None:
        return operation_figures(sample).get(key)

    return read


MEMORY_OPERATION_COLUMNS = [
    SampleColumn(COLUMN_PREFIX + key, path=_figure(key), full=False) for key in OPERATION_KEYS
]
"""``samples_df`` columns: each per-operation memory figure of the sample."""

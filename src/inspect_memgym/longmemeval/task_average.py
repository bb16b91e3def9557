"""LongMemEval's task-averaged accuracy as an Inspect metric.

The official ``print_qa_metrics.py`` reports, beside the overall accuracy, the mean of the
six per-type accuracies (so a type with many questions does not dominate). It is computed
over the run from each sample's question type (`metrics.summarise_accuracy`) and reported
under the scorer's own name (``task_averaged``); when a run covers only some types it
averages the types present. Mean and standard error are declared for the summary keys
only (overall accuracy, abstention and the memory isolation), so the results table reads
at 80 columns; the per-type accuracies stay in every sample's score. The run's total of
unreadable verdicts (``judge_unreadable``) is reported under the scorer's own name too. A
question whose verdict was unreadable is left out of the task average.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_ai.scorer import Metric, SampleScore, metric

from inspect_memgym.longmemeval.dataset import QUESTION_KEY, TYPE_KEY
from inspect_memgym.longmemeval.metrics import JudgedAnswer, summarise_accuracy
from inspect_memgym.longmemeval.values import ABSTENTION_KEY, HEADLINE_KEY
from inspect_memgym.scoring.isolation import ISOLATION_KEYS
from inspect_memgym.scoring.metrics import (
    memory_operations,
    score_metrics,
    unreadable_verdicts,
    with_memory_cost,
)

SUMMARY_KEYS = frozenset({HEADLINE_KEY, ABSTENTION_KEY, *ISOLATION_KEYS})
"""The keys with a mean and standard error."""


@metric
def task_averaged() -> Metric:
    """The mean of the per-type means of a 0/1 accuracy (LongMemEval's task average)."""

    def compute(scores: list[SampleScore]) -> float:
        answers = [
            JudgedAnswer(
                question_id=str(metadata.get(QUESTION_KEY, sample_score.sample_id)),
                question_type=str(metadata.get(TYPE_KEY)),
                correct=_correct(sample_score),
            )
            for sample_score in scores
            if (metadata := sample_score.sample_metadata or {})
        ]
        average = summarise_accuracy(answers).task_averaged
        return math.nan if average is None else average

    return compute


def longmemeval_metrics(keys: Sequence[str]) -> list[Metric | dict[str, list[Metric]]]:
    """The cost figures and the task average, then mean and standard error per summary key.

    The run's total of unreadable verdicts and the per-operation memory scores are reported
    under the scorer's own name (`scoring.metrics.unreadable_verdicts`,
    `scoring.metrics.memory_operations`).

    Args:
        keys: The score keys.
    """
    summary = [key for key in keys if key in SUMMARY_KEYS]
    return with_memory_cost(
        score_metrics(summary, headline=HEADLINE_KEY),
        task_averaged(),
        unreadable_verdicts(),
        memory_operations(),
    )


def _correct(sample_score: SampleScore) -> bool | None:
    """The judged answer's correctness; None when its verdict was unreadable (NaN)."""
    value = sample_score.score.value
    accuracy = (
        float(value.get(HEADLINE_KEY, math.nan))
        if isinstance(value, dict)
        else sample_score.score.as_float()
    )
    return None if math.isnan(accuracy) else accuracy >= 1.0

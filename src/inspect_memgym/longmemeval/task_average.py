"""LongMemEval's task-averaged accuracy as an Inspect metric.

The official ``print_qa_metrics.py`` reports, beside the overall accuracy, the mean of the
six per-type accuracies (so a type with many questions does not dominate). It is computed
over the run from each sample's question type (`metrics.summarise_accuracy`) and attached
to the ``accuracy`` key; when a run covers only some types it averages the types present.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_ai.scorer import Metric, SampleScore, metric

from inspect_memgym.longmemeval.dataset import QUESTION_KEY, TYPE_KEY
from inspect_memgym.longmemeval.metrics import JudgedAnswer, summarise_accuracy
from inspect_memgym.longmemeval.values import HEADLINE_KEY
from inspect_memgym.scoring.metrics import score_metrics


@metric
def task_averaged() -> Metric:
    """The mean of the per-type means of a 0/1 accuracy (LongMemEval's task average)."""

    def compute(scores: list[SampleScore]) -> float:
        answers = [
            JudgedAnswer(
                question_id=str(metadata.get(QUESTION_KEY, sample_score.sample_id)),
                question_type=str(metadata.get(TYPE_KEY)),
                correct=sample_score.score.as_float() >= 1.0,
            )
            for sample_score in scores
            if (metadata := sample_score.sample_metadata or {})
        ]
        average = summarise_accuracy(answers).task_averaged
        return math.nan if average is None else average

    return compute


def longmemeval_metrics(keys: Sequence[str]) -> dict[str, list[Metric]]:
    """Mean and standard error per key, plus the task average on ``accuracy``.

    Args:
        keys: The score keys.
    """
    metrics = score_metrics(keys, headline=HEADLINE_KEY)
    metrics[HEADLINE_KEY].append(task_averaged())
    return metrics

"""LoCoMo's metrics: mean and standard error over conversations, and the pooled figure.

A sample is a conversation, so Inspect's ``mean`` of a key averages conversations. The
official figures (``task_eval/evaluation_stats.py``) pool questions instead: every question
of every conversation weighs the same. `question_weighted` gives that figure for the
headline, each category and the judged accuracy, from the question counts each score
records (``Score.metadata["question_counts"]``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_ai.scorer import Metric, SampleScore, metric

from inspect_memgym.locomo.values import (
    ADVERSARIAL_DELTA_KEY,
    ADVERSARIAL_NO_MEMORY_KEY,
    CATEGORY_KEYS,
    HEADLINE_KEY,
    JUDGE_KEY,
)
from inspect_memgym.scoring.metrics import score_metrics

QUESTION_COUNTS = "question_counts"
"""`Score.metadata` key: questions per score key."""
WEIGHTED_KEYS = frozenset(
    {
        HEADLINE_KEY,
        JUDGE_KEY,
        ADVERSARIAL_NO_MEMORY_KEY,
        ADVERSARIAL_DELTA_KEY,
        *CATEGORY_KEYS.values(),
    }
)


@metric
def question_weighted(key: str) -> Metric:
    """The mean of one score key over questions, pooled across conversations.

    Args:
        key: The score key (its per-conversation question count weighs its value).
    """

    def compute(scores: list[SampleScore]) -> float:
        total = 0
        weighted = 0.0
        for sample_score in scores:
            counts = (sample_score.score.metadata or {}).get(QUESTION_COUNTS, {})
            count = int(counts.get(key, 0))
            value = sample_score.score.as_float()
            if count and not math.isnan(value):
                total += count
                weighted += value * count
        return weighted / total if total else math.nan

    return compute


def locomo_metrics(keys: Sequence[str]) -> dict[str, list[Metric]]:
    """Mean and standard error per key, plus the question-weighted figure where it applies.

    Args:
        keys: The score keys.
    """
    metrics = score_metrics(keys, headline=HEADLINE_KEY)
    for key in keys:
        if key in WEIGHTED_KEYS:
            metrics[key].append(question_weighted(key))
    return metrics

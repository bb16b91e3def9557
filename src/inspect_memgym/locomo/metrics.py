"""LoCoMo's metrics: mean and standard error over conversations, and the pooled figures.

A sample is a conversation, so Inspect's ``mean`` of a key averages conversations; it is
declared for the summary keys only (`SUMMARY_KEYS`: the F1, the adversarial abstention, the
judged accuracy and the memory isolation), so the results table reads at 80 columns. The
official figures (``task_eval/evaluation_stats.py``) pool questions instead: every question
of every conversation weighs the same. `question_weighted` gives that figure for the
headline, each category, the judged accuracy and the official code's F1 of the same replies
(``pooled_f1``, ``pooled_single_hop``..., ``official_f1_pooled``, under the scorer's own
name), from the question counts each score records
(``Score.metadata["question_counts"]``). The conversation mean of each category, and the
adversarial no-memory figures, stay in every sample's score.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_ai.scorer import Metric, SampleScore, Value, metric

from inspect_memgym.locomo.values import (
    ADVERSARIAL_KEY,
    CATEGORY_KEYS,
    HEADLINE_KEY,
    JUDGE_KEY,
    OFFICIAL_HEADLINE_KEY,
)
from inspect_memgym.scoring.isolation import ISOLATION_KEYS
from inspect_memgym.scoring.metrics import (
    memory_operations,
    score_metrics,
    unreadable_verdicts,
    with_memory_cost,
)
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

QUESTION_COUNTS = "question_counts"
"""`Score.metadata` key: questions per score key."""
WEIGHTED_KEYS = frozenset({HEADLINE_KEY, JUDGE_KEY, OFFICIAL_HEADLINE_KEY, *CATEGORY_KEYS.values()})
"""The keys `question_weighted` pools (each as ``pooled_<key>``)."""
POOLED_PREFIX = "pooled_"
POOLED_OFFICIAL_HEADLINE = f"{OFFICIAL_HEADLINE_KEY}_pooled"
"""The metric name of the pooled official F1: ``pooled_official_f1`` (the name older logs
carry) cut to the same ``pooled_o…`` as ``pooled_open_domain`` at 80 columns
(`kit.results_table`)."""
SUMMARY_KEYS = frozenset({HEADLINE_KEY, ADVERSARIAL_KEY, JUDGE_KEY, *ISOLATION_KEYS})
"""The keys with a mean and standard error over conversations."""


@metric
def question_weighted(keys: Sequence[str]) -> Metric:
    """The mean of each score key over questions, pooled across conversations.

    Reported as `pooled_name` of each key under the scorer's name; a key no question counted is left
    out.

    Args:
        keys: The score keys (each conversation's question count of a key weighs its value).
    """

    def compute(scores: list[SampleScore]) -> Value:
        pooled: dict[str, float] = {}
        for key in keys:
            total = 0
            weighted = 0.0
            for sample_score in scores:
                counts = (sample_score.score.metadata or {}).get(QUESTION_COUNTS, {})
                count = int(counts.get(key, 0))
                values = sample_score.score.value
                value = float(values.get(key, math.nan)) if isinstance(values, dict) else math.nan
                if count and not math.isnan(value):
                    total += count
                    weighted += value * count
            if total:
                pooled[pooled_name(key)] = weighted / total
        return pooled

    return compute


def pooled_name(key: str) -> str:
    """The metric name of a score key pooled over questions (``pooled_<key>``).

    Args:
        key: The score key.
    """
    return POOLED_OFFICIAL_HEADLINE if key == OFFICIAL_HEADLINE_KEY else POOLED_PREFIX + key


def locomo_metrics(keys: Sequence[str]) -> list[Metric | dict[str, list[Metric]]]:
    """The cost figures and the pooled figures, then mean and standard error per summary key.

    The per-operation memory scores are reported under the scorer's own name
    (`scoring.metrics.memory_operations`); with the judge on, the run's total of unreadable
    verdicts too (`scoring.metrics.unreadable_verdicts`).

    Args:
        keys: The score keys.
    """
    summary = [key for key in keys if key in SUMMARY_KEYS]
    weighted = [key for key in keys if key in WEIGHTED_KEYS]
    scorer_level = [question_weighted(weighted), memory_operations()]
    if JUDGE_UNREADABLE in keys:
        scorer_level.append(unreadable_verdicts())
    return with_memory_cost(score_metrics(summary, headline=HEADLINE_KEY), *scorer_level)

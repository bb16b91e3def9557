"""The metrics every scorer declares: mean and standard error per score key.

Only the headline key is also grouped (by template, tier or another sample metadata
field): per-group means of the headline land in the log and the viewer, and the terminal
summary stays a table a person can read (every other key once, under its own name).
`with_memory_cost` adds `memory_cost`: the mean over samples of the few cost and latency
figures each score records in its metadata (`kit.cost_keys.COST_METRIC_KEYS`), reported
under the scorer's own name (``<scorer>: memory_tokens_per_question, search_ms_p95...``)
without adding keys to `Score.value`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import fmean

from inspect_ai.scorer import Metric, SampleScore, grouped, mean, metric, stderr

from inspect_memgym.kit.cost_keys import COST_KEY, COST_METRIC_KEYS


def score_metrics(
    keys: Sequence[str], headline: str, group_by: str | None = None
) -> dict[str, list[Metric]]:
    """Mean and standard error for every key; the headline also grouped.

    Args:
        keys: `Score.value` keys, in display order.
        headline: The key grouped by ``group_by``.
        group_by: Sample metadata field to group the headline by (None: no grouping).
    """
    metrics: dict[str, list[Metric]] = {}
    for key in keys:
        metrics[key] = [mean(), stderr()]
        if key == headline and group_by is not None:
            metrics[key].append(grouped(mean(), group_by, all=False))
    return metrics


def with_memory_cost(
    metrics: dict[str, list[Metric]],
) -> list[Metric | dict[str, list[Metric]]]:
    """A scorer's per-key metrics, plus `memory_cost` under the scorer's own name.

    Args:
        metrics: Metrics per `Score.value` key (`score_metrics`).
    """
    return [memory_cost(), metrics]


@metric
def memory_cost() -> Metric:
    """Mean over samples of each cost figure in ``Score.metadata["cost"]``.

    A figure no sample has (a strategy without a store has no search latency; an old log has
    none at all) is left out rather than reported as 0.
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        figures: dict[str, float] = {}
        for key in COST_METRIC_KEYS:
            values = [
                float(value)
                for sample_score in scores
                if isinstance(value := _cost(sample_score).get(key), int | float)
                and not math.isnan(value)
            ]
            if values:
                figures[key] = round(fmean(values), 3)
        return figures

    return compute


def _cost(sample_score: SampleScore) -> dict[str, object]:
    cost = (sample_score.score.metadata or {}).get(COST_KEY)
    return cost if isinstance(cost, dict) else {}

"""The metrics every scorer declares: mean and standard error per summary score key.

Inspect prints one column group per metric key after a run, four to a row, so a scorer
declares metrics only for its summary keys (the headline, its axes, ``no_memory`` and
``memory_delta``): the table then reads at 80 columns. The other keys of `Score.value`
(per-axis deltas, failure attribution, per-category figures) stay in every sample's score,
so the viewer, ``samples_df`` and ``inspect-memgym leaderboard`` (which averages sample
scores) still show the full breakdown. Only the headline key is also grouped (by tier or
another sample metadata field with few values). Metrics of a scorer's own are declared at
the scorer level (never under a key), where Inspect names them without the package prefix.
`with_memory_cost` adds `memory_cost`: the mean over samples of the few cost and latency
figures each score records in its metadata (`kit.cost_keys.COST_METRIC_KEYS`), reported
under the scorer's own name (``<scorer>: delta_tokens, p95_search_ms...``) without adding
keys to `Score.value`. `memory_operations` does the same for the per-operation memory
scores a score records in ``Score.metadata["operation_scores"]``
(`scoring.operation_scores`): extraction recall, precision, stale values kept... (named by
`scoring.operation_scores.OPERATION_METRIC_NAMES`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from statistics import fmean

from inspect_ai.scorer import Metric, SampleScore, grouped, mean, metric, stderr

from inspect_memgym.kit.cost_keys import COST_KEY, COST_METRIC_KEYS, COST_METRIC_NAMES
from inspect_memgym.kit.inspect_internals import epoch_mean_metric
from inspect_memgym.scoring.isolation import ISOLATION_KEYS
from inspect_memgym.scoring.operation_scores import OPERATION_METRIC_NAMES, OPERATION_SCORES_KEY
from inspect_memgym.scoring.yes_no_verdict import (
    JUDGE_UNREADABLE,
    JUDGE_VERDICTS,
    unreadable_share_warning,
)

logger = logging.getLogger(__name__)


def score_metrics(
    keys: Sequence[str], headline: str, group_by: str | None = None
) -> dict[str, list[Metric]]:
    """Mean and standard error for every key; the headline also grouped.

    The headline comes first, then ``no_memory`` and ``memory_delta``, then the other keys
    in their order: the first row of the results table holds the figures a reader wants.

    Args:
        keys: The summary keys of `Score.value`, in display order.
        headline: The key grouped by ``group_by``.
        group_by: Sample metadata field to group the headline by (None: no grouping).
    """
    metrics: dict[str, list[Metric]] = {}
    for key in _display_order(keys, headline):
        metrics[key] = [mean(), stderr()]
        if key == headline and group_by is not None:
            metrics[key].append(grouped(mean(), group_by, all=False))
    return metrics


def _display_order(keys: Sequence[str], headline: str) -> list[str]:
    first = [key for key in (headline, *ISOLATION_KEYS) if key in keys]
    return [*first, *(key for key in keys if key not in first)]


def with_memory_cost(
    metrics: dict[str, list[Metric]], *scorer_level: Metric
) -> list[Metric | dict[str, list[Metric]]]:
    """A scorer's per-key metrics, plus `memory_cost` under the scorer's own name.

    Every scorer's metrics pass through here, and each is computed over every sample's mean
    over its epochs, whatever epochs reducer the eval names (`epoch_mean_metric`): the
    figures are those of Inspect's default ``mean`` reducer. The metrics that read score
    metadata (`memory_cost`, `memory_operations`, `unreadable_verdicts`) see every epoch's
    score as it is, since a reduced score keeps only the first epoch's metadata.

    Args:
        metrics: Metrics per `Score.value` key (`score_metrics`).
        *scorer_level: Further metrics over the whole score (they see every key), reported
            under the scorer's own name after the cost figures.
    """
    per_key = {key: [epoch_mean_metric(m) for m in listed] for key, listed in metrics.items()}
    return [*(epoch_mean_metric(m) for m in (memory_cost(), *scorer_level)), per_key]


def judged_scorer_metrics(
    metrics: dict[str, list[Metric]], judge: bool
) -> list[Metric | dict[str, list[Metric]]]:
    """A scorer's per-key metrics with the memory cost and per-operation memory scores.

    With the judge on, the run's unreadable judge replies too (`unreadable_verdicts`).

    Args:
        metrics: Metrics per `Score.value` key (`score_metrics`).
        judge: Whether the task judges the answers the rules cannot decide.
    """
    judged = [unreadable_verdicts()] if judge else []
    return with_memory_cost(metrics, memory_operations(), *judged)


@metric(scores="unreduced")
def unreadable_verdicts() -> Metric:
    """The run's judge replies with no verdict, and all its judge replies, over every epoch.

    Declared at the scorer level, so both are reported under the scorer's own name:
    ``judge_unreadable`` (each score's value of that key, or where a task keeps it out of
    the value, its metadata's; samples with neither count nothing) and ``judge_verdicts``
    (each score's metadata of that key). Inspect computes metrics while a run goes and once
    at its end; the first time the unreadable share of the replies scored so far passes
    `yes_no_verdict.UNREADABLE_WARNING_SHARE`, one warning line says so (once per run: a
    run over the threshold at its end always warns).
    """
    warned = False

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        nonlocal warned
        unreadable = float(sum(_unreadable(sample_score) for sample_score in scores))
        verdicts = _verdicts(scores)
        warning = unreadable_share_warning(int(unreadable), verdicts)
        if warning is not None and not warned:
            warned = True
            logger.warning(warning)
        return {JUDGE_UNREADABLE: unreadable, JUDGE_VERDICTS: float(verdicts)}

    return compute


def _unreadable(sample_score: SampleScore) -> float:
    """A score's unreadable judge replies: its value's count, else its metadata's, else 0."""
    value = sample_score.score.value
    count = value.get(JUDGE_UNREADABLE) if isinstance(value, dict) else None
    if count is None:
        count = (sample_score.score.metadata or {}).get(JUDGE_UNREADABLE)
    if not isinstance(count, int | float) or math.isnan(count):
        return 0.0
    return float(count)


def _verdicts(scores: list[SampleScore]) -> int:
    """How many judge replies the scores asked for (0 when their metadata does not say)."""
    counts = [(sample_score.score.metadata or {}).get(JUDGE_VERDICTS) for sample_score in scores]
    return sum(count for count in counts if isinstance(count, int))


@metric(scores="unreduced")
def memory_cost() -> Metric:
    """Mean over samples and epochs of each cost figure in ``Score.metadata["cost"]``.

    Every epoch's score counts (a reduced score would carry only the first epoch's
    metadata, so with ``--epochs`` the figures were epoch 1's). Each figure is reported
    under its metric name (`kit.cost_keys.COST_METRIC_NAMES`). A figure no sample has (a
    strategy without a store has no search latency; an old log has none at all) is left
    out rather than reported as 0.
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
                figures[COST_METRIC_NAMES[key]] = round(fmean(values), 3)
        return figures

    return compute


@metric(scores="unreduced")
def memory_operations() -> Metric:
    """Mean over samples and epochs of each per-operation memory score.

    Read from ``Score.metadata["operation_scores"]`` (`scoring.operation_scores`) of
    every epoch's score, reported under the scorer's own name beside the headline and never
    folded into it. A sample where a score is undefined (None: no updates to omit, no value
    claims to be precise about) does not count for that score; a score no sample defines is
    left out.
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        values: dict[str, list[float]] = {}
        for sample_score in scores:
            figures = (sample_score.score.metadata or {}).get(OPERATION_SCORES_KEY)
            for key, value in (figures if isinstance(figures, dict) else {}).items():
                if isinstance(value, int | float) and not math.isnan(value):
                    values.setdefault(key, []).append(float(value))
        return {
            OPERATION_METRIC_NAMES.get(key, key): round(fmean(listed), 4)
            for key, listed in values.items()
        }

    return compute


def _cost(sample_score: SampleScore) -> dict[str, object]:
    cost = (sample_score.score.metadata or {}).get(COST_KEY)
    return cost if isinstance(cost, dict) else {}

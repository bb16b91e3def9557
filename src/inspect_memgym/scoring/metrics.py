"""The metrics every scorer declares: mean and standard error per score key.

Only the headline key is also grouped (by template, tier or another sample metadata
field): per-group means of the headline land in the log and the viewer, and the terminal
summary stays a table a person can read (every other key once, under its own name).
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.scorer import Metric, grouped, mean, stderr


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

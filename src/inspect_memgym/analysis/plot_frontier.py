"""The cost frontier of a task: headline score against what memory costs, one point per row.

Two panels share the headline axis: memory tokens per question (what memory put in front of
the reasoner) and search latency (a dot at the p50, a line out to the p95, in
milliseconds). Each leaderboard row (a model and strategy) is one labelled point, ± the
standard error of its headline; the points up and to the left are the ones a user picks
from. A row whose logs lack a figure (older logs, a strategy that never searches) has no
point in that panel, and the panel says so when none has.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from inspect_memgym.analysis.leaderboard import Estimate
from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure, series_colour, shorten

LABEL_LENGTH = 28
"""Longest point label (longer labels are cut with an ellipsis)."""


@dataclass(frozen=True)
class FrontierPoint:
    """One leaderboard row on the frontier.

    Attributes:
        label: Its series label (model, and the protocol fields that differ).
        headline: Its headline estimate.
        memory_tokens: Mean memory tokens per question (None if its logs have none).
        search_p50: Mean search latency p50 in milliseconds (None if none).
        search_p95: Mean search latency p95 in milliseconds (None if none).
    """

    label: str
    headline: Estimate
    memory_tokens: float | None
    search_p50: float | None
    search_p95: float | None


def frontier_figure(title: str, headline: str, points: Sequence[FrontierPoint]) -> Figure:
    """Headline against memory tokens per question, and against search latency.

    Args:
        title: Figure title.
        headline: Name of the headline score (the y axis).
        points: One per leaderboard row, in row order (their colours).
    """
    figure = new_figure(11.0, 4.6)
    token_axes, latency_axes = figure.subplots(1, 2, sharey=True)
    for index, point in enumerate(points):
        colour = series_colour(index)
        if point.memory_tokens is not None:
            _point(token_axes, point, point.memory_tokens, colour)
        if point.search_p50 is not None:
            upper = point.search_p95 if point.search_p95 is not None else point.search_p50
            _point(latency_axes, point, point.search_p50, colour, upper - point.search_p50)
    _finish(token_axes, "memory tokens per question (mean over samples)", headline)
    _finish(latency_axes, "search latency, ms (dot: p50, line: to p95; log scale)", "")
    if any(point.search_p50 for point in points):
        latency_axes.set_xscale("log")
    for axes, shown in (
        (token_axes, [p for p in points if p.memory_tokens is not None]),
        (latency_axes, [p for p in points if p.search_p50 is not None]),
    ):
        if not shown:
            axes.text(0.5, 0.5, "not in these logs", ha="center", transform=axes.transAxes)
    figure.suptitle(title, fontsize=FONT_SIZE + 2)
    return figure


def _point(axes: Axes, point: FrontierPoint, x: float, colour: str, spread: float = 0.0) -> None:
    error = 0.0 if math.isnan(point.headline.stderr) else point.headline.stderr
    axes.errorbar(
        [x],
        [_finite(point.headline.mean)],
        yerr=[error],
        xerr=[[0.0], [max(spread, 0.0)]],
        fmt="o",
        color=colour,
        markersize=6,
        capsize=2,
        elinewidth=0.9,
    )
    axes.annotate(
        shorten(point.label, LABEL_LENGTH),
        (x, _finite(point.headline.mean)),
        xytext=(5, 4),
        textcoords="offset points",
        fontsize=FONT_SIZE - 1,
        color=colour,
    )


def _finish(axes: Axes, xlabel: str, ylabel: str) -> None:
    axes.set_xlabel(xlabel, fontsize=FONT_SIZE)
    if ylabel:
        axes.set_ylabel(f"{ylabel} (± standard error)", fontsize=FONT_SIZE)
    axes.grid(linewidth=0.4, alpha=0.5)
    axes.set_axisbelow(True)
    axes.tick_params(labelsize=FONT_SIZE)
    axes.margins(x=0.25, y=0.12)


def _finite(value: float) -> float:
    return 0.0 if math.isnan(value) else value

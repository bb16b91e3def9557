"""The cost frontier of a task: headline score against what memory costs, one point per row.

Two panels share the headline axis: memory tokens per question (what memory put in front of
the reasoner) and search latency (a dot at the p50, a line out to the p95, in
milliseconds). Each leaderboard row (a model and strategy) is one point in its colour (the
legend names it), ± the standard error of its headline; the points up and to the left are
the ones a user picks from. A row whose logs lack a figure (older logs, a strategy that
never searches) has no point in that panel, and the panel names it in a note (or says
"not in these logs" when no row has one). Rows whose points would cover each other (the
same score at nearly the same cost, as ``perfect`` under two agents) are set a few points
apart, in legend order: sideways in the token panel, up and down in the latency panel (so
each p50-p95 line shows), and the panel says so (`CROWDED_NOTE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from textwrap import fill
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, NullFormatter
from matplotlib.transforms import Transform, offset_copy

from inspect_memgym.analysis.leaderboard import Estimate
from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure, series_colour, shorten

LABEL_LENGTH = 60
"""Longest legend label (longer labels are cut with an ellipsis)."""
NOTE_WIDTH = 90
"""Characters per line of a panel's note on the rows it has no point for."""
LOG_SCALE_SPREAD = 30
"""Latencies spread wider than this factor are drawn on a log scale (e.g. a local index
beside a memory system that calls a model on every search)."""
CROWDED_SHARE = 0.03
"""Two points closer than this share of the panel's spread on both axes cover each other."""
SHIFT_POINTS = 9.0
"""How far apart (in points) the members of a crowded group are drawn."""
CROWDED_NOTE = "points at nearly the same place are drawn a few points apart, in legend order"


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


MARKERS = "osD^vPX*"
"""Marker shape of each series, in turn (two runs at the same point both show)."""


def frontier_figure(title: str, headline: str, points: Sequence[FrontierPoint]) -> Figure:
    """Headline against memory tokens per question, and against search latency.

    Args:
        title: Figure title.
        headline: Name of the headline score (the y axis).
        points: One per leaderboard row, in row order (their colours and legend entries).
    """
    longest = max((len(point.label) for point in points), default=0)
    columns = max(1, min(len(points), 110 // max(min(longest, LABEL_LENGTH) + 6, 1), 4))
    figure = new_figure(11.0, 4.4 + 0.22 * math.ceil(len(points) / columns))
    token_axes, latency_axes = figure.subplots(1, 2, sharey=True)
    latencies = [
        value
        for point in points
        for value in (point.search_p50, point.search_p95)
        if value is not None and value > 0
    ]
    logarithmic = bool(latencies) and max(latencies) / min(latencies) > LOG_SCALE_SPREAD
    heights = [_finite(point.headline.mean) for point in points]
    token_shifts = crowd_shifts([point.memory_tokens for point in points], heights)
    latency_shifts = crowd_shifts(
        [point.search_p50 for point in points], heights, logarithmic=logarithmic
    )
    for index, point in enumerate(points):
        colour = series_colour(index)
        label = shorten(point.label, LABEL_LENGTH)
        y, error = heights[index], _finite(point.headline.stderr)
        if point.memory_tokens is not None:
            sideways = _shifted(token_axes, figure, x=token_shifts[index])
            # an artist drawn through a shifted transform does not widen the axes' limits
            token_axes.update_datalim(
                [(point.memory_tokens, y - error), (point.memory_tokens, y + error)]
            )
            token_axes.errorbar(
                [point.memory_tokens],
                [y],
                yerr=[error],
                label=label,
                transform=sideways,
                **_marker(colour, index),
            )
        else:
            token_axes.plot([], [], MARKERS[index % len(MARKERS)], color=colour, label=label)
        if point.search_p50 is not None:
            upwards = _shifted(latency_axes, figure, y=latency_shifts[index])
            ends = (point.search_p50, point.search_p95 or point.search_p50)
            latency_axes.update_datalim(
                [(end, y + sign * error) for end in ends for sign in (-1, 1)]
            )
            latency_axes.errorbar(
                [point.search_p50], [y], yerr=[error], transform=upwards, **_marker(colour, index)
            )
            if point.search_p95 is not None:
                latency_axes.plot(
                    [point.search_p50, point.search_p95],
                    [y, y],
                    color=colour,
                    linewidth=1.2,
                    transform=upwards,
                )
                latency_axes.plot(
                    [point.search_p95],
                    [y],
                    "o",
                    mfc="white",
                    mec=colour,
                    markersize=6,
                    transform=upwards,
                )
    for axes in (token_axes, latency_axes):
        axes.autoscale_view()
    _finish(token_axes, "memory tokens per question (with memory minus without, mean)")
    token_axes.set_ylabel(f"{headline} (± standard error)", fontsize=FONT_SIZE)
    for axes, shifts in ((token_axes, token_shifts), (latency_axes, latency_shifts)):
        if any(shifts):
            axes.text(
                0.99,
                0.01,
                CROWDED_NOTE,
                ha="right",
                va="bottom",
                fontsize=FONT_SIZE - 2,
                color="#555555",
                transform=axes.transAxes,
            )
    scale = ", log scale" if logarithmic else ""
    _finish(latency_axes, f"search latency, ms{scale} (filled: p50, hollow: p95)")
    if logarithmic:
        latency_axes.set_xscale("log")
        latency_axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
        latency_axes.xaxis.set_minor_formatter(NullFormatter())
    for axes, shown in (
        (token_axes, [p for p in points if p.memory_tokens is not None]),
        (latency_axes, [p for p in points if p.search_p50 is not None]),
    ):
        if not shown:
            axes.text(
                0.5, 0.5, "not in these logs", ha="center", va="center", transform=axes.transAxes
            )
        elif missing := [point for point in points if point not in shown]:
            axes.set_title(absent_note(missing), fontsize=FONT_SIZE - 1, color="#555555")
    figure.suptitle(title, fontsize=FONT_SIZE + 2)
    figure.legend(fontsize=FONT_SIZE, loc="outside lower center", ncol=columns, frameon=False)
    return figure


def crowd_shifts(
    xs: Sequence[float | None], ys: Sequence[float], logarithmic: bool = False
) -> list[float]:
    """Each point's shift in points, so that points that would cover each other separate.

    Points closer than `CROWDED_SHARE` of the spread of all points on both axes form a
    group (in legend order, joining the first group a member of which is that close); a
    group of ``n`` is spread `SHIFT_POINTS` apart around its place. A point not drawn
    (None) and a point alone get 0.

    Args:
        xs: Each point's position on the panel's x axis (None: not in this panel).
        ys: Each point's headline.
        logarithmic: Whether the x axis is on a log scale (closeness is then by ratio).
    """
    drawn = [
        (index, math.log10(x) if logarithmic and x > 0 else x, ys[index])
        for index, x in enumerate(xs)
        if x is not None
    ]
    if not drawn:
        return [0.0] * len(xs)
    x_spread = (max(x for _, x, _ in drawn) - min(x for _, x, _ in drawn)) or 1.0
    y_spread = (max(y for _, _, y in drawn) - min(y for _, _, y in drawn)) or 1.0
    groups: list[list[tuple[int, float, float]]] = []
    for member in drawn:
        near = next((group for group in groups if _covers(group, member, x_spread, y_spread)), None)
        if near is None:
            groups.append([member])
        else:
            near.append(member)
    shifts = [0.0] * len(xs)
    for group in groups:
        for place, (index, _, _) in enumerate(group):
            shifts[index] = (place - (len(group) - 1) / 2) * SHIFT_POINTS
    return shifts


def _covers(
    group: Sequence[tuple[int, float, float]],
    member: tuple[int, float, float],
    x_spread: float,
    y_spread: float,
) -> bool:
    _, x, y = member
    return any(
        abs(x - other_x) < CROWDED_SHARE * x_spread and abs(y - other_y) < CROWDED_SHARE * y_spread
        for _, other_x, other_y in group
    )


def _shifted(axes: Axes, figure: Figure, x: float = 0.0, y: float = 0.0) -> Transform:
    """The panel's data coordinates, moved by ``x`` and ``y`` points."""
    return offset_copy(axes.transData, fig=figure, x=x, y=y, units="points")


def _marker(colour: str, index: int) -> dict[str, Any]:
    """A series' marker: its own shape, later series smaller, so equal points stay visible."""
    return {
        "fmt": MARKERS[index % len(MARKERS)],
        "color": colour,
        "markersize": max(10 - index, 5),
        "capsize": 2,
        "elinewidth": 0.9,
    }


def _finish(axes: Axes, xlabel: str) -> None:
    axes.set_xlabel(xlabel, fontsize=FONT_SIZE)
    axes.grid(linewidth=0.4, alpha=0.5)
    axes.set_axisbelow(True)
    axes.tick_params(labelsize=FONT_SIZE)
    axes.margins(x=0.15, y=0.12)


def _finite(value: float) -> float:
    return 0.0 if math.isnan(value) else value


def absent_note(missing: Sequence[FrontierPoint]) -> str:
    """The panel's note naming the legend entries it has no point for.

    Args:
        missing: The points without a figure in this panel, in legend order.
    """
    labels = ", ".join(shorten(point.label, LABEL_LENGTH) for point in missing)
    return fill(f"no point here (not in their logs): {labels}", NOTE_WIDTH)

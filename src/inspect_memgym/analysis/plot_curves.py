"""Curves over steps or periods: pooled from samples, drawn one line per model with a band.

A task records a curve per sample as a list of points in `Score.metadata` (e.g. the
conversation's ``periods``, a ``learning_curve``); `pooled_curve` averages the samples'
points at each step, with the standard error, and `curve_figure` draws one line per model
with ± one standard error shaded. Only the logs are read.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from statistics import fmean, stdev
from typing import Any

from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure, series_colour, shorten

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
EQUAL_SHIFT_POINTS = 3.5
"""How far (in points) a series equal to an earlier one is drawn below it, per repeat."""
EQUAL_NOTE = "dashed: same values as a line above, drawn a little lower to stay visible"
"""Note on a plot where a series is drawn shifted because an earlier one has its values."""

Curve = tuple[list[int], list[float], list[float]]
"""Steps (or periods), the mean value at each and its standard error over samples."""


def pooled_curve(
    samples: Sequence[dict[str, Any]], points_key: str, step_key: str, value_key: str
) -> Curve | None:
    """The mean curve over samples, with its standard error (None if no sample has one).

    Points whose value is missing, not a number or NaN are left out.

    Args:
        samples: Per-sample score details, each with a list of points under ``points_key``.
        points_key: Key of a sample's list of points.
        step_key: Key of a point's step (or period), an integer.
        value_key: Key of a point's value.
    """
    by_step: dict[int, list[float]] = defaultdict(list)
    for sample in samples:
        for point in sample.get(points_key, []):
            value = point.get(value_key)
            if isinstance(value, int | float) and not math.isnan(value):
                by_step[int(point[step_key])].append(float(value))
    if not by_step:
        return None
    steps = sorted(by_step)
    means = [fmean(by_step[step]) for step in steps]
    errors = [
        stdev(by_step[step]) / math.sqrt(len(by_step[step])) if len(by_step[step]) > 1 else 0.0
        for step in steps
    ]
    return steps, means, errors


def curve_figure(
    title: str,
    xlabel: str,
    ylabel: str,
    series: Sequence[tuple[str, Curve]],
    legend_columns: int,
    ylim: tuple[float, float] | None = None,
    zero_line: bool = False,
) -> Figure:
    """One line per model of the mean value per step, with ± standard error shaded.

    Args:
        title: Figure title.
        xlabel: What a step is.
        ylabel: What the value is.
        series: (model label, its curve), one per model.
        legend_columns: Most legend entries per row (the figure grows a row per more).
        ylim: Fixed limits of the value axis (default: matplotlib's).
        zero_line: Draw a thin line at zero.
    """
    figure = new_figure(8.5, 4.2 + 0.22 * math.ceil(len(series) / legend_columns))
    axes = figure.add_subplot()
    repeats = equal_repeats([curve for _, curve in series])
    for index, (label, (steps, means, errors)) in enumerate(series):
        colour = series_colour(index)
        shifted = offset_copy(
            axes.transData, fig=figure, y=-EQUAL_SHIFT_POINTS * repeats[index], units="points"
        )
        # earlier series are drawn wider, with bigger markers of their own shape, so that
        # series with equal values (e.g. perfect under several agents) stay visible
        axes.plot(
            steps,
            means,
            marker=MARKERS[index % len(MARKERS)],
            markersize=max(3.0, 7.5 - 0.7 * index),
            linewidth=max(1.0, 2.8 - 0.3 * index),
            color=colour,
            linestyle="--" if repeats[index] else "-",
            transform=shifted,
            label=shorten(label, 70),
        )
        axes.fill_between(
            steps,
            [mean - error for mean, error in zip(means, errors, strict=True)],
            [mean + error for mean, error in zip(means, errors, strict=True)],
            color=colour,
            alpha=0.15,
            linewidth=0,
        )
    axes.set_xticks(sorted({step for _, (steps, _, _) in series for step in steps}))
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if ylim is not None:
        axes.set_ylim(*ylim)
    if any(repeats):
        axes.text(
            0.99,
            0.01,
            EQUAL_NOTE,
            ha="right",
            va="bottom",
            fontsize=FONT_SIZE - 1,
            color="#555555",
            transform=axes.transAxes,
        )
    if zero_line:
        axes.axhline(0, color="#666666", linewidth=0.6)
    axes.grid(linewidth=0.4, alpha=0.5)
    axes.tick_params(labelsize=FONT_SIZE)
    axes.set_title(title, fontsize=FONT_SIZE + 2)
    figure.legend(
        fontsize=FONT_SIZE,
        loc="outside lower center",
        ncol=min(len(series), legend_columns),
        frameon=False,
    )
    return figure


def equal_repeats(curves: Sequence[Curve]) -> list[int]:
    """For each curve, how many earlier curves have exactly its steps and means (0: none).

    Args:
        curves: The curves in drawing order.
    """
    repeats = []
    for index, (steps, means, _) in enumerate(curves):
        earlier = curves[:index]
        repeats.append(sum(1 for s, m, _ in earlier if s == steps and m == means))
    return repeats

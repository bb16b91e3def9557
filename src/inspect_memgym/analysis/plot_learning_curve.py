"""A learning curve per model: test accuracy after every step, mean ± standard error.

Any task can record one: a scorer that puts ``learning_curve`` in `Score.metadata`, a list
of ``{"step": int, "accuracy": float, ...}`` rows (one per step of its protocol), gets
this figure from ``inspect-memgym plot``. Only the logs are read.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from statistics import fmean, stdev
from typing import Any

from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure, series_colour, shorten

LEARNING_CURVE_KEY = "learning_curve"
"""`Score.metadata` key of a sample's curve."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")

Curve = tuple[list[int], list[float], list[float]]
"""Steps, mean accuracy and its standard error over samples."""


def mean_curve(samples: Sequence[dict[str, Any]]) -> Curve | None:
    """The mean learning curve over samples (None if no sample has one).

    Args:
        samples: Per-sample score details, each with a ``learning_curve`` list.
    """
    by_step: dict[int, list[float]] = defaultdict(list)
    for sample in samples:
        for point in sample.get(LEARNING_CURVE_KEY, []):
            value = point.get("accuracy")
            if isinstance(value, int | float) and not math.isnan(value):
                by_step[int(point["step"])].append(float(value))
    if not by_step:
        return None
    steps = sorted(by_step)
    means = [fmean(by_step[step]) for step in steps]
    errors = [
        stdev(by_step[step]) / math.sqrt(len(by_step[step])) if len(by_step[step]) > 1 else 0.0
        for step in steps
    ]
    return steps, means, errors


def learning_curve_figure(title: str, series: Sequence[tuple[str, Curve]]) -> Figure:
    """One line per model of the mean test accuracy after each step, ± standard error.

    Args:
        title: Figure title.
        series: (model label, its mean curve).
    """
    figure = new_figure(8.5, 4.2 + 0.22 * math.ceil(len(series) / 2))
    axes = figure.add_subplot()
    for index, (label, (steps, means, errors)) in enumerate(series):
        colour = series_colour(index)
        # earlier series are drawn wider with bigger markers, so equal curves stay visible
        axes.plot(
            steps,
            means,
            marker=MARKERS[index % len(MARKERS)],
            markersize=max(3.0, 7.5 - 0.7 * index),
            linewidth=max(1.0, 2.8 - 0.3 * index),
            color=colour,
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
    axes.set_xlabel("step (training dialogues memorised, then the test split answered)")
    axes.set_ylabel("test accuracy (± standard error)")
    axes.set_ylim(-0.05, 1.05)
    axes.grid(linewidth=0.4, alpha=0.5)
    axes.tick_params(labelsize=FONT_SIZE)
    axes.set_title(title, fontsize=FONT_SIZE + 2)
    figure.legend(
        fontsize=FONT_SIZE, loc="outside lower center", ncol=min(len(series), 2), frameon=False
    )
    return figure

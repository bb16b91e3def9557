"""Score keys per model: grouped bars (one group per key, one bar per model), ± standard error."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure

from inspect_memgym.analysis.leaderboard import Estimate
from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure, series_colour, shorten

GROUP_WIDTH = 0.8
"""Share of each key's slot taken by its bars."""
LABEL_WIDTH = 12
"""Characters per line of a key's label (longer ones wrap, so neighbours never overlap)."""
KEY_SLOT_INCHES = 1.3
"""Least width of one key's group of bars: room for its wrapped label."""


def axes_figure(
    title: str, keys: Sequence[str], series: Sequence[tuple[str, Mapping[str, Estimate]]]
) -> Figure:
    """Grouped bars of each key's mean per model, with standard-error bars.

    Args:
        title: Figure title.
        keys: Score keys, one group of bars each (left to right); a key a model has no
            value for is marked ``n/a`` rather than drawn as a zero bar.
        series: (model label, estimate per key), one bar per group each.
    """
    width = max(8.0, 1.0 + len(keys) * max(KEY_SLOT_INCHES, 0.5 + 0.14 * len(series)))
    longest = max((len(label) for label, _ in series), default=0)
    columns = max(1, min(len(series), int(width * 9 // max(longest + 4, 1)), 4))
    rows = math.ceil(len(series) / columns)
    figure = new_figure(width, 4.0 + 0.22 * rows)
    axes = figure.add_subplot()
    bar = GROUP_WIDTH / max(len(series), 1)
    for index, (label, estimates) in enumerate(series):
        offsets = [
            position - GROUP_WIDTH / 2 + bar * (index + 0.5) for position in range(len(keys))
        ]
        means = [_finite(estimates.get(key), "mean") for key in keys]
        errors = [_finite(estimates.get(key), "stderr") for key in keys]
        axes.bar(
            offsets,
            means,
            width=bar * 0.92,
            yerr=errors,
            capsize=2,
            color=series_colour(index),
            error_kw={"elinewidth": 0.8, "ecolor": "#333333"},
            label=shorten(label, 70),
        )
        for position, estimate in enumerate(estimates.get(key) for key in keys):
            if estimate is None or math.isnan(estimate.mean):
                axes.text(
                    offsets[position],
                    0.01,
                    "n/a",
                    ha="center",
                    va="bottom",
                    rotation=90,
                    fontsize=FONT_SIZE - 2,
                    color="#666666",
                )
    axes.set_xticks(
        range(len(keys)), [textwrap.fill(key.replace("_", " "), LABEL_WIDTH) for key in keys]
    )
    axes.set_ylim(_lower_limit(series, keys), 1.05)
    axes.set_ylabel("mean over samples (± standard error)")
    axes.axhline(0, color="#666666", linewidth=0.6)
    axes.grid(axis="y", linewidth=0.4, alpha=0.5)
    axes.set_axisbelow(True)
    axes.set_title(title, fontsize=FONT_SIZE + 2)
    axes.tick_params(labelsize=FONT_SIZE)
    figure.legend(
        fontsize=FONT_SIZE,
        loc="outside lower center",
        ncol=columns,
        frameon=False,
    )
    return figure


def _finite(estimate: Estimate | None, part: str) -> float:
    if estimate is None:
        return 0.0
    value = float(getattr(estimate, part))
    return 0.0 if math.isnan(value) else value


def _lower_limit(
    series: Sequence[tuple[str, Mapping[str, Estimate]]], keys: Sequence[str]
) -> float:
    """0, or below the lowest bar when a score is negative (memory scores can be)."""
    lowest = min(
        (
            _finite(estimates.get(key), "mean") - _finite(estimates.get(key), "stderr")
            for _, estimates in series
            for key in keys
        ),
        default=0.0,
    )
    return 0.0 if lowest >= 0 else lowest - 0.05

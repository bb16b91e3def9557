"""Why answers were wrong, per model: stacked horizontal bars of right, write, read, utilization.

The four shares of each bar sum to 1: the questions answered right, and the wrong ones by
their failure label (the needed fact never stored, stored but not retrieved, or retrieved
and still misused).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_style import FONT_SIZE, OUTCOME_COLOURS, new_figure
from inspect_memgym.scoring.failure_labels import FAILURE_DESCRIPTIONS

OUTCOMES: tuple[tuple[str, str], ...] = (
    ("right", "answered right"),
    *FAILURE_DESCRIPTIONS.items(),
)
LABEL_WIDTH = 30
"""Model labels are wrapped at this many characters."""
MIN_LABELLED_SHARE = 0.06
"""Segments narrower than this carry no number."""


def failure_figure(title: str, series: Sequence[tuple[str, Mapping[str, float]]]) -> Figure:
    """Stacked bars (one per model, top to bottom) of the four outcome shares.

    Args:
        title: Figure title.
        series: (model label, outcome -> share of questions), outcomes as in `OUTCOMES`.
    """
    labels = [textwrap.fill(label, LABEL_WIDTH) for label, _ in series]
    lines = max((label.count("\n") + 1 for label in labels), default=1)
    figure = new_figure(8.5, max(2.4, 1.5 + (0.3 + 0.14 * lines) * len(series)))
    axes = figure.add_subplot()
    positions = list(range(len(series)))
    starts = [0.0] * len(series)
    for outcome, description in OUTCOMES:
        shares = [max(0.0, shares.get(outcome, 0.0)) for _, shares in series]
        bars = axes.barh(
            positions,
            shares,
            left=starts,
            height=0.62,
            color=OUTCOME_COLOURS[outcome],
            label=description,
            edgecolor="white",
            linewidth=0.5,
        )
        for bar, share in zip(bars, shares, strict=True):
            if share >= MIN_LABELLED_SHARE:
                axes.text(
                    bar.get_x() + bar.get_width() / 2,
                    bar.get_y() + bar.get_height() / 2,
                    f"{share:.2f}",
                    ha="center",
                    va="center",
                    fontsize=FONT_SIZE - 1,
                    color="white",
                )
        starts = [start + share for start, share in zip(starts, shares, strict=True)]
    axes.set_yticks(positions, labels)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of questions (mean over samples)")
    axes.tick_params(labelsize=FONT_SIZE)
    axes.set_title(title, fontsize=FONT_SIZE + 2)
    figure.legend(fontsize=FONT_SIZE - 0.5, loc="outside lower center", ncol=2, frameon=False)
    return figure

"""Why answers were wrong, per model: stacked horizontal bars of right, write, read, utilization.

The four shares of each bar sum to 1: the questions answered right, and the wrong ones by
their failure label (the needed fact never stored, stored but not retrieved, or retrieved
and still misused). `memory_failure_figure` stacks the memory failure labels the same way,
one bar per strategy and task (`scoring.operation_scores`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_style import (
    FONT_SIZE,
    MEMORY_OUTCOME_COLOURS,
    OUTCOME_COLOURS,
    UNLABELLED,
    new_figure,
)
from inspect_memgym.scoring.failure_labels import FAILURE_DESCRIPTIONS

OUTCOMES: tuple[tuple[str, str], ...] = (
    ("right", "answered right"),
    *FAILURE_DESCRIPTIONS.items(),
)
MEMORY_OUTCOMES: tuple[tuple[str, str], ...] = (
    ("not_stored", "not stored"),
    ("not_retrieved", "stored, not retrieved"),
    ("not_used", "retrieved, not used"),
    ("outdated", "answered with an outdated value"),
    (UNLABELLED, "right, or wrong with no label the task can tell"),
)
"""The memory failure labels (`scoring.operation_scores.MEMORY_FAILURE_LABELS`), then the
rest of the questions."""
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
    return stacked_shares_figure(title, series, OUTCOMES, OUTCOME_COLOURS)


def memory_failure_figure(title: str, series: Sequence[tuple[str, Mapping[str, float]]]) -> Figure:
    """Stacked bars (one per strategy and task) of the memory failure labels' shares.

    The labels (`scoring.operation_scores`: not stored, not retrieved, not used, outdated)
    are shares of all questions; the rest of each bar is the questions answered right or
    wrong with no label the task can tell.

    Args:
        title: Figure title.
        series: (task and strategy label, outcome -> share of questions), outcomes as in
            `MEMORY_OUTCOMES`.
    """
    return stacked_shares_figure(title, series, MEMORY_OUTCOMES, MEMORY_OUTCOME_COLOURS)


def stacked_shares_figure(
    title: str,
    series: Sequence[tuple[str, Mapping[str, float]]],
    outcomes: Sequence[tuple[str, str]],
    colours: Mapping[str, str],
) -> Figure:
    """Stacked horizontal bars (one per series, top to bottom) of outcome shares.

    Args:
        title: Figure title.
        series: (label, outcome -> share of questions).
        outcomes: (outcome, description), in stacking order.
        colours: Each outcome's colour.
    """
    labels = [textwrap.fill(label, LABEL_WIDTH) for label, _ in series]
    lines = max((label.count("\n") + 1 for label in labels), default=1)
    figure = new_figure(8.5, max(2.4, 1.5 + (0.3 + 0.14 * lines) * len(series)))
    axes = figure.add_subplot()
    positions = list(range(len(series)))
    starts = [0.0] * len(series)
    for outcome, description in outcomes:
        shares = [max(0.0, shares.get(outcome, 0.0)) for _, shares in series]
        bars = axes.barh(
            positions,
            shares,
            left=starts,
            height=0.62,
            color=colours[outcome],
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

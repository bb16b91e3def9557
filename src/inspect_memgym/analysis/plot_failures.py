"""Why answers were wrong, per model: stacked bars of right, write, read, utilization.

The four shares of each bar sum to 1: the questions answered right, and the wrong ones by
their failure label (the needed fact never stored, stored but not retrieved, or retrieved
and still misused). A question a limit cut before the memory pass answered it has no label,
so in a run with cuts the rest of the bar is "right, or cut by a limit" (pale green).
`memory_failure_figure` stacks the memory failure labels the same way, one bar per strategy
and task (`scoring.operation_scores`): the questions answered right (green), the wrong ones
by label, and the wrong ones no label tells (dark grey), apart; a run that records no
per-question verdict shows the last two as one light grey segment.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.colors import to_rgb
from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_style import (
    FONT_SIZE,
    MEMORY_OUTCOME_COLOURS,
    OUTCOME_COLOURS,
    RIGHT,
    RIGHT_OR_CUT,
    UNLABELLED,
    WRONG_UNLABELLED,
    new_figure,
)
from inspect_memgym.scoring.failure_labels import FAILURE_DESCRIPTIONS

OUTCOMES: tuple[tuple[str, str], ...] = (
    ("right", "answered right"),
    (RIGHT_OR_CUT, "right, or cut by a limit (no label)"),
    *FAILURE_DESCRIPTIONS.items(),
)
"""Answered right, right or cut (a bar of a run a limit cut: the two cannot be told apart
from the rates: named only when some bar has it), then the three failure labels."""
MEMORY_OUTCOMES: tuple[tuple[str, str], ...] = (
    (RIGHT, "answered right"),
    ("not_stored", "not stored"),
    ("not_retrieved", "stored, not retrieved"),
    ("not_used", "retrieved, not used"),
    ("outdated", "answered with an outdated value"),
    (WRONG_UNLABELLED, "wrong, no label the task can tell"),
    (UNLABELLED, "right or wrong (no per-question verdicts)"),
)
"""Answered right, the memory failure labels
(`scoring.operation_scores.MEMORY_FAILURE_LABELS`), then the wrong answers with no label,
and the rest of a run that records no per-question verdicts."""
DARK_TEXT = "#222222"
"""Numbers on a light segment (white on the others)."""
LIGHT_SEGMENT = 0.6
"""A segment whose colour's relative luminance passes this carries dark numbers."""
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
    cut = any(shares.get(RIGHT_OR_CUT, 0.0) > 0 for _, shares in series)
    outcomes = [entry for entry in OUTCOMES if cut or entry[0] != RIGHT_OR_CUT]
    return stacked_shares_figure(title, series, outcomes, OUTCOME_COLOURS)


def memory_failure_figure(title: str, series: Sequence[tuple[str, Mapping[str, float]]]) -> Figure:
    """Stacked bars (one per strategy and task) of the memory failure labels' shares.

    The labels (`scoring.operation_scores`: not stored, not retrieved, not used, outdated)
    are shares of all questions; the rest of each bar is split into the questions answered
    right and those wrong with no label the task can tell (or left whole, ``unlabelled``,
    for a run with no per-question verdicts). The legend names only what some bar shows.

    Args:
        title: Figure title.
        series: (task and strategy label, outcome -> share of questions), outcomes as in
            `MEMORY_OUTCOMES`.
    """
    return stacked_shares_figure(
        title, series, MEMORY_OUTCOMES, MEMORY_OUTCOME_COLOURS, hide_absent=True
    )


def stacked_shares_figure(
    title: str,
    series: Sequence[tuple[str, Mapping[str, float]]],
    outcomes: Sequence[tuple[str, str]],
    colours: Mapping[str, str],
    hide_absent: bool = False,
) -> Figure:
    """Stacked horizontal bars (one per series, top to bottom) of outcome shares.

    Args:
        title: Figure title.
        series: (label, outcome -> share of questions).
        outcomes: (outcome, description), in stacking order.
        colours: Each outcome's colour.
        hide_absent: Leave out of the legend the outcomes no bar shows.
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
                    color=number_colour(colours[outcome]),
                )
        starts = [start + share for start, share in zip(starts, shares, strict=True)]
    axes.set_yticks(positions, labels)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of questions (mean over samples)")
    axes.tick_params(labelsize=FONT_SIZE)
    axes.set_title(title, fontsize=FONT_SIZE + 2)
    _legend(figure, axes.get_legend_handles_labels()[0], outcomes, series, hide_absent)
    return figure


def _legend(
    figure: Figure,
    handles: Sequence[Any],
    outcomes: Sequence[tuple[str, str]],
    series: Sequence[tuple[str, Mapping[str, float]]],
    hide_absent: bool,
) -> None:
    """The legend under the axes: every outcome, or those some bar shows."""
    entries = [
        (handle, description)
        for handle, (outcome, description) in zip(handles, outcomes, strict=True)
        if not hide_absent or any(shares.get(outcome, 0.0) > 0 for _, shares in series)
    ]
    figure.legend(
        [handle for handle, _ in entries],
        [description for _, description in entries],
        fontsize=FONT_SIZE - 0.5,
        loc="outside lower center",
        ncol=3 if len(entries) > 4 else 2,
        frameon=False,
    )


def number_colour(colour: str) -> str:
    """The colour of the numbers on a segment: dark on a light colour, else white.

    Args:
        colour: The segment's colour.
    """
    red, green, blue = to_rgb(colour)
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return DARK_TEXT if luminance > LIGHT_SEGMENT else "white"

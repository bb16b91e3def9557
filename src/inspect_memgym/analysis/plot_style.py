"""What every figure shares: colours, fonts, a pyplot-free figure and a deterministic save.

Figures are built with matplotlib's object API (`matplotlib.figure.Figure`), never pyplot,
so drawing them changes no global backend or state in the caller's process. PNGs carry no
software stamp, so the same data gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

SERIES_COLOURS = (
    "#4C72B0",
    "#DD8452",
    "#55A868",
    "#C44E52",
    "#8172B3",
    "#937860",
    "#DA8BC3",
    "#8C8C8C",
    "#CCB974",
    "#64B5CD",
)
"""One colour per model (series), in row order; repeats after ten."""
OUTCOME_COLOURS = {
    "right": "#55A868",
    "write_failure": "#C44E52",
    "read_failure": "#DD8452",
    "utilization_failure": "#8172B3",
    "right_or_cut": "#A9D3B0",
}
"""Answered right, the three failure labels, and right or cut (`RIGHT_OR_CUT`)."""
RIGHT_OR_CUT = "right_or_cut"
"""The questions with no failure label in a run a limit cut: answered right, or cut before
the memory pass answered them (a cut question is unlabelled, `scoring.failure_labels`)."""
UNLABELLED = "unlabelled"
"""The questions with no memory failure label, where the run records no per-question verdict:
answered right, or wrong with none told."""
RIGHT = "right"
"""The questions answered right."""
WRONG_UNLABELLED = "wrong_unlabelled"
"""The questions answered wrong with no memory failure label the task can tell."""
MEMORY_OUTCOME_COLOURS = {
    RIGHT: OUTCOME_COLOURS["right"],
    "not_stored": OUTCOME_COLOURS["write_failure"],
    "not_retrieved": OUTCOME_COLOURS["read_failure"],
    "not_used": OUTCOME_COLOURS["utilization_failure"],
    "outdated": "#937860",
    WRONG_UNLABELLED: "#6E6E6E",
    UNLABELLED: "#C8C8C8",
}
"""Answered right, the memory failure labels (`scoring.operation_scores`), wrong with no
label, and right or wrong with no label (no per-question verdicts)."""
DPI = 150
FONT_SIZE = 9.0


def series_colour(index: int) -> str:
    """The colour of the series at this position.

    Args:
        index: Position of the series (row order).
    """
    return SERIES_COLOURS[index % len(SERIES_COLOURS)]


def new_figure(width: float, height: float) -> Figure:
    """An empty figure of this size in inches, laid out with constrained layout.

    Args:
        width: Width in inches.
        height: Height in inches.
    """
    figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    figure.set_facecolor("white")
    return figure


def save_png(figure: Figure, path: Path) -> None:
    """Write the figure as PNG, without a software stamp (same data, same bytes).

    Args:
        figure: The figure.
        path: Output file.
    """
    figure.savefig(path, format="png", dpi=DPI, metadata={"Software": None})


def shorten(text: str, limit: int) -> str:
    """Text cut to ``limit`` characters with an ellipsis.

    Args:
        text: Any label.
        limit: Longest result.
    """
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

"""A per-period score over the conversation, per model: lines with a standard-error band."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_curves import Curve, curve_figure

PERIOD_AXIS = "period (0 = initial; three simulated months each)"
LEGEND_COLUMNS = 3


def period_figure(title: str, ylabel: str, series: Sequence[tuple[str, Curve]]) -> Figure:
    """One line per model of the mean score per period, with ± standard error shaded.

    Args:
        title: Figure title.
        ylabel: What the score is.
        series: (model label, its curve over periods).
    """
    return curve_figure(title, PERIOD_AXIS, ylabel, series, LEGEND_COLUMNS, zero_line=True)

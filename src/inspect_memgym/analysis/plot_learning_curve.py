"""A learning curve per model: test accuracy after every step, mean ± standard error.

Any task can record one: a scorer that puts ``learning_curve`` in `Score.metadata`, a list
of ``{"step": int, "accuracy": float, ...}`` rows (one per step of its protocol), gets
this figure from ``inspect-memgym plot``. Only the logs are read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_curves import Curve, curve_figure, pooled_curve
from inspect_memgym.analysis.sample_scores import LEARNING_CURVE_KEY

STEP_AXIS = "step (training dialogues memorised, then the test split answered)"
ACCURACY_AXIS = "test accuracy (± standard error)"
LEGEND_COLUMNS = 2


def mean_curve(samples: Sequence[dict[str, Any]]) -> Curve | None:
    """The mean learning curve over samples (None if no sample has one).

    Args:
        samples: Per-sample score details, each with a ``learning_curve`` list.
    """
    return pooled_curve(samples, LEARNING_CURVE_KEY, "step", "accuracy")


def learning_curve_figure(title: str, series: Sequence[tuple[str, Curve]]) -> Figure:
    """One line per model of the mean test accuracy after each step, ± standard error.

    Args:
        title: Figure title.
        series: (model label, its mean curve).
    """
    return curve_figure(title, STEP_AXIS, ACCURACY_AXIS, series, LEGEND_COLUMNS, ylim=(-0.05, 1.05))

"""The learning-curve figure: drawn from the logs of any task whose scores record a curve
(here the feedback task), with the means and standard errors computed by hand."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from inspect_ai import eval

from inspect_memgym.analysis.figures import write_figures
from inspect_memgym.analysis.plot_learning_curve import mean_curve
from inspect_memgym.feedback.task import feedback

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_mean_curve_pools_samples_per_step() -> None:
    samples = [
        {"learning_curve": [{"step": 1, "accuracy": 0.5}, {"step": 2, "accuracy": 1.0}]},
        {"learning_curve": [{"step": 1, "accuracy": 0.0}, {"step": 2, "accuracy": 1.0}]},
        {"learning_curve": [{"step": 1, "accuracy": math.nan}]},
        {"questions": []},
    ]
    curve = mean_curve(samples)
    assert curve is not None
    steps, means, errors = curve
    assert steps == [1, 2] and means == [0.25, 1.0]
    assert errors[0] == pytest.approx(math.sqrt(0.125) / math.sqrt(2)) and errors[1] == 0.0
    assert mean_curve([{"periods": []}]) is None


def test_plot_draws_the_learning_curve_of_a_task_that_records_one(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    for policy in ("perfect", "forgetful"):
        eval(
            feedback(tier="small", seeds=2, agent="native", protocol="stepwise", batch_size=2),
            model=f"memgym/{policy}",
            display="none",
            log_dir=str(logs),
        )
    written = {
        Path(figure.path).name: figure for figure in write_figures([str(logs)], str(tmp_path / "a"))
    }
    assert set(written) == {
        "feedback_scores.png",
        "feedback_learning_curve.png",
        "feedback_frontier.png",
        "memory_failures.png",
    }
    assert (tmp_path / "a" / "feedback_learning_curve.png").read_bytes().startswith(PNG_SIGNATURE)
    assert "test accuracy after each step" in written["feedback_learning_curve.png"].description

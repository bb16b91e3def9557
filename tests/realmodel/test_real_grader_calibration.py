"""Opt-in: a real model as the grader, measured on every hand-checked calibration case.

Skipped unless ``MEMGYM_REAL_MODEL`` names an Inspect model (see
``test_real_model_smoke.py``); run with ``pytest -m realmodel -n 0 -s``. The model judges
each case of ``scorers/`` with exactly the prompt a task would send, bound as the ``grader``
role as the tasks bind it; its agreement with the human verdicts (accuracy, Cohen's kappa,
false accepts, unreadable replies) is printed per calibration set. It asserts what any
working grader must give, not a figure: a scored log with a verdict read for most cases.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest
from inspect_ai import eval

MODEL = os.environ.get("MEMGYM_REAL_MODEL")
SCORERS = Path(__file__).resolve().parents[2] / "scorers"
READABLE_SHARE = 0.5
"""A working grader's replies hold a yes or no at least this often."""

pytestmark = [
    pytest.mark.realmodel,
    pytest.mark.skipif(MODEL is None, reason="set MEMGYM_REAL_MODEL to a served model"),
]


def calibration_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "judge_calibration", SCORERS / "judge_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_real_grader_is_measured_on_the_calibration_sets(tmp_path: Path) -> None:
    calibration = calibration_module()
    logs = eval(
        [calibration.locomo_judge_calibration(), calibration.longmemeval_judge_calibration()],
        model="memgym/perfect",
        model_roles={"grader": str(MODEL)},
        max_connections=1,
        max_tokens=16,
        display="none",
        log_dir=str(tmp_path),
    )
    for log in logs:
        assert log.status == "success", log.error
        assert log.results is not None
        figures = {
            f"{score.name}/{name}": value.value
            for score in log.results.scores
            for name, value in score.metrics.items()
        }
        print(
            f"{MODEL} on {log.eval.task}: accuracy {figures['agreement/mean']:.3f}, "
            f"kappa {figures['agreement/cohen_kappa']:.3f}, "
            f"false accepts {figures['false_accept/mean']:.3f}, "
            f"unreadable {figures['undecided/mean']:.3f}"
        )
        assert figures["undecided/mean"] <= 1 - READABLE_SHARE

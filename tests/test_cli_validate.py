"""``inspect-memgym validate``: prints the table and verdicts, exits 1 when an invariant fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import inspect_memgym.entity_stream.validity as validation
from inspect_memgym.cli import main
from inspect_memgym.entity_stream.invariants import PolicyResult, Verdict


def test_validate_passes_on_a_small_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "validate",
            "--tier",
            "lite",
            "--seeds",
            "1",
            "--templates",
            "company",
            "--policies",
            "perfect,abstainer",
            "--log-dir",
            str(tmp_path),
        ]
    )
    captured = capsys.readouterr()
    assert code == 0, captured.out
    assert "| perfect | 1.000 |" in captured.out
    assert "| abstainer | 0.000 |" in captured.out
    assert "- PASS perfect ≥ 99% right and composite ≥ 0.95" in captured.out
    assert "- PASS identical scores on a rerun" in captured.out
    assert "FAIL" not in captured.out
    assert "validating 2 policies on 1 lite samples each" in captured.err
    assert list(tmp_path.glob("*.eval"))


def test_validate_exits_1_when_an_invariant_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing_validate(*args: Any, **kwargs: Any) -> validation.ValidationReport:
        result = PolicyResult("guesser", {"composite": 0.2}, question_accuracy=0.2)
        verdict = Verdict("cheaters, guessers, abstainer ≤ 0.05 composite", False, "guesser 0.200")
        return validation.ValidationReport({"guesser": result}, [verdict], str(tmp_path))

    monkeypatch.setattr(validation, "validate", failing_validate)
    code = main(["validate", "--tier", "lite", "--seeds", "1", "--policies", "guesser"])
    assert code == 1
    assert "- FAIL cheaters, guessers, abstainer ≤ 0.05 composite: guesser 0.200" in (
        capsys.readouterr().out
    )


def test_validate_rejects_an_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--policies", "perfect,oracle"])
    assert raised.value.code == 2
    assert "unknown memgym policy 'oracle'" in capsys.readouterr().err

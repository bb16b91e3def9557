"""``inspect-memgym validate``: prints the table and verdicts, exits 1 when an invariant fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.cli import main
from inspect_memgym.entity_stream.validity_suite import SUITE
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.report import SuiteReport
from inspect_memgym.validity.verdicts import Verdict

GOLDEN_TABLE = Path(__file__).parent / "golden" / "validate_lite_seed0_company.md"
"""The table and verdicts of this grid, as validate printed them before it ran its policies
in worker processes with parallel tool calls (one ``eval`` call, all policies in-process)."""


@pytest.mark.extended
def test_validate_in_two_processes_prints_the_golden_table(
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
            "--workers",
            "2",
            "--log-dir",
            str(tmp_path),
        ]
    )
    captured = capsys.readouterr()
    assert code == 0, captured.out
    table = captured.out.split("\nLogs: ", 1)[0].strip()
    assert table == GOLDEN_TABLE.read_text(encoding="utf-8").strip()
    assert "| perfect | stores every fact, applies every change (reference) | 1.000 |" in (
        captured.out
    )
    assert "- PASS perfect: a rerun is identical: 1 samples identical" in captured.out
    assert "validating entity_stream in 2 processes" in captured.err
    assert len(list(tmp_path.glob("*.eval"))) == 13 + 3  # every policy, then the reruns


def test_validate_exits_1_when_an_invariant_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing_validate(*args: Any, **kwargs: Any) -> SuiteReport:
        verdict = Verdict("cheaters, guessers, abstainer ≤ 0.05 composite", False, "guesser 0.200")
        return SuiteReport("entity_stream", "composite", [], [verdict], str(tmp_path))

    monkeypatch.setattr(PolicyGridSuite, "validate", failing_validate)
    code = main(["validate", "--tier", "lite", "--seeds", "1", "--policies", "guesser"])
    assert code == 1
    assert "- FAIL cheaters, guessers, abstainer ≤ 0.05 composite: guesser 0.200" in (
        capsys.readouterr().out
    )


@pytest.mark.parametrize(("workers", "said"), [("1", "in 1 process;"), ("3", "in 3 processes;")])
def test_validate_names_its_processes_in_english(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    workers: str,
    said: str,
) -> None:
    def passing_validate(*args: Any, on_start: Any = None, **kwargs: Any) -> SuiteReport:
        on_start()
        verdict = Verdict("budget never exceeded", True, "no overruns")
        return SuiteReport("entity_stream", "composite", [], [verdict], str(tmp_path))

    monkeypatch.setattr(PolicyGridSuite, "validate", passing_validate)
    code = main(["validate", "--workers", workers, "--log-dir", str(tmp_path)])
    assert code == 0
    assert f"validating entity_stream {said}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("task", "said"),
    [
        # refused while choosing the runs
        ("entity_stream", "unknown tier 'nope'; choose one of: smoke, lite"),
        # refused by the task function, which no worker process has run yet
        ("conversation", "unknown conversation tier 'nope'; choose one of: small, base"),
    ],
)
def test_an_unknown_tier_is_one_line_before_anything_is_announced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], task: str, said: str
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--task", task, "--tier", "nope", "--log-dir", str(tmp_path)])
    assert raised.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], lines
    assert list(tmp_path.iterdir()) == []  # no eval started


def test_validate_rejects_an_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--policies", "perfect,oracle"])
    assert raised.value.code == 2
    assert "unknown memgym policy 'oracle'" in capsys.readouterr().err


def test_validate_rejects_zero_workers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--workers", "0"])
    assert raised.value.code == 2
    assert "workers must be at least 1, got 0" in capsys.readouterr().err


def test_validate_names_the_tasks_it_knows_for_an_unknown_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--task", "trivia"])
    assert raised.value.code == 2
    error = capsys.readouterr().err
    assert "unknown task with a validity suite 'trivia'" in error and "entity_stream" in error


def test_entity_stream_names_its_runs_for_an_unknown_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --runs names any run of the suite: a policy's (named by the policy) or a switch run
    assert SUITE.run("perfect").policy == "perfect"
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--runs", "oracle"])
    assert raised.value.code == 2
    error = capsys.readouterr().err
    assert "entity_stream has no validity run 'oracle'; choose from: perfect, strategic" in error

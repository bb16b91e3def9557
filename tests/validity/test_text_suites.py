"""The locomo and longmemeval validity suites, through inspect_ai.eval, on small grids.

The default run plays a few runs on two invented conversations (locomo) and one invented
user (longmemeval) in this process, and shows that breaking the hedge rule makes the
hedger's runs fail; the full suites (40 conversations, 42 questions) are ``slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import inspect_memgym._validity_suites  # noqa: F401  (registers every suite)
from inspect_memgym.scoring import isolation, locomo_rules
from inspect_memgym.validity.report import SuiteReport
from inspect_memgym.validity.suite import ValidateOptions, get_suite


def validate(task: str, tmp_path: Path, **options: object) -> SuiteReport:
    report = get_suite(task).validate(ValidateOptions(log_dir=str(tmp_path), **options))  # type: ignore[arg-type]
    assert isinstance(report, SuiteReport)
    return report


def failures(report: SuiteReport) -> list[str]:
    return [verdict.name for verdict in report.verdicts if not verdict.passed]


def test_locomo_references_and_adversaries_on_two_conversations(tmp_path: Path) -> None:
    runs = ("perfect", "hedger/native", "token_bag/notes", "judge_baiter", "frequent_tokens")
    report = validate("locomo", tmp_path, seeds=(0, 1), runs=runs)
    assert failures(report) == [], report.markdown()
    scores = {run.name: (run.headline, run.memory_delta, run.samples) for run in report.runs}
    assert scores["perfect"] == (1.0, 1.0, 2)
    assert scores["hedger/native"][:2] == (0.0, 0.0)
    assert scores["frequent_tokens"] == (0.0, 0.0, 2)  # its constants hit neither conversation
    assert "PASS chance: adversarial questions" in report.markdown()
    assert (tmp_path / "data").is_dir()  # the invented conversations the grid played


def test_a_broken_hedge_rule_fails_the_hedger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(locomo_rules, "hedged", lambda *args, **kwargs: False)
    report = validate("locomo", tmp_path, seeds=(0, 1), runs=("hedger/native",))
    assert "hedger/native: f1 ≤ 0.05" in failures(report)
    assert not report.passed


def test_longmemeval_declining_earns_only_the_abstention_share(tmp_path: Path) -> None:
    runs = ("perfect", "decliner", "frequent_tokens")
    report = validate("longmemeval", tmp_path, seeds=(0,), runs=runs)
    assert failures(report) == [], report.markdown()
    scores = {run.name: run.headline for run in report.runs}
    assert scores == {"perfect": 1.0, "decliner": pytest.approx(1 / 6), "frequent_tokens": 0.0}


def unfloored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory isolation as it was: no floor, no question left out of Δ."""
    monkeypatch.setattr(isolation.PairedAnswer, "decline_decides", property(lambda _: False))
    monkeypatch.setattr(
        isolation.PairedAnswer, "counted_no_memory", property(lambda pair: pair.no_memory)
    )


def test_declining_only_with_history_shown_buys_no_delta_on_abstention_questions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = ("switch_decline_guess/native", "switch_guess_decline/native")
    report = validate("longmemeval", tmp_path / "floored", seeds=(0,), runs=runs)
    assert failures(report) == [], report.markdown()
    scores = {run.name: (run.headline, run.memory_delta) for run in report.runs}
    assert scores == {
        "switch_decline_guess/native": (pytest.approx(1 / 6), 0.0),
        "switch_guess_decline/native": (0.0, 0.0),
    }
    unfloored(monkeypatch)
    report = validate("longmemeval", tmp_path / "unfloored", seeds=(0,), runs=runs[:1])
    assert failures(report) == ["switch_decline_guess/native: memory_delta ≤ 0.05"]


def test_declining_only_with_history_shown_buys_nothing_on_adversarial_questions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = ("switch_decline_guess/native+adversarial",)
    report = validate("locomo", tmp_path / "floored", seeds=(0, 1), runs=runs)
    assert failures(report) == [], report.markdown()
    [run] = report.runs
    assert (run.headline, run.memory_delta) == (pytest.approx(2 / 9), 0.0)
    unfloored(monkeypatch)
    report = validate("locomo", tmp_path / "unfloored", seeds=(0, 1), runs=runs)
    assert failures(report) == [f"{runs[0]}: memory_delta ≤ 0.05"]


@pytest.mark.slow
@pytest.mark.parametrize("task", ["locomo", "longmemeval"])
def test_the_full_suite_holds(task: str, tmp_path: Path) -> None:
    report = validate(task, tmp_path, workers=2)
    assert report.passed, report.markdown()

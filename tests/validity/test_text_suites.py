"""The locomo and longmemeval validity suites, through inspect_ai.eval, on small grids.

The default run plays a few runs on two invented conversations (locomo) and one invented
user (longmemeval) in this process, and shows that breaking the hedge rule makes the
hedger's runs fail; the full suites (40 conversations, 42 questions) are ``slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import inspect_memgym._registry  # noqa: F401  (registers every suite)
from inspect_memgym.scoring import locomo_rules
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


@pytest.mark.slow
@pytest.mark.parametrize("task", ["locomo", "longmemeval"])
def test_the_full_suite_holds(task: str, tmp_path: Path) -> None:
    report = validate(task, tmp_path, workers=2)
    assert report.passed, report.markdown()

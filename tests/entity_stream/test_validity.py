"""The validity suite end to end: every memgym policy through inspect_ai.eval, every invariant.

One run per test session (the ``lite_grid`` fixture): lite tier, all 10 templates, seed 0,
every registered policy (reference policies and adversarial cheaters), plus the
determinism rerun. Each invariant
is its own test, so a failure names what broke. ``inspect-memgym validate`` runs the same
check on any grid (the official one by default).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.entity_stream.invariants import (
    CHEATERS,
    COMPOSITE_ORDER,
    MEMORYLESS,
    check_invariants,
)
from inspect_memgym.entity_stream.policies.registry import POLICIES
from inspect_memgym.entity_stream.validity import (
    ValidationReport,
    format_report,
    policy_results,
    rerun_results,
)
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES

INVARIANT_NAMES = (
    "perfect ≥ 99% right and composite ≥ 0.95",
    "cheaters, guessers, abstainer ≤ 0.05 composite",
    " > ".join(COMPOSITE_ORDER) + " on composite",
    "strategic > naive on maintenance",
    "priority ≥ random − 0.05",
    "perfect memory delta ≥ 0.9 × composite",
    "guessers and abstainer |memory delta| ≤ 0.05",
    "budget never exceeded",
    "no sample errors",
    "identical scores on a rerun",
)


@pytest.fixture(scope="module")
def report(lite_grid: Any, tmp_path_factory: pytest.TempPathFactory) -> ValidationReport:
    results = policy_results(lite_grid.logs)
    rerun_dir = str(tmp_path_factory.mktemp("rerun"))
    rerun = rerun_results(
        list(POLICIES), lite_grid.tier, list(lite_grid.seeds), list(lite_grid.templates), rerun_dir
    )
    return ValidationReport(results, check_invariants(results, rerun), str(lite_grid.log_dir))


def test_every_policy_of_the_issue_is_registered() -> None:
    expected = {*COMPOSITE_ORDER, *CHEATERS, *MEMORYLESS, "priority", "random"}
    assert expected <= set(POLICIES)


@pytest.mark.parametrize("name", INVARIANT_NAMES)
def test_invariant_holds(report: ValidationReport, name: str) -> None:
    verdicts = {verdict.name: verdict for verdict in report.verdicts}
    assert name in verdicts, f"invariant not checked; verdicts: {list(verdicts)}"
    assert verdicts[name].passed, f"{name}: {verdicts[name].detail}\n{format_report(report)}"


def test_every_policy_played_every_sample(report: ValidationReport) -> None:
    for name, result in report.results.items():
        assert len(result.sample_values) == len(TEMPLATE_NAMES), name


def test_logs_are_written_where_inspect_view_can_open_them(report: ValidationReport) -> None:
    logs = list(Path(report.log_dir).glob("*.eval"))
    assert len(logs) >= len(POLICIES)


def test_report_table_lists_every_policy_and_verdict(report: ValidationReport) -> None:
    table = format_report(report)
    for name in POLICIES:
        assert f"| {name} |" in table
    assert table.count("- PASS ") + table.count("- FAIL ") == len(report.verdicts)

"""The validity suite end to end: every memgym policy through inspect_ai.eval, every invariant.

One run per test session (the ``lite_grid`` fixture): lite tier, five templates, seed 0,
every registered policy (reference policies and adversarial cheaters). Each invariant is
its own test, so a failure names what broke. The determinism reruns ("a rerun is
identical", played as the suite plays them on the first template) are checked by
``tests/test_cli_validate.py::test_validate_in_two_processes_prints_the_golden_table``
(``-m extended``, run by CI), whose grid (lite, seed 0, company) is this grid's first
template: its golden table holds those verdicts. ``inspect-memgym validate`` runs the same
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
    ordering_checks,
)
from inspect_memgym.entity_stream.policies.registry import POLICIES
from inspect_memgym.entity_stream.validity_suite import RERUN_POLICIES, SUITE
from inspect_memgym.validity.report import RunSummary, SuiteReport

GOLDEN_TABLE = Path(__file__).parents[1] / "golden" / "validate_lite_seed0_company.md"
"""What ``inspect-memgym validate`` prints on this grid's first template (test_cli_validate.py)."""
INVARIANT_NAMES = (
    "perfect ≥ 99% right and composite ≥ 0.95",
    "cheaters, guessers, abstainer ≤ 0.05 composite",
    " > ".join(COMPOSITE_ORDER) + " on composite",
    "strategic > naive on maintenance",
    "priority ≥ random − 0.05",
    "perfect memory delta ≥ 0.9 × composite",
    "guessers and abstainer |memory delta| ≤ 0.05",
    "budget never exceeded",
)


@pytest.fixture(scope="module")
def report(lite_grid: Any) -> SuiteReport:
    results = {policy: SUITE.summarise(log) for policy, log in lite_grid.logs.items()}
    verdicts = ordering_checks(results)
    summaries = [
        RunSummary(
            name,
            SUITE.run(name).description,
            result.mean("composite"),
            result.mean("no_memory"),
            result.mean("memory_delta"),
            result.samples,
            result.errors,
            figures={column: result.figure(column) for column in SUITE.columns},
        )
        for name, result in results.items()
    ]
    log_dir = str(lite_grid.log_dir)
    return SuiteReport(SUITE.task, "composite", summaries, verdicts, log_dir, (), SUITE.columns)


def test_every_policy_of_the_issue_is_registered() -> None:
    expected = {*COMPOSITE_ORDER, *CHEATERS, *MEMORYLESS, "priority", "random"}
    assert expected <= set(POLICIES)


@pytest.mark.parametrize("name", INVARIANT_NAMES)
def test_invariant_holds(report: SuiteReport, name: str) -> None:
    verdicts = {verdict.name: verdict for verdict in report.verdicts}
    assert name in verdicts, f"invariant not checked; verdicts: {list(verdicts)}"
    assert verdicts[name].passed, f"{name}: {verdicts[name].detail}\n{report.markdown()}"


def test_every_policy_played_every_sample(report: SuiteReport, lite_grid: Any) -> None:
    for run in report.runs:
        assert run.samples == len(lite_grid.templates), run.name
        assert run.errors == 0, run.name


def test_logs_are_written_where_inspect_view_can_open_them(report: SuiteReport) -> None:
    logs = list(Path(report.log_dir).glob("*.eval"))
    assert len(logs) >= len(POLICIES)


def test_report_table_lists_every_policy_and_verdict(report: SuiteReport) -> None:
    table = report.markdown()
    for name in POLICIES:
        assert f"| {name} | {SUITE.run(name).description} |" in table
    assert table.count("- PASS ") + table.count("- FAIL ") == len(report.verdicts)


def test_the_golden_validate_table_holds_every_rerun_verdict() -> None:
    """The reruns are not played here: the golden table's test plays them on this grid."""
    golden = GOLDEN_TABLE.read_text(encoding="utf-8")
    assert "- FAIL " not in golden
    for policy in RERUN_POLICIES:
        assert f"- PASS {policy}: a rerun is identical: 1 samples identical" in golden

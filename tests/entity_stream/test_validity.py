"""The validity suite end to end: every memgym policy through inspect_ai.eval, every invariant.

One run per test session (the ``lite_grid`` fixture): lite tier, five templates, seed 0,
every registered policy (reference policies and adversarial cheaters), plus the
determinism reruns played as the suite plays them (`validity.grid.run_job`, first
template). Each invariant is its own test, so a failure names what broke.
``inspect-memgym validate`` runs the same check on any grid (the official one by default).
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
from inspect_memgym.validity.grid import Job, run_job
from inspect_memgym.validity.report import RunSummary, SuiteReport
from inspect_memgym.validity.runs import rerun_verdict
from inspect_memgym.validity.suite import ValidateOptions

INVARIANT_NAMES = (
    "perfect ≥ 99% right and composite ≥ 0.95",
    "cheaters, guessers, abstainer ≤ 0.05 composite",
    " > ".join(COMPOSITE_ORDER) + " on composite",
    "strategic > naive on maintenance",
    "priority ≥ random − 0.05",
    "perfect memory delta ≥ 0.9 × composite",
    "guessers and abstainer |memory delta| ≤ 0.05",
    "budget never exceeded",
    *(f"{policy}: a rerun is identical" for policy in RERUN_POLICIES),
)


@pytest.fixture(scope="module")
def report(lite_grid: Any, tmp_path_factory: pytest.TempPathFactory) -> SuiteReport:
    results = {policy: SUITE.summarise(log) for policy, log in lite_grid.logs.items()}
    options = ValidateOptions(
        str(tmp_path_factory.mktemp("rerun")), seeds=lite_grid.seeds, tier=lite_grid.tier
    )
    reruns = dict(run_job(Job(SUITE.task, policy, True), options) for policy in RERUN_POLICIES)
    verdicts = [
        *ordering_checks(results),
        *(rerun_verdict(job.run, results[job.run], again) for job, again in reruns.items()),
    ]
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

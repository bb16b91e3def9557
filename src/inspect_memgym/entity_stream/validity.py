"""Run the scripted policies through ``inspect_ai.eval`` and check the validity invariants.

This is what ``inspect-memgym validate`` runs. Every policy plays the same samples through
the real solver, tools and scorer; the logs land in a log dir that ``inspect view`` opens.
`validate` runs one eval per policy and per rerun, and one per switch run on its own small
grid (`validity_switches`), spread over worker processes (`validity_jobs`);
`run_policy_logs` runs every policy in one ``eval`` call in this process and returns the
logs themselves. Sharded, `validate` plays one share of the jobs (balanced
by their expected model calls) or, merging, reads every job's log from the log dir.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.axes import AXIS_KEYS
from inspect_memgym.entity_stream.invariants import PolicyResult, check_invariants
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.validity_jobs import (
    SUMMARY_SKIPS,
    GridSettings,
    PolicyJob,
    expected_turns,
    plan_jobs,
    run_jobs,
)
from inspect_memgym.entity_stream.validity_results import SCORER_NAME, policy_result
from inspect_memgym.entity_stream.validity_switches import switch_table, switch_verdicts
from inspect_memgym.scoring.isolation import ISOLATION_KEYS
from inspect_memgym.validity.finished_logs import finished_logs, grid_key, read_summary
from inspect_memgym.validity.shards import Shard, ShardReport, share
from inspect_memgym.validity.verdicts import Verdict

__all__ = [
    "RERUN_POLICIES",
    "SCORER_NAME",
    "TABLE_KEYS",
    "ValidationReport",
    "format_report",
    "policy_result",
    "policy_results",
    "rerun_results",
    "run_policy_logs",
    "validate",
]
RERUN_POLICIES: tuple[str, ...] = ("perfect", "strategic", "smart_guesser")
"""Policies run a second time (on the first template) to check determinism."""
TABLE_KEYS = (*AXIS_KEYS, *ISOLATION_KEYS)
"""Score keys shown in the validation table."""


@dataclass(frozen=True)
class ValidationReport:
    """Everything ``validate`` found.

    Attributes:
        results: Per-policy results of the full run.
        verdicts: Every applicable invariant's verdict.
        log_dir: Where the logs are.
        switch_results: Per-run results of the switch runs played (`validity_switches`).
    """

    results: dict[str, PolicyResult]
    verdicts: list[Verdict]
    log_dir: str
    switch_results: dict[str, PolicyResult] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """Whether every invariant held."""
        return all(verdict.passed for verdict in self.verdicts)

    def markdown(self) -> str:
        """The policy table and the verdicts as Markdown (`format_report`)."""
        return format_report(self)


def run_policy_logs(
    policies: Sequence[str],
    tier: str,
    seeds: Sequence[int],
    templates: Sequence[str],
    log_dir: str,
    max_samples: int = 8,
    display: str = "none",
) -> dict[str, EvalLog]:
    """Evaluate each policy on the same grid in one ``eval`` call; one log per policy.

    Args:
        policies: memgym policy names.
        tier: Tier name.
        seeds: Seeds.
        templates: Template names.
        log_dir: Log directory.
        max_samples: Samples run concurrently per policy.
        display: Inspect display mode.
    """
    task = entity_stream(tier=tier, seeds=list(seeds), templates=list(templates))
    logs = inspect_eval(
        task,
        model=[f"memgym/{policy}" for policy in policies],
        log_dir=log_dir,
        max_samples=max_samples,
        max_tasks=len(policies),
        display=display,  # type: ignore[arg-type]
        # Scripted policies finish in minutes: live viewing and running metrics cost about a
        # fifth of the harness time (benchmarks/RESULTS.md) and add nothing here.
        log_realtime=False,
        score_display=False,
    )
    by_model = {log.eval.model: log for log in logs}
    return {policy: by_model[f"memgym/{policy}"] for policy in policies}


def policy_results(logs: dict[str, EvalLog]) -> dict[str, PolicyResult]:
    """Summarise each policy's log.

    Args:
        logs: Eval logs by policy name.
    """
    return {policy: policy_result(policy, log) for policy, log in logs.items()}


def rerun_results(
    policies: Sequence[str],
    tier: str,
    seeds: Sequence[int],
    templates: Sequence[str],
    log_dir: str,
    max_samples: int = 8,
    display: str = "none",
) -> dict[str, PolicyResult]:
    """Run the determinism subset (``RERUN_POLICIES`` present, first template) again.

    Args:
        policies: Policies of the full run.
        tier: Tier name.
        seeds: Seeds.
        templates: Templates of the full run (only the first is rerun).
        log_dir: Log directory for the rerun.
        max_samples: Samples run concurrently per policy.
        display: Inspect display mode.
    """
    chosen = [policy for policy in RERUN_POLICIES if policy in policies]
    if not chosen:
        return {}
    logs = run_policy_logs(chosen, tier, seeds, templates[:1], log_dir, max_samples, display)
    return policy_results(logs)


def validate(
    policies: Sequence[str],
    tier: str,
    seeds: Sequence[int],
    templates: Sequence[str],
    log_dir: str,
    max_samples: int = 8,
    display: str = "none",
    workers: int = 1,
    shard: Shard | None = None,
    merge: bool = False,
    switches: Sequence[PolicyJob] = (),
) -> ValidationReport | ShardReport:
    """Run every policy, rerun a few on the first template, and check the invariants.

    Args:
        policies: memgym policy names.
        tier: Tier name.
        seeds: Seeds.
        templates: Template names.
        log_dir: Log directory.
        max_samples: Samples run concurrently per policy.
        display: Inspect display mode.
        workers: Processes running the evals (1: all in this process).
        shard: Play only this shard's share of the jobs and check nothing.
        merge: Play nothing; check the invariants over the jobs' logs in ``log_dir``.
        switches: The switch runs' jobs (`validity_switches.switch_jobs`), checked against
            their bounds.
    """
    reruns = [policy for policy in RERUN_POLICIES if policy in policies]
    jobs = plan_jobs(policies, templates, reruns, switches)
    grid = grid_key("entity_stream", seeds, tier=tier, templates=",".join(templates))
    settings = GridSettings(tier, tuple(seeds), log_dir, max_samples, display, grid)
    if shard is not None:
        mine = run_jobs(share(jobs, expected_turns, shard), settings, workers)
        played = [
            (job.label, len(result.sample_values), result.errors) for job, result in mine.items()
        ]
        return ShardReport("entity_stream", shard, played, len(jobs), log_dir)
    done = _read_jobs(jobs, log_dir, grid) if merge else run_jobs(jobs, settings, workers)
    results = {job.policy: result for job, result in done.items() if not (job.rerun or job.run)}
    rerun = {job.policy: result for job, result in done.items() if job.rerun}
    switched = {job.run: done[job] for job in switches}
    ordered = {policy: results[policy] for policy in policies}
    rerun_ordered = {policy: rerun[policy] for policy in reruns}
    verdicts = [*check_invariants(ordered, rerun_ordered), *switch_verdicts(switched)]
    return ValidationReport(ordered, verdicts, log_dir, switched)


def _read_jobs(jobs: Sequence[PolicyJob], log_dir: str, grid: str) -> dict[PolicyJob, PolicyResult]:
    """Every job's result, from the newest of its logs in the log dir."""
    locations = finished_logs(log_dir, grid, [job.label for job in jobs])
    return {
        job: policy_result(job.policy, read_summary(locations[job.label], SUMMARY_SKIPS))
        for job in jobs
    }


def format_report(report: ValidationReport) -> str:
    """The policy table, the switch runs' table and the invariant verdicts as Markdown.

    Args:
        report: A validation report.
    """
    tables = []
    if report.results or not report.switch_results:
        tables.append(_policy_table(report.results))
    if report.switch_results:
        tables.append(switch_table(report.switch_results))
    lines = [line for table in tables for line in (*table, "")]
    for verdict in report.verdicts:
        mark = "PASS" if verdict.passed else "FAIL"
        lines.append(f"- {mark} {verdict.name}: {verdict.detail}")
    lines.append("")
    lines.append(f"Logs: {report.log_dir} (open with: inspect view --log-dir {report.log_dir})")
    return "\n".join(lines)


def _policy_table(results: dict[str, PolicyResult]) -> list[str]:
    """The policies' rows: every table key, questions right, overruns and errors."""
    header = ["policy", *TABLE_KEYS, "questions right", "overruns", "errors"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name, result in results.items():
        cells = [f"{result.means.get(key, float('nan')):.3f}" for key in TABLE_KEYS]
        lines.append(
            f"| {name} | "
            + " | ".join(cells)
            + f" | {result.question_accuracy:.3f} | {result.budget_overruns} | {result.errors} |"
        )
    return lines

"""Every task's validity suite, run once, summarised for docs/validity.md and RESULTS.md.

    python benchmarks/validity_table.py [--tasks a,b] [--workers 2] [--log-dir logs/validity]

Runs `inspect-memgym validate --task <task>` for each task (its default grid, in this
process's pool of workers), prints each suite's full report, then one summary table: the
runs and invariants, the reference with perfect memory, the adversary that scored most
(headline and memory delta) and the wall time. Exits 1 if any invariant failed.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import inspect_memgym._validity_suites  # noqa: F401  (registers every task's validity suite)
from inspect_memgym.validity.report import SuiteReport
from inspect_memgym.validity.suite import ValidateOptions, get_suite, suite_names


def summary_row(task: str, report: object, seconds: float) -> str:
    """One task's row of the summary table.

    Args:
        task: The task.
        report: Its suite's report.
        seconds: Its wall time.
    """
    verdicts = getattr(report, "verdicts", [])
    held = f"{sum(verdict.passed for verdict in verdicts)} of {len(verdicts)}"
    assert isinstance(report, SuiteReport)
    adversaries = [run for run in report.runs if run.adversary]
    worst_run = max(adversaries, key=lambda run: _number(run.headline))
    delta_run = max(adversaries, key=lambda run: _number(run.memory_delta))
    perfect = next(run for run in report.runs if not run.adversary)
    return (
        f"| {task} | {len(report.runs)} | {held} "
        f"| {perfect.name} {perfect.headline:.3f} "
        f"| {worst_run.name} {worst_run.headline:.3f}; "
        f"Δ max {delta_run.name} {delta_run.memory_delta:+.3f} | {seconds:.0f} s |"
    )


def _number(value: float) -> float:
    return -math.inf if math.isnan(value) else value


def main() -> int:
    """Run the suites and print the reports and the summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tasks", default=None, help="comma-separated tasks (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log-dir", default="logs/validity")
    args = parser.parse_args()
    tasks = args.tasks.split(",") if args.tasks else suite_names()
    rows = []
    passed = True
    for task in tasks:
        started = time.perf_counter()
        options = ValidateOptions(log_dir=f"{args.log_dir}/{task}", workers=args.workers)
        report = get_suite(task).validate(options)
        seconds = time.perf_counter() - started
        print(report.markdown(), "\n", flush=True)
        rows.append(summary_row(task, report, seconds))
        passed = passed and report.passed
    print(f"Measured {time.strftime('%Y-%m-%d')}, {args.workers} worker processes.\n")
    print("| task | runs | invariants held | perfect memory | highest adversary | wall time |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())

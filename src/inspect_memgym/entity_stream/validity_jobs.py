"""The validation grid as jobs, one eval per policy (and per rerun), spread over processes.

A scripted policy never waits for a model, so an eval keeps one core busy and more
concurrent samples in one process do not make it faster. ``validate`` therefore runs each
policy's eval (and each determinism rerun) as a job, longest first, in a pool of worker
processes: a worker takes the next job as soon as it is free, writes the eval log to the
log dir like any Inspect run, and sends back only the policy's summary (`PolicyResult`).
With one worker the jobs run in this process, in the same order. Each log is tagged with
the grid and the job (`validity.finished_logs`), so a merge of shards can find it.
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from inspect_ai import Task
from inspect_ai import eval as inspect_eval

from inspect_memgym.entity_stream.invariants import PolicyResult
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.validity_results import policy_result
from inspect_memgym.validity.finished_logs import eval_label, eval_metadata, read_summary

TURNS_PER_SAMPLE: dict[str, int] = {
    "over_writer": 140,
    "strategic": 101,
    "template_expert": 101,
    "random": 100,
    "perfect": 99,
    "hedger": 99,
    "priority": 93,
    "naive": 92,
    "name_dumper": 78,
}
"""Model calls per standard sample, measured on the official grid; only orders the jobs
(longest first). Policies not listed (the memoryless ones) take about 52."""
OTHER_TURNS_PER_SAMPLE = 52
RUN_TURNS_PER_TEMPLATE = 40
"""Model calls per template of a run with task arguments of its own (a switch run on its
small grid), for the same ordering."""
SUMMARY_SKIPS = ("messages", "events", "attachments", "events_data", "timelines")
"""Sample fields a policy's summary does not read (almost all of a log's bytes)."""
WORKER_GC_THRESHOLDS = (10_000, 20, 20)
"""Garbage collector thresholds in a worker (Python's default is 700, 10, 10)."""
QUIET_DISPLAY = "log"
"""Inspect's display when ``none`` is asked for: the ``log`` display prints nothing at the
default log level either, and skips laying out the results table at the end of every eval."""


@dataclass(frozen=True)
class PolicyJob:
    """One eval of the grid.

    Attributes:
        policy: The memgym policy.
        templates: The templates it plays (all of the grid's, or the first for a rerun).
        rerun: Whether this is a determinism rerun.
        run: The name of a run that plays its own task arguments ("" for the grid's).
        task_args: That run's task arguments (its tier and seeds among them), as pairs.
    """

    policy: str
    templates: tuple[str, ...]
    rerun: bool = False
    run: str = ""
    task_args: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """The eval's label in reports and log metadata."""
        return self.run or eval_label(self.policy, self.rerun)


@dataclass(frozen=True)
class GridSettings:
    """What every job of one validation shares.

    Attributes:
        tier: Tier name.
        seeds: Seeds.
        log_dir: Log directory.
        max_samples: Samples run concurrently per eval.
        display: Inspect display mode.
        grid: The grid's key, tagged on every log (`validity.finished_logs.grid_key`).
    """

    tier: str
    seeds: tuple[int, ...]
    log_dir: str
    max_samples: int
    display: str
    grid: str = ""


def plan_jobs(
    policies: Sequence[str],
    templates: Sequence[str],
    rerun_policies: Sequence[str],
    runs: Sequence[PolicyJob] = (),
) -> list[PolicyJob]:
    """Every policy's eval, every rerun and every run, longest first (ties in the given order).

    Args:
        policies: Policies of the full run.
        templates: The grid's templates.
        rerun_policies: Policies rerun on the first template.
        runs: Runs with task arguments of their own (the switch runs).
    """
    jobs = [PolicyJob(policy, tuple(templates)) for policy in policies]
    jobs += [PolicyJob(policy, tuple(templates[:1]), rerun=True) for policy in rerun_policies]
    return sorted([*jobs, *runs], key=lambda job: -expected_turns(job))


def expected_turns(job: PolicyJob) -> int:
    """A job's estimated model calls: what orders the jobs and balances shards.

    Args:
        job: The job.
    """
    if job.run:
        return len(job.templates) * RUN_TURNS_PER_TEMPLATE
    return len(job.templates) * TURNS_PER_SAMPLE.get(job.policy, OTHER_TURNS_PER_SAMPLE)


@lru_cache(maxsize=4)
def _grid_task(tier: str, seeds: tuple[int, ...], templates: tuple[str, ...]) -> Task:
    """The grid's task, built once per process and reused by every policy's eval."""
    return entity_stream(tier=tier, seeds=list(seeds), templates=list(templates))


@lru_cache(maxsize=4)
def _run_task(task_args: tuple[tuple[str, Any], ...], templates: tuple[str, ...]) -> Task:
    """A run's task: its own task arguments on the given templates."""
    return entity_stream(templates=list(templates), **dict(task_args))


def _job_task(job: PolicyJob, settings: GridSettings) -> Task:
    """The task a job plays: the grid's, or a run's own."""
    if job.run:
        return _run_task(job.task_args, job.templates)
    return _grid_task(settings.tier, settings.seeds, job.templates)


def run_job(job: PolicyJob, settings: GridSettings) -> tuple[PolicyJob, PolicyResult]:
    """Run one job's eval and summarise its log.

    Args:
        job: The job.
        settings: The grid's settings.
    """
    display = QUIET_DISPLAY if settings.display == "none" else settings.display
    [log] = inspect_eval(
        _job_task(job, settings),
        model=f"memgym/{job.policy}",
        log_dir=settings.log_dir,
        max_samples=settings.max_samples,
        display=display,  # type: ignore[arg-type]
        # Scripted policies finish in minutes: live viewing and running metrics cost about a
        # fifth of the harness time (benchmarks/RESULTS.md) and add nothing here.
        log_realtime=False,
        score_display=False,
        metadata=eval_metadata(settings.grid, job.label),
    )
    # the returned log reads its samples back whole on first access; the summary needs
    # only their scores, store and error
    summary = read_summary(log.location, SUMMARY_SKIPS)
    return job, policy_result(job.policy, summary)


def _start_worker() -> None:
    """Register the ``memgym`` provider and set up the worker's garbage collector.

    Imported modules (and later the cached task) live as long as the worker: frozen, the
    collector's full passes skip them instead of walking them again and again. A larger
    young generation makes the frequent passes rarer; a job's garbage is collected after it.
    """
    import inspect_memgym.simulation.registration  # noqa: F401  (the memgym provider)

    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLDS)


def _run_in_worker(job: PolicyJob, settings: GridSettings) -> tuple[PolicyJob, PolicyResult]:
    """`run_job`, then collect the job's garbage and freeze what survives (the task cache)."""
    done = run_job(job, settings)
    gc.collect()
    gc.freeze()
    return done


def run_jobs(
    jobs: Sequence[PolicyJob], settings: GridSettings, workers: int
) -> dict[PolicyJob, PolicyResult]:
    """Run every job, in this process (``workers <= 1``) or in a pool of worker processes.

    Args:
        jobs: Jobs, in the order to start them.
        settings: The grid's settings.
        workers: Worker processes.
    """
    if workers <= 1 or len(jobs) <= 1:
        return dict(run_job(job, settings) for job in jobs)
    # spawn: a forked child would inherit this process's threads and Inspect's global state
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=min(workers, len(jobs)), mp_context=context, initializer=_start_worker
    ) as pool:
        futures = [pool.submit(_run_in_worker, job, settings) for job in jobs]
        return dict(future.result() for future in futures)

"""A validity suite of policy runs on one grid of samples, checked against their bounds.

`PolicyGridSuite` is how a benchmark describes its suite: the task factory, the grid's task
arguments (at least 40 samples), the scorer and headline key, the runs (references and
adversaries, each with its bounds), which runs are rerun for determinism, and optional
statistical invariants and extra checks. `validate` runs every eval through
``inspect_ai.eval`` (spread over worker processes, longest first by the suite's `JobCost`),
then checks:

- every run's bounds;
- no sample errored in any run;
- each rerun gives identical per-sample scores;
- the statistical invariants (pure, over generated instances);
- the suite's extra checks, if any.

With ``--shard K/N`` it plays only its share of the evals (`shards`) and checks nothing;
with ``--merge`` it plays nothing and checks every invariant over the logs the shards left
in the log dir (`finished_logs`).
"""

from __future__ import annotations

import gc
import importlib
import inspect
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from inspect_memgym.validity.finished_logs import (
    eval_label,
    eval_metadata,
    finished_logs,
    grid_key,
    read_summary,
)
from inspect_memgym.validity.report import RunSummary, SuiteReport
from inspect_memgym.validity.runs import (
    Figures,
    RunResult,
    SuiteRun,
    rerun_verdict,
    run_result,
)
from inspect_memgym.validity.shards import ShardReport, share
from inspect_memgym.validity.suite import ValidateOptions, get_suite
from inspect_memgym.validity.verdicts import Verdict

REGISTRY_MODULES = ("inspect_memgym._registry", "inspect_memgym._validity_suites")
"""Imported by each worker process: they register every task, suite and the memgym provider."""
SUMMARY_SKIPS = ("messages", "events", "attachments", "events_data", "timelines")
"""Sample fields a run's summary does not read (almost all of a log's bytes)."""
JOB_COST = 1.0
"""Estimated cost of an eval when the suite gives no `JobCost`: every run plays the grid."""
WORKER_GC_THRESHOLDS = (10_000, 20, 20)
"""Garbage collector thresholds in a worker (Python's default is 700, 10, 10)."""
QUIET_DISPLAY = "log"
"""Inspect's display when ``none`` is asked for (prints nothing at the default log level and
skips laying out a results table after every eval)."""

GridData = Callable[[ValidateOptions], Mapping[str, Any]]
"""(how the suite runs) -> task arguments naming the grid's data (e.g. a file it writes)."""
StatisticalCheck = Callable[[int], Sequence[Verdict]]
"""(instances to generate) -> verdicts of the statistical invariants."""
ExtraCheck = Callable[[Mapping[str, RunResult]], Sequence[Verdict]]
"""(every run's result) -> verdicts of the suite's own cross-run checks."""
RunChoice = Callable[[ValidateOptions], Sequence[str]]
"""(how the suite runs) -> names of the runs to play (refusing names it does not know)."""
RerunArguments = Callable[[ValidateOptions], Mapping[str, Any]]
"""(how the suite runs) -> task arguments a determinism rerun plays on top of its run's."""
JobCost = Callable[[SuiteRun, bool, ValidateOptions], float]
"""(a run, whether it is the rerun, how the suite runs) -> the eval's estimated cost (only
compared: it orders the evals, longest first, and balances the shards)."""


@dataclass(frozen=True)
class PolicyGridSuite:
    """A task's validity suite: policy runs on one grid of samples.

    Attributes:
        task: The registered task's name.
        factory: The ``@task`` function.
        scorer: The task's scorer name (whose ``Score.value`` holds the headline).
        headline: The headline score key.
        grid: Task arguments of the grid (seeds included), shared by every run.
        runs: The runs, in report order.
        reruns: Names of the runs played twice for determinism.
        statistical: Statistical invariants over generated instances (pure).
        extra: Cross-run checks beyond the bounds.
        seeds_argument: The task argument ``--seeds`` sets.
        notes: Lines the report prints under the verdicts.
        data: For tasks over data files: writes the grid's data (from ``--seeds``) and
            returns the task arguments naming it; ``seeds_argument`` is then unused.
        model_roles: Model roles of every eval (e.g. an honest scripted ``grader``).
        choose_runs: The runs a set of options plays, for suites that choose them from more
            than ``--runs`` (``--policies``, or runs played only on the suite's own grid);
            None: those of ``--runs``, else every run.
        rerun_arguments: Task arguments of every rerun on top of its run's (a smaller grid).
        cost: Each eval's estimated cost (None: `JOB_COST` for every eval).
        figures: Figures of a run read from its log beyond the score means (e.g. counts).
        columns: Score keys and figures the report's table shows beyond the headline.
    """

    task: str
    factory: Callable[..., Task]
    scorer: str
    headline: str
    grid: Mapping[str, Any]
    runs: tuple[SuiteRun, ...]
    reruns: tuple[str, ...] = ()
    statistical: StatisticalCheck | None = None
    extra: ExtraCheck | None = None
    seeds_argument: str = "seeds"
    notes: tuple[str, ...] = field(default_factory=tuple)
    data: GridData | None = None
    model_roles: Mapping[str, str] = field(default_factory=dict)
    choose_runs: RunChoice | None = None
    rerun_arguments: RerunArguments | None = None
    cost: JobCost | None = None
    figures: Figures | None = None
    columns: tuple[str, ...] = ()

    def run(self, name: str) -> SuiteRun:
        """A run by name.

        Args:
            name: Run name.

        Raises:
            ValueError: If the suite has no such run (naming the ones it has).
        """
        for run in self.runs:
            if run.name == name:
                return run
        known = ", ".join(run.name for run in self.runs)
        raise ValueError(f"{self.task} has no validity run {name!r}; choose from: {known}")

    def _check_options(self, options: ValidateOptions) -> None:
        """Refuse options this suite's task does not take, in one line."""
        if options.policies is not None and self.choose_runs is None:
            raise ValueError(f"{self.task}'s suite chooses its runs with --runs, not --policies")
        parameters = inspect.signature(self.factory).parameters
        for name, value in (("tier", options.tier), ("templates", options.templates)):
            if value is not None and name not in parameters:
                raise ValueError(f"{self.task} has no {name}; leave out --{name}")

    def task_for(self, run: SuiteRun, options: ValidateOptions, rerun: bool = False) -> Task:
        """The task one run plays.

        Args:
            run: The run.
            options: The grid's overrides (seeds, tier, templates).
            rerun: Whether it is the run's rerun (played with `rerun_arguments`).
        """
        arguments = {**self.grid, **run.task_args}
        if self.data is not None:
            arguments.update(self.data(options))
        elif options.seeds is not None and self.seeds_argument not in run.task_args:
            # a run with seeds of its own keeps them (its bounds are sized for them)
            arguments[self.seeds_argument] = list(options.seeds)
        for name, value in (("tier", options.tier), ("templates", options.templates)):
            if value is not None and name not in run.task_args:
                arguments[name] = value
        if rerun and self.rerun_arguments is not None:
            arguments.update(self.rerun_arguments(options))
        return self.factory(**arguments)

    def chosen_runs(self, options: ValidateOptions) -> list[SuiteRun]:
        """The runs these options play, with every floor run a bound is measured over.

        Args:
            options: How the suite runs.

        Raises:
            ValueError: For an unknown run.
        """
        if self.choose_runs is not None:
            names = list(self.choose_runs(options))
        else:
            names = list(options.runs) or [run.name for run in self.runs]
        chosen = [self.run(name) for name in dict.fromkeys(names)]
        played = {run.name for run in chosen}
        for run in chosen:
            for bound in run.bounds:
                if bound.over is not None and bound.over not in played:
                    chosen.append(self.run(bound.over))
                    played.add(bound.over)
        return chosen

    def job_cost(self, job: Job, options: ValidateOptions) -> float:
        """A job's estimated cost (`JobCost`; `JOB_COST` when the suite gives none).

        Args:
            job: The job.
            options: How the suite runs.
        """
        if self.cost is None:
            return JOB_COST
        return self.cost(self.run(job.run), job.rerun, options)

    def grid_key(self, options: ValidateOptions) -> str:
        """The key of the grid these options play (tagged on every eval's log).

        Args:
            options: The grid's overrides (seeds, tier, templates).
        """
        return grid_key(self.task, options.seeds, tier=options.tier, templates=options.templates)

    def validate(
        self, options: ValidateOptions, on_start: Callable[[], None] | None = None
    ) -> SuiteReport | ShardReport:
        """Run every eval (or one shard's share, or none) and check every invariant.

        Args:
            options: How to run it (``shard``: play a share and check nothing; ``merge``:
                play nothing and check the logs in the log dir).
            on_start: Called once the options are known to be good, before the first eval
                starts (the command line says there what it is doing).

        Raises:
            ValueError: For an option the task does not take, or an unknown run.
        """
        self._check_options(options)
        chosen = self.chosen_runs(options)
        names = {run.name for run in chosen}
        reruns = [name for name in self.reruns if name in names]
        jobs = [Job(self.task, run.name, False) for run in chosen]
        jobs += [Job(self.task, name, True) for name in reruns]
        # longest first (sorted() is stable: equal costs keep the suite's order)
        jobs.sort(key=lambda job: -self.job_cost(job, options))
        if chosen and not options.merge:
            # a task argument the task refuses (an unknown tier) stops here, in one line,
            # not in a worker process once the evals have started
            self.task_for(chosen[0], options)
        if on_start is not None:
            on_start()
        if options.shard is not None:
            mine = run_jobs(
                share(jobs, lambda job: self.job_cost(job, options), options.shard), options
            )
            played = [(job.label, result.samples, result.errors) for job, result in mine.items()]
            return ShardReport(self.task, options.shard, played, len(jobs), options.log_dir)
        done = self._read_jobs(jobs, options) if options.merge else run_jobs(jobs, options)
        results = {job.run: done[job] for job in jobs if not job.rerun}
        verdicts = [bound.check(run.name, results) for run in chosen for bound in run.bounds]
        verdicts.append(_no_errors(results))
        verdicts += [
            rerun_verdict(name, results[name], done[Job(self.task, name, True)]) for name in reruns
        ]
        if self.extra is not None:
            verdicts += self.extra(results)
        if self.statistical is not None:
            verdicts += self.statistical(options.instances)
        summaries = [
            RunSummary(
                run.name,
                run.description,
                results[run.name].mean(self.headline),
                results[run.name].mean("no_memory"),
                results[run.name].mean("memory_delta"),
                results[run.name].samples,
                results[run.name].errors,
                run.adversary,
                {column: results[run.name].figure(column) for column in self.columns},
            )
            for run in chosen
        ]
        return SuiteReport(
            self.task,
            self.headline,
            summaries,
            verdicts,
            options.log_dir,
            self.notes,
            self.columns,
        )

    def _read_jobs(self, jobs: Sequence[Job], options: ValidateOptions) -> dict[Job, RunResult]:
        """Every job's result, from the newest of its logs in the log dir."""
        locations = finished_logs(
            options.log_dir, self.grid_key(options), [job.label for job in jobs]
        )
        return {
            job: self.summarise(read_summary(locations[job.label], SUMMARY_SKIPS)) for job in jobs
        }

    def summarise(self, log: EvalLog) -> RunResult:
        """What one eval's log says (its score means and the suite's `figures`).

        Args:
            log: The eval log (with samples, their messages not needed).
        """
        return run_result(log, self.scorer, self.figures)


def _no_errors(results: Mapping[str, RunResult]) -> Verdict:
    errors = {name: result.errors for name, result in results.items() if result.errors}
    empty = [name for name, result in results.items() if not result.samples]
    detail = "no errors" if not errors else f"errors: {errors}"
    if empty:
        detail += f"; no sample scored: {', '.join(empty)}"
    return Verdict("no sample errors", not errors and not empty, detail)


@dataclass(frozen=True)
class Job:
    """One eval of a suite: a run, or its determinism rerun.

    Attributes:
        task: The suite's task.
        run: The run's name.
        rerun: Whether this is the rerun.
    """

    task: str
    run: str
    rerun: bool

    @property
    def label(self) -> str:
        """The eval's label in reports and log metadata."""
        return eval_label(self.run, self.rerun)


def run_job(job: Job, options: ValidateOptions) -> tuple[Job, RunResult]:
    """Play one job's eval and summarise its log.

    Args:
        job: The job.
        options: How to run it.
    """
    suite = get_suite(job.task)
    if not isinstance(suite, PolicyGridSuite):
        raise TypeError(f"{job.task}'s validity suite does not run policy grids")
    run = suite.run(job.run)
    display = QUIET_DISPLAY if options.display == "none" else options.display
    [log] = inspect_eval(
        suite.task_for(run, options, job.rerun),
        model=f"memgym/{run.policy}",
        model_roles=dict(suite.model_roles) or None,
        log_dir=options.log_dir,
        max_samples=options.max_samples,
        display=display,  # type: ignore[arg-type]
        log_realtime=False,
        score_display=False,
        tags=["validate", job.run, *(["rerun"] if job.rerun else [])],
        metadata=eval_metadata(suite.grid_key(options), job.label),
    )
    # the returned log reads its samples back whole on first access; the summary needs
    # only their scores, store and error
    return job, suite.summarise(read_summary(log.location, SUMMARY_SKIPS))


def import_registries() -> None:
    """Register every task, suite and the memgym provider in this process."""
    for module in REGISTRY_MODULES:
        importlib.import_module(module)


def _start_worker() -> None:
    """Register every task, suite and the memgym provider in a worker process.

    Imported modules live as long as the worker: frozen, the collector's full passes skip
    them instead of walking them again and again. A larger young generation makes the
    frequent passes rarer; a job's garbage is collected after it.
    """
    import_registries()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLDS)


def _run_in_worker(job: Job, options: ValidateOptions) -> tuple[Job, RunResult]:
    """`run_job`, then collect the job's garbage and freeze what survives (a task cache)."""
    done = run_job(job, options)
    gc.collect()
    gc.freeze()
    return done


def run_jobs(jobs: Sequence[Job], options: ValidateOptions) -> dict[Job, RunResult]:
    """Run every job, in this process (one worker) or in a pool of worker processes.

    Args:
        jobs: Jobs, in the order to start them.
        options: How to run them.
    """
    if options.workers <= 1 or len(jobs) <= 1:
        import_registries()
        return dict(run_job(job, options) for job in jobs)
    # spawn: a forked child would inherit this process's threads and Inspect's global state
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=min(options.workers, len(jobs)), mp_context=context, initializer=_start_worker
    ) as pool:
        futures = [pool.submit(_run_in_worker, job, options) for job in jobs]
        return dict(future.result() for future in futures)

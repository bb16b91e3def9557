"""entity_stream's switch runs: memoryless behaviours that change with the pass.

A switch adversary (`kit.pass_switch`) plays one memoryless policy when memory is shown
and another when it is empty: ``abstainer`` (decline), ``range_hedger`` (several names and
the whole value range), ``view_dumper`` (every name and number in view and the catalogue)
and ``guesser`` (a blind pick), mapped in `policies.registry.SWITCH_BEHAVIOURS`. The suite
plays all twelve under agentic (the task's default) and the six decline pairs under notes,
rag, native, awe and a memory system (Mem0), each on its own small grid (lite tier, seeds
0-1, every template: 20 samples, 200 questions). Bounds (`validity.switch_runs`): the
composite at most the floor by design + 0.05 (declining everything earns 0: abstention is
out of the composite) and ``memory_delta`` at most 0.05.

The runs play as jobs of the policy grid (`validity_jobs`): by default with the official
grid (no ``--tier``, ``--seeds``, ``--templates`` or ``--policies``), or by name with
``--runs``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from statistics import fmean
from typing import Any

from inspect_memgym.entity_stream.invariants import PolicyResult
from inspect_memgym.entity_stream.validity_jobs import PolicyJob
from inspect_memgym.validity.runs import RunResult, SuiteRun
from inspect_memgym.validity.switch_runs import switch_runs
from inspect_memgym.validity.verdicts import Verdict

HEADLINE = "composite"
SWITCH_TIER = "lite"
SWITCH_SEEDS = (0, 1)
SWITCH_FLOOR = 0.0
"""What declining everything earns on the composite (abstention is not in it)."""
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("agentic", {}),
    ("notes", {"agent": "notes"}),
    ("rag", {"agent": "rag", "backend": "markdown"}),
    ("native", {"agent": "native"}),
    ("awe", {"agent": "awe", "backend": "markdown"}),
    ("system", {"agent": "system", "system": "mem0"}),
)
"""The strategy families the switches play under (the default, agentic, first)."""
SWITCH_RUNS: dict[str, SuiteRun] = {
    run.name: run for run in switch_runs(HEADLINE, SWITCH_FAMILIES, SWITCH_FLOOR)
}
"""Every switch run, by name."""


def switch_jobs(names: Sequence[str], templates: Sequence[str]) -> list[PolicyJob]:
    """The jobs of the named switch runs, on their own grid.

    Args:
        names: Switch run names (keys of `SWITCH_RUNS`).
        templates: The templates they play.

    Raises:
        ValueError: For a name that is no switch run.
    """
    unknown = [name for name in names if name not in SWITCH_RUNS]
    if unknown:
        raise ValueError(
            f"entity_stream's --runs are its switch runs (choose policies with --policies): "
            f"unknown {', '.join(map(repr, unknown))}; e.g. {next(iter(SWITCH_RUNS))}"
        )
    jobs = []
    for name in names:
        run = SWITCH_RUNS[name]
        task_args = {"tier": SWITCH_TIER, "seeds": SWITCH_SEEDS, **run.task_args}
        jobs.append(
            PolicyJob(run.policy, tuple(templates), run=name, task_args=tuple(task_args.items()))
        )
    return jobs


def run_result_of(result: PolicyResult) -> RunResult:
    """A policy result as a suite's `RunResult`: each key's mean over samples, NaN skipped.

    Args:
        result: A switch run's result.
    """
    values = result.sample_values
    keys = sorted({key for value in values.values() for key in value})
    means = {}
    for key in keys:
        present = [v[key] for v in values.values() if key in v and not math.isnan(v[key])]
        means[key] = fmean(present) if present else math.nan
    return RunResult(means, len(values), result.errors, values)


def switch_verdicts(results: Mapping[str, PolicyResult]) -> list[Verdict]:
    """Every bound of every switch run played.

    Args:
        results: Switch run name -> its result.
    """
    if not results:
        return []
    summaries = {name: run_result_of(result) for name, result in results.items()}
    verdicts = [
        bound.check(name, summaries) for name in results for bound in SWITCH_RUNS[name].bounds
    ]
    errors = {name: result.errors for name, result in results.items() if result.errors}
    detail = f"errors: {errors}" if errors else f"{len(results)} runs, no errors"
    return [*verdicts, Verdict("no sample errors in the switch runs", not errors, detail)]


def switch_table(results: Mapping[str, PolicyResult]) -> list[str]:
    """The switch runs' rows: composite, no_memory, memory_delta, samples and errors.

    Args:
        results: Switch run name -> its result.
    """
    keys = (HEADLINE, "no_memory", "memory_delta")
    lines = [
        "| switch run | what it does | " + " | ".join(keys) + " | samples | errors |",
        "|---|---|" + "---|" * (len(keys) + 2),
    ]
    for name, result in results.items():
        summary = run_result_of(result)
        cells = " | ".join(f"{summary.mean(key):.3f}" for key in keys)
        lines.append(
            f"| {name} | {SWITCH_RUNS[name].description} | {cells} | {summary.samples} | "
            f"{result.errors} |"
        )
    return lines

"""Harness overhead per model call against Inspect's own floor, per task.

Usage: python benchmarks/harness_overhead.py [--cases entity_stream,conversation]
       [--case NAME=TASK:POLICY:key=value,...] [--runs 5] [--max-samples 1]
       [--no-log-realtime] [--no-score-display]

For each case (a registered task, its task arguments and a ``memgym`` policy), the script
runs the task once as a warm-up and records its turns from the log (every model call's
prompt, tools and output, every tool call's result: ``harness_floor.py``). Then, in this
process, it runs the task and its floor alternately, ``--runs`` times each: the floor is a
bare Inspect task replaying the same turns with ``mockllm/model``, no-op tools of the same
names and schemas returning the recorded results, no sample metadata and one metric. The
``memgym`` provider answers in microseconds, so the task's wall time per model call is what
the suite and Inspect cost per turn, and the floor's is what Inspect costs for the same turns
with nothing else. Prints, per case, the medians of wall time per call, process CPU time per
call and the per-sample median (a sample's total time ÷ its calls; it leaves out per-eval
costs such as the final metrics), each for the task and its floor, and their ratio (target:
≤ 1.3).

Built-in cases: ``entity_stream`` (standard tier, seed 0, all 10 templates, memgym/perfect)
and ``conversation`` (base tier, users 0-1, the awe agent, memgym/perfect). Add a task with
``--case research_qa=research_qa:perfect:seeds=2`` (task arguments are JSON values or
strings).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from harness_floor import (
    SampleRecording,
    floor_model,
    floor_task,
    model_calls,
    record_turns,
)
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog, read_eval_log
from inspect_ai.model import Model

TARGET_RATIO = 1.3
TASK_MODULE = "inspect_memgym._registry"
"""Where every registered task function can be imported from by its name."""


@dataclass(frozen=True)
class Case:
    """A task run to measure.

    Attributes:
        name: Label.
        task: Registered task name (without the ``inspect_memgym/`` prefix).
        policy: ``memgym`` policy.
        task_args: Task arguments.
    """

    name: str
    task: str
    policy: str
    task_args: dict[str, Any] = field(default_factory=dict)

    def build(self) -> Task:
        """The task, built from its registered function."""
        factory: Callable[..., Task] = getattr(importlib.import_module(TASK_MODULE), self.task)
        return factory(**self.task_args)


BUILT_IN_CASES = {
    "entity_stream": Case("entity_stream", "entity_stream", "perfect", {"seed": 0}),
    "conversation": Case(
        "conversation", "conversation", "perfect", {"tier": "base", "seeds": 2, "agent": "awe"}
    ),
}


@dataclass(frozen=True)
class Run:
    """One eval run's figures."""

    calls: int
    wall_seconds: float
    cpu_seconds: float
    sample_ms_per_call: float

    @property
    def ms_per_call(self) -> float:
        """Wall milliseconds per model call."""
        return 1000 * self.wall_seconds / self.calls

    @property
    def cpu_ms_per_call(self) -> float:
        """Process CPU milliseconds per model call."""
        return 1000 * self.cpu_seconds / self.calls


def _eval(
    task: Task, model: str | Model, args: argparse.Namespace, log_dir: str
) -> tuple[EvalLog, float, float]:
    started, cpu_started = time.perf_counter(), time.process_time()
    [log] = inspect_eval(
        task,
        model=model,
        log_dir=log_dir,
        display="none",
        max_samples=args.max_samples,
        log_realtime=not args.no_log_realtime,
        score_display=not args.no_score_display,
    )
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    full = read_eval_log(log.location, resolve_attachments="full")
    if full.status != "success" or not full.samples:
        raise RuntimeError(f"{task.name}: eval did not succeed: {full.status} {full.error}")
    errors = [sample.id for sample in full.samples if sample.error is not None]
    if errors:
        raise RuntimeError(f"{task.name}: samples errored: {errors}")
    return full, wall, cpu


def _figures(log: EvalLog, wall: float, cpu: float) -> Run:
    per_sample: list[float] = []
    calls = 0
    for sample in log.samples or []:
        sample_calls = sum(1 for event in sample.events if event.event == "model")
        calls += sample_calls
        per_sample.append(1000 * (sample.total_time or 0.0) / max(1, sample_calls))
    return Run(calls, wall, cpu, statistics.median(per_sample))


def _headline_key(log: EvalLog) -> str:
    headline = log.eval.headline_metric
    return headline.score if headline is not None and headline.score else "value"


def _check_replay(recordings: list[SampleRecording], floor_log: EvalLog) -> None:
    """The floor made exactly the recorded model calls and tool calls, with the same results."""
    replayed = record_turns(floor_log, "value")
    for original, again in zip(recordings, replayed, strict=True):
        if original.sample_id != again.sample_id or len(original.turns) != len(again.turns):
            raise RuntimeError(f"floor replay of {original.sample_id} differs in model calls")
        if original.tool_outcomes != again.tool_outcomes:
            raise RuntimeError(f"floor replay of {original.sample_id} differs in tool results")


def _print_runs(label: str, runs: list[Run]) -> None:
    for number, run in enumerate(runs, start=1):
        print(
            f"  {label} run {number}: {run.calls} calls, wall {run.wall_seconds:.2f} s = "
            f"{run.ms_per_call:.2f} ms/call, CPU {run.cpu_ms_per_call:.2f} ms/call, "
            f"per-sample {run.sample_ms_per_call:.2f} ms/call"
        )


def _median(runs: list[Run], figure: Callable[[Run], float]) -> float:
    return statistics.median(figure(run) for run in runs)


def measure(case: Case, args: argparse.Namespace, log_dir: str) -> None:
    """Warm up and record, then run the task and its floor alternately; print the medians.

    Args:
        case: The case.
        args: Command-line options.
        log_dir: Scratch log directory.
    """
    model = f"memgym/{case.policy}"
    warm_log, _, _ = _eval(case.build(), model, args, log_dir)
    recordings = record_turns(warm_log, _headline_key(warm_log))
    calls = model_calls(recordings)
    floor_log, _, _ = _eval(floor_task(recordings), floor_model(), args, log_dir)
    _check_replay(recordings, floor_log)
    ours: list[Run] = []
    floor: list[Run] = []
    for _ in range(args.runs):
        task = case.build()
        ours.append(_figures(*_eval(task, model, args, log_dir)))
        replay = floor_task(recordings)
        floor.append(_figures(*_eval(replay, floor_model(), args, log_dir)))
    for run in (*ours, *floor):
        if run.calls != calls:
            raise RuntimeError(f"{case.name}: {run.calls} model calls, recorded {calls}")
    print(
        f"{case.name}: {case.task} {case.task_args} memgym/{case.policy}, "
        f"{len(recordings)} samples, {calls} model calls per run"
    )
    _print_runs("ours ", ours)
    _print_runs("floor", floor)
    for title, figure in (
        ("wall", lambda run: run.ms_per_call),
        ("CPU", lambda run: run.cpu_ms_per_call),
        ("per-sample", lambda run: run.sample_ms_per_call),
    ):
        mine, base = _median(ours, figure), _median(floor, figure)
        print(
            f"{case.name} {title}: ours {mine:.2f} ms/call, floor {base:.2f} ms/call, "
            f"ratio {mine / base:.2f} (target <= {TARGET_RATIO})"
        )


def _parse_case(text: str) -> Case:
    """``NAME=TASK:POLICY:key=value,key=value`` (task arguments: JSON values or strings)."""
    name, _, spec = text.partition("=")
    task, policy, *rest = spec.split(":", 2)
    task_args: dict[str, Any] = {}
    for item in rest[0].split(",") if rest and rest[0] else []:
        key, _, raw = item.partition("=")
        try:
            task_args[key] = json.loads(raw)
        except json.JSONDecodeError:
            task_args[key] = raw
    return Case(name, task.removeprefix("inspect_memgym/"), policy, task_args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default="entity_stream,conversation")
    parser.add_argument("--case", action="append", default=[], help="NAME=TASK:POLICY:k=v,...")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-samples", type=int, default=1)
    parser.add_argument("--no-log-realtime", action="store_true")
    parser.add_argument("--no-score-display", action="store_true")
    args = parser.parse_args()
    cases = [BUILT_IN_CASES[name] for name in args.cases.split(",") if name]
    cases += [_parse_case(text) for text in args.case]
    print(
        f"harness overhead: {args.runs} runs per case, max_samples {args.max_samples}, "
        f"log_realtime {not args.no_log_realtime}, score_display {not args.no_score_display}, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    with tempfile.TemporaryDirectory(prefix="memgym-harness-") as log_dir:
        for case in cases:
            measure(case, args, log_dir)
    print(f"load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""Harness overhead per model call: eval wall time divided by model calls, memgym provider.

Usage: python benchmarks/harness_overhead.py [--backends chroma,markdown] [--runs 3]
       [--tier standard] [--seed 0] [--templates all] [--policy perfect] [--max-samples 1]
       [--no-log-realtime] [--no-score-display]

The ``memgym`` provider answers in microseconds, so an eval's wall time divided by its model
calls is what the suite and Inspect cost per turn: tool calls, memory backend, store and
transcript bookkeeping, logging. Each run is one ``inspect_ai.eval`` in this process after a
warm-up run (so imports and the embedded ChromaDB start-up are not counted); model calls are
counted from the log's model events. Prints the median over runs per backend, with the
process CPU time per call and the per-sample median (a sample's total time / its calls).
``--no-log-realtime`` and ``--no-score-display`` pass Inspect's options of those names, to
show what its live sample buffer and its running metrics cost.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from dataclasses import dataclass

from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog, read_eval_log

from inspect_memgym.entity_stream.task import entity_stream


@dataclass(frozen=True)
class Run:
    """One eval run's figures."""

    samples: int
    calls: int
    wall_seconds: float
    cpu_seconds: float
    sample_ms_per_call: float
    composite: float

    @property
    def ms_per_call(self) -> float:
        """Wall milliseconds per model call."""
        return 1000 * self.wall_seconds / self.calls

    @property
    def cpu_ms_per_call(self) -> float:
        """Process CPU milliseconds per model call."""
        return 1000 * self.cpu_seconds / self.calls


def _run(args: argparse.Namespace, backend: str, templates: str | None, log_dir: str) -> Run:
    task = entity_stream(tier=args.tier, seed=args.seed, templates=templates, backend=backend)
    started, cpu_started = time.perf_counter(), time.process_time()
    [log] = inspect_eval(
        task,
        model=f"memgym/{args.policy}",
        log_dir=log_dir,
        display="none",
        max_samples=args.max_samples,
        log_realtime=not args.no_log_realtime,
        score_display=not args.no_score_display,
    )
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return _figures(read_eval_log(log.location), wall, cpu)


def _figures(log: EvalLog, wall: float, cpu: float) -> Run:
    if log.status != "success" or not log.samples:
        raise RuntimeError(f"eval did not succeed: {log.status} {log.error}")
    per_sample: list[float] = []
    calls = 0
    composites: list[float] = []
    for sample in log.samples:
        sample_calls = sum(1 for event in sample.events if event.event == "model")
        calls += sample_calls
        per_sample.append(1000 * (sample.total_time or 0.0) / max(1, sample_calls))
        for score in (sample.scores or {}).values():
            if isinstance(score.value, dict):
                composites.append(float(score.value["composite"]))
    return Run(
        samples=len(log.samples),
        calls=calls,
        wall_seconds=wall,
        cpu_seconds=cpu,
        sample_ms_per_call=statistics.median(per_sample),
        composite=statistics.fmean(composites) if composites else float("nan"),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--backends", default="chroma,markdown")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tier", default="standard")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--templates", default="all", help="comma list, or all")
    parser.add_argument("--policy", default="perfect")
    parser.add_argument("--max-samples", type=int, default=1)
    parser.add_argument("--no-log-realtime", action="store_true")
    parser.add_argument("--no-score-display", action="store_true")
    args = parser.parse_args()
    templates = None if args.templates == "all" else args.templates
    print(
        f"harness overhead: tier {args.tier}, seed {args.seed}, templates {args.templates}, "
        f"memgym/{args.policy}, max_samples {args.max_samples}, {args.runs} runs, "
        f"log_realtime {not args.no_log_realtime}, score_display {not args.no_score_display}, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    with tempfile.TemporaryDirectory(prefix="memgym-harness-") as log_dir:
        for backend in args.backends.split(","):
            _run(args, backend, "company", log_dir)  # warm-up: imports, client start-up
            runs = [_run(args, backend, templates, log_dir) for _ in range(args.runs)]
            for number, run in enumerate(runs, start=1):
                print(
                    f"  {backend} run {number}: {run.samples} samples, {run.calls} model calls, "
                    f"wall {run.wall_seconds:.2f} s = {run.ms_per_call:.2f} ms/call, "
                    f"CPU {run.cpu_ms_per_call:.2f} ms/call, per-sample median "
                    f"{run.sample_ms_per_call:.2f} ms/call, composite {run.composite:.3f}"
                )
            print(
                f"{backend}: median wall {statistics.median(r.ms_per_call for r in runs):.2f} "
                f"ms/call, CPU {statistics.median(r.cpu_ms_per_call for r in runs):.2f} ms/call, "
                f"per-sample {statistics.median(r.sample_ms_per_call for r in runs):.2f} ms/call "
                f"(target <= 5 ms); load average now {os.getloadavg()[0]:.2f}"
            )


if __name__ == "__main__":
    main()

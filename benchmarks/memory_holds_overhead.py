"""CPU cost of snapshotting and scoring what the memory holds, on a lite entity_stream run.

Usage: python benchmarks/memory_holds_overhead.py [--runs 4] [--tier lite]
       [--templates company,...] [--policy perfect] [--log-dir DIR]

Runs the same entity_stream eval (lite tier by default, seed 0, markdown memory, a
``memgym`` policy) in this process, alternately without (A) and with (B) the memory
snapshots and their per-operation scores (`entity_stream.memory_holds`), ``--runs`` times
each (ABAB...). A is the suite with the snapshot calls and the scoring swapped for no-ops.
Prints the median process CPU seconds and wall seconds of each, and B's CPU overhead over A
(target: at most 5%).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from inspect_ai import eval as inspect_eval

from inspect_memgym.entity_stream import sample_scorer as stream_scorer
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.strategies import drivers as strategy_drivers

TARGET_OVERHEAD = 0.05


@contextmanager
def holdings_off() -> Iterator[None]:
    """No snapshot taken by any strategy and nothing scored from it (run A)."""
    saved = (strategy_drivers.record_snapshot, stream_scorer.memory_holds)

    def no_snapshot(stage: str, snapshot: Any) -> None:
        return None

    def no_scores(*args: Any, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        return {}, {}

    strategy_drivers.record_snapshot = no_snapshot  # type: ignore[assignment]
    stream_scorer.memory_holds = no_scores  # type: ignore[assignment]
    try:
        yield
    finally:
        strategy_drivers.record_snapshot, stream_scorer.memory_holds = saved


def timed_run(tier: str, templates: list[str], policy: str, log_dir: str) -> tuple[float, float]:
    """One eval: (process CPU seconds, wall seconds)."""
    cpu, wall = time.process_time(), time.perf_counter()
    [log] = inspect_eval(
        entity_stream(tier=tier, seed=0, templates=templates, memory="markdown"),
        model=f"memgym/{policy}",
        log_dir=log_dir,
        display="none",
    )
    if log.status != "success":
        raise RuntimeError(f"run failed: {log.error}")
    return time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--tier", default="lite")
    parser.add_argument("--templates", default=",".join(TEMPLATE_NAMES))
    parser.add_argument("--policy", default="perfect")
    parser.add_argument("--log-dir", default=None)
    args = parser.parse_args()
    templates = args.templates.split(",")
    log_dir = args.log_dir or tempfile.mkdtemp(prefix="memory_holds_overhead_")
    timed_run(args.tier, templates, args.policy, log_dir)  # warm-up: imports, caches
    without: list[tuple[float, float]] = []
    with_holds: list[tuple[float, float]] = []
    for _ in range(args.runs):
        with holdings_off():
            without.append(timed_run(args.tier, templates, args.policy, log_dir))
        with_holds.append(timed_run(args.tier, templates, args.policy, log_dir))
    cpu_a = statistics.median(run[0] for run in without)
    cpu_b = statistics.median(run[0] for run in with_holds)
    overhead = (cpu_b - cpu_a) / cpu_a
    print(
        f"memory holds overhead: {args.tier}, {len(templates)} templates, memgym/{args.policy}, "
        f"{args.runs} runs each (ABAB)"
    )
    print("| run | CPU s median | wall s median |")
    print("|---|---|---|")
    print(f"| A (no snapshot, no scores) | {cpu_a:.3f} | "
          f"{statistics.median(run[1] for run in without):.3f} |")  # fmt: skip
    print(f"| B (snapshot and scores) | {cpu_b:.3f} | "
          f"{statistics.median(run[1] for run in with_holds):.3f} |")  # fmt: skip
    verdict = "within" if overhead <= TARGET_OVERHEAD else "over"
    print(f"CPU overhead: {overhead:+.1%} ({verdict} the {TARGET_OVERHEAD:.0%} target)")


if __name__ == "__main__":
    main()

"""CPU cost of snapshotting and scoring what the memory holds, on a lite entity_stream run.

Usage: python benchmarks/memory_holds_overhead.py [--runs 6] [--tier lite]
       [--templates company,...] [--policy perfect] [--log-dir DIR]
       [--profile] [--arm A|B]

Runs the same entity_stream eval (lite tier by default, seed 0, markdown memory, a
``memgym`` policy) in this process, without (A) and with (B) the memory snapshots and
their per-operation scores (`entity_stream.memory_holds`). A is the suite with the
snapshot calls and the scoring swapped for no-ops. After one warm-up run (imports,
caches), the runs are interleaved in ABBA blocks (``--runs`` of each), so a drift of the
machine's load weighs on both arms alike. Each run is measured in process CPU seconds
(`time.process_time`: the eval runs in this process, so other processes' load does not
count, only its effect on caches and frequency); the table gives each arm's median and
range, and the overhead is B's median over A's (target: at most 5%), with the range of the
per-block overheads beside it. On a loaded machine that difference is noisier than the
cost itself, so each B run also measures, in process CPU, the two parts that A leaves out:
scoring the snapshot (`entity_stream.memory_holds`) and recording it in the store
(`memory.holdings.record_snapshot`); their medians are given as shares of A's median.

``--profile`` adds a load-independent count: one more run of each arm under cProfile,
with the number of Python function calls each made (deterministic for a scripted policy)
and the functions whose own time differs most between the two.

``--arm A`` or ``--arm B`` plays that arm once after the warm-up and nothing else, for an
instruction count under valgrind (``valgrind --tool=callgrind python
benchmarks/memory_holds_overhead.py --arm B --templates company``; subtract a run with
``--arm none``, which plays the warm-up only).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from inspect_ai import eval as inspect_eval

from inspect_memgym.entity_stream import sample_scorer as stream_scorer
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.scoring.operation_scores import MemoryHolds
from inspect_memgym.strategies import drivers as strategy_drivers

TARGET_OVERHEAD = 0.05
PROFILE_ROWS = 15
"""Functions listed by ``--profile``: those whose own time differs most between A and B."""


@dataclass(frozen=True)
class RunSettings:
    """What every run plays.

    Attributes:
        tier: The entity_stream tier.
        templates: The templates (one sample each).
        policy: The ``memgym`` policy.
        log_dir: Where the logs go.
    """

    tier: str
    templates: list[str]
    policy: str
    log_dir: str


@contextmanager
def holdings_off() -> Iterator[None]:
    """No snapshot taken by any strategy and nothing scored from it (run A)."""
    saved = (strategy_drivers.record_snapshot, stream_scorer.memory_holds)

    def no_snapshot(stage: str, snapshot: Any) -> None:
        return None

    def no_scores(*args: Any, **kwargs: Any) -> tuple[dict[str, Any], MemoryHolds]:
        return {}, MemoryHolds(snapshots=[])

    strategy_drivers.record_snapshot = no_snapshot  # type: ignore[assignment]
    stream_scorer.memory_holds = no_scores  # type: ignore[assignment]
    try:
        yield
    finally:
        strategy_drivers.record_snapshot, stream_scorer.memory_holds = saved


PARTS = ("scoring", "recording")
"""What B does and A does not, each measured inside B's runs."""


@contextmanager
def parts_measured(spent: dict[str, float]) -> Iterator[None]:
    """Add the process CPU seconds of scoring and of recording the snapshots to ``spent``."""
    saved = (strategy_drivers.record_snapshot, stream_scorer.memory_holds)

    def measured(part: str, function: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[part] = spent.get(part, 0.0) + time.process_time() - start

        return run

    stream_scorer.memory_holds = measured("scoring", saved[1])  # type: ignore[assignment]
    strategy_drivers.record_snapshot = measured("recording", saved[0])  # type: ignore[assignment]
    try:
        yield
    finally:
        strategy_drivers.record_snapshot, stream_scorer.memory_holds = saved


@contextmanager
def arm(name: str, spent: dict[str, float] | None = None) -> Iterator[None]:
    """Run A (holdings off) or B (as the suite runs, its parts measured into ``spent``)."""
    if name == "A":
        with holdings_off():
            yield
    else:
        with parts_measured({} if spent is None else spent):
            yield


def play(settings: RunSettings) -> None:
    """One eval of the settings; raises if it fails."""
    [log] = inspect_eval(
        entity_stream(tier=settings.tier, seed=0, templates=settings.templates, memory="markdown"),
        model=f"memgym/{settings.policy}",
        log_dir=settings.log_dir,
        display="none",
    )
    if log.status != "success":
        raise RuntimeError(f"run failed: {log.error}")


def timed_run(
    settings: RunSettings, name: str, spent: dict[str, float] | None = None
) -> tuple[float, float]:
    """One eval of an arm: (process CPU seconds, wall seconds); B's parts into ``spent``."""
    with arm(name, spent):
        cpu, wall = time.process_time(), time.perf_counter()
        play(settings)
        return time.process_time() - cpu, time.perf_counter() - wall


def abba_order(blocks: int) -> list[str]:
    """The arms in ABBA blocks: A B B A, A B B A, ... (``blocks`` runs of each arm)."""
    order: list[str] = []
    for block in range(blocks):
        order.extend(["A", "B"] if block % 2 == 0 else ["B", "A"])
    return order


def profiled_run(settings: RunSettings, name: str) -> pstats.Stats:
    """One eval of an arm under cProfile."""
    profiler = cProfile.Profile()
    with arm(name):
        profiler.enable()
        play(settings)
        profiler.disable()
    return pstats.Stats(profiler)


def _own_times(stats: pstats.Stats) -> dict[str, tuple[int, float]]:
    """Each function's calls and own time, by ``file:line(name)``."""
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    return {
        f"{path.rsplit('/', 1)[-1]}:{line}({function})": (calls, own)
        for (path, line, function), (_, calls, own, _, _) in table.items()
    }


def print_profile(settings: RunSettings) -> None:
    """Function calls of each arm under cProfile and the own times that differ most."""
    stats_a, stats_b = profiled_run(settings, "A"), profiled_run(settings, "B")
    calls_a = stats_a.total_calls  # type: ignore[attr-defined]
    calls_b = stats_b.total_calls  # type: ignore[attr-defined]
    print(
        f"\nFunction calls under cProfile: A {calls_a:,}, B {calls_b:,} "
        f"({(calls_b - calls_a) / calls_a:+.1%}); own time A "
        f"{stats_a.total_tt:.3f} s, B {stats_b.total_tt:.3f} s"  # type: ignore[attr-defined]
    )
    own_a, own_b = _own_times(stats_a), _own_times(stats_b)
    rows = sorted(
        (
            (own_b.get(key, (0, 0.0))[1] - own_a.get(key, (0, 0.0))[1], key)
            for key in own_a.keys() | own_b.keys()
        ),
        reverse=True,
    )[:PROFILE_ROWS]
    print("| function | calls A | calls B | own s B - A |")
    print("|---|---:|---:|---:|")
    for difference, key in rows:
        print(
            f"| {key} | {own_a.get(key, (0, 0.0))[0]} | {own_b.get(key, (0, 0.0))[0]} | "
            f"{difference:+.3f} |"
        )


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def print_timings(settings: RunSettings, runs: int) -> None:
    """The ABBA runs' CPU and wall seconds per arm and B's overhead over A."""
    timings: dict[str, list[tuple[float, float]]] = {"A": [], "B": []}
    parts: dict[str, list[float]] = {part: [] for part in PARTS}
    for name in abba_order(runs):
        spent: dict[str, float] = {}
        timings[name].append(timed_run(settings, name, spent))
        if name == "B":
            for part in PARTS:
                parts[part].append(spent.get(part, 0.0))
    cpu = {name: [run[0] for run in runs_of] for name, runs_of in timings.items()}
    wall = {name: [run[1] for run in runs_of] for name, runs_of in timings.items()}
    overhead = statistics.median(cpu["B"]) / statistics.median(cpu["A"]) - 1
    paired = [b / a - 1 for a, b in zip(cpu["A"], cpu["B"], strict=True)]
    print(
        f"memory holds overhead: {settings.tier}, {len(settings.templates)} templates, "
        f"memgym/{settings.policy}, {runs} runs each (ABBA blocks)"
    )
    print("| run | CPU s median (range) | wall s median (range) |")
    print("|---|---|---|")
    print(f"| A (no snapshot, no scores) | {_spread(cpu['A'])} | {_spread(wall['A'])} |")
    print(f"| B (snapshot and scores) | {_spread(cpu['B'])} | {_spread(wall['B'])} |")
    verdict = "within" if overhead <= TARGET_OVERHEAD else "over"
    print(
        f"CPU overhead: {overhead:+.1%} ({verdict} the {TARGET_OVERHEAD:.0%} target); "
        f"per pair {min(paired):+.1%} to {max(paired):+.1%}, median "
        f"{statistics.median(paired):+.1%}"
    )
    baseline = statistics.median(cpu["A"])
    print(
        "Measured inside B: "
        + ", ".join(
            f"{part} {statistics.median(parts[part]):.3f} s "
            f"({statistics.median(parts[part]) / baseline:.1%} of A)"
            for part in PARTS
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--tier", default="lite")
    parser.add_argument("--templates", default=",".join(TEMPLATE_NAMES))
    parser.add_argument("--policy", default="perfect")
    parser.add_argument(
        "--log-dir", default=None, help="keep the logs here (default: removed at the end)"
    )
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--arm", choices=["A", "B", "none"], default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memory_holds_overhead_") as scratch:
        settings = RunSettings(
            args.tier, args.templates.split(","), args.policy, args.log_dir or scratch
        )
        play(settings)  # warm-up: imports, caches
        if args.arm is not None:
            if args.arm != "none":
                timed_run(settings, args.arm)
            return
        print_timings(settings, args.runs)
        if args.profile:
            print_profile(settings)


if __name__ == "__main__":
    main()

"""Memory-isolated deltas per strategy, and what isolation costs, with the memgym policies.

    python benchmarks/isolation_table.py              # conversation small, 10 users
    python benchmarks/isolation_table.py --users 3    # quicker
    python benchmarks/isolation_table.py --smoke      # one strategy, one policy, one user
    python benchmarks/isolation_table.py --log-dir DIR  # logs there (default logs/isolation)

Prints, per memory strategy and policy, the headline (chance-corrected accuracy), the
no-memory headline and the delta (mean ± standard error over users); then, for the agentic
entity_stream loop and for two conversation strategies, the model calls and wall time with
isolation on and off.
"""

from __future__ import annotations

import argparse
import math
import time
from statistics import fmean, stdev
from typing import Any

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.strategies.registry import STRATEGY_NAMES

POLICIES = ("perfect", "strategic", "naive", "guesser")
COST_RUNS = (
    ("entity_stream agentic", lambda on: entity_stream(tier="lite", seeds=1, memory_isolation=on)),
    ("conversation awe", lambda on: conversation(tier="small", seeds=10, memory_isolation=on)),
    (
        "conversation notes",
        lambda on: conversation(tier="small", seeds=10, agent="notes", memory_isolation=on),
    ),
)


DEFAULT_LOG_DIR = "logs/isolation"


def run(task: Task, policy: str, log_dir: str = DEFAULT_LOG_DIR) -> tuple[EvalLog, float]:
    started = time.perf_counter()
    [log] = inspect_eval(
        task, model=f"memgym/{policy}", display="none", log_dir=log_dir, log_realtime=False
    )
    assert log.status == "success", log.error
    return log, time.perf_counter() - started


def values(log: EvalLog, key: str) -> list[float]:
    scorer = next(iter(log.samples[0].scores))  # type: ignore[index, union-attr, arg-type]
    return [float(s.scores[scorer].value[key]) for s in log.samples or []]  # type: ignore[index]


def shown(numbers: list[float]) -> str:
    se = stdev(numbers) / math.sqrt(len(numbers)) if len(numbers) > 1 else 0.0
    return f"{fmean(numbers):+.3f} ± {se:.3f}"


def model_calls(log: EvalLog) -> int:
    return sum(
        sum(1 for event in sample.events if event.event == "model") for sample in log.samples or []
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--log-dir", default=DEFAULT_LOG_DIR, help="where the logs go")
    parser.add_argument(
        "--smoke", action="store_true", help="none with perfect, one user, no cost runs"
    )
    args = parser.parse_args()
    users = 1 if args.smoke else args.users
    strategies = ["none"] if args.smoke else STRATEGY_NAMES
    policies = ["perfect"] if args.smoke else POLICIES
    print(f"conversation, small tier, {users} users (mean ± standard error over users)\n")
    print("| strategy | policy | corrected accuracy | no memory | memory delta |")
    print("|---|---|---:|---:|---:|")
    for strategy in strategies:
        for policy in policies:
            log, _ = run(
                conversation(tier="small", seeds=users, agent=strategy), policy, args.log_dir
            )
            keys = ("chance_corrected_accuracy", "no_memory", "memory_delta")
            row = [shown(values(log, key)) for key in keys]
            print(f"| {strategy} | {policy} | " + " | ".join(row) + " |")
    if args.smoke:
        return
    print("\nwhat isolation costs (memgym/perfect)\n")
    print("| run | model calls off | on | extra | wall s off | on | extra |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, build in COST_RUNS:
        measured: dict[bool, Any] = {}
        for isolated in (False, True):
            log, seconds = run(build(isolated), "perfect", args.log_dir)
            measured[isolated] = (model_calls(log), seconds)
        (calls_off, wall_off), (calls_on, wall_on) = measured[False], measured[True]
        print(
            f"| {name} | {calls_off} | {calls_on} | {calls_on / calls_off - 1:+.0%} "
            f"| {wall_off:.1f} | {wall_on:.1f} | {wall_on / wall_off - 1:+.0%} |"
        )


if __name__ == "__main__":
    main()

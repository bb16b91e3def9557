"""Scenario generation speed: CPU ms per scenario, median over the official grid.

Usage: python benchmarks/generation_speed.py [--tier standard] [--repeats 3]

Also times each generation stage (entities, questions, rendered stream) so a regression
points at its cause. Compare with MemoryGym's ~58 ms per standard scenario. On a shared,
noisy machine the median of each scenario's best time over the repeats is the steadiest
figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import inspect_memgym.entity_stream.world.scenario as scenario_module
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES

STAGES = (
    "generate_entities",
    "plan_questions",
    "_build_stream",
    "pick_changes",
    "generate_relations",
)


def _timed_stages(totals: Counter[str]) -> None:
    """Wrap the scenario module's stage functions so their CPU time is added up."""
    for name in STAGES:
        original: Callable[..., Any] = getattr(scenario_module, name)

        def timed(
            *args: Any, _original: Callable[..., Any] = original, _name: str = name, **kwargs: Any
        ) -> Any:
            started = time.process_time()
            try:
                return _original(*args, **kwargs)
            finally:
                totals[_name] += time.process_time() - started

        setattr(scenario_module, name, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tier", default="standard")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    totals: Counter[str] = Counter()
    _timed_stages(totals)
    scenario_module.generate_scenario("company", args.tier, 0)  # warm imports and caches
    totals.clear()
    per_scenario: list[float] = []
    best: dict[tuple[str, int], float] = {}
    for _ in range(args.repeats):
        for template in TEMPLATE_NAMES:
            for seed in range(args.seeds):
                started = time.process_time()
                scenario_module.generate_scenario(template, args.tier, seed)
                elapsed = 1000 * (time.process_time() - started)
                per_scenario.append(elapsed)
                best[template, seed] = min(elapsed, best.get((template, seed), elapsed))
    count = len(per_scenario)
    print(f"tier {args.tier}: {count} scenarios, load average {os.getloadavg()[0]:.2f}")
    print(
        f"CPU ms per scenario: median {statistics.median(per_scenario):.2f}, "
        f"p90 {sorted(per_scenario)[int(0.9 * count)]:.2f}, min {min(per_scenario):.2f}; "
        f"median of each scenario's best of {args.repeats}: {statistics.median(best.values()):.2f}"
    )
    for name, seconds in totals.most_common():
        print(f"  {name}: {1000 * seconds / count:.2f} ms")


if __name__ == "__main__":
    main()

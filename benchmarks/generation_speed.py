"""Scenario generation speed: CPU ms per scenario, median over the official grid.

Usage: python benchmarks/generation_speed.py [--tier standard] [--repeats 3] [--memorygym DIR]

Also times each generation stage (entities, questions, rendered stream) so a regression
points at its cause. On a shared, noisy machine the median of each scenario's best time
over the repeats is the steadiest figure.

``--memorygym DIR`` (default ``$MEMORYGYM_TREE`` or ``/tmp/memorygym``; skipped when there is
no source tree there): MemoryGym's own scenarios are timed in the same run, one pass over
the same templates and seeds after each of our repeats, built as its ``bench.py`` builds
them (world, corrections, contradictions, stream) with the tier's sizes, so the ratio
compares figures taken under the same load.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import inspect_memgym.entity_stream.world.scenario as scenario_module
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.entity_stream.world.tiers import BATCH_SIZE, Tier, get_tier

DEFAULT_MEMORYGYM = os.environ.get("MEMORYGYM_TREE", "/tmp/memorygym")

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


def load_memorygym_templates(tree: str) -> list[Any] | str:
    """MemoryGym's world templates from its source tree, or why they are not there.

    Args:
        tree: The source tree (the folder holding the ``memorygym`` package).
    """
    root = Path(tree)
    if not (root / "memorygym" / "worlds" / "__init__.py").is_file():
        return f"no MemoryGym source tree at {tree}"
    sys.path.insert(0, str(root))
    worlds = importlib.import_module("memorygym.worlds")
    return [template_class() for template_class in worlds.ALL_TEMPLATES.values()]


def memorygym_scenario(template: Any, tier: Tier, seed: int) -> list[dict[str, Any]]:
    """One MemoryGym scenario as its ``bench.py`` builds it, with the tier's sizes.

    Args:
        template: A MemoryGym world template.
        tier: Our tier of the same name (MemoryGym's sizes).
        seed: The seed.
    """
    world = template.generate_world(seed=seed, n_entities=tier.entities, eval_salt=1)
    corrections = template.generate_corrections(world, Random(seed + 3333), tier.corrections)
    contradictions = template.generate_contradictions(
        world,
        Random(seed + 7373),
        tier.contradictions,
        exclude_entities={correction.entity_name for correction in corrections},
    )
    stream: list[dict[str, Any]] = template.generate_stream(
        world,
        Random(seed + 5555),
        corrections,
        stored_names=set(),
        n_questions=tier.questions,
        entities_per_batch=BATCH_SIZE,
        contradictions=contradictions,
        n_sessions=tier.sessions,
    )
    return stream


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tier", default="standard")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--memorygym", default=DEFAULT_MEMORYGYM, help="its source tree")
    args = parser.parse_args()
    tier = get_tier(args.tier)
    gym = load_memorygym_templates(args.memorygym)
    totals: Counter[str] = Counter()
    _timed_stages(totals)
    scenario_module.generate_scenario("company", args.tier, 0)  # warm imports and caches
    if not isinstance(gym, str):
        memorygym_scenario(gym[0], tier, 0)
    totals.clear()
    per_scenario: list[float] = []
    theirs: list[float] = []
    best: dict[tuple[str, int], float] = {}
    for _ in range(args.repeats):
        for template in TEMPLATE_NAMES:
            for seed in range(args.seeds):
                started = time.process_time()
                scenario_module.generate_scenario(template, args.tier, seed)
                elapsed = 1000 * (time.process_time() - started)
                per_scenario.append(elapsed)
                best[template, seed] = min(elapsed, best.get((template, seed), elapsed))
        for gym_template in [] if isinstance(gym, str) else gym:
            for seed in range(args.seeds):
                started = time.process_time()
                memorygym_scenario(gym_template, tier, seed)
                theirs.append(1000 * (time.process_time() - started))
    count = len(per_scenario)
    print(f"tier {args.tier}: {count} scenarios, load average {os.getloadavg()[0]:.2f}")
    print(
        f"CPU ms per scenario: median {statistics.median(per_scenario):.2f}, "
        f"p90 {sorted(per_scenario)[int(0.9 * count)]:.2f}, min {min(per_scenario):.2f}; "
        f"median of each scenario's best of {args.repeats}: {statistics.median(best.values()):.2f}"
    )
    for name, seconds in totals.most_common():
        print(f"  {name}: {1000 * seconds / count:.2f} ms")
    if isinstance(gym, str):
        print(f"MemoryGym: skipped ({gym})")
    else:
        their_median = statistics.median(theirs)
        print(
            f"MemoryGym, same run: {len(theirs)} scenarios, CPU ms median {their_median:.2f}; "
            f"ours is {their_median / statistics.median(per_scenario):.1f}x faster"
        )


if __name__ == "__main__":
    main()

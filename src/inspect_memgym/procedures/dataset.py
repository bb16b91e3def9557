"""Procedures samples: one per world and held-out test task.

A sample is one test task, so Inspect's epochs repeat it and pass^k counts the test tasks
every epoch passed, as STATE-Bench's pass^5. Every sample of a world takes in the same
train episodes.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.procedures import BENCHMARK_NAME
from inspect_memgym.procedures.world.generate import (
    PROCEDURES_GENERATOR_VERSION,
    ProceduresWorld,
    TestTask,
)
from inspect_memgym.procedures.world_loading import (
    ISOLATION_KEY,
    MAX_TURNS_KEY,
    WORLD_KEY,
    cached_world,
    world_reference,
)
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

SAMPLE_INPUT = (
    "Learn the house procedures of a {template} business from {episodes} past cases, then "
    "resolve a new case with the case system's tools: {goal}"
)


def task_sample(
    world: ProceduresWorld, task: TestTask, memory_isolation: bool, max_turns: int
) -> Sample:
    """One sample: a world's test task.

    Args:
        world: The world.
        task: The test task.
        memory_isolation: Also work the task with no memory.
        max_turns: Model turns of the agent's tool loop.
    """
    return Sample(
        id=f"{world.world_id}-{task.task_id}",
        input=SAMPLE_INPUT.format(
            template=world.template, episodes=len(world.episodes), goal=task.goal
        ),
        target="",
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            WORLD_KEY: world_reference(world, task).model_dump(),
            ISOLATION_KEY: memory_isolation,
            MAX_TURNS_KEY: max_turns,
            "template": world.template,
            "tier": world.tier,
            "seed": world.seed,
            "generator_version": PROCEDURES_GENERATOR_VERSION,
        },
    )


def generated_dataset(
    templates: Sequence[str],
    tier: str,
    seeds: Sequence[int],
    memory_isolation: bool,
    max_turns: int,
) -> MemoryDataset:
    """One sample per template, seed and test task.

    Args:
        templates: Domain names.
        tier: Tier name.
        seeds: World seeds.
        memory_isolation: Also work each task with no memory.
        max_turns: Model turns of the agent's tool loop.
    """
    samples = [
        task_sample(world, task, memory_isolation, max_turns)
        for template in templates
        for seed in seeds
        for world in [cached_world(template, tier, seed)]
        for task in world.tests
    ]
    return MemoryDataset(samples, name=BENCHMARK_NAME)

"""The world and test task a sample names, regenerated from its metadata (cached)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from inspect_memgym.procedures.world.generate import (
    ProceduresWorld,
    TestTask,
    generate_world,
)

WORLD_KEY = "procedures_world"
"""Sample metadata key: the world's template, tier and seed, and the test task's id."""


def world_reference(world: ProceduresWorld, task: TestTask) -> dict[str, Any]:
    """What a sample's metadata keeps to regenerate its world and find its task.

    Args:
        world: The world.
        task: The sample's test task.
    """
    return {
        "template": world.template,
        "tier": world.tier,
        "seed": world.seed,
        "task_id": task.task_id,
    }


@functools.lru_cache(maxsize=64)
def cached_world(template: str, tier: str, seed: int) -> ProceduresWorld:
    """`generate_world`, once per process for each world.

    Args:
        template: Domain name.
        tier: Tier name.
        seed: Seed.
    """
    return generate_world(template, tier, seed)


def world_and_task(metadata: Mapping[str, Any]) -> tuple[ProceduresWorld, TestTask]:
    """The sample's world and test task.

    Args:
        metadata: The sample's metadata.
    """
    reference = metadata[WORLD_KEY]
    world = cached_world(reference["template"], reference["tier"], int(reference["seed"]))
    return world, world.test(reference["task_id"])

"""The world and test task a sample names, regenerated from its spec (cached).

A sample's metadata keeps the world's template, tier and seed and the test task's id, never
the world: the driver, the scorer and the scripted policies regenerate it (deterministic)
from the sample's `ProceduresSpec`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.sample_spec import SampleSpec
from inspect_memgym.procedures.world.generate import (
    ProceduresWorld,
    TestTask,
    generate_world,
)

WORLD_KEY = "procedures_world"
"""Sample metadata key: the world's template, tier and seed, and the test task's id."""
ISOLATION_KEY = "memory_isolation"
"""Sample metadata key: whether the test task is also worked with no memory."""
MAX_TURNS_KEY = "max_turns"
DEFAULT_MAX_TURNS = 20
"""Model turns of the agent's tool loop per pass."""
CACHED_WORLDS = 64
"""Worlds kept: every world of a lite run (templates x seeds) with room to spare."""
_worlds = BoundedCache[ProceduresWorld](CACHED_WORLDS)


class WorldReference(BaseModel):
    """What a sample's metadata keeps to regenerate its world and find its task.

    Attributes:
        template: Domain name.
        tier: Tier name.
        seed: Seed.
        task_id: The sample's test task.
    """

    model_config = ConfigDict(frozen=True)

    template: str
    tier: str
    seed: int
    task_id: str


class ProceduresSpec(SampleSpec):
    """What a procedures sample's metadata says (field names are its metadata keys).

    Attributes:
        procedures_world: The world and test task.
        memory_isolation: Also work the test task with no memory.
        max_turns: Model turns of the agent's tool loop per pass.
    """

    procedures_world: WorldReference
    memory_isolation: bool = True
    max_turns: int = DEFAULT_MAX_TURNS


def world_reference(world: ProceduresWorld, task: TestTask) -> WorldReference:
    """What a sample's metadata keeps to regenerate its world and find its task.

    Args:
        world: The world.
        task: The sample's test task.
    """
    return WorldReference(
        template=world.template, tier=world.tier, seed=world.seed, task_id=task.task_id
    )


def cached_world(template: str, tier: str, seed: int) -> ProceduresWorld:
    """`generate_world`, once per process for each world (while cached).

    Args:
        template: Domain name.
        tier: Tier name.
        seed: Seed.
    """
    key = (template, tier, seed)
    return _worlds.get(key, lambda: generate_world(template, tier, seed))


def world_and_task(spec: ProceduresSpec) -> tuple[ProceduresWorld, TestTask]:
    """The sample's world and test task.

    Args:
        spec: The sample's spec.
    """
    reference = spec.procedures_world
    world = cached_world(reference.template, reference.tier, reference.seed)
    return world, world.test(reference.task_id)

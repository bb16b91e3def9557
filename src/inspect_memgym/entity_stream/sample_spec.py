"""What entity_stream's driver and scorer read from a sample's metadata, as one typed spec.

A task sample names its scenario (``dataset.sample_metadata``) and does not carry its
content, which `scenario_content` regenerates from the seed. The driver and the scorer read
the names with `EntityStreamSpec.of_state` (Inspect's ``state.metadata_as``); a sample that
misses one fails with one line naming it.
"""

from __future__ import annotations

from inspect_memgym.entity_stream.state import AGENTIC
from inspect_memgym.entity_stream.world.rng import GENERATOR_VERSION
from inspect_memgym.kit.sample_spec import SampleSpec


class EntityStreamSpec(SampleSpec):
    """An entity_stream sample's scenario and run settings (its metadata keys).

    Attributes:
        template: The scenario's template.
        tier: The scenario's tier.
        seed: The scenario's seed.
        write_budget: Memory writes allowed in the sample.
        entity_plural: The template's word for its entities (``companies``), for prompts.
        generator_version: The generator that made the scenario.
        memory_isolation: Ask every question again with no memory.
        strategy: The strategy that played the sample (the driver records it).
    """

    template: str
    tier: str
    seed: int
    write_budget: int
    entity_plural: str
    generator_version: str = GENERATOR_VERSION
    memory_isolation: bool = True
    strategy: str = AGENTIC

    @property
    def scenario(self) -> dict[str, str | int]:
        """The scenario's name: ``template``, ``tier`` and ``seed``."""
        return {"template": self.template, "tier": self.tier, "seed": self.seed}

"""Build an instance's knowledge graph: the true chain and its near-miss sibling chains.

Every chain entity has ``NEAR_MISS_PER_HOP`` siblings of the same kind and subtype, linked
by the same relations into parallel chains. At any hop the true link and its siblings look
alike; only the entity reached at the hop before tells them apart. The chains are
exchangeable: the names of each position are drawn first and dealt to the chains in a
random order (a later stem must avoid the earlier ones, so drawing order would otherwise
mark the true chain), and the chains' final values are drawn together, all different, and
kept out of every other attribute of the world, so the answer is unique and no value
mentioned elsewhere tells the true chain's from a sibling's.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from inspect_memgym.kit.rng import integer_between, pick
from inspect_memgym.research_qa.world.chain_plan import ChainPlan, plan_chain
from inspect_memgym.research_qa.world.document_templates import TEMPLATE_WORDS
from inspect_memgym.research_qa.world.filler import FILLER_WORDS
from inspect_memgym.research_qa.world.graph import AttributeValue, Entity, KnowledgeGraph
from inspect_memgym.research_qa.world.names import NameFactory
from inspect_memgym.research_qa.world.schema import (
    FIELDS,
    SCHEMA_WORDS,
    SUBTYPES,
    AttributeSpec,
    EntityKind,
    attributes_of,
)
from inspect_memgym.research_qa.world.streams import world_stream

NEAR_MISS_PER_HOP = 3
"""Sibling chains beside the true one (MemGym's ``near_miss_per_hop``)."""

NAME_WORDS: tuple[str, ...] = tuple(word for words in SUBTYPES.values() for word in words)
RESERVED_WORDS: frozenset[str] = FILLER_WORDS | TEMPLATE_WORDS | SCHEMA_WORDS | frozenset(FIELDS)
"""Words of the documents' own vocabulary, which no invented name may be."""


@dataclass(frozen=True)
class World:
    """The graph of one instance and where its chains run.

    Attributes:
        graph: Every entity and link.
        plan: The chain's steps.
        chains: Entity ids along each chain, the named start first; ``chains[0]`` is the
            true chain, the others its near-miss siblings.
        names: The name factory, for entities that documents add (withdrawn claims).
        final_values: The asked attribute's value of each chain's last entity, chain order
            (the gold first); empty when the question asks for a name.
    """

    graph: KnowledgeGraph
    plan: ChainPlan
    chains: tuple[tuple[str, ...], ...]
    names: NameFactory
    final_values: tuple[AttributeValue, ...]

    def entity(self, chain: int, position: int) -> Entity:
        """The entity at a position of a chain.

        Args:
            chain: Chain number (0 is the true chain).
            position: Position on the chain (0 is the named start).
        """
        return self.graph.entities[self.chains[chain][position]]


def build_world(seed: int, hops: int) -> World:
    """The knowledge graph of the instance with this seed and chain length.

    Args:
        seed: Instance seed.
        hops: Chain length.
    """
    plan = plan_chain(world_stream(seed, hops, "chain"), hops)
    names = NameFactory(
        world_stream(seed, hops, "names"),
        reserved_words=RESERVED_WORDS,
        name_words=NAME_WORDS,
    )
    chain_count = 1 + NEAR_MISS_PER_HOP
    dealt = _dealt_names(names, plan, chain_count, world_stream(seed, hops, "name_order"))
    values = world_stream(seed, hops, "values")
    terminal = plan.terminal_attribute
    final_values: list[AttributeValue] = []
    if terminal is not None:
        for _ in range(chain_count):
            final_values.append(draw_value(values, terminal, final_values))
    graph = KnowledgeGraph()
    chains: list[tuple[str, ...]] = []
    for chain in range(chain_count):
        ids: list[str] = []
        for position, kind in enumerate(plan.entity_kinds):
            attributes = entity_attributes(values, kind, final_values)
            if terminal is not None and position == len(plan.entity_kinds) - 1:
                attributes[terminal.key] = final_values[chain]
            subtype = plan.subtypes[position]
            entity = graph.add_entity(kind, dealt[position][chain], subtype, attributes)
            if ids:
                graph.add_link(ids[-1], plan.relations[position - 1].key, entity.entity_id)
            ids.append(entity.entity_id)
        chains.append(tuple(ids))
    return World(graph, plan, tuple(chains), names, tuple(final_values))


def _dealt_names(
    names: NameFactory, plan: ChainPlan, chain_count: int, order: random.Random
) -> list[list[str]]:
    """Each position's names, drawn in turn and dealt to the chains in a random order.

    Returns:
        ``dealt[position][chain]``.
    """
    dealt = []
    for position, kind in enumerate(plan.entity_kinds):
        drawn = [new_name(names, kind, plan.subtypes[position]) for _ in range(chain_count)]
        order.shuffle(drawn)
        dealt.append(drawn)
    return dealt


def new_name(names: NameFactory, kind: EntityKind, subtype: str) -> str:
    """A fresh name for an entity of a kind.

    Args:
        names: The world's name factory.
        kind: Entity kind.
        subtype: Entity subtype.
    """
    if kind == "person":
        return names.person()
    if kind == "place":
        return names.place()
    return names.titled(subtype)


def entity_attributes(
    rng: random.Random, kind: EntityKind, avoided: Collection[AttributeValue]
) -> dict[str, AttributeValue]:
    """Values of every attribute of a kind, none of them an avoided value.

    Args:
        rng: The world's value stream.
        kind: Entity kind.
        avoided: Values no attribute may take (the chains' final values).
    """
    return {spec.key: draw_value(rng, spec, avoided) for spec in attributes_of(kind)}


def draw_value(
    rng: random.Random, spec: AttributeSpec, avoided: Collection[AttributeValue]
) -> AttributeValue:
    """A value of an attribute other than the avoided ones.

    Args:
        rng: A seeded stream.
        spec: The attribute.
        avoided: Values not to draw.
    """
    while True:
        value: AttributeValue = (
            pick(rng, spec.choices) if spec.is_label else integer_between(rng, spec.low, spec.high)
        )
        if value not in avoided:
            return value

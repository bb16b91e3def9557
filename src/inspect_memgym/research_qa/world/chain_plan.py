"""The shape of a question's chain: which relations it follows and what it finally asks.

A chain of ``hops`` steps starts at a named work or event, follows ``hops - 1`` relations
(each to a fresh entity) and ends on an attribute of the last entity (a year, a count, a
field) or on one more relation to a person or city (the answer is then a name). The plan
only fixes kinds and relations; ``world_builder`` creates the entities.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inspect_memgym.kit.rng import pick
from inspect_memgym.research_qa.world.schema import (
    ENTITY_ANSWER_KINDS,
    START_KINDS,
    SUBTYPES,
    AttributeSpec,
    EntityKind,
    RelationSpec,
    attributes_of,
    relations_from,
)

ATTRIBUTE_ENDING_SHARE = 0.7
"""How often a chain ends on an attribute rather than on a named person or city."""


@dataclass(frozen=True)
class ChainPlan:
    """Kinds, subtypes and steps of a chain.

    Attributes:
        steps: One step per hop: relations, then a relation or an attribute last.
        entity_kinds: Kind of each entity on the chain, the named start first.
        subtypes: Subtype of each entity on the chain (shared by its near-miss siblings).
    """

    steps: tuple[RelationSpec | AttributeSpec, ...]
    entity_kinds: tuple[EntityKind, ...]
    subtypes: tuple[str, ...]

    @property
    def relations(self) -> tuple[RelationSpec, ...]:
        """The relation steps, in order."""
        return tuple(step for step in self.steps if isinstance(step, RelationSpec))

    @property
    def terminal_attribute(self) -> AttributeSpec | None:
        """The attribute the question asks for, or None when it asks for a name."""
        last = self.steps[-1]
        return last if isinstance(last, AttributeSpec) else None


def plan_chain(rng: random.Random, hops: int) -> ChainPlan:
    """Choose the steps of a chain of ``hops`` facts.

    Args:
        rng: The instance's chain stream.
        hops: Number of facts the answer needs (at least 2).
    """
    kind: EntityKind = pick(rng, START_KINDS)
    kinds: list[EntityKind] = [kind]
    steps: list[RelationSpec | AttributeSpec] = []
    for _ in range(hops - 1):
        relation = pick(rng, _fresh_options(relations_from(kind), steps))
        steps.append(relation)
        kind = relation.object_kind
        kinds.append(kind)
    endings = [spec for spec in relations_from(kind) if spec.object_kind in ENTITY_ANSWER_KINDS]
    endings = _fresh_options(tuple(endings), steps) if endings else []
    if endings and rng.random() >= ATTRIBUTE_ENDING_SHARE:
        last = pick(rng, endings)
        steps.append(last)
        kinds.append(last.object_kind)
    else:
        steps.append(pick(rng, attributes_of(kind)))
    subtypes = tuple(pick(rng, SUBTYPES[entity_kind]) for entity_kind in kinds)
    return ChainPlan(tuple(steps), tuple(kinds), subtypes)


def _fresh_options(
    options: tuple[RelationSpec, ...], steps: list[RelationSpec | AttributeSpec]
) -> list[RelationSpec]:
    """Options other than the previous step's relation, when there is another one."""
    if not steps:
        return list(options)
    fresh = [option for option in options if option.key != steps[-1].key]
    return fresh or list(options)

"""The update_chain type: a total of two facts, at least one of which was corrected.

The question names two entities and one numeric attribute and asks for their combined
value. At least one of the two facts was changed during the stream (by a correction notice
or a silent contradiction), so the answer chains the corrected fact with another one, as
multi-hop questions over updated facts do. The *stale chain* is the same total with every
changed fact at its superseded value: a memory that kept the old value gives exactly that
number. Only pairs whose stale total cannot be mistaken for the gold one are asked (the two
tolerance windows of the answer rules do not meet), so the scorer can tell a stale answer
from a right one and label it ``outdated``.

The text names both entities in alphabetical order and never says which fact changed, nor
its old value: without memory there is nothing to tell the two totals apart. These
questions are drawn after the rest of the plan from a stream of their own and asked at the
end of the stream (`question_plan.plan_update_chains`).
"""

from __future__ import annotations

import random

from inspect_memgym.entity_stream.world.formatting import join_phrases
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    Correction,
    Entity,
    Template,
    Value,
    World,
)
from inspect_memgym.entity_stream.world.questions.common import (
    entities_with_numbers,
    listed_facts,
    number_answer,
    values_of,
)
from inspect_memgym.entity_stream.world.questions.registry import (
    Params,
    QuestionType,
    register,
)
from inspect_memgym.scoring.gold import GoldAnswer
from inspect_memgym.scoring.number_mentions import (
    RELATIVE_TOLERANCE,
    ZERO_TOLERANCE,
    numbers_equal,
)

UPDATE_CHAIN_QUESTION = "What is the combined {label} of {names}, the two added together?"
"""Wording of the update_chain type."""

PICK_DRAWS = 12
"""Changed facts and partners drawn before giving up on a world."""

WINDOW_MARGIN = 1.01
"""How far apart (as a multiple of the two tolerances) the gold and stale totals must be."""


def changed_numbers(world: World) -> list[Correction]:
    """The world's changes of numeric facts its entities still hold, in stream order.

    Args:
        world: The world.
    """
    return list(world.memo("changed_numbers", lambda: _changed_numbers(world)))


def _changed_numbers(world: World) -> tuple[Correction, ...]:
    return tuple(
        change
        for change in world.corrections
        if world.template.attribute(change.attribute).kind in NUMERIC_KINDS
        and world.has_entity(change.entity)
        and isinstance(change.old, (int, float))
    )


def stale_world(world: World) -> World:
    """The world with every changed fact at its first (superseded) value.

    Args:
        world: The world.
    """
    return world.memo("stale_world", lambda: _stale_world(world))


def _stale_world(world: World) -> World:
    first_values: dict[str, dict[str, Value]] = {}
    for change in world.corrections:
        first_values.setdefault(change.entity, {}).setdefault(change.attribute, change.old)
    entities = tuple(
        Entity(entity.name, entity.category, {**entity.values, **first_values[entity.name]})
        if entity.name in first_values
        else entity
        for entity in world.entities
    )
    return World(world.template, entities, world.relations, ())


def pick_update_chain(world: World, rng: random.Random) -> Params | None:
    """Choose a changed numeric fact and a second entity holding the same attribute.

    Only a pair whose stale total is told apart from the gold by the answer rules is
    returned (`distinguishable`).

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    changes = changed_numbers(world)
    if not changes:
        return None
    for _ in range(PICK_DRAWS):
        change = rng.choice(changes)
        holders = entities_with_numbers(world, [change.attribute])
        partners = [entity.name for entity in holders if entity.name != change.entity]
        if not partners:
            continue
        params: Params = {
            "entities": sorted([change.entity, rng.choice(partners)]),
            "attribute": change.attribute,
        }
        gold = compute_update_chain(params, world)
        stale = compute_stale_chain(params, world)
        if distinguishable(gold, stale):
            return params
    return None


def distinguishable(gold: GoldAnswer, stale: GoldAnswer) -> bool:
    """Whether no number the answer rules accept for one total is accepted for the other.

    Integers must differ; other numbers must be further apart than their two relative
    tolerances together (`scoring.number_mentions.within_tolerance`).

    Args:
        gold: The gold total.
        stale: The stale chain's total.
    """
    if gold.value is None or stale.value is None:
        return False
    if gold.integer:
        return not numbers_equal(gold.value, stale.value)
    slack = _slack(gold.value) + _slack(stale.value)
    return abs(gold.value - stale.value) > slack * WINDOW_MARGIN


def _slack(value: float) -> float:
    return ZERO_TOLERANCE if value == 0 else RELATIVE_TOLERANCE * abs(value)


def render_update_chain(params: Params, template: Template) -> str:
    """Ask for the combined value of one attribute of two named entities.

    Args:
        params: ``entities`` (two names, alphabetical) and ``attribute``.
        template: The world's template.
    """
    return UPDATE_CHAIN_QUESTION.format(
        label=template.attribute(params["attribute"]).label,
        names=join_phrases(list(params["entities"])),
    )


def compute_update_chain(params: Params, world: World) -> GoldAnswer:
    """Gold: the sum of the two current values, at the attribute's precision and unit.

    Args:
        params: ``entities`` and ``attribute``.
        world: The (possibly partial, or recalled) world.

    Raises:
        MissingFact: If either value is absent.
    """
    spec = world.template.attribute(params["attribute"])
    values = values_of(world, list(params["entities"]), spec.key)
    return number_answer(spec, sum(value for _, value in values))


def compute_stale_chain(params: Params, world: World) -> GoldAnswer:
    """The stale chain's answer: the same sum with every changed fact at its old value.

    Args:
        params: ``entities`` and ``attribute``.
        world: The world (with its changes).

    Raises:
        MissingFact: If either value is absent.
    """
    return compute_update_chain(params, stale_world(world))


UPDATE_CHAIN = register(
    QuestionType(
        name="update_chain",
        axis="maintenance",
        pick=pick_update_chain,
        render=render_update_chain,
        compute=compute_update_chain,
        facts=listed_facts,
        stale=compute_stale_chain,
    )
)

"""Relation question types: relationship lookup, hop, chain, count and filter.

Each follows directed edges of one relation kind from a named entity. The population is
the named entity's targets, which the stream states in that entity's document; an entity
present in a (recalled) world counts as knowing all its outgoing edges. Questions that
read the targets' attributes (hop, filter) only pick sources whose every target carries
the attribute, so the population is exactly "the targets".
"""

from __future__ import annotations

import random
from collections.abc import Callable

from inspect_memgym.entity_stream.world.model import Template, World
from inspect_memgym.entity_stream.world.questions.common import (
    choose_params,
    completed_draw,
    count_names_answer,
    entities_with_numbers,
    entity_value_answer,
    format_amount,
    get_number,
    get_targets,
    has_margin,
    names_answer,
    numeric_attributes,
    pick_threshold,
    pool_picker,
    rank,
    relation_fact,
    values_of,
)
from inspect_memgym.entity_stream.world.questions.model import MissingFact
from inspect_memgym.entity_stream.world.questions.registry import (
    Fact,
    Params,
    QuestionType,
    register,
)
from inspect_memgym.scoring.gold import GoldAnswer

LOOKUP_QUESTION = "List every {entity_word} that {entity} {phrase}."
"""Wording of the relationship_lookup type."""

HOP_QUESTION = (
    "Of the {plural} that {entity} {phrase}, which has the highest {label}? Give the name and "
    "the value."
)
"""Wording of the relationship_hop type."""

CHAIN_QUESTION = (
    "Consider the {plural} that {entity} {phrase}. List every {entity_word} that at least "
    "one of them {phrase}, as one combined list."
)
"""Wording of the relationship_chain type."""

COUNT_QUESTION = "How many {plural} are there that {entity} {phrase}? Give the count and the names."
"""Wording of the relationship_count type."""

FILTER_QUESTION = (
    "Of the {plural} that {entity} {phrase}, which have {label} above {threshold}? List them all."
)
"""Wording of the relationship_filter type."""

MIN_TARGETS = 2
"""Fewest targets a hop or filter question compares."""


def _relation_pairs(world: World) -> tuple[Params, ...]:
    keys = [spec.key for spec in world.template.relations]
    return tuple(
        {"entity": entity.name, "relation": key}
        for entity in world.entities
        for key in keys
        if world.targets(entity.name, key)
    )


def relation_fields(params: Params, template: Template) -> dict[str, str]:
    """Text fields shared by every relation question.

    Args:
        params: ``entity`` and ``relation``.
        template: The world's template.
    """
    return {
        "entity": params["entity"],
        "phrase": template.relation(params["relation"]).phrase,
        "entity_word": template.entity_word,
        "plural": template.entity_plural,
    }


def edge_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """The source's edges of the question's relation.

    Args:
        params: ``entity`` and ``relation``.
        world: The world (unused).
    """
    return (relation_fact(params["entity"], params["relation"]),)


def targets_of(params: Params, world: World) -> list[str]:
    """The source's targets of the question's relation, sorted.

    Args:
        params: ``entity`` and ``relation``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source entity is absent.
    """
    return get_targets(world, params["entity"], params["relation"])


def _with_attribute(world: World) -> tuple[Params, ...]:
    found: list[Params] = []
    holders = [
        (spec.key, {entity.name for entity in entities_with_numbers(world, [spec.key])})
        for spec in numeric_attributes(world.template)
    ]
    for pair in world.memo("relation_pairs", lambda: _relation_pairs(world)):
        targets = world.targets(pair["entity"], pair["relation"])
        if len(targets) < MIN_TARGETS or any([world.find(t) is None for t in targets]):
            continue
        for key, held in holders:
            # every target carries a number for the key (has_number, as indexed)
            if held.issuperset(targets):
                found.append({**pair, "attribute": key})
    return tuple(found)


def target_value_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """The source's edges and every target's value of the attribute.

    Args:
        params: ``entity``, ``relation`` and ``attribute``.
        world: The world.
    """
    targets = targets_of(params, world)
    return edge_facts(params, world) + tuple((t, params["attribute"]) for t in targets)


# ---------------------------------------------------------------------------------------
# relationship_lookup and relationship_count
# ---------------------------------------------------------------------------------------


pick_relation_pair = pool_picker("relation_pairs", _relation_pairs)
"""Choose a source entity and a relation kind with at least one edge."""


def relation_question(wording: str) -> Callable[[Params, Template], str]:
    """A ``render`` filling a wording with the fields of :func:`relation_fields` alone.

    Args:
        wording: The question, with any of ``{entity}``, ``{phrase}``, ``{entity_word}``
            and ``{plural}``.
    """

    def render(params: Params, template: Template) -> str:
        return wording.format(**relation_fields(params, template))

    return render


render_lookup = relation_question(LOOKUP_QUESTION)
"""Ask for every target of the source."""


def compute_lookup(params: Params, world: World) -> GoldAnswer:
    """Gold: the source's targets, sorted.

    Args:
        params: ``entity`` and ``relation``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source entity is absent.
    """
    return names_answer(targets_of(params, world))


render_count = relation_question(COUNT_QUESTION)
"""Ask how many targets the source has, and which."""


def compute_count(params: Params, world: World) -> GoldAnswer:
    """Gold: the number of targets and their names.

    Args:
        params: ``entity`` and ``relation``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source entity is absent.
    """
    return count_names_answer(targets_of(params, world))


RELATIONSHIP_LOOKUP = register(
    QuestionType(
        name="relationship_lookup",
        axis="reasoning",
        pick=pick_relation_pair,
        render=render_lookup,
        compute=compute_lookup,
        facts=edge_facts,
    )
)

RELATIONSHIP_COUNT = register(
    QuestionType(
        name="relationship_count",
        axis="reasoning",
        pick=pick_relation_pair,
        render=render_count,
        compute=compute_count,
        facts=edge_facts,
    )
)


# ---------------------------------------------------------------------------------------
# relationship_hop
# ---------------------------------------------------------------------------------------


def _hop_pool(world: World) -> tuple[Params, ...]:
    """The source, relation and attribute choices whose highest target leads clearly."""
    pool = []
    for params in world.memo("targets_with_attribute", lambda: _with_attribute(world)):
        key = params["attribute"]
        values = [get_number(world, name, key) for name in targets_of(params, world)]
        if _clear_highest(values):
            pool.append(params)
    return tuple(pool)


def _clear_highest(values: list[int | float]) -> bool:
    """``clear_leader`` of the targets' values, ``"highest"``, from the values alone.

    The margin test reads only the two largest values, whichever names they carry, so the
    values are sorted as they are rather than ranked as ``(name, value)`` pairs.

    Args:
        values: The values (sorted in place).
    """
    if len(values) < 2:
        return len(values) == 1
    values.sort()
    return has_margin(values[-1], values[-2])


pick_hop = pool_picker("hop_pool", _hop_pool)
"""Choose a source whose 2+ targets all carry an attribute, with a clear leader."""


def render_hop(params: Params, template: Template) -> str:
    """Ask which target has the highest value of an attribute.

    Args:
        params: ``entity``, ``relation`` and ``attribute``.
        template: The world's template.
    """
    label = template.attribute(params["attribute"]).label
    return HOP_QUESTION.format(label=label, **relation_fields(params, template))


def compute_hop(params: Params, world: World) -> GoldAnswer:
    """Gold: the target with the highest value, and that value.

    Args:
        params: ``entity``, ``relation`` and ``attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source, a target or a target's value is absent, or the source
            has no targets.
    """
    targets = targets_of(params, world)
    if not targets:
        raise MissingFact(f"{params['entity']!r} has no {params['relation']!r} edges")
    spec = world.template.attribute(params["attribute"])
    name, value = rank(values_of(world, targets, spec.key), "highest")[0]
    return entity_value_answer(spec, name, value)


RELATIONSHIP_HOP = register(
    QuestionType(
        name="relationship_hop",
        axis="reasoning",
        pick=pick_hop,
        render=render_hop,
        compute=compute_hop,
        facts=target_value_facts,
    )
)


# ---------------------------------------------------------------------------------------
# relationship_chain
# ---------------------------------------------------------------------------------------


def second_hop(params: Params, world: World) -> list[str]:
    """The sorted union of the targets' own targets (same relation kind).

    Args:
        params: ``entity`` and ``relation``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source or one of its targets is absent.
    """
    reached: set[str] = set()
    for target in targets_of(params, world):
        reached.update(get_targets(world, target, params["relation"]))
    return sorted(reached)


def pick_chain(world: World, rng: random.Random) -> Params | None:
    """Choose a source whose targets themselves have targets of the same kind.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    pool: list[Params] = []
    for params in world.memo("relation_pairs", lambda: _relation_pairs(world)):
        try:
            if second_hop(params, world):
                pool.append(params)
        except MissingFact:
            continue
    return choose_params(rng, pool)


render_chain = relation_question(CHAIN_QUESTION)
"""Ask for every entity two edges away from the source."""


def compute_chain(params: Params, world: World) -> GoldAnswer:
    """Gold: the sorted union of the targets' targets.

    Args:
        params: ``entity`` and ``relation``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source or one of its targets is absent.
    """
    return names_answer(second_hop(params, world))


def chain_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """The source's edges and each target's edges of the same kind.

    Args:
        params: ``entity`` and ``relation``.
        world: The world.
    """
    targets = targets_of(params, world)
    return edge_facts(params, world) + tuple(
        relation_fact(target, params["relation"]) for target in targets
    )


RELATIONSHIP_CHAIN = register(
    QuestionType(
        name="relationship_chain",
        axis="reasoning",
        pick=pick_chain,
        render=render_chain,
        compute=compute_chain,
        facts=chain_facts,
    )
)


# ---------------------------------------------------------------------------------------
# relationship_filter
# ---------------------------------------------------------------------------------------


def pick_filter(world: World, rng: random.Random) -> Params | None:
    """Choose a source, an attribute all its 2+ targets carry, and a splitting threshold.

    Args:
        world: The world.
        rng: The seeded RNG.
    """

    def with_threshold(params: Params) -> Params | None:
        spec = world.template.attribute(params["attribute"])
        values = [v for _, v in values_of(world, targets_of(params, world), spec.key)]
        threshold = pick_threshold(rng, spec, values)
        if threshold is None:
            return None
        params["threshold"] = threshold
        return params

    pool = world.memo("targets_with_attribute", lambda: _with_attribute(world))
    return completed_draw(rng, pool, with_threshold)


def render_filter(params: Params, template: Template) -> str:
    """Ask which targets have a value above a threshold.

    Args:
        params: ``entity``, ``relation``, ``attribute`` and ``threshold``.
        template: The world's template.
    """
    spec = template.attribute(params["attribute"])
    return FILTER_QUESTION.format(
        label=spec.label,
        threshold=format_amount(spec, params["threshold"]),
        **relation_fields(params, template),
    )


def compute_filter(params: Params, world: World) -> GoldAnswer:
    """Gold: the targets whose value exceeds the threshold, sorted.

    Args:
        params: ``entity``, ``relation``, ``attribute`` and ``threshold``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the source, a target or a target's value is absent.
    """
    scored = values_of(world, targets_of(params, world), params["attribute"])
    return names_answer([name for name, value in scored if value > params["threshold"]])


RELATIONSHIP_FILTER = register(
    QuestionType(
        name="relationship_filter",
        axis="reasoning",
        pick=pick_filter,
        render=render_filter,
        compute=compute_filter,
        facts=target_value_facts,
    )
)

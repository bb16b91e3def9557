"""Ranking question types: synthesis, comparison, outlier, multi_hop and enum_filter.

Each names a winner and its value. Populations are either listed in the question
(synthesis, comparison, outlier) or defined over the whole stream (multi_hop, enum_filter,
which may only be asked after the last ingest). ``pick`` rejects knife-edge winners: the
winner must lead the runner-up by :data:`~common.WINNER_MARGIN` relative.
"""

from __future__ import annotations

import random

from inspect_memgym.entity_stream.world.model import Entity, Template, World
from inspect_memgym.entity_stream.world.questions.common import (
    CATEGORY_FACT,
    DIRECTIONS,
    PICK_ATTEMPTS,
    attribute_draws,
    attribute_pairs,
    attributes_of_kind,
    clear_leader,
    entity_value_answer,
    get_number,
    has_margin,
    has_number,
    list_names,
    listed_facts,
    numeric_attributes,
    parse_direction,
    rank,
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

SYNTHESIS_QUESTION = (
    "Among {names}, which {entity_word} has the {direction} {label}? Give the name and the value."
)
"""Wording of the synthesis type."""

COMPARISON_QUESTION = "Which has the higher {label}: {first} or {second}, and by how much?"
"""Wording of the comparison type."""

COMPARISON_ANSWER = "{entity}, by {value}"
"""Canonical gold text of a comparison question."""

OUTLIER_QUESTION = (
    "Among {names}, which {entity_word} has the {label} that deviates most from the mean "
    "{label} of these {count}? Give the name and its {label}."
)
"""Wording of the outlier type."""

MULTI_HOP_QUESTION = (
    "Consider every {entity_word} in the stream in the categories {categories}. Which of "
    "these categories has the highest average {mean_label} (over its {plural} that report "
    "one)? Within that category, which {entity_word} has the highest {target_label}? "
    "Give the name and the value."
)
"""Wording of the multi_hop type."""

ENUM_FILTER_QUESTION = (
    "Among all {plural} in the stream whose {enum_label} is '{enum_value}' and whose {label} "
    "is reported, which has the {direction} {label}? Give the name and the value."
)
"""Wording of the enum_filter type."""

SYNTHESIS_POPULATION = 5
"""Entities listed in a synthesis question."""

OUTLIER_POPULATION = 5
"""Entities listed in an outlier question."""

MULTI_HOP_CATEGORIES = 3
"""Categories compared in a multi_hop question."""

MULTI_HOP_MIN_MEMBERS = 2
"""Fewest entities with the averaged attribute each multi_hop category needs."""


# ---------------------------------------------------------------------------------------
# synthesis
# ---------------------------------------------------------------------------------------


def pick_synthesis(world: World, rng: random.Random) -> Params | None:
    """Choose five entities, a numeric attribute and a direction with a clear winner.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    for spec, names in attribute_draws(world, rng, SYNTHESIS_POPULATION):
        direction = rng.choice(DIRECTIONS)
        if clear_leader(values_of(world, names, spec.key), direction):
            return {"entities": names, "attribute": spec.key, "direction": direction}
    return None


def render_synthesis(params: Params, template: Template) -> str:
    """Ask which listed entity has the extreme value.

    Args:
        params: ``entities``, ``attribute`` and ``direction``.
        template: The world's template.
    """
    return SYNTHESIS_QUESTION.format(
        names=list_names(params["entities"]),
        entity_word=template.entity_word,
        direction=params["direction"],
        label=template.attribute(params["attribute"]).label,
    )


def compute_synthesis(params: Params, world: World) -> GoldAnswer:
    """Gold: the listed entity with the extreme value, and that value.

    Args:
        params: ``entities``, ``attribute`` and ``direction``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed value is absent.
    """
    spec = world.template.attribute(params["attribute"])
    scored = values_of(world, list(params["entities"]), spec.key)
    name, value = rank(scored, parse_direction(params["direction"]))[0]
    return entity_value_answer(spec, name, value)


SYNTHESIS = register(
    QuestionType(
        name="synthesis",
        axis="reasoning",
        pick=pick_synthesis,
        render=render_synthesis,
        compute=compute_synthesis,
        facts=listed_facts,
    )
)


# ---------------------------------------------------------------------------------------
# comparison
# ---------------------------------------------------------------------------------------


def pick_comparison(world: World, rng: random.Random) -> Params | None:
    """Choose two entities whose values of a numeric attribute clearly differ.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    for spec, names in attribute_draws(world, rng, 2):
        first, second = (value for _, value in values_of(world, names, spec.key))
        if has_margin(first, second):
            return {"entities": names, "attribute": spec.key}
    return None


def render_comparison(params: Params, template: Template) -> str:
    """Ask which of two entities has the higher value, and by how much.

    Args:
        params: ``entities`` (two names) and ``attribute``.
        template: The world's template.
    """
    first, second = params["entities"]
    label = template.attribute(params["attribute"]).label
    return COMPARISON_QUESTION.format(label=label, first=first, second=second)


def compute_comparison(params: Params, world: World) -> GoldAnswer:
    """Gold: the entity with the higher value and the absolute difference.

    Args:
        params: ``entities`` (two names) and ``attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If either value is absent.
    """
    spec = world.template.attribute(params["attribute"])
    scored = values_of(world, list(params["entities"]), spec.key)
    (winner, high), (_, low) = rank(scored, "highest")
    return entity_value_answer(spec, winner, abs(high - low), COMPARISON_ANSWER)


COMPARISON = register(
    QuestionType(
        name="comparison",
        axis="reasoning",
        pick=pick_comparison,
        render=render_comparison,
        compute=compute_comparison,
        facts=listed_facts,
    )
)


# ---------------------------------------------------------------------------------------
# outlier
# ---------------------------------------------------------------------------------------


def deviations(scored: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Each entity's absolute deviation from the group mean.

    Args:
        scored: ``(name, value)`` pairs (at least one).
    """
    mean = sum(value for _, value in scored) / len(scored)
    return [(name, abs(value - mean)) for name, value in scored]


def pick_outlier(world: World, rng: random.Random) -> Params | None:
    """Choose five entities where one clearly deviates most from their mean.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    for spec, names in attribute_draws(world, rng, OUTLIER_POPULATION):
        if clear_leader(deviations(values_of(world, names, spec.key)), "highest"):
            return {"entities": names, "attribute": spec.key}
    return None


def render_outlier(params: Params, template: Template) -> str:
    """Ask which listed entity deviates most from the group mean.

    Args:
        params: ``entities`` and ``attribute``.
        template: The world's template.
    """
    return OUTLIER_QUESTION.format(
        names=list_names(params["entities"]),
        entity_word=template.entity_word,
        label=template.attribute(params["attribute"]).label,
        count=len(params["entities"]),
    )


def compute_outlier(params: Params, world: World) -> GoldAnswer:
    """Gold: the entity farthest from the group mean, and its value.

    Args:
        params: ``entities`` and ``attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed value is absent.
    """
    spec = world.template.attribute(params["attribute"])
    scored = values_of(world, list(params["entities"]), spec.key)
    name, _ = rank(deviations(scored), "highest")[0]
    return entity_value_answer(spec, name, dict(scored)[name])


OUTLIER = register(
    QuestionType(
        name="outlier",
        axis="reasoning",
        pick=pick_outlier,
        render=render_outlier,
        compute=compute_outlier,
        facts=listed_facts,
    )
)


# ---------------------------------------------------------------------------------------
# multi_hop
# ---------------------------------------------------------------------------------------


def category_members(world: World, category: str, key: str) -> list[Entity]:
    """Entities (ingest order) of one category that carry a numeric attribute.

    Args:
        world: The (possibly partial) world.
        category: Category name.
        key: Attribute key.
    """
    return [e for e in world.entities if e.category == category and has_number(e, key)]


def category_means(world: World, categories: list[str], key: str) -> list[tuple[str, float]]:
    """Each category's mean of an attribute over its members that carry it.

    Args:
        world: The (possibly partial) world.
        categories: Category names.
        key: Numeric attribute key.

    Raises:
        MissingFact: If a category has no member with the attribute.
    """
    means: list[tuple[str, float]] = []
    for category in categories:
        members = category_members(world, category, key)
        if not members:
            raise MissingFact(f"no {category!r} entity with {key!r}")
        means.append(
            (category, sum(get_number(world, e.name, key) for e in members) / len(members))
        )
    return means


def multi_hop_leader(params: Params, world: World) -> tuple[str, list[tuple[str, float]]]:
    """The winning category and its members' values of the target attribute.

    Args:
        params: ``categories``, ``mean_attribute`` and ``target_attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If a category or the winner's target values are absent.
    """
    means = category_means(world, list(params["categories"]), params["mean_attribute"])
    category, _ = rank(means, "highest")[0]
    key = params["target_attribute"]
    scored = [
        (e.name, get_number(world, e.name, key)) for e in category_members(world, category, key)
    ]
    if not scored:
        raise MissingFact(f"no {category!r} entity with {key!r}")
    return category, scored


def pick_multi_hop(world: World, rng: random.Random) -> Params | None:
    """Choose three categories with a clear top mean and a clear leader inside it.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    for mean_spec, target_spec in attribute_pairs(world, rng):
        categories = [
            category
            for category in world.template.categories
            if len(category_members(world, category, mean_spec.key)) >= MULTI_HOP_MIN_MEMBERS
        ]
        if len(categories) < MULTI_HOP_CATEGORIES:
            continue
        chosen = rng.sample(categories, MULTI_HOP_CATEGORIES)
        if not clear_leader(category_means(world, chosen, mean_spec.key), "highest"):
            continue
        params: Params = {
            "categories": chosen,
            "mean_attribute": mean_spec.key,
            "target_attribute": target_spec.key,
        }
        try:
            _, scored = multi_hop_leader(params, world)
        except MissingFact:
            continue
        if clear_leader(scored, "highest"):
            return params
    return None


def render_multi_hop(params: Params, template: Template) -> str:
    """Ask for the best category by mean, then its leader on a second attribute.

    Args:
        params: ``categories``, ``mean_attribute`` and ``target_attribute``.
        template: The world's template.
    """
    return MULTI_HOP_QUESTION.format(
        entity_word=template.entity_word,
        plural=template.entity_plural,
        categories=list_names(params["categories"]),
        mean_label=template.attribute(params["mean_attribute"]).label,
        target_label=template.attribute(params["target_attribute"]).label,
    )


def compute_multi_hop(params: Params, world: World) -> GoldAnswer:
    """Gold: the leader (on the target attribute) of the category with the top mean.

    Args:
        params: ``categories``, ``mean_attribute`` and ``target_attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If a category has no member with the needed values.
    """
    _, scored = multi_hop_leader(params, world)
    name, value = rank(scored, "highest")[0]
    return entity_value_answer(world.template.attribute(params["target_attribute"]), name, value)


def multi_hop_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """Categories and averaged values of the population, the winner's target values.

    Args:
        params: ``categories``, ``mean_attribute`` and ``target_attribute``.
        world: The world.
    """
    mean_key, target_key = params["mean_attribute"], params["target_attribute"]
    facts: list[Fact] = []
    for entity in world.entities:
        if entity.category in params["categories"]:
            facts.append((entity.name, CATEGORY_FACT))
            if has_number(entity, mean_key):
                facts.append((entity.name, mean_key))
    _, scored = multi_hop_leader(params, world)
    facts.extend((name, target_key) for name, _ in scored)
    return tuple(facts)


MULTI_HOP = register(
    QuestionType(
        name="multi_hop",
        axis="reasoning",
        pick=pick_multi_hop,
        render=render_multi_hop,
        compute=compute_multi_hop,
        facts=multi_hop_facts,
        full_stream_only=True,
    )
)


# ---------------------------------------------------------------------------------------
# enum_filter
# ---------------------------------------------------------------------------------------


def enum_matches(world: World, params: Params) -> list[tuple[str, float]]:
    """``(name, value)`` of every entity with the enum value and the numeric attribute.

    Args:
        world: The (possibly partial) world.
        params: ``enum_attribute``, ``enum_value`` and ``attribute``.
    """
    enum_key, enum_value, key = params["enum_attribute"], params["enum_value"], params["attribute"]
    return [
        (entity.name, get_number(world, entity.name, key))
        for entity in world.entities
        if entity.values.get(enum_key) == enum_value and has_number(entity, key)
    ]


def pick_enum_filter(world: World, rng: random.Random) -> Params | None:
    """Choose an enum value shared by two or more entities and a clear extreme among them.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    enums = [spec for spec in attributes_of_kind(world.template, ("enum",)) if spec.choices]
    specs = numeric_attributes(world.template)
    if not enums or not specs:
        return None
    for _ in range(PICK_ATTEMPTS):
        enum_spec = rng.choice(enums)
        params: Params = {
            "enum_attribute": enum_spec.key,
            "enum_value": rng.choice(list(enum_spec.choices)),
            "attribute": rng.choice(specs).key,
            "direction": rng.choice(DIRECTIONS),
        }
        matches = enum_matches(world, params)
        if len(matches) >= 2 and clear_leader(matches, parse_direction(params["direction"])):
            return params
    return None


def render_enum_filter(params: Params, template: Template) -> str:
    """Ask for the extreme among all entities with one enum value.

    Args:
        params: ``enum_attribute``, ``enum_value``, ``attribute`` and ``direction``.
        template: The world's template.
    """
    return ENUM_FILTER_QUESTION.format(
        plural=template.entity_plural,
        enum_label=template.attribute(params["enum_attribute"]).label,
        enum_value=params["enum_value"],
        label=template.attribute(params["attribute"]).label,
        direction=params["direction"],
    )


def compute_enum_filter(params: Params, world: World) -> GoldAnswer:
    """Gold: the extreme entity among those with the enum value, and its value.

    Args:
        params: ``enum_attribute``, ``enum_value``, ``attribute`` and ``direction``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If no entity with the enum value and the attribute is known.
    """
    matches = enum_matches(world, params)
    if not matches:
        raise MissingFact(f"no entity with {params['enum_attribute']!r} = {params['enum_value']!r}")
    name, value = rank(matches, parse_direction(params["direction"]))[0]
    return entity_value_answer(world.template.attribute(params["attribute"]), name, value)


def enum_filter_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """The matching entities' enum values and numeric values.

    Args:
        params: ``enum_attribute``, ``enum_value``, ``attribute`` and ``direction``.
        world: The world.
    """
    facts: list[Fact] = []
    for name, _ in enum_matches(world, params):
        facts.extend([(name, params["enum_attribute"]), (name, params["attribute"])])
    return tuple(facts)


ENUM_FILTER = register(
    QuestionType(
        name="enum_filter",
        axis="reasoning",
        pick=pick_enum_filter,
        render=render_enum_filter,
        compute=compute_enum_filter,
        facts=enum_filter_facts,
        full_stream_only=True,
    )
)

"""Arithmetic question types: aggregation, cross_category, conditional, ratio, multi_constraint.

Every population is listed by name in the question text; the gold is computed from the
listed entities' values only, at the attribute's display precision.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

from inspect_memgym.entity_stream.world.formatting import format_computed, format_number, possessive
from inspect_memgym.entity_stream.world.model import RatioSpec, Template, World
from inspect_memgym.entity_stream.world.numbers import round_places
from inspect_memgym.entity_stream.world.questions.common import (
    RATIO_DECIMALS,
    attribute_pair_draws,
    attribute_pairs,
    clear_leader,
    count_names_answer,
    distinct_values,
    entities_with_numbers,
    entity_value_answer,
    format_amount,
    get_number,
    has_margin,
    list_names,
    listed_and_selected_facts,
    listed_facts,
    number_answer,
    numeric_attributes,
    pick_threshold,
    rank,
    round_to_display,
    sample_names,
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

AGGREGATION_TOTAL_QUESTION = (
    "Consider the {category} {plural} {names}. What is their total {label}?"
)
"""Wording of an aggregation question asking for a total."""

AGGREGATION_AVERAGE_QUESTION = (
    "Consider the {category} {plural} {names}. What is their average {label}, to 2 decimal places?"
)
"""Wording of an aggregation question asking for an average."""

CROSS_CATEGORY_QUESTION = (
    "Consider these {plural} from the {first_category} and {second_category} categories: "
    "{names}. Take the {top} with the highest {rank_label}. What is their total {sum_label}?"
)
"""Wording of the cross_category type."""

CONDITIONAL_QUESTION = (
    "Consider {names}. Among those whose {filter_label} is above the median {filter_label} "
    "of these {count}, which has the highest {target_label}? Give the name and the value."
)
"""Wording of the conditional type."""

RATIO_QUESTION = (
    "What is {possessive} {ratio_label}, that is, its {numerator_label} divided by its "
    "{denominator_label}, to 2 decimal places?"
)
"""Wording of the ratio type."""

MULTI_CONSTRAINT_QUESTION = (
    "Of {names}, how many have {above_label} above {above_threshold} and {below_label} "
    "below {below_threshold}? Give the count and the names."
)
"""Wording of the multi_constraint type."""

AGGREGATION_OPERATIONS = ("total", "average")
"""Operations an aggregation question asks for."""

AGGREGATION_SIZES = (2, 4)
"""Fewest and most entities an aggregation question lists."""

CROSS_CATEGORY_SIZES = (5, 7)
"""Fewest and most entities a cross_category question lists."""

CROSS_CATEGORY_TOP = 3
"""How many top-ranked entities a cross_category question sums over."""

CROSS_CATEGORY_MIN_PER_CATEGORY = 2
"""Fewest listed entities from each of the two categories."""

CONDITIONAL_POPULATION = 6
"""Entities listed in a conditional question."""

CONDITIONAL_ABOVE_MEDIAN = 3
"""Entities strictly above the median of six distinct values."""

MULTI_CONSTRAINT_POPULATION = 8
"""Entities listed in a multi_constraint question."""

TOP_WORDS = {3: "three"}
"""Number words for the cross_category text."""

# ---------------------------------------------------------------------------------------
# aggregation
# ---------------------------------------------------------------------------------------


def pick_aggregation(world: World, rng: random.Random) -> Params | None:
    """Choose 2-4 entities of one category sharing a numeric attribute, and an operation.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    options = world.memo("aggregation_options", lambda: _aggregation_options(world))
    if not options:
        return None
    key, category = rng.choice(options)
    members = [e for e in entities_with_numbers(world, [key]) if e.category == category]
    size = rng.randint(AGGREGATION_SIZES[0], min(AGGREGATION_SIZES[1], len(members)))
    return {
        "entities": sample_names(rng, members, size),
        "attribute": key,
        "category": category,
        "operation": rng.choice(AGGREGATION_OPERATIONS),
    }


def _aggregation_options(world: World) -> list[tuple[str, str]]:
    """``(attribute, category)`` pairs with enough carriers, attributes then categories."""
    options: list[tuple[str, str]] = []
    for spec in numeric_attributes(world.template):
        per_category = Counter(e.category for e in entities_with_numbers(world, [spec.key]))
        for category in world.template.categories:
            if per_category[category] >= AGGREGATION_SIZES[0]:
                options.append((spec.key, category))
    return options


def render_aggregation(params: Params, template: Template) -> str:
    """Ask for the total or average of listed entities of one category.

    Args:
        params: ``entities``, ``attribute``, ``category`` and ``operation``.
        template: The world's template.
    """
    wording = (
        AGGREGATION_TOTAL_QUESTION
        if params["operation"] == "total"
        else AGGREGATION_AVERAGE_QUESTION
    )
    return wording.format(
        category=params["category"],
        plural=template.entity_plural,
        names=list_names(params["entities"]),
        label=template.attribute(params["attribute"]).label,
    )


def compute_aggregation(params: Params, world: World) -> GoldAnswer:
    """Gold: the total (attribute precision) or average (2 decimals) of listed values.

    Args:
        params: ``entities``, ``attribute``, ``category`` and ``operation``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed value is absent.
    """
    spec = world.template.attribute(params["attribute"])
    values = [value for _, value in values_of(world, list(params["entities"]), spec.key)]
    if params["operation"] == "total":
        return number_answer(spec, sum(values))
    average = round_places(sum(values) / len(values), RATIO_DECIMALS)
    return GoldAnswer(
        kind="number",
        text=format_computed(spec, average, RATIO_DECIMALS),
        value=average,
        integer=False,
    )


AGGREGATION = register(
    QuestionType(
        name="aggregation",
        axis="reasoning",
        pick=pick_aggregation,
        render=render_aggregation,
        compute=compute_aggregation,
        facts=listed_facts,
    )
)


# ---------------------------------------------------------------------------------------
# cross_category
# ---------------------------------------------------------------------------------------


def cross_category_top(params: Params, world: World) -> list[str]:
    """The listed entities ranked in the top three by the ranking attribute.

    Args:
        params: ``entities`` and ``rank_attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed ranking value is absent.
    """
    scored = values_of(world, list(params["entities"]), params["rank_attribute"])
    return [name for name, _ in rank(scored, "highest")[:CROSS_CATEGORY_TOP]]


def pick_cross_category(world: World, rng: random.Random) -> Params | None:
    """Choose two categories, 5-7 of their entities and two attributes, with a clear top 3.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    categories = list(world.template.categories)
    if len(categories) < 2:
        return None
    for rank_spec, sum_spec in attribute_pairs(world, rng):
        first, second = rng.sample(categories, 2)
        with_both = entities_with_numbers(world, [rank_spec.key, sum_spec.key])
        members = [e for e in with_both if e.category in (first, second)]
        if len(members) < CROSS_CATEGORY_SIZES[0]:
            continue
        size = rng.randint(CROSS_CATEGORY_SIZES[0], min(CROSS_CATEGORY_SIZES[1], len(members)))
        names = sample_names(rng, members, size)
        listed = [e.category for e in members if e.name in names]
        if min(listed.count(first), listed.count(second)) < CROSS_CATEGORY_MIN_PER_CATEGORY:
            continue
        ranked = rank(values_of(world, names, rank_spec.key), "highest")
        if not has_margin(ranked[CROSS_CATEGORY_TOP - 1][1], ranked[CROSS_CATEGORY_TOP][1]):
            continue
        return {
            "categories": [first, second],
            "entities": names,
            "rank_attribute": rank_spec.key,
            "sum_attribute": sum_spec.key,
            "top": CROSS_CATEGORY_TOP,
        }
    return None


def render_cross_category(params: Params, template: Template) -> str:
    """Ask for the total of one attribute over the top three by another.

    Args:
        params: ``categories``, ``entities``, ``rank_attribute``, ``sum_attribute`` and
            ``top``.
        template: The world's template.
    """
    first, second = params["categories"]
    top = int(params["top"])
    return CROSS_CATEGORY_QUESTION.format(
        plural=template.entity_plural,
        first_category=first,
        second_category=second,
        names=list_names(params["entities"]),
        top=TOP_WORDS.get(top, str(top)),
        rank_label=template.attribute(params["rank_attribute"]).label,
        sum_label=template.attribute(params["sum_attribute"]).label,
    )


def compute_cross_category(params: Params, world: World) -> GoldAnswer:
    """Gold: the total of the summed attribute over the top three by the ranking attribute.

    Args:
        params: ``categories``, ``entities``, ``rank_attribute``, ``sum_attribute`` and
            ``top``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If a ranking value or a top entity's summed value is absent.
    """
    spec = world.template.attribute(params["sum_attribute"])
    top = cross_category_top(params, world)
    return number_answer(spec, sum(value for _, value in values_of(world, top, spec.key)))


def cross_category_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """Every listed ranking value, and the top three's summed values.

    Args:
        params: ``entities``, ``rank_attribute`` and ``sum_attribute``.
        world: The world.
    """
    top = cross_category_top(params, world)
    return listed_and_selected_facts(params, params["rank_attribute"], top, params["sum_attribute"])


CROSS_CATEGORY = register(
    QuestionType(
        name="cross_category",
        axis="reasoning",
        pick=pick_cross_category,
        render=render_cross_category,
        compute=compute_cross_category,
        facts=cross_category_facts,
    )
)


# ---------------------------------------------------------------------------------------
# conditional
# ---------------------------------------------------------------------------------------


def above_median(params: Params, world: World) -> list[str]:
    """The listed entities whose filter value is strictly above the group's median.

    Args:
        params: ``entities`` and ``filter_attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed filter value is absent.
    """
    scored = values_of(world, list(params["entities"]), params["filter_attribute"])
    median = statistics.median(value for _, value in scored)
    return [name for name, value in scored if value > median]


def pick_conditional(world: World, rng: random.Random) -> Params | None:
    """Choose six entities and two attributes with a clear leader above the median.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    draws = attribute_pair_draws(world, rng, CONDITIONAL_POPULATION)
    for filter_spec, target_spec, names in draws:
        filter_values = [value for _, value in values_of(world, names, filter_spec.key)]
        if not distinct_values(filter_values):
            continue
        params: Params = {
            "entities": names,
            "filter_attribute": filter_spec.key,
            "target_attribute": target_spec.key,
        }
        leaders = above_median(params, world)
        if len(leaders) != CONDITIONAL_ABOVE_MEDIAN:
            continue
        if clear_leader(values_of(world, leaders, target_spec.key), "highest"):
            return params
    return None


def render_conditional(params: Params, template: Template) -> str:
    """Ask for the leader on one attribute among those above the median of another.

    Args:
        params: ``entities``, ``filter_attribute`` and ``target_attribute``.
        template: The world's template.
    """
    return CONDITIONAL_QUESTION.format(
        names=list_names(params["entities"]),
        filter_label=template.attribute(params["filter_attribute"]).label,
        target_label=template.attribute(params["target_attribute"]).label,
        count=len(params["entities"]),
    )


def compute_conditional(params: Params, world: World) -> GoldAnswer:
    """Gold: among those above the median filter value, the highest target value.

    Args:
        params: ``entities``, ``filter_attribute`` and ``target_attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If a filter value or a qualifying entity's target value is absent.
    """
    spec = world.template.attribute(params["target_attribute"])
    leaders = above_median(params, world)
    if not leaders:
        raise MissingFact("no listed entity is above the median")
    name, value = rank(values_of(world, leaders, spec.key), "highest")[0]
    return entity_value_answer(spec, name, value)


def conditional_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """Every listed filter value, and the target values of those above the median.

    Args:
        params: ``entities``, ``filter_attribute`` and ``target_attribute``.
        world: The world.
    """
    leaders = above_median(params, world)
    return listed_and_selected_facts(
        params, params["filter_attribute"], leaders, params["target_attribute"]
    )


CONDITIONAL = register(
    QuestionType(
        name="conditional",
        axis="reasoning",
        pick=pick_conditional,
        render=render_conditional,
        compute=compute_conditional,
        facts=conditional_facts,
    )
)


# ---------------------------------------------------------------------------------------
# ratio
# ---------------------------------------------------------------------------------------


def ratio_value(params: Params, world: World) -> float:
    """The exact ratio numerator / denominator for the entity.

    Args:
        params: ``entity``, ``numerator`` and ``denominator``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If either value is absent, or the denominator is zero (no ratio).
    """
    numerator = get_number(world, params["entity"], params["numerator"])
    denominator = get_number(world, params["entity"], params["denominator"])
    if denominator == 0:
        raise MissingFact(f"{params['entity']!r} has a zero {params['denominator']!r}")
    return numerator / denominator


def pick_ratio(world: World, rng: random.Random) -> Params | None:
    """Choose an entity and one of the template's ratios it has both values for.

    Ratios that round to zero at two decimals are skipped (a guess of 0 would pass).

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    pool = world.memo("ratio_pool", lambda: _ratio_pool(world))
    if not pool:
        return None
    name, ratio = rng.choice(pool)
    return {
        "entity": name,
        "ratio": ratio.key,
        "numerator": ratio.numerator,
        "denominator": ratio.denominator,
    }


def _ratio_pool(world: World) -> list[tuple[str, RatioSpec]]:
    """``(entity, ratio)`` pairs whose ratio exists and is not zero at two decimals."""
    pool: list[tuple[str, RatioSpec]] = []
    for ratio in world.template.ratios:
        numerator = world.template.attribute(ratio.numerator)
        denominator = world.template.attribute(ratio.denominator)
        for entity in entities_with_numbers(world, [ratio.numerator, ratio.denominator]):
            # ratio_value, inline: both values are numbers here
            values = entity.values
            below = round_to_display(denominator, values[ratio.denominator])  # type: ignore[arg-type]
            if below == 0:
                continue
            above = round_to_display(numerator, values[ratio.numerator])  # type: ignore[arg-type]
            if round_places(above / below, RATIO_DECIMALS) != 0:
                pool.append((entity.name, ratio))
    return pool


def render_ratio(params: Params, template: Template) -> str:
    """Ask for a ratio, stating its numerator and denominator.

    Args:
        params: ``entity``, ``ratio``, ``numerator`` and ``denominator``.
        template: The world's template.
    """
    ratio_label = next(r.label for r in template.ratios if r.key == params["ratio"])
    return RATIO_QUESTION.format(
        possessive=possessive(params["entity"]),
        ratio_label=ratio_label,
        numerator_label=template.attribute(params["numerator"]).label,
        denominator_label=template.attribute(params["denominator"]).label,
    )


def compute_ratio(params: Params, world: World) -> GoldAnswer:
    """Gold: numerator / denominator rounded to 2 decimals.

    Args:
        params: ``entity``, ``ratio``, ``numerator`` and ``denominator``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If either value is absent or the denominator is zero.
    """
    value = round_places(ratio_value(params, world), RATIO_DECIMALS)
    return GoldAnswer(
        kind="number", text=format_number(value, RATIO_DECIMALS), value=value, integer=False
    )


def ratio_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """The numerator and denominator facts.

    Args:
        params: ``entity``, ``numerator`` and ``denominator``.
        world: The world (unused).
    """
    return ((params["entity"], params["numerator"]), (params["entity"], params["denominator"]))


RATIO = register(
    QuestionType(
        name="ratio",
        axis="reasoning",
        pick=pick_ratio,
        render=render_ratio,
        compute=compute_ratio,
        facts=ratio_facts,
    )
)


# ---------------------------------------------------------------------------------------
# multi_constraint
# ---------------------------------------------------------------------------------------


def satisfying(params: Params, world: World) -> list[str]:
    """Listed entities with the first value above and the second below its threshold.

    Args:
        params: ``entities``, ``above_attribute``, ``above_threshold``,
            ``below_attribute`` and ``below_threshold``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed value is absent.
    """
    names = list(params["entities"])
    above = values_of(world, names, params["above_attribute"])
    below = dict(values_of(world, names, params["below_attribute"]))
    return [
        name
        for name, value in above
        if value > params["above_threshold"] and below[name] < params["below_threshold"]
    ]


def pick_multi_constraint(world: World, rng: random.Random) -> Params | None:
    """Choose eight entities and two thresholds that 1-7 of them satisfy together.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    draws = attribute_pair_draws(world, rng, MULTI_CONSTRAINT_POPULATION)
    for above_spec, below_spec, names in draws:
        above_values = [value for _, value in values_of(world, names, above_spec.key)]
        below_values = [value for _, value in values_of(world, names, below_spec.key)]
        above_threshold = pick_threshold(rng, above_spec, above_values)
        below_threshold = pick_threshold(rng, below_spec, below_values)
        if above_threshold is None or below_threshold is None:
            continue
        params: Params = {
            "entities": names,
            "above_attribute": above_spec.key,
            "above_threshold": above_threshold,
            "below_attribute": below_spec.key,
            "below_threshold": below_threshold,
        }
        if 1 <= len(satisfying(params, world)) < MULTI_CONSTRAINT_POPULATION:
            return params
    return None


def render_multi_constraint(params: Params, template: Template) -> str:
    """Ask how many (and which) listed entities satisfy two threshold conditions.

    Args:
        params: ``entities``, ``above_attribute``, ``above_threshold``,
            ``below_attribute`` and ``below_threshold``.
        template: The world's template.
    """
    above_spec = template.attribute(params["above_attribute"])
    below_spec = template.attribute(params["below_attribute"])
    return MULTI_CONSTRAINT_QUESTION.format(
        names=list_names(params["entities"]),
        above_label=above_spec.label,
        above_threshold=format_amount(above_spec, params["above_threshold"]),
        below_label=below_spec.label,
        below_threshold=format_amount(below_spec, params["below_threshold"]),
    )


def compute_multi_constraint(params: Params, world: World) -> GoldAnswer:
    """Gold: the count and names of listed entities meeting both conditions.

    Args:
        params: ``entities``, ``above_attribute``, ``above_threshold``,
            ``below_attribute`` and ``below_threshold``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If any listed value is absent.
    """
    return count_names_answer(satisfying(params, world))


def multi_constraint_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """Both attributes of every listed entity.

    Args:
        params: ``entities``, ``above_attribute`` and ``below_attribute``.
        world: The world (unused).
    """
    facts: list[Fact] = []
    for name in params["entities"]:
        facts.extend([(name, params["above_attribute"]), (name, params["below_attribute"])])
    return tuple(facts)


MULTI_CONSTRAINT = register(
    QuestionType(
        name="multi_constraint",
        axis="reasoning",
        pick=pick_multi_constraint,
        render=render_multi_constraint,
        compute=compute_multi_constraint,
        facts=multi_constraint_facts,
    )
)

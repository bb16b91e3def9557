"""Shared helpers for question types: fact access, margins, sampling and answer building.

Every ``compute`` function reads the world only through the ``get_*`` helpers here, which
raise :class:`MissingFact` when an entity, attribute, relation edge list or correction is
absent. Scripted policies call ``compute`` on a world rebuilt from their memory, so a fact
they did not store makes the answer impossible rather than silently wrong.

``pick`` functions choose through :func:`entities_with_numbers`, :func:`sample_names` and
:func:`pick_threshold`, which iterate only over ordered collections, so a seeded
``random.Random`` always yields the same parameters.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Literal

from inspect_memgym.entity_stream.world.formatting import format_computed, join_phrases
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    AttributeKind,
    AttributeSpec,
    Correction,
    Entity,
    Template,
    World,
)
from inspect_memgym.entity_stream.world.numbers import round_places
from inspect_memgym.entity_stream.world.questions.model import MissingFact
from inspect_memgym.entity_stream.world.questions.registry import Fact, Params
from inspect_memgym.scoring.gold import GoldAnswer

Direction = Literal["highest", "lowest"]
"""Which extreme a ranking question asks for."""

DIRECTIONS: tuple[Direction, ...] = ("highest", "lowest")
"""Both ranking directions, in a fixed order for ``rng.choice``."""

WINNER_MARGIN = 0.03
"""Smallest relative lead of a winner over the runner-up (no knife-edge answers)."""

PICK_ATTEMPTS = 40
"""How many random draws a ``pick`` tries before giving up on a world."""

RATIO_DECIMALS = 2
"""Decimal places of ratio and average answers."""

CATEGORY_FACT = "category"
"""Attribute slot used in facts for an entity's category."""

ENTITY_VALUE_ANSWER = "{entity} ({value})"
"""Canonical gold text of an ``entity_value`` answer: a name and its value."""

_NUMBER_TYPES = (int, float)


def relation_fact(entity: str, relation: str) -> Fact:
    """The fact naming an entity's outgoing edges of one relation kind.

    Args:
        entity: Source entity name.
        relation: Relation key.
    """
    return (entity, f"relation:{relation}")


# ---------------------------------------------------------------------------------------
# Fact access (raise MissingFact)
# ---------------------------------------------------------------------------------------


def get_entity(world: World, name: str) -> Entity:
    """Return an entity, or raise if the world does not hold it.

    Args:
        world: The (possibly partial) world.
        name: Entity name.

    Raises:
        MissingFact: If no entity has this name.
    """
    if not world.has_entity(name):
        raise MissingFact(f"unknown entity {name!r}", entity=name)
    return world.entity(name)


def get_number(world: World, name: str, key: str) -> int | float:
    """Return a numeric (int or float) attribute value, as documents print it.

    The value is rounded to the attribute's display precision, so every gold number is
    computed from exactly the figures the agent read.

    Args:
        world: The (possibly partial) world.
        name: Entity name.
        key: Attribute key.

    Raises:
        MissingFact: If the entity or the attribute is absent, or the value is not a number.
    """
    entity = world.find(name)
    if entity is None:
        raise MissingFact(f"unknown entity {name!r}", entity=name)
    value = entity.values.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MissingFact(f"{name!r} has no numeric {key!r}", entity=name)
    spec = world.template.attribute(key)
    if spec.kind == "int":
        return round(value)
    return round_places(float(value), spec.decimals)


def get_series(world: World, name: str, key: str) -> tuple[float, ...]:
    """Return a list_float attribute value.

    Args:
        world: The (possibly partial) world.
        name: Entity name.
        key: Attribute key.

    Raises:
        MissingFact: If the entity or the attribute is absent, or the series is empty.
    """
    value = get_entity(world, name).values.get(key)
    if not isinstance(value, tuple) or not value:
        raise MissingFact(f"{name!r} has no series {key!r}", entity=name)
    return tuple(float(item) for item in value)


def get_fragments(world: World, name: str, key: str) -> tuple[str, ...]:
    """Return a text attribute value (its fragments).

    Args:
        world: The (possibly partial) world.
        name: Entity name.
        key: Attribute key.

    Raises:
        MissingFact: If the entity or the attribute is absent.
    """
    value = get_entity(world, name).values.get(key)
    if not isinstance(value, tuple):
        raise MissingFact(f"{name!r} has no text {key!r}", entity=name)
    return tuple(str(item) for item in value)


def get_label(world: World, name: str, key: str) -> str:
    """Return a string attribute value (an enum value or a date).

    Args:
        world: The (possibly partial) world.
        name: Entity name.
        key: Attribute key.

    Raises:
        MissingFact: If the entity or the attribute is absent.
    """
    value = get_entity(world, name).values.get(key)
    if not isinstance(value, str):
        raise MissingFact(f"{name!r} has no {key!r}", entity=name)
    return value


def get_targets(world: World, name: str, relation: str) -> list[str]:
    """Return an entity's targets of one relation kind, sorted by name.

    An entity present in the world counts as knowing all its outgoing edges.

    Args:
        world: The (possibly partial) world.
        name: Source entity name.
        relation: Relation key.

    Raises:
        MissingFact: If the source entity is absent.
    """
    get_entity(world, name)
    return world.targets(name, relation)


def get_correction(
    world: World, name: str, key: str, kind: Literal["correction", "contradiction"]
) -> Correction:
    """Return the last change of one fact, which must be of the given kind.

    Args:
        world: The (possibly partial) world.
        name: Entity name.
        key: Attribute key.
        kind: ``"correction"`` or ``"contradiction"``.

    Raises:
        MissingFact: If the world records no such change of this fact.
    """
    correction = world.correction_for(name, key)
    if correction is None or correction.kind != kind:
        raise MissingFact(f"no {kind} of {name!r} {key!r}", entity=name)
    return correction


def has_number(entity: Entity, key: str) -> bool:
    """Whether an entity carries a numeric value for an attribute.

    Args:
        entity: The entity.
        key: Attribute key.
    """
    value = entity.values.get(key)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def values_of(world: World, names: Sequence[str], key: str) -> list[tuple[str, float]]:
    """``(name, value)`` pairs for listed entities, read through :func:`get_number`.

    Args:
        world: The (possibly partial) world.
        names: Entity names.
        key: Numeric attribute key.

    Raises:
        MissingFact: If any entity or value is absent.
    """
    return [(name, get_number(world, name, key)) for name in names]


def single_fact(params: Params, world: World) -> tuple[Fact, ...]:
    """Facts of a question about one named fact.

    Args:
        params: ``entity`` and ``attribute``.
        world: The world (unused).
    """
    return ((params["entity"], params["attribute"]),)


def listed_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """Facts of a question over listed entities: each one's value of the attribute.

    Args:
        params: ``entities`` and ``attribute``.
        world: The world (unused).
    """
    return tuple((name, params["attribute"]) for name in params["entities"])


def listed_and_selected_facts(
    params: Params, listed_key: str, selected: Sequence[str], selected_key: str
) -> tuple[Fact, ...]:
    """Every listed entity's value of one attribute, then the selected ones' of another.

    Args:
        params: ``entities``.
        listed_key: Attribute read for every listed entity.
        selected: The listed entities the answer goes on to read (e.g. the top three).
        selected_key: Attribute read for the selected entities.
    """
    facts: list[Fact] = [(name, listed_key) for name in params["entities"]]
    facts.extend((name, selected_key) for name in selected)
    return tuple(facts)


# ---------------------------------------------------------------------------------------
# Ranking and margins
# ---------------------------------------------------------------------------------------


def has_margin(best: float, runner_up: float, margin: float = WINNER_MARGIN) -> bool:
    """Whether ``best`` differs from ``runner_up`` by at least ``margin`` relative.

    The difference is measured relative to the larger of the two magnitudes, so the test
    is symmetric and works for "highest" and "lowest" alike.

    Args:
        best: The winning value (or score).
        runner_up: The second-placed value (or score).
        margin: Smallest relative difference.
    """
    scale = max(abs(best), abs(runner_up))
    return scale > 0 and abs(best - runner_up) >= margin * scale


def rank(scored: Sequence[tuple[str, float]], direction: Direction) -> list[tuple[str, float]]:
    """Order ``(name, score)`` pairs best first; ties break by name.

    Args:
        scored: Names with their scores.
        direction: ``"highest"`` puts the largest score first, ``"lowest"`` the smallest.
    """
    sign = -1.0 if direction == "highest" else 1.0
    return sorted(scored, key=lambda item: (sign * item[1], item[0]))


def clear_leader(scored: Sequence[tuple[str, float]], direction: Direction) -> bool:
    """Whether the best of several scores leads the runner-up by the winner margin.

    Args:
        scored: Names with their scores (at least one).
        direction: Ranking direction.
    """
    ordered = rank(scored, direction)
    if len(ordered) < 2:
        return len(ordered) == 1
    return has_margin(ordered[0][1], ordered[1][1])


def parse_direction(value: object) -> Direction:
    """Validate a direction parameter.

    Args:
        value: ``"highest"`` or ``"lowest"``.

    Raises:
        ValueError: For any other value.
    """
    if value == "highest":
        return "highest"
    if value == "lowest":
        return "lowest"
    raise ValueError(f"direction must be 'highest' or 'lowest', not {value!r}")


# ---------------------------------------------------------------------------------------
# Choosing attributes and entities (for pick)
# ---------------------------------------------------------------------------------------


def attributes_of_kind(template: Template, kinds: Sequence[AttributeKind]) -> list[AttributeSpec]:
    """Template attributes of the given kinds, in template order.

    Args:
        template: The template.
        kinds: Accepted attribute kinds.
    """
    return [spec for spec in template.attributes if spec.kind in kinds]


def numeric_attributes(template: Template) -> list[AttributeSpec]:
    """The template's int and float attributes, in template order.

    Args:
        template: The template.
    """
    return attributes_of_kind(template, NUMERIC_KINDS)


def entities_with_numbers(world: World, keys: Sequence[str]) -> list[Entity]:
    """Entities (ingest order) carrying numeric values for every given attribute.

    Args:
        world: The world.
        keys: Attribute keys.
    """
    wanted = tuple(keys)
    return list(world.memo(("entities_with_numbers", wanted), lambda: _holders(world, wanted)))


def _holders(world: World, wanted: tuple[str, ...]) -> tuple[Entity, ...]:
    """The entities holding numbers for every key: those for all but the last, filtered."""
    if not wanted:
        return world.entities
    if len(wanted) == 1:
        source = world.entities
    else:
        first = wanted[:-1]
        source = world.memo(("entities_with_numbers", first), lambda: _holders(world, first))
    key = wanted[-1]
    # exact int or float first: the common case, without has_number's call
    return tuple(
        [
            entity
            for entity in source
            if type(entity.values.get(key)) in _NUMBER_TYPES
            or (key in entity.values and has_number(entity, key))
        ]
    )


def sample_names(rng: random.Random, entities: Sequence[Entity], count: int) -> list[str]:
    """Draw ``count`` distinct entity names with the RNG.

    Args:
        rng: The seeded RNG.
        entities: Candidates, in a fixed order.
        count: How many to draw (at most ``len(entities)``).
    """
    return [entity.name for entity in rng.sample(list(entities), count)]


def choose_params(rng: random.Random, pool: Sequence[Params]) -> Params | None:
    """A copy of one params dict drawn from a pool, or None for an empty pool.

    Args:
        rng: The seeded RNG.
        pool: Candidate params, in a fixed order.
    """
    return dict(rng.choice(pool)) if pool else None


def pool_picker(
    memo_key: str, build_pool: Callable[[World], Sequence[Params]]
) -> Callable[[World, random.Random], Params | None]:
    """A ``pick`` that draws one params dict (a copy) from a pool built once per world.

    Args:
        memo_key: The key the world memoises the pool under (other readers may share it).
        build_pool: Builds the pool from the world, in a fixed order.
    """

    def pick(world: World, rng: random.Random) -> Params | None:
        return choose_params(rng, world.memo(memo_key, lambda: build_pool(world)))

    return pick


def completed_draw(
    rng: random.Random, pool: Sequence[Params], complete: Callable[[Params], Params | None]
) -> Params | None:
    """Up to :data:`PICK_ATTEMPTS` draws from a pool, each completed or rejected in turn.

    Each attempt draws a copy of one params dict, then lets ``complete`` add its own draws
    and checks; the first completed params are returned.

    Args:
        rng: The seeded RNG.
        pool: Candidate params, in a fixed order (None is returned when it is empty).
        complete: Fills in a drawn copy and returns it, or returns None to reject it.
    """
    if not pool:
        return None
    for _ in range(PICK_ATTEMPTS):
        completed = complete(dict(rng.choice(pool)))
        if completed is not None:
            return completed
    return None


def attribute_draws(
    world: World, rng: random.Random, population: int
) -> Iterator[tuple[AttributeSpec, list[str]]]:
    """Up to :data:`PICK_ATTEMPTS` draws of a numeric attribute and entities carrying it.

    Only attributes that at least ``population`` entities carry are drawn; none are drawn
    when there is no such attribute. Each draw takes the attribute, then the names.

    Args:
        world: The world.
        rng: The seeded RNG.
        population: How many distinct entities each draw lists.
    """
    eligible = [
        spec
        for spec in numeric_attributes(world.template)
        if len(entities_with_numbers(world, [spec.key])) >= population
    ]
    if not eligible:
        return
    for _ in range(PICK_ATTEMPTS):
        spec = rng.choice(eligible)
        yield spec, sample_names(rng, entities_with_numbers(world, [spec.key]), population)


def attribute_pairs(
    world: World, rng: random.Random
) -> Iterator[tuple[AttributeSpec, AttributeSpec]]:
    """Up to :data:`PICK_ATTEMPTS` draws of two distinct numeric attributes.

    None are drawn when the template has fewer than two numeric attributes.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    specs = numeric_attributes(world.template)
    if len(specs) < 2:
        return
    for _ in range(PICK_ATTEMPTS):
        first, second = rng.sample(specs, 2)
        yield first, second


def attribute_pair_draws(
    world: World, rng: random.Random, population: int
) -> Iterator[tuple[AttributeSpec, AttributeSpec, list[str]]]:
    """Draws of two numeric attributes and ``population`` entities carrying both.

    An attribute pair that fewer than ``population`` entities carry is passed over (it
    still uses up one of the :data:`PICK_ATTEMPTS`).

    Args:
        world: The world.
        rng: The seeded RNG.
        population: How many distinct entities each draw lists.
    """
    for first, second in attribute_pairs(world, rng):
        members = entities_with_numbers(world, [first.key, second.key])
        if len(members) >= population:
            yield first, second, sample_names(rng, members, population)


def distinct_values(values: Sequence[float]) -> bool:
    """Whether no two values are equal.

    Args:
        values: Numbers.
    """
    return len(set(values)) == len(values)


def pick_threshold(
    rng: random.Random, spec: AttributeSpec, values: Sequence[float]
) -> int | float | None:
    """A threshold between two distinct values, at display precision, equal to none.

    The threshold falls in a random gap between consecutive distinct sorted values, so at
    least one value lies on each side of it.

    Args:
        rng: The seeded RNG.
        spec: The attribute (its kind and decimals fix the precision).
        values: The values the threshold splits.

    Returns:
        The threshold, or None if no gap admits a threshold at display precision.
    """
    ordered = sorted(set(values))
    gaps = list(itertools.pairwise(ordered))
    rng.shuffle(gaps)
    for low, high in gaps:
        candidate = round_to_display(spec, low + (high - low) * rng.uniform(0.25, 0.75))
        if low < candidate < high:
            return candidate
        midpoint = round_to_display(spec, (low + high) / 2)
        if low < midpoint < high:
            return midpoint
    return None


# ---------------------------------------------------------------------------------------
# Numbers and answers
# ---------------------------------------------------------------------------------------


def is_integer_attribute(spec: AttributeSpec) -> bool:
    """Whether an attribute's values (and their sums and differences) are integers.

    Args:
        spec: The attribute.
    """
    return spec.kind == "int"


def round_to_display(spec: AttributeSpec, value: float) -> int | float:
    """Round a number to the attribute's display precision (an int for int attributes).

    Args:
        spec: The attribute.
        value: The number.
    """
    if is_integer_attribute(spec):
        return round(value)
    return round_places(float(value), spec.decimals)


def format_amount(spec: AttributeSpec, value: float) -> str:
    """Format a number at the attribute's display precision, with its unit.

    Args:
        spec: The attribute.
        value: The number (already rounded).
    """
    decimals = 0 if is_integer_attribute(spec) else spec.decimals
    return format_computed(spec, value, decimals)


def number_answer(spec: AttributeSpec, value: float) -> GoldAnswer:
    """A ``number`` answer at the attribute's display precision and unit.

    Args:
        spec: The attribute whose unit and precision apply.
        value: The exact number (sum, difference or value).
    """
    rounded = round_to_display(spec, value)
    return GoldAnswer(
        kind="number",
        text=format_amount(spec, rounded),
        value=rounded,
        integer=is_integer_attribute(spec),
    )


def entity_value_answer(
    spec: AttributeSpec, name: str, value: float, wording: str = ENTITY_VALUE_ANSWER
) -> GoldAnswer:
    """An ``entity_value`` answer: a name and a value, like ``Name ($12.5M)``.

    Args:
        spec: The attribute whose unit and precision apply.
        name: The entity name.
        value: The exact number (the entity's value, or e.g. a difference).
        wording: The canonical text, with ``{entity}`` and ``{value}`` fields.
    """
    number = number_answer(spec, value)
    text = wording.format(entity=name, value=number.text)
    return replace(number, kind="entity_value", text=text, entity=name)


def names_answer(names: Sequence[str]) -> GoldAnswer:
    """A ``names`` answer with sorted names.

    Args:
        names: Entity names.
    """
    ordered = tuple(sorted(set(names)))
    return GoldAnswer(kind="names", text=join_phrases(list(ordered)) or "none", names=ordered)


def count_names_answer(names: Sequence[str]) -> GoldAnswer:
    """A ``count_names`` answer: how many, and which (sorted).

    Args:
        names: Entity names.
    """
    listed = names_answer(names)
    count = len(listed.names)
    return replace(
        listed, kind="count_names", text=f"{count}: {listed.text}", integer=True, count=count
    )


def list_names(names: Sequence[str]) -> str:
    """Join entity names for a question text (``A, B and C``).

    Args:
        names: Entity names.
    """
    return join_phrases(list(names))

"""Build a world from a seed: entities, relations, corrections and contradictions.

Each part draws from its own seeded stream (``entity_stream.world.rng``) so changing one part of the
generator does not reshuffle the others.
"""

from __future__ import annotations

import bisect
import itertools
import random
from math import floor

from inspect_memgym.entity_stream.world.derived import derived
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    AttributeSpec,
    Correction,
    Entity,
    Relation,
    Template,
    Value,
    World,
)
from inspect_memgym.entity_stream.world.rng import sample
from inspect_memgym.entity_stream.world.values import changed_value, values_drawer

MIN_ATTRIBUTES = 17
MAX_ATTRIBUTES = 22


def generate_entities(template: Template, count: int, rng: random.Random) -> list[Entity]:
    """Entities with unique names, a category and a random subset of ~17-22 attributes.

    Args:
        template: The template.
        count: How many entities.
        rng: Seeded RNG.
    """
    names = sample(rng, derived(_name_pool, template), count)
    attribute_total = len(template.attributes)
    draw_values = derived(values_drawer, template)
    fewest = min(MIN_ATTRIBUTES, attribute_total)
    held_spread = min(MAX_ATTRIBUTES, attribute_total) - fewest + 1
    indices = range(attribute_total)
    categories = template.categories
    category_count = len(categories)
    random = rng.random
    entities = []
    # floor(), not int(): the same index, as the product is never negative, and
    # about half the cost of int()'s type call (pinned in test_fast_draws)
    for name in names:
        category = categories[floor(random() * category_count)]
        held = fewest + floor(random() * held_spread)
        dropped = set(sample(rng, indices, attribute_total - held))
        entities.append(Entity(name, category, draw_values(rng, dropped)))
    return entities


def name_pool(template: Template) -> list[str]:
    """Every name the template can give an entity: prefix x suffix, in that order.

    Args:
        template: The template.
    """
    return list(derived(_name_pool, template))


def _name_pool(template: Template) -> tuple[str, ...]:
    return tuple(
        f"{prefix} {suffix}"
        for prefix, suffix in itertools.product(template.name_prefixes, template.name_suffixes)
    )


def generate_relations(template: Template, names: list[str], rng: random.Random) -> list[Relation]:
    """max(6, N // 3) random directed edges per relation kind: no self-loops, no duplicates.

    Args:
        template: The template (its two relation kinds).
        names: Entity names.
        rng: Seeded RNG.
    """
    edges: list[Relation] = []
    per_kind = min(max(6, len(names) // 3), len(names) * (len(names) - 1))
    for relation in template.relations:
        kind = relation.key
        seen: set[tuple[str, str]] = set()
        while len(seen) < per_kind:
            source, target = sample(rng, names, 2)  # rng.sample(names, 2), the same draws
            if (source, target) not in seen:
                seen.add((source, target))
                edges.append(Relation(source, kind, target))
    return edges


def pick_changes(
    template: Template,
    entities: list[Entity],
    count: int,
    kind: str,
    taken: set[tuple[str, str]],
    rng: random.Random,
) -> list[Correction]:
    """Choose ``count`` numeric facts of the given entities and change their values.

    Args:
        template: The template.
        entities: Entities eligible for a change (already ingested at that point).
        count: How many changes.
        kind: ``"correction"`` or ``"contradiction"``.
        taken: Facts already changed; updated in place so no fact changes twice.
        rng: Seeded RNG.
    """
    changes = []
    for entity, spec in sampled_facts(template, entities, count, taken, rng):
        taken.add((entity.name, spec.key))
        old = entity.values[spec.key]
        reason = rng.choice(template.correction_reasons) if kind == "correction" else ""
        changes.append(
            Correction(
                entity=entity.name,
                attribute=spec.key,
                old=old,
                new=changed_value(spec, old, rng),
                kind="correction" if kind == "correction" else "contradiction",
                reason=reason,
            )
        )
    return changes


def sampled_facts(
    template: Template,
    entities: list[Entity],
    count: int,
    taken: set[tuple[str, str]],
    rng: random.Random,
) -> list[tuple[Entity, AttributeSpec]]:
    """``rng.sample(candidates, min(count, len(candidates)))``, with the same draws.

    The candidates are every numeric fact the entities hold and ``taken`` does not,
    entity by entity in template order. A sample's draws depend only on how many
    candidates there are, so the list is not built: each entity's candidates are counted
    (a set intersection) and only the chosen positions are looked up.

    Args:
        template: The template.
        entities: Entities whose facts may be chosen.
        count: How many facts (fewer if there are not that many candidates).
        taken: Facts that may not be chosen (``(entity name, attribute key)``).
        rng: Seeded RNG.
    """
    numeric = derived(_numeric_attributes, template)
    numeric_keys = derived(_numeric_keys, template)
    taken_by_entity: dict[str, set[str]] = {}
    for name, key in taken:
        taken_by_entity.setdefault(name, set()).add(key)
    counts = []
    for entity in entities:
        held = numeric_keys.intersection(entity.values)
        gone = taken_by_entity.get(entity.name)
        counts.append(len(held - gone) if gone else len(held))
    ends = list(itertools.accumulate(counts))
    total = ends[-1] if ends else 0
    chosen = []
    for position in sample(rng, range(total), min(count, total)):
        index = bisect.bisect_right(ends, position)
        entity = entities[index]
        skip = position - (ends[index] - counts[index])
        for spec in numeric:
            if spec.key in entity.values and (entity.name, spec.key) not in taken:
                if skip == 0:
                    chosen.append((entity, spec))
                    break
                skip -= 1
    return chosen


def _numeric_keys(template: Template) -> frozenset[str]:
    return frozenset(spec.key for spec in derived(_numeric_attributes, template))


def _numeric_attributes(template: Template) -> tuple[AttributeSpec, ...]:
    return tuple(spec for spec in template.attributes if spec.kind in NUMERIC_KINDS)


def apply_changes(entities: list[Entity], changes: list[Correction]) -> list[Entity]:
    """Entities with each change's new value applied, in order.

    Args:
        entities: Entities with their original values.
        changes: Corrections and contradictions in stream order.
    """
    updates: dict[str, dict[str, Value]] = {}
    for change in changes:
        updates.setdefault(change.entity, {})[change.attribute] = change.new
    if not updates:
        return list(entities)
    # Entity(...) directly: dataclasses.replace introspects the fields on every call
    return [
        Entity(entity.name, entity.category, {**entity.values, **updates[entity.name]})
        if entity.name in updates
        else entity
        for entity in entities
    ]


def world_as_of(
    template: Template,
    original_entities: list[Entity],
    relations: list[Relation],
    changes: list[Correction],
    ingested: int,
    changes_seen: int,
) -> World:
    """The world as an agent has seen it at one point of the stream.

    Args:
        template: The template.
        original_entities: All entities with their original (ingest-time) values.
        relations: All relation edges.
        changes: All changes in stream order.
        ingested: How many entities have been ingested so far.
        changes_seen: How many changes have been announced so far.
    """
    seen = original_entities[:ingested]
    applied = changes[:changes_seen]
    return World(
        template=template,
        entities=tuple(apply_changes(seen, applied)),
        relations=tuple(relations),
        corrections=tuple(applied),
    )

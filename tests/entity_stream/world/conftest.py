"""Hand-built template and world for question-type tests, plus a random company world.

The hand world is small enough to work every gold answer out on paper:

| name        | cat   | staff | sites | revenue | margin | tier   | growth                    |
|-------------|-------|-------|-------|---------|--------|--------|---------------------------|
| Acme Labs   | North | 120   | 4     | 250.0   | 12.50  | gold   | 1, 2, 3, 4, 5             |
| Bolt Works  | North | 80    | 2     | 100.0   | 8.25   | silver | 5, 4, 3, 2, 1             |
| Crest Group | North | 200   | 10    | 400.0   | 15.00  | gold   | 2, 2, 2, 2, 2             |
| Dune Labs   | South | 50    | 1     | 60.0    | 5.00   | bronze | -                         |
| Acme Works  | South | 150   | 5     | 300.0   | -      | silver | 10, 10.2, 10.4, 10.6, 10.8|
| Bolt Group  | South | 90    | -     | 180.0   | 20.00  | gold   | 3, 3.1, 3, 3.1, 3         |
| Crest Labs  | East  | 300   | 12    | 90.0    | 2.50   | bronze | 8, 7.9, 7.8, 7.7, 7.6     |
| Dune Works  | East  | 60    | 3     | 150.0   | 10.00  | silver | -                         |

Acme Labs' staff was corrected from 100 to 120; Bolt Works' revenue was silently
contradicted from 110.0 to 100.0.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from inspect_memgym.entity_stream.world.model import (
    AttributeSpec,
    Correction,
    Entity,
    RatioSpec,
    Relation,
    RelationSpec,
    Template,
    Value,
    World,
)
from inspect_memgym.entity_stream.world.templates import get_template

COMPANY = get_template("company")

HAND_TEMPLATE = Template(
    name="handmade",
    entity_word="firm",
    entity_plural="firms",
    attributes=(
        AttributeSpec("staff", "staff count", "int", "{value} staff", 10, 500),
        AttributeSpec("sites", "site count", "int", "{value} sites", 1, 20),
        AttributeSpec("revenue", "revenue", "float", "${value}M", 10, 500, 1),
        AttributeSpec("margin", "profit margin", "float", "{value}%", 0, 30, 2),
        AttributeSpec(
            "product_lines",
            "product lines",
            "text",
            choices=(
                "alpha widgets",
                "beta gears",
                "gamma pumps",
                "delta valves",
                "epsilon drives",
                "zeta springs",
            ),
        ),
        AttributeSpec("tier", "service tier", "enum", choices=("gold", "silver", "bronze")),
        AttributeSpec("growth", "quarterly growth", "list_float", "{value}%", -5, 15, 1, periods=5),
        AttributeSpec("founded", "founding date", "date", low=1970, high=2020),
    ),
    categories=("North", "South", "East"),
    relations=(
        RelationSpec("supplies_to", "supplies to", "is supplied by"),
        RelationSpec("partners_with", "partners with", "is a partner of"),
    ),
    ratios=(
        RatioSpec("revenue_per_staff", "revenue per staff member", "revenue", "staff"),
        RatioSpec("revenue_per_site", "revenue per site", "revenue", "sites"),
    ),
    styles=("Brief", "Profile", "Memo", "Journal"),
    name_prefixes=("Acme", "Bolt", "Crest", "Dune"),
    name_suffixes=("Labs", "Works", "Group"),
    question_weights={"retrieval": 0.3, "comprehension": 0.4, "update": 0.2, "abstention": 0.1},
    correction_timing=(0.4, 0.7),
    correction_reasons=("after an audit",),
    noise_topics=("the weather",),
)


def _entity(name: str, category: str, **values: Value) -> Entity:
    return Entity(name=name, category=category, values=dict(values))


HAND_ENTITIES = (
    _entity(
        "Acme Labs",
        "North",
        staff=120,
        sites=4,
        revenue=250.0,
        margin=12.5,
        product_lines=("alpha widgets", "beta gears"),
        tier="gold",
        growth=(1.0, 2.0, 3.0, 4.0, 5.0),
        founded="1990-05-12",
    ),
    _entity(
        "Bolt Works",
        "North",
        staff=80,
        sites=2,
        revenue=100.0,
        margin=8.25,
        product_lines=("beta gears", "gamma pumps"),
        tier="silver",
        growth=(5.0, 4.0, 3.0, 2.0, 1.0),
        founded="2001-01-30",
    ),
    _entity(
        "Crest Group",
        "North",
        staff=200,
        sites=10,
        revenue=400.0,
        margin=15.0,
        product_lines=("delta valves", "alpha widgets"),
        tier="gold",
        growth=(2.0, 2.0, 2.0, 2.0, 2.0),
        founded="1985-07-04",
    ),
    _entity(
        "Dune Labs",
        "South",
        staff=50,
        sites=1,
        revenue=60.0,
        margin=5.0,
        product_lines=("epsilon drives", "gamma pumps"),
        tier="bronze",
        founded="2010-11-11",
    ),
    _entity(
        "Acme Works",
        "South",
        staff=150,
        sites=5,
        revenue=300.0,
        tier="silver",
        growth=(10.0, 10.2, 10.4, 10.6, 10.8),
        founded="1999-09-09",
    ),
    _entity(
        "Bolt Group",
        "South",
        staff=90,
        revenue=180.0,
        margin=20.0,
        product_lines=("beta gears", "delta valves"),
        tier="gold",
        growth=(3.0, 3.1, 3.0, 3.1, 3.0),
    ),
    _entity(
        "Crest Labs",
        "East",
        staff=300,
        sites=12,
        revenue=90.0,
        margin=2.5,
        product_lines=("gamma pumps", "zeta springs"),
        tier="bronze",
        growth=(8.0, 7.9, 7.8, 7.7, 7.6),
        founded="1975-03-03",
    ),
    _entity(
        "Dune Works",
        "East",
        staff=60,
        sites=3,
        revenue=150.0,
        margin=10.0,
        product_lines=("beta gears", "epsilon drives"),
        tier="silver",
        founded="2015-06-15",
    ),
)

HAND_RELATIONS = (
    Relation("Acme Labs", "supplies_to", "Bolt Works"),
    Relation("Acme Labs", "supplies_to", "Crest Group"),
    Relation("Acme Labs", "supplies_to", "Dune Labs"),
    Relation("Bolt Works", "supplies_to", "Acme Works"),
    Relation("Crest Group", "supplies_to", "Dune Works"),
    Relation("Crest Group", "supplies_to", "Bolt Works"),
    Relation("Dune Labs", "partners_with", "Crest Labs"),
    Relation("Crest Labs", "partners_with", "Dune Labs"),
)

HAND_CORRECTIONS = (
    Correction("Acme Labs", "staff", 100, 120, "correction", "after an audit"),
    Correction("Bolt Works", "revenue", 110.0, 100.0, "contradiction"),
)


def make_hand_world(drop: tuple[str, ...] = ()) -> World:
    """The hand world, optionally without some entities (and their corrections).

    Args:
        drop: Names of entities to leave out.
    """
    return World(
        template=HAND_TEMPLATE,
        entities=tuple(e for e in HAND_ENTITIES if e.name not in drop),
        relations=tuple(r for r in HAND_RELATIONS if r.source not in drop),
        corrections=tuple(c for c in HAND_CORRECTIONS if c.entity not in drop),
    )


@pytest.fixture
def hand_world() -> World:
    """The complete hand world."""
    return make_hand_world()


@pytest.fixture
def hand_world_without() -> Callable[..., World]:
    """Factory: the hand world without some entities, ``hand_world_without(*names)``."""

    def build(*names: str) -> World:
        return make_hand_world(drop=names)

    return build


@pytest.fixture
def company_world() -> Callable[[int], World]:
    """Factory: a seeded random world of the company template, ``company_world(seed)``."""
    return make_company_world


def make_company_world(seed: int, size: int = 60) -> World:
    """A random but seeded world of the company template, for pick smoke tests.

    Args:
        seed: RNG seed.
        size: Number of entities.
    """
    rng = random.Random(seed)
    names = [f"{p} {s}" for p in COMPANY.name_prefixes for s in COMPANY.name_suffixes]
    chosen = rng.sample(names, size)
    entities: list[Entity] = []
    for name in chosen:
        keep = rng.sample(list(COMPANY.attributes), rng.randint(17, len(COMPANY.attributes)))
        values: dict[str, Value] = {}
        for spec in COMPANY.attributes:
            if spec not in keep:
                continue
            if spec.kind == "int":
                values[spec.key] = rng.randint(int(spec.low), int(spec.high))
            elif spec.kind == "float":
                values[spec.key] = round(rng.uniform(spec.low, spec.high), spec.decimals)
            elif spec.kind == "list_float":
                values[spec.key] = tuple(
                    round(rng.uniform(spec.low, spec.high), spec.decimals)
                    for _ in range(spec.periods)
                )
            elif spec.kind == "enum":
                values[spec.key] = rng.choice(spec.choices)
            elif spec.kind == "text":
                count = rng.randint(spec.min_fragments, spec.max_fragments)
                values[spec.key] = tuple(rng.sample(spec.choices, count))
            else:
                year = rng.randint(int(spec.low), int(spec.high))
                values[spec.key] = f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        entities.append(Entity(name, rng.choice(COMPANY.categories), values))
    relations: list[Relation] = []
    while len(relations) < max(6, size // 3):
        source, target = rng.sample(chosen, 2)
        kind = rng.choice(COMPANY.relations).key
        edge = Relation(source, kind, target)
        if edge not in relations:
            relations.append(edge)
    corrections: list[Correction] = []
    final = {e.name: dict(e.values) for e in entities}
    for index, entity in enumerate(rng.sample(entities, 4)):
        key = next(k for k in ("revenue", "employees", "cash", "offices") if k in entity.values)
        old = entity.values[key]
        assert isinstance(old, (int, float))
        new: Value = old + 7 if isinstance(old, int) else round(old * 1.3, 1)
        final[entity.name][key] = new
        kind = "contradiction" if index == 3 else "correction"
        corrections.append(Correction(entity.name, key, old, new, kind))
    return World(
        template=COMPANY,
        entities=tuple(Entity(e.name, e.category, final[e.name]) for e in entities),
        relations=tuple(relations),
        corrections=tuple(corrections),
    )

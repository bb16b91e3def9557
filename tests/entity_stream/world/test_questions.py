"""Question types: hand-computed golds, deterministic picks, MissingFact, registry."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from inspect_memgym.entity_stream.world.model import Correction, Entity, Relation, World
from inspect_memgym.entity_stream.world.questions import (
    QUESTION_TYPE_NAMES,
    QUESTION_TYPES,
    MissingFact,
    Question,
    build_question,
)
from inspect_memgym.entity_stream.world.questions.common import has_margin, pick_threshold
from inspect_memgym.entity_stream.world.questions.temporal import TREND_PHRASES
from inspect_memgym.scoring.gold import GoldAnswer

ALL_EIGHT = [
    "Acme Labs",
    "Bolt Works",
    "Crest Group",
    "Dune Labs",
    "Acme Works",
    "Bolt Group",
    "Crest Labs",
    "Dune Works",
]

# (type, params, expected gold) — every expected value worked out by hand from conftest's table.
GOLD_CASES: list[tuple[str, dict[str, Any], GoldAnswer]] = [
    (
        "retrieval",
        {"entity": "Acme Works", "attribute": "staff"},
        GoldAnswer(kind="number", text="150 staff", value=150, integer=True),
    ),
    (
        "retrieval",
        {"entity": "Crest Group", "attribute": "margin"},
        GoldAnswer(kind="number", text="15.00%", value=15.0),
    ),
    (
        "retrieval",
        {"entity": "Acme Labs", "attribute": "founded"},
        GoldAnswer(kind="date", text="1990-05-12"),
    ),
    (
        "retrieval",
        {"entity": "Bolt Works", "attribute": "product_lines"},
        GoldAnswer(
            kind="fragments",
            text="beta gears and gamma pumps",
            fragments=("beta gears", "gamma pumps"),
        ),
    ),
    (
        "retrieval",
        {"entity": "Acme Labs", "attribute": "growth"},
        GoldAnswer(
            kind="series",
            text="1.0%, 2.0%, 3.0%, 4.0%, 5.0%",
            series=(1.0, 2.0, 3.0, 4.0, 5.0),
        ),
    ),
    (
        "update",
        {"entity": "Acme Labs", "attribute": "staff"},
        GoldAnswer(kind="number", text="120 staff", value=120, integer=True),
    ),
    (
        "contradiction",
        {"entity": "Bolt Works", "attribute": "revenue"},
        GoldAnswer(kind="number", text="$100.0M", value=100.0),
    ),
    (
        "abstention",
        {"entity": "Crest Works", "attribute": "revenue"},
        GoldAnswer(kind="abstain", text="Not in the stream: Crest Works never appeared."),
    ),
    (
        "synthesis",
        {
            "entities": ["Acme Labs", "Bolt Works", "Crest Group", "Dune Labs", "Acme Works"],
            "attribute": "revenue",
            "direction": "highest",
        },
        GoldAnswer(
            kind="entity_value", text="Crest Group ($400.0M)", value=400.0, entity="Crest Group"
        ),
    ),
    (
        "synthesis",
        {
            "entities": ["Acme Labs", "Bolt Works", "Crest Group", "Dune Labs", "Acme Works"],
            "attribute": "revenue",
            "direction": "lowest",
        },
        GoldAnswer(kind="entity_value", text="Dune Labs ($60.0M)", value=60.0, entity="Dune Labs"),
    ),
    (
        "aggregation",
        {
            "entities": ["Acme Labs", "Bolt Works", "Crest Group"],
            "attribute": "staff",
            "category": "North",
            "operation": "total",
        },
        GoldAnswer(kind="number", text="400 staff", value=400, integer=True),
    ),
    (
        "aggregation",
        {
            "entities": ["Acme Labs", "Bolt Works", "Crest Group"],
            "attribute": "margin",
            "category": "North",
            "operation": "average",
        },
        GoldAnswer(kind="number", text="11.92%", value=11.92),
    ),
    (
        "aggregation",
        {
            "entities": ["Dune Labs", "Acme Works", "Bolt Group"],
            "attribute": "revenue",
            "category": "South",
            "operation": "total",
        },
        GoldAnswer(kind="number", text="$540.0M", value=540.0),
    ),
    (
        "update_chain",
        {"entities": ["Acme Labs", "Bolt Works"], "attribute": "staff"},
        GoldAnswer(kind="number", text="200 staff", value=200, integer=True),
    ),
    (
        "update_chain",
        {"entities": ["Bolt Works", "Crest Group"], "attribute": "revenue"},
        GoldAnswer(kind="number", text="$500.0M", value=500.0),
    ),
    (
        "cross_category",
        {
            "categories": ["North", "East"],
            "entities": ["Acme Labs", "Bolt Works", "Crest Group", "Crest Labs", "Dune Works"],
            "rank_attribute": "staff",
            "sum_attribute": "revenue",
            "top": 3,
        },
        GoldAnswer(kind="number", text="$740.0M", value=740.0),
    ),
    (
        "conditional",
        {
            "entities": [
                "Acme Labs",
                "Bolt Works",
                "Crest Group",
                "Dune Labs",
                "Crest Labs",
                "Dune Works",
            ],
            "filter_attribute": "staff",
            "target_attribute": "margin",
        },
        GoldAnswer(
            kind="entity_value", text="Crest Group (15.00%)", value=15.0, entity="Crest Group"
        ),
    ),
    (
        "ratio",
        {
            "entity": "Bolt Works",
            "ratio": "revenue_per_staff",
            "numerator": "revenue",
            "denominator": "staff",
        },
        GoldAnswer(kind="number", text="1.25", value=1.25),
    ),
    (
        "ratio",
        {
            "entity": "Acme Labs",
            "ratio": "revenue_per_site",
            "numerator": "revenue",
            "denominator": "sites",
        },
        GoldAnswer(kind="number", text="62.50", value=62.5),
    ),
    (
        "comparison",
        {"entities": ["Acme Labs", "Crest Group"], "attribute": "revenue"},
        GoldAnswer(
            kind="entity_value", text="Crest Group, by $150.0M", value=150.0, entity="Crest Group"
        ),
    ),
    (
        "comparison",
        {"entities": ["Bolt Works", "Acme Labs"], "attribute": "staff"},
        GoldAnswer(
            kind="entity_value",
            text="Acme Labs, by 40 staff",
            value=40,
            integer=True,
            entity="Acme Labs",
        ),
    ),
    (
        "multi_hop",
        {
            "categories": ["North", "South", "East"],
            "mean_attribute": "revenue",
            "target_attribute": "staff",
        },
        GoldAnswer(
            kind="entity_value",
            text="Crest Group (200 staff)",
            value=200,
            integer=True,
            entity="Crest Group",
        ),
    ),
    (
        "outlier",
        {
            "entities": ["Acme Labs", "Bolt Works", "Crest Group", "Dune Labs", "Crest Labs"],
            "attribute": "staff",
        },
        GoldAnswer(
            kind="entity_value",
            text="Crest Labs (300 staff)",
            value=300,
            integer=True,
            entity="Crest Labs",
        ),
    ),
    (
        "delta",
        {"entity": "Acme Labs", "attribute": "staff"},
        GoldAnswer(kind="number", text="20 staff", value=20, integer=True),
    ),
    (
        "counterfactual",
        {"entity": "Acme Labs", "attribute": "staff"},
        GoldAnswer(kind="number", text="100 staff", value=100, integer=True),
    ),
    (
        "temporal_trend",
        {"entity": "Acme Works", "attribute": "growth"},
        GoldAnswer(
            kind="trend",
            text="slightly rising (10.0% → 10.8%)",
            direction="slightly rising",
            series=(10.0, 10.8),
        ),
    ),
    (
        "temporal_trend",
        {"entity": "Crest Labs", "attribute": "growth"},
        GoldAnswer(
            kind="trend",
            text="slightly falling (8.0% → 7.6%)",
            direction="slightly falling",
            series=(8.0, 7.6),
        ),
    ),
    (
        "temporal_trend",
        {"entity": "Acme Labs", "attribute": "growth"},
        GoldAnswer(
            kind="trend",
            text="strongly rising (1.0% → 5.0%)",
            direction="strongly rising",
            series=(1.0, 5.0),
        ),
    ),
    (
        "temporal_trend",
        {"entity": "Bolt Group", "attribute": "growth"},
        GoldAnswer(kind="trend", text="flat (3.0% → 3.0%)", direction="flat", series=(3.0, 3.0)),
    ),
    (
        "temporal_trend",
        {"entity": "Bolt Works", "attribute": "growth"},
        GoldAnswer(
            kind="trend",
            text="strongly falling (5.0% → 1.0%)",
            direction="strongly falling",
            series=(5.0, 1.0),
        ),
    ),
    (
        "temporal_extreme",
        {"entity": "Acme Labs", "attribute": "growth", "direction": "highest"},
        GoldAnswer(kind="period_value", text="period 5 (5.0%)", value=5.0, period=5),
    ),
    (
        "temporal_extreme",
        {"entity": "Acme Works", "attribute": "growth", "direction": "lowest"},
        GoldAnswer(kind="period_value", text="period 1 (10.0%)", value=10.0, period=1),
    ),
    (
        "text_match",
        {"attribute": "product_lines", "fragments": ["zeta springs"]},
        GoldAnswer(kind="entity", text="Crest Labs", entity="Crest Labs"),
    ),
    (
        "text_match",
        {"attribute": "product_lines", "fragments": ["beta gears", "gamma pumps"]},
        GoldAnswer(kind="entity", text="Bolt Works", entity="Bolt Works"),
    ),
    (
        "enum_filter",
        {
            "enum_attribute": "tier",
            "enum_value": "silver",
            "attribute": "revenue",
            "direction": "lowest",
        },
        GoldAnswer(
            kind="entity_value", text="Bolt Works ($100.0M)", value=100.0, entity="Bolt Works"
        ),
    ),
    (
        "enum_filter",
        {
            "enum_attribute": "tier",
            "enum_value": "gold",
            "attribute": "staff",
            "direction": "highest",
        },
        GoldAnswer(
            kind="entity_value",
            text="Crest Group (200 staff)",
            value=200,
            integer=True,
            entity="Crest Group",
        ),
    ),
    (
        "multi_constraint",
        {
            "entities": ALL_EIGHT,
            "above_attribute": "staff",
            "above_threshold": 100,
            "below_attribute": "revenue",
            "below_threshold": 275.0,
        },
        GoldAnswer(
            kind="count_names",
            text="2: Acme Labs and Crest Labs",
            integer=True,
            count=2,
            names=("Acme Labs", "Crest Labs"),
        ),
    ),
    (
        "relationship_lookup",
        {"entity": "Crest Group", "relation": "supplies_to"},
        GoldAnswer(
            kind="names", text="Bolt Works and Dune Works", names=("Bolt Works", "Dune Works")
        ),
    ),
    (
        "relationship_lookup",
        {"entity": "Dune Labs", "relation": "partners_with"},
        GoldAnswer(kind="names", text="Crest Labs", names=("Crest Labs",)),
    ),
    (
        "relationship_hop",
        {"entity": "Acme Labs", "relation": "supplies_to", "attribute": "revenue"},
        GoldAnswer(
            kind="entity_value", text="Crest Group ($400.0M)", value=400.0, entity="Crest Group"
        ),
    ),
    (
        "relationship_chain",
        {"entity": "Acme Labs", "relation": "supplies_to"},
        GoldAnswer(
            kind="names",
            text="Acme Works, Bolt Works and Dune Works",
            names=("Acme Works", "Bolt Works", "Dune Works"),
        ),
    ),
    (
        "relationship_count",
        {"entity": "Acme Labs", "relation": "supplies_to"},
        GoldAnswer(
            kind="count_names",
            text="3: Bolt Works, Crest Group and Dune Labs",
            integer=True,
            count=3,
            names=("Bolt Works", "Crest Group", "Dune Labs"),
        ),
    ),
    (
        "relationship_filter",
        {
            "entity": "Acme Labs",
            "relation": "supplies_to",
            "attribute": "revenue",
            "threshold": 80.0,
        },
        GoldAnswer(
            kind="names", text="Bolt Works and Crest Group", names=("Bolt Works", "Crest Group")
        ),
    ),
]

# (type, params, entities to drop so that a needed fact goes missing)
MISSING_CASES: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("retrieval", {"entity": "Acme Works", "attribute": "staff"}, ("Acme Works",)),
    ("retrieval", {"entity": "Acme Works", "attribute": "margin"}, ()),
    ("update", {"entity": "Acme Labs", "attribute": "staff"}, ("Acme Labs",)),
    ("contradiction", {"entity": "Bolt Works", "attribute": "revenue"}, ("Bolt Works",)),
    (
        "synthesis",
        {"entities": ALL_EIGHT[:5], "attribute": "staff", "direction": "highest"},
        ("Dune Labs",),
    ),
    (
        "aggregation",
        {
            "entities": ["Acme Labs", "Bolt Works"],
            "attribute": "staff",
            "category": "North",
            "operation": "average",
        },
        ("Bolt Works",),
    ),
    (
        "cross_category",
        {
            "categories": ["North", "East"],
            "entities": ["Acme Labs", "Bolt Works", "Crest Group", "Crest Labs", "Dune Works"],
            "rank_attribute": "staff",
            "sum_attribute": "revenue",
            "top": 3,
        },
        ("Crest Labs",),
    ),
    (
        "conditional",
        {
            "entities": [*ALL_EIGHT[:4], "Crest Labs", "Dune Works"],
            "filter_attribute": "staff",
            "target_attribute": "margin",
        },
        ("Dune Works",),
    ),
    (
        "ratio",
        {
            "entity": "Bolt Works",
            "ratio": "revenue_per_staff",
            "numerator": "revenue",
            "denominator": "staff",
        },
        ("Bolt Works",),
    ),
    (
        "comparison",
        {"entities": ["Acme Labs", "Crest Group"], "attribute": "revenue"},
        ("Crest Group",),
    ),
    (
        "multi_hop",
        {
            "categories": ["North", "South", "East"],
            "mean_attribute": "revenue",
            "target_attribute": "staff",
        },
        ("Crest Labs", "Dune Works"),
    ),
    ("outlier", {"entities": ALL_EIGHT[:5], "attribute": "staff"}, ("Acme Labs",)),
    (
        "update_chain",
        {"entities": ["Acme Labs", "Bolt Works"], "attribute": "staff"},
        ("Acme Labs", "Bolt Works"),
    ),
    ("update_chain", {"entities": ["Acme Labs", "Bolt Group"], "attribute": "sites"}, ()),
    ("delta", {"entity": "Acme Labs", "attribute": "staff"}, ("Acme Labs",)),
    ("delta", {"entity": "Crest Group", "attribute": "staff"}, ()),
    ("counterfactual", {"entity": "Acme Labs", "attribute": "staff"}, ("Acme Labs",)),
    ("temporal_trend", {"entity": "Acme Works", "attribute": "growth"}, ("Acme Works",)),
    (
        "temporal_extreme",
        {"entity": "Acme Labs", "attribute": "growth", "direction": "highest"},
        ("Acme Labs",),
    ),
    ("text_match", {"attribute": "product_lines", "fragments": ["zeta springs"]}, ("Crest Labs",)),
    (
        "enum_filter",
        {
            "enum_attribute": "tier",
            "enum_value": "bronze",
            "attribute": "staff",
            "direction": "lowest",
        },
        ("Dune Labs", "Crest Labs"),
    ),
    (
        "multi_constraint",
        {
            "entities": ALL_EIGHT,
            "above_attribute": "staff",
            "above_threshold": 100,
            "below_attribute": "revenue",
            "below_threshold": 275.0,
        },
        ("Dune Works",),
    ),
    ("relationship_lookup", {"entity": "Crest Group", "relation": "supplies_to"}, ("Crest Group",)),
    (
        "relationship_hop",
        {"entity": "Acme Labs", "relation": "supplies_to", "attribute": "revenue"},
        ("Dune Labs",),
    ),
    ("relationship_chain", {"entity": "Acme Labs", "relation": "supplies_to"}, ("Bolt Works",)),
    ("relationship_count", {"entity": "Acme Labs", "relation": "supplies_to"}, ("Acme Labs",)),
    (
        "relationship_filter",
        {
            "entity": "Acme Labs",
            "relation": "supplies_to",
            "attribute": "revenue",
            "threshold": 80.0,
        },
        ("Crest Group",),
    ),
]

SEEDS = range(12)
FULL_STREAM_TYPES = {"multi_hop", "text_match", "enum_filter"}


def population_names(params: dict[str, Any]) -> list[str]:
    """Every entity or category name the question must state."""
    names = [
        *params.get("entities", []),
        *params.get("categories", []),
        *params.get("fragments", []),
    ]
    if "entity" in params:
        names.append(params["entity"])
    return names


def restrict(world: World, facts: tuple[tuple[str, str], ...]) -> World:
    """A world holding only the given facts, as a perfect memory of them would."""
    keep: dict[str, set[str]] = {}
    relation_sources: set[tuple[str, str]] = set()
    for name, slot in facts:
        keep.setdefault(name, set())
        if slot.startswith("relation:"):
            relation_sources.add((name, slot.removeprefix("relation:")))
        elif slot != "category":
            keep[name].add(slot)
    entities = tuple(
        Entity(e.name, e.category, {k: v for k, v in e.values.items() if k in keep[e.name]})
        for e in world.entities
        if e.name in keep
    )
    relations = tuple(r for r in world.relations if (r.source, r.kind) in relation_sources)
    corrections = tuple(
        c for c in world.corrections if c.entity in keep and c.attribute in keep[c.entity]
    )
    return World(world.template, entities, relations, corrections)


# ---------------------------------------------------------------------------------------
# registry
# ---------------------------------------------------------------------------------------


def test_registry_holds_all_25_types_in_order() -> None:
    assert len(QUESTION_TYPE_NAMES) == 25
    assert set(QUESTION_TYPES) == set(QUESTION_TYPE_NAMES)
    axes = {name: QUESTION_TYPES[name].axis for name in QUESTION_TYPE_NAMES}
    assert axes["retrieval"] == "breadth"
    assert axes["update"] == axes["contradiction"] == axes["update_chain"] == "maintenance"
    assert axes["abstention"] == "abstention"
    others = set(QUESTION_TYPE_NAMES) - {
        "retrieval",
        "update",
        "contradiction",
        "update_chain",
        "abstention",
    }
    assert {axes[name] for name in others} == {"reasoning"}
    full_stream = {name for name, t in QUESTION_TYPES.items() if t.full_stream_only}
    assert full_stream == FULL_STREAM_TYPES


def test_every_type_has_a_gold_case_and_a_missing_case() -> None:
    assert {case[0] for case in GOLD_CASES} == set(QUESTION_TYPE_NAMES)
    assert {case[0] for case in MISSING_CASES} == set(QUESTION_TYPE_NAMES) - {"abstention"}


# ---------------------------------------------------------------------------------------
# (a) hand-computed golds
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("qtype", "params", "expected"), GOLD_CASES)
def test_gold_matches_hand_computation(
    hand_world: World, qtype: str, params: dict[str, Any], expected: GoldAnswer
) -> None:
    assert QUESTION_TYPES[qtype].compute(params, hand_world) == expected


def test_question_texts_state_what_the_answer_needs(hand_world: World) -> None:
    template = hand_world.template
    render = {name: t.render for name, t in QUESTION_TYPES.items()}
    cases: dict[str, dict[str, Any]] = {}
    for qtype, params, _ in GOLD_CASES:
        cases.setdefault(qtype, params)
    retrieval = render["retrieval"]
    assert retrieval(cases["retrieval"], template) == "What is Acme Works' staff count?"
    assert retrieval({"entity": "Acme Labs", "attribute": "growth"}, template) == (
        "What is Acme Labs' quarterly growth? Give all 5 values in period order."
    )
    assert retrieval({"entity": "Crest Group", "attribute": "founded"}, template) == (
        "What is Crest Group's founding date? Give the full date (YYYY-MM-DD)."
    )
    assert retrieval({"entity": "Dune Labs", "attribute": "product_lines"}, template) == (
        "What are Dune Labs' product lines? List every one of them."
    )
    assert render["comparison"](cases["comparison"], template) == (
        "Which has the higher revenue: Acme Labs or Crest Group, and by how much?"
    )
    assert render["synthesis"](cases["synthesis"], template).endswith(
        "Give the name and the value."
    )
    constraint = render["multi_constraint"](cases["multi_constraint"], template)
    assert "above 100 staff" in constraint and "below $275.0M" in constraint
    assert "count and the names" in constraint
    ratio = render["ratio"](cases["ratio"], template)
    assert "revenue divided by its staff count, to 2 decimal places" in ratio
    trend = render["temporal_trend"](cases["temporal_trend"], template)
    assert all(phrase in trend for phrase in TREND_PHRASES)
    assert "first and the last value" in trend
    assert render["text_match"](cases["text_match"], template) == (
        "Which firm in the stream lists 'zeta springs' among its product lines?"
    )
    assert "in the stream" in render["enum_filter"](cases["enum_filter"], template)
    assert "North, South and East" in render["multi_hop"](cases["multi_hop"], template)


def test_abstention_needs_no_fact(hand_world: World) -> None:
    empty = World(template=hand_world.template, entities=())
    params = {"entity": "Crest Works", "attribute": "tier"}
    assert QUESTION_TYPES["abstention"].compute(params, empty).kind == "abstain"
    assert QUESTION_TYPES["abstention"].facts(params, empty) == ()


# ---------------------------------------------------------------------------------------
# (b) picks on the hand world
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("qtype", QUESTION_TYPE_NAMES)
def test_pick_is_deterministic_and_consistent(hand_world: World, qtype: str) -> None:
    question_type = QUESTION_TYPES[qtype]
    supported = 0
    for seed in SEEDS:
        params = question_type.pick(hand_world, random.Random(seed))
        assert params == question_type.pick(hand_world, random.Random(seed))
        if params is None:
            continue
        supported += 1
        assert json.loads(json.dumps(params)) == params
        text = question_type.render(params, hand_world.template)
        for name in population_names(params):
            assert name in text, (qtype, name, text)
        gold = question_type.compute(params, hand_world)
        facts = question_type.facts(params, hand_world)
        assert question_type.compute(params, restrict(hand_world, facts)) == gold
    assert supported > 0, f"{qtype} never picked on the hand world"


def test_picks_on_changed_facts(hand_world: World) -> None:
    template = hand_world.template
    for seed in SEEDS:
        rng = random.Random(seed)
        staff = {"entity": "Acme Labs", "attribute": "staff"}
        assert QUESTION_TYPES["update"].pick(hand_world, rng) == staff
        assert QUESTION_TYPES["delta"].pick(hand_world, rng) == staff
        assert QUESTION_TYPES["counterfactual"].pick(hand_world, rng) == staff
        assert QUESTION_TYPES["contradiction"].pick(hand_world, rng) == {
            "entity": "Bolt Works",
            "attribute": "revenue",
        }
        abstention = QUESTION_TYPES["abstention"].pick(hand_world, rng)
        assert abstention is not None
        assert abstention["entity"] in {"Acme Group", "Bolt Labs", "Crest Works", "Dune Group"}
        retrieval = QUESTION_TYPES["retrieval"].pick(hand_world, rng)
        assert retrieval is not None
        assert template.attribute(retrieval["attribute"]).kind != "enum"
        assert (retrieval["entity"], retrieval["attribute"]) not in {
            ("Acme Labs", "staff"),
            ("Bolt Works", "revenue"),
        }


def test_text_match_picks_the_only_unique_fragment(
    hand_world: World, hand_world_without: Callable[..., World]
) -> None:
    text_match = QUESTION_TYPES["text_match"]
    params = text_match.pick(hand_world, random.Random(0))
    assert params == {"attribute": "product_lines", "fragments": ["zeta springs"]}
    # Without Crest Labs every single fragment is shared: a unique pair is asked instead.
    shared = hand_world_without("Crest Labs")
    for seed in SEEDS:
        pair = text_match.pick(shared, random.Random(seed))
        assert pair is not None and len(pair["fragments"]) == 2
        holders = [
            e.name
            for e in shared.entities
            if set(pair["fragments"]) <= set(e.values.get("product_lines", ()))  # type: ignore[arg-type]
        ]
        assert [text_match.compute(pair, shared).entity] == holders
    both = {"attribute": "product_lines", "fragments": ["beta gears", "gamma pumps"]}
    assert text_match.render(both, shared.template) == (
        "Which firm in the stream lists both 'beta gears' and 'gamma pumps' among its product "
        "lines?"
    )


def test_pick_returns_none_when_world_cannot_support(
    hand_world: World, hand_world_without: Callable[..., World]
) -> None:
    no_relations = World(hand_world.template, hand_world.entities)
    for qtype in QUESTION_TYPE_NAMES:
        if qtype.startswith("relationship_"):
            assert QUESTION_TYPES[qtype].pick(no_relations, random.Random(0)) is None
    tiny = hand_world_without(*ALL_EIGHT[2:])
    for qtype in ("synthesis", "outlier", "conditional", "multi_constraint", "cross_category"):
        assert QUESTION_TYPES[qtype].pick(tiny, random.Random(0)) is None
    unchanged = hand_world_without(*ALL_EIGHT[:2])
    for qtype in ("update", "delta", "counterfactual", "contradiction"):
        assert QUESTION_TYPES[qtype].pick(unchanged, random.Random(0)) is None


# ---------------------------------------------------------------------------------------
# (c) missing facts
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("qtype", "params", "drop"), MISSING_CASES)
def test_compute_raises_missing_fact(
    hand_world_without: Callable[..., World],
    qtype: str,
    params: dict[str, Any],
    drop: tuple[str, ...],
) -> None:
    with pytest.raises(MissingFact):
        QUESTION_TYPES[qtype].compute(params, hand_world_without(*drop))


def test_relations_of_a_known_entity_are_known(hand_world: World) -> None:
    world = World(
        hand_world.template,
        (Entity("Acme Labs", "North", {}),),
        (Relation("Acme Labs", "supplies_to", "Bolt Works"),),
    )
    answer = QUESTION_TYPES["relationship_lookup"].compute(
        {"entity": "Acme Labs", "relation": "supplies_to"}, world
    )
    assert answer.names == ("Bolt Works",)


# ---------------------------------------------------------------------------------------
# questions on a realistic world, and serialisation
# ---------------------------------------------------------------------------------------


def test_every_type_builds_on_company_worlds(company_world: Callable[[int], World]) -> None:
    built: dict[str, int] = dict.fromkeys(QUESTION_TYPE_NAMES, 0)
    for world_seed in range(3):
        world = company_world(world_seed)
        for index, qtype in enumerate(QUESTION_TYPE_NAMES):
            for seed in range(3):
                question = build_question(f"q{index:02d}", qtype, world, random.Random(seed))
                again = build_question(f"q{index:02d}", qtype, world, random.Random(seed))
                assert question == again
                if question is None:
                    continue
                built[qtype] += 1
                for name in population_names(question.params):
                    assert name in question.text
                recalled = restrict(world, question.facts)
                qt = QUESTION_TYPES[qtype]
                assert qt.compute(question.params, recalled) == question.gold, qtype
    assert all(count > 0 for count in built.values()), built


def test_margins_hold_on_company_worlds(company_world: Callable[[int], World]) -> None:
    world = company_world(7)
    for seed in range(10):
        params = QUESTION_TYPES["synthesis"].pick(world, random.Random(seed))
        assert params is not None
        values = sorted(
            (world.entity(n).values[params["attribute"]] for n in params["entities"]),
            reverse=params["direction"] == "highest",
        )
        assert has_margin(values[0], values[1])


def test_pick_threshold_splits_without_touching_a_value(hand_world: World) -> None:
    spec = hand_world.template.attribute("revenue")
    values = [100.0, 100.1, 250.0, 400.0]
    for seed in range(20):
        threshold = pick_threshold(random.Random(seed), spec, values)
        assert threshold is not None
        assert threshold not in values and min(values) < threshold < max(values)
        assert round(threshold, 1) == threshold
    assert pick_threshold(random.Random(0), hand_world.template.attribute("staff"), [5, 6]) is None


def test_question_and_answer_round_trip(hand_world: World) -> None:
    for index, qtype in enumerate(QUESTION_TYPE_NAMES):
        for seed in range(3):
            question = build_question(f"q{index:02d}", qtype, hand_world, random.Random(seed))
            if question is None:
                continue
            data = json.loads(json.dumps(question.to_dict()))
            assert Question.from_dict(data) == question
            assert GoldAnswer.from_dict(data["gold"]) == question.gold


def test_update_of_an_enum_fact_is_a_label(hand_world: World) -> None:
    world = World(
        hand_world.template,
        hand_world.entities,
        hand_world.relations,
        (Correction("Dune Works", "tier", "bronze", "silver", "correction"),),
    )
    params = QUESTION_TYPES["update"].pick(world, random.Random(0))
    assert params == {"entity": "Dune Works", "attribute": "tier"}
    assert QUESTION_TYPES["update"].compute(params, world) == GoldAnswer(
        kind="label", text="silver"
    )
    assert QUESTION_TYPES["delta"].pick(world, random.Random(0)) is None


def test_trend_pick_skips_series_near_a_boundary(hand_world: World) -> None:
    # slope 0.1 per period, n - 1 = 4, mean 10.2: s = 0.4 / 10.2 = 0.0392 (< 0.01 from 0.03).
    near = Entity("Acme Labs", "North", {"growth": (10.0, 10.1, 10.2, 10.3, 10.4)})
    world = World(hand_world.template, (near,))
    trend = QUESTION_TYPES["temporal_trend"]
    assert trend.pick(world, random.Random(0)) is None
    answer = trend.compute({"entity": "Acme Labs", "attribute": "growth"}, world)
    assert answer.direction == "slightly rising"


def test_compute_does_not_depend_on_unlisted_entities(
    hand_world_without: Callable[..., World],
) -> None:
    params = {
        "entities": ["Acme Labs", "Bolt Works", "Crest Group"],
        "attribute": "staff",
        "direction": "lowest",
    }
    full = QUESTION_TYPES["synthesis"].compute(params, hand_world_without())
    partial = QUESTION_TYPES["synthesis"].compute(params, hand_world_without(*ALL_EIGHT[3:]))
    expected = GoldAnswer(
        kind="entity_value",
        text="Bolt Works (80 staff)",
        value=80,
        integer=True,
        entity="Bolt Works",
    )
    assert full == partial == expected


def test_golds_use_the_printed_precision(hand_world: World) -> None:
    # revenue prints with 1 decimal: 100.04 -> 100.0 and 50.04 -> 50.0; total 150.0 not 150.08.
    entities = (
        Entity("Acme Labs", "North", {"revenue": 100.04}),
        Entity("Bolt Works", "North", {"revenue": 50.04}),
    )
    world = World(hand_world.template, entities)
    params = {
        "entities": ["Acme Labs", "Bolt Works"],
        "attribute": "revenue",
        "category": "North",
        "operation": "total",
    }
    total = QUESTION_TYPES["aggregation"].compute(params, world)
    assert total == GoldAnswer(kind="number", text="$150.0M", value=150.0)

"""The update_chain type: a total over a corrected fact, with a stale chain the scorer knows.

On the hand world (``conftest``): Acme Labs' staff was corrected from 100 to 120 and Bolt
Works' revenue contradicted from 110.0 to 100.0. Across generated scenarios: every
update_chain question combines two facts, at least one of them changed in the stream, and
its stale total is told apart from the gold by the answer rules.
"""

from __future__ import annotations

import functools
import random
import re

import pytest

from inspect_memgym.entity_stream.graded import GradedQuestion
from inspect_memgym.entity_stream.memory_holds import gave_stale_chain, update_chain_figures
from inspect_memgym.entity_stream.rule_grading import STALE_CHAIN, rule_detail
from inspect_memgym.entity_stream.world.formatting import format_value
from inspect_memgym.entity_stream.world.model import World
from inspect_memgym.entity_stream.world.question_plan import update_chain_count
from inspect_memgym.entity_stream.world.questions import QUESTION_TYPES, Question
from inspect_memgym.entity_stream.world.questions.update_chain import (
    UPDATE_CHAIN_QUESTION,
    compute_stale_chain,
    compute_update_chain,
    distinguishable,
    stale_world,
)
from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.entity_stream.world.tiers import TIERS
from inspect_memgym.scoring.answer_rules import check_answer
from inspect_memgym.scoring.gold import GoldAnswer

UPDATE_CHAIN = QUESTION_TYPES["update_chain"]
CASES = [
    (template, tier, seed)
    for template in TEMPLATE_NAMES
    for tier, seed in (("smoke", 1), ("lite", 2), ("standard", 3))
]


@functools.cache
def scenario(template: str, tier: str, seed: int) -> Scenario:
    return generate_scenario(template, tier, seed)


def chains(chosen: Scenario) -> list[Question]:
    return [question for question in chosen.questions if question.qtype == "update_chain"]


def test_the_hand_world_total_and_its_stale_chain(hand_world: World) -> None:
    params = {"entities": ["Acme Labs", "Bolt Works"], "attribute": "staff"}
    assert UPDATE_CHAIN.render(params, hand_world.template) == (
        "What is the combined staff count of Acme Labs and Bolt Works, the two added together?"
    )
    assert compute_update_chain(params, hand_world).text == "200 staff"
    assert compute_stale_chain(params, hand_world).text == "180 staff"
    assert UPDATE_CHAIN.facts(params, hand_world) == (
        ("Acme Labs", "staff"),
        ("Bolt Works", "staff"),
    )
    revenue = {"entities": ["Acme Labs", "Bolt Works"], "attribute": "revenue"}
    assert compute_update_chain(revenue, hand_world).value == 350.0
    assert compute_stale_chain(revenue, hand_world).value == 360.0


def test_the_stale_world_undoes_every_change_and_nothing_else(hand_world: World) -> None:
    stale = stale_world(hand_world)
    assert stale.entity("Acme Labs").values["staff"] == 100
    assert stale.entity("Bolt Works").values["revenue"] == 110.0
    assert stale.corrections == ()
    unchanged = [name for name in hand_world.names() if name not in ("Acme Labs", "Bolt Works")]
    assert all(stale.entity(name) == hand_world.entity(name) for name in unchanged)


def test_the_wording_does_not_speak_of_changes() -> None:
    assert not re.search(
        r"correct|updat|chang|previous|\bold\b|stale|former|earlier|revis|new",
        UPDATE_CHAIN_QUESTION,
        re.IGNORECASE,
    )


def test_the_pick_names_a_changed_fact_and_a_second_holder(hand_world: World) -> None:
    changed = {("Acme Labs", "staff"), ("Bolt Works", "revenue")}
    for seed in range(20):
        params = UPDATE_CHAIN.pick(hand_world, random.Random(seed))
        assert params is not None
        first, second = params["entities"]
        assert first < second
        facts = {(name, params["attribute"]) for name in params["entities"]}
        assert facts & changed


def test_a_world_without_changes_has_no_update_chain(hand_world_without: object) -> None:
    world = hand_world_without("Acme Labs", "Bolt Works")  # type: ignore[operator]
    assert UPDATE_CHAIN.pick(world, random.Random(0)) is None


@pytest.mark.parametrize(
    ("gold", "stale", "expected"),
    [
        (GoldAnswer(kind="number", text="200", value=200, integer=True), 201, True),
        (GoldAnswer(kind="number", text="200", value=200, integer=True), 200, False),
        # 2% windows of 100.0 and 104.0 meet (98-102 and 101.92-106.08)
        (GoldAnswer(kind="number", text="100.0", value=100.0), 104.0, False),
        (GoldAnswer(kind="number", text="100.0", value=100.0), 104.2, True),
    ],
)
def test_distinguishable_keeps_the_two_tolerance_windows_apart(
    gold: GoldAnswer, stale: float, expected: bool
) -> None:
    stale_answer = GoldAnswer(kind="number", text=str(stale), value=stale, integer=gold.integer)
    assert distinguishable(gold, stale_answer) is expected


@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join(map(str, case)))
def test_every_update_chain_combines_a_changed_fact_with_a_stale_total_apart(
    case: tuple[str, str, int],
) -> None:
    chosen = scenario(*case)
    asked = chains(chosen)
    assert len(asked) == update_chain_count(TIERS[case[1]].questions)
    changes = {(change.entity, change.attribute): change for change in chosen.world.corrections}
    for question in asked:
        assert len(question.facts) == 2
        changed = [fact for fact in question.facts if fact in changes]
        assert changed
        assert question.stale is not None
        assert question.gold == compute_update_chain(question.params, chosen.world)
        assert question.stale == compute_stale_chain(question.params, chosen.world)
        assert distinguishable(question.gold, question.stale)
        names = [entity.name for entity in chosen.world.entities]
        graded = check_answer(question.stale.text, question.gold, known_names=names)
        assert graded.verdict == "incorrect"
        # no memoryless signal: nothing says which fact changed, or what it was before
        spec = chosen.world.template.attribute(question.params["attribute"])
        old_values = [format_value(spec, changes[fact].old) for fact in changed]
        assert not any(old in question.text for old in old_values)
        assert question.text == UPDATE_CHAIN.render(question.params, chosen.world.template)
        assert "stale" not in question.params


@pytest.mark.parametrize("case", CASES[:6], ids=lambda case: "-".join(map(str, case)))
def test_update_chains_are_asked_last_and_their_stale_answer_is_never_shown(
    case: tuple[str, str, int],
) -> None:
    chosen = scenario(*case)
    asked = chains(chosen)
    questions = [event for event in chosen.events if event.kind == "question"]
    assert [event.payload["qtype"] for event in questions[-len(asked) :]] == ["update_chain"] * len(
        asked
    )
    assert chosen.events[-len(asked) :] == tuple(questions[-len(asked) :])
    for event, question in zip(questions[-len(asked) :], asked, strict=True):
        assert event.payload == {
            "qid": question.qid,
            "qtype": "update_chain",
            "params": question.params,
        }
        assert question.stale is not None and question.stale.text not in event.text


def test_a_question_keeps_its_stale_answer_through_its_dict_form() -> None:
    chosen = scenario("company", "lite", 2)
    [question] = chains(chosen)
    assert Question.from_dict(question.to_dict()) == question
    others = [item for item in chosen.questions if item.qtype != "update_chain"]
    assert all("stale" not in item.to_dict() for item in others)


def test_the_rules_recognise_the_stale_chain() -> None:
    chosen = scenario("company", "lite", 2)
    [question] = chains(chosen)
    assert question.stale is not None
    names = chosen.world.names()
    template = get_template("company")
    right = rule_detail(question, question.gold.text, names, template)
    stale = rule_detail(question, question.stale.text, names, template)
    other = rule_detail(question, "I do not know.", names, template)
    assert (right["correct"], right[STALE_CHAIN]) == (True, False)
    assert (stale["correct"], stale[STALE_CHAIN]) == (False, True)
    assert (other["correct"], other[STALE_CHAIN]) == (False, False)
    plain = next(item for item in chosen.questions if item.qtype != "update_chain")
    assert STALE_CHAIN not in rule_detail(plain, plain.gold.text, names, template)


def _graded(qtype: str, correct: bool, stale_chain: bool | None = None) -> GradedQuestion:
    verdict = "correct" if correct else "wrong"
    return GradedQuestion(
        *("q", qtype, "maintenance", "?", "1", "1", verdict, "number", "", "rules"),
        correct=correct,
        stale_chain=stale_chain,
    )


def test_update_chain_figures_count_right_and_stale_answers() -> None:
    details = [
        _graded("update_chain", True, False),
        _graded("update_chain", False, True),
        _graded("update_chain", False, False),
        _graded("update_chain", False, True),
        _graded("retrieval", False),
    ]
    assert update_chain_figures(details) == {
        "update_chain_accuracy": 0.25,
        "stale_chain_rate": 0.5,
    }
    assert gave_stale_chain(details[1]) and not gave_stale_chain(details[0])
    # a judge may still find right an answer the rules matched to the stale chain
    assert not gave_stale_chain(_graded("update_chain", True, True))
    figures = update_chain_figures(details[-1:])
    assert all(value != value for value in figures.values())  # NaN: no update_chain question

"""Grading of a feedback sample from crafted answers: the curve, AUC, isolation, learned
rules, controls and knowledge kinds, and the chance correction, computed by hand."""

from __future__ import annotations

import json
import math

import pytest

from inspect_memgym.feedback.explanation import curve_table, items_table
from inspect_memgym.feedback.grading import (
    SCORE_KEYS,
    CurvePoint,
    FeedbackAnswer,
    FeedbackDialogue,
    HiddenItemRow,
    grade_world,
)
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.model import KNOWLEDGE_KINDS, ServiceRequest
from inspect_memgym.feedback.world.simulator import ImplicitAction, UserFeedback

WORLD = generate_world("small", 0)  # 4 items: 2 procedural, 2 declarative; 4 tests, 2 controls


def wrong_reply(request: ServiceRequest) -> str:
    """The reply of one variant that is not the request's."""
    return next(reply for key, reply in request.replies.items() if key != request.gold)


def answers(
    step: int, known: set[str], hedged: frozenset[str] = frozenset()
) -> list[FeedbackAnswer]:
    """Each test request answered right when its item is ``known`` (and every control), with
    every variant at once when its item is ``hedged``, else with one wrong variant."""
    rows = []
    for request in WORLD.test:
        if request.control or request.aspect in known:
            raw = request.gold_reply
        elif request.aspect in hedged:
            raw = " Or: ".join(request.replies.values())
        else:
            raw = wrong_reply(request)
        rows.append(FeedbackAnswer(step, request.request_id, raw))
    return rows


def dialogue(step: int, aspect: str, actions: list[ImplicitAction]) -> FeedbackDialogue:
    request = next(r for r in WORLD.training if r.aspect == aspect)
    return FeedbackDialogue(
        step=step,
        request=request.request_id,
        feedback=[UserFeedback("", action, "continue_conversation", "") for action in actions],
    )


def test_curve_final_auc_isolation_and_learned_rules() -> None:
    procedural = [item.item_id for item in WORLD.items if item.kind == "procedural"]
    declarative = [item.item_id for item in WORLD.items if item.kind == "declarative"]
    results = [
        *answers(0, set()),
        *answers(1, {procedural[0]}),
        *answers(2, {procedural[0], declarative[0], declarative[1]}, frozenset({procedural[1]})),
    ]
    dialogues = [
        dialogue(1, procedural[0], ["dislike", "copy"]),
        dialogue(1, declarative[0], ["none", "like"]),
        dialogue(2, declarative[1], ["like"]),  # right at once: never fed back
        dialogue(2, procedural[1], ["dislike", "dislike", "dislike"]),
    ]
    grade = grade_world(WORLD, results, dialogues)
    assert set(grade.value) == set(SCORE_KEYS)
    # credit: 1 right, -1/3 one wrong variant of four, 0 a hedge (or no variant at all)
    assert [point.accuracy for point in grade.curve] == [0.25, 0.75]
    assert [point.score for point in grade.curve] == pytest.approx([0.0, 0.75])
    assert [point.dialogues for point in grade.curve] == [2, 4]
    assert [point.procedural for point in grade.curve] == pytest.approx([1 / 3, 0.5])
    assert [point.declarative for point in grade.curve] == pytest.approx([-1 / 3, 1.0])
    value = grade.value
    assert value["final"] == 0.75 and value["auc"] == pytest.approx(0.375)
    assert value["final_accuracy"] == 0.75 and value["chance"] == 0.25
    # step 0 answers every test request with one wrong variant: -1/3 as graded, counted at
    # the floor (a blind guess's 0) in no_memory
    assert value["no_memory_raw"] == pytest.approx(-1 / 3)
    assert value["memory_delta_raw"] == pytest.approx(0.75 + 1 / 3)
    assert value["no_memory"] == 0.0 and value["memory_delta"] == 0.75
    # fed back: procedural[0] (applied), declarative[0] (applied), procedural[1] (not)
    assert value["learned_rule_rate"] == pytest.approx(2 / 3)
    assert value["control_accuracy"] == 1.0
    assert value["declarative"] == 1.0 and value["procedural"] == 0.5
    fed = {item.item: item.first_fed_back_step for item in grade.items}
    assert fed == {procedural[0]: 1, declarative[0]: 1, declarative[1]: None, procedural[1]: 2}
    assert len(grade.answers) == 3 * len(WORLD.test)


def test_blind_answers_average_zero_and_declining_to_answer_is_no_worse() -> None:
    """Chance correction: a blind pick among the four variants earns 0 on average, and a
    reply naming no variant (or all of them) earns exactly that, so no pass answered
    without memory can be pushed below chance on purpose."""
    tests = [r for r in WORLD.test if not r.control]
    for request in tests:
        rows = [FeedbackAnswer(1, request.request_id, reply) for reply in request.replies.values()]
        assert grade_world(WORLD, rows, []).value["final"] == pytest.approx(0.0)
    for raw in ("I cannot help with that.", ""):
        rows = [FeedbackAnswer(step, r.request_id, raw) for r in tests for step in (0, 1)]
        value = grade_world(WORLD, rows, []).value
        assert value["final"] == 0.0 and value["no_memory"] == 0.0 and value["memory_delta"] == 0.0
        assert value["final_accuracy"] == 0.0 and value["chance"] == 0.25


def test_without_isolation_or_feedback_the_keys_are_nan_not_zero() -> None:
    grade = grade_world(WORLD, answers(1, set()), [])
    assert grade.value["final"] == pytest.approx(-1 / 3)
    for key in ("no_memory", "memory_delta", "learned_rule_rate"):
        assert math.isnan(grade.value[key]), key


def test_a_control_answered_with_the_learned_rule_is_wrong() -> None:
    control = next(r for r in WORLD.test if r.control)
    truth = WORLD.item(control.aspect).truth
    over_applied = [FeedbackAnswer(1, control.request_id, control.replies[truth])]
    assert grade_world(WORLD, over_applied, []).value["control_accuracy"] == 0.0


def test_the_curve_and_the_items_reach_the_metadata_in_their_keys_order() -> None:
    point = CurvePoint(2, 0.75, 0.5, 1.0, math.nan, 0.25, 4)
    assert json.dumps(point.as_metadata()) == (
        '{"step": 2, "accuracy": 0.75, "score": 0.5, "control_accuracy": 1.0, '
        '"declarative": NaN, "procedural": 0.25, "dialogues": 4}'
    )
    assert list(point.credit_by_kind()) == list(KNOWLEDGE_KINDS)
    assert CurvePoint.of(point.as_metadata()) == point
    item = HiddenItemRow("sign_off", "procedural", "writing", True, 1, False)
    assert list(item.as_metadata()) == [
        "item",
        "kind",
        "domain",
        "fed_back",
        "first_fed_back_step",
        "applied",
    ]
    assert curve_table([point], 0.0).splitlines()[-1] == (
        "| 2 | 4 | 0.500 | 0.750 | – | 0.250 | 1.000 |"
    )
    assert items_table([item]).splitlines()[-1] == "| sign_off | procedural | 1 | ✗ |"

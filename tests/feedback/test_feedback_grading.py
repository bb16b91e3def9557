"""Grading of a feedback sample from crafted answers: the curve, AUC, isolation, learned
rules, controls and knowledge kinds, computed by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest

from inspect_memgym.feedback.grading import SCORE_KEYS, grade_world
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.reference import scripted_reply

WORLD = generate_world("small", 0)  # 4 items: 2 procedural, 2 declarative; 4 tests, 2 controls


def answers(step: int, known: set[str]) -> list[dict[str, Any]]:
    """Each test request answered by a scripted assistant that knows ``known``."""
    return [
        {
            "step": step,
            "request": request.request_id,
            "raw": scripted_reply(WORLD, request, 0, request.aspect in known),
        }
        for request in WORLD.test
    ]


def dialogue(step: int, aspect: str, actions: list[str]) -> dict[str, Any]:
    request = next(r for r in WORLD.training if r.aspect == aspect)
    return {
        "step": step,
        "request": request.request_id,
        "feedback": [{"implicit_action": action} for action in actions],
    }


def test_curve_final_auc_isolation_and_learned_rules() -> None:
    procedural = [item.item_id for item in WORLD.items if item.kind == "procedural"]
    declarative = [item.item_id for item in WORLD.items if item.kind == "declarative"]
    results = [
        *answers(0, set()),
        *answers(1, {procedural[0]}),
        *answers(2, {procedural[0], declarative[0], declarative[1]}),
    ]
    dialogues = [
        dialogue(1, procedural[0], ["dislike", "copy"]),
        dialogue(1, declarative[0], ["none", "like"]),
        dialogue(2, declarative[1], ["like"]),  # right at once: never fed back
        dialogue(2, procedural[1], ["dislike", "dislike", "dislike"]),
    ]
    grade = grade_world(WORLD, results, dialogues)
    assert set(grade.value) == set(SCORE_KEYS)
    assert [point["accuracy"] for point in grade.curve] == [0.25, 0.75]
    assert [point["dialogues"] for point in grade.curve] == [2, 4]
    assert [point["procedural"] for point in grade.curve] == [0.5, 0.5]
    assert [point["declarative"] for point in grade.curve] == [0.0, 1.0]
    value = grade.value
    assert value["final"] == 0.75 and value["auc"] == 0.5
    assert value["no_memory"] == 0.0 and value["memory_delta"] == 0.75
    # fed back: procedural[0] (applied), declarative[0] (applied), procedural[1] (not)
    assert value["learned_rule_rate"] == pytest.approx(2 / 3)
    assert value["control_accuracy"] == 1.0
    assert value["declarative"] == 1.0 and value["procedural"] == 0.5
    fed = {item["item"]: item["first_fed_back_step"] for item in grade.items}
    assert fed == {procedural[0]: 1, declarative[0]: 1, declarative[1]: None, procedural[1]: 2}
    assert len(grade.answers) == 3 * len(WORLD.test)


def test_without_isolation_or_feedback_the_keys_are_nan_not_zero() -> None:
    grade = grade_world(WORLD, answers(1, set()), [])
    assert grade.value["final"] == 0.0
    for key in ("no_memory", "memory_delta", "learned_rule_rate"):
        assert math.isnan(grade.value[key]), key


def test_a_control_answered_with_the_learned_rule_is_wrong() -> None:
    control = next(r for r in WORLD.test if r.control)
    truth = WORLD.item(control.aspect).truth
    over_applied = [{"step": 1, "request": control.request_id, "raw": control.replies[truth]}]
    assert grade_world(WORLD, over_applied, []).value["control_accuracy"] == 0.0

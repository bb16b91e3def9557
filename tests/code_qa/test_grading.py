"""Grading rules on hand-written answers to the tiny instance, worked out on paper.

The headline counts the questions that need memory (q02, q03) on their memory-only facts;
q01 (all facts discoverable) counts apart, in ``discoverable_accuracy``.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from inspect_memgym.code_qa.grading import (
    ANSWER_CHARS,
    SCORE_KEYS,
    grade_answer,
    summarise_grades,
    undecided_facts,
)
from inspect_memgym.code_qa.question_rows import QuestionRow
from inspect_memgym.code_qa.sample_value import isolation, score_value

from .tiny_instance import tiny_instance

INSTANCE = tiny_instance()


def test_right_answer_holds_every_linked_fact() -> None:
    grade = grade_answer(INSTANCE, "q01", "It raises BillingError with code bil-10417.")
    assert grade.score == 1.0
    assert grade.correct
    assert not grade.misled
    assert [result.held for result in grade.facts] == [True]


def test_partial_answer_at_the_threshold_is_correct() -> None:
    grade = grade_answer(INSTANCE, "q03", "We chose a per-tenant   lock because of a slow tenant.")
    assert grade.score == 0.5
    assert grade.correct
    assert [(result.fact_id, result.held) for result in grade.facts] == [
        ("F03", True),
        ("F02", False),
    ]


def test_half_a_fact_is_not_held() -> None:
    grade = grade_answer(INSTANCE, "q02", "Only in Asia/Kathmandu.")
    assert grade.score == 0.0
    assert not grade.correct
    assert not grade.misled


def test_answer_with_the_ruled_out_guess_is_misled() -> None:
    grade = grade_answer(INSTANCE, "q02", "Whenever a call has more than 128 invoices.")
    assert grade.score == 0.0
    assert not grade.correct
    assert grade.misled_by == ("D02",)


def test_answer_naming_the_distractor_beside_the_gold_is_a_hedge() -> None:
    grade = grade_answer(INSTANCE, "q01", "BIL-10417, not the sibling's BIL-10418.")
    assert not grade.correct
    assert grade.misled_by == ("D01",)
    assert grade.hedge[0] == "states distractor D01"
    assert [result.held for result in grade.facts] == [False]


def test_empty_and_missing_answers_score_zero_and_are_not_misled() -> None:
    for answer in ("", None):
        grade = grade_answer(INSTANCE, "q02", answer)
        assert grade.score == 0.0
        assert not grade.correct
        assert grade.misled_by == ()


def test_unknown_question_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="q99"):
        grade_answer(INSTANCE, "q99", "anything")


def test_summary_of_right_misled_and_partial_answers() -> None:
    grades = [
        grade_answer(INSTANCE, "q01", "BIL-10417"),
        grade_answer(INSTANCE, "q02", "more than 128 invoices"),
        grade_answer(INSTANCE, "q03", "a per-tenant lock, for the slow tenant"),
    ]
    metrics = summarise_grades(grades)
    assert metrics.questions == 3
    # q03 right (1); q02 misled by the look-alike of its one fact: chance-corrected, -1
    assert [grade.credit for grade in grades[1:]] == [-1.0, 1.0]
    assert metrics.accuracy == 0.0
    assert metrics.discoverable_accuracy == 1.0  # q01
    # linked facts: q01 F01 held; q02 F02 not; q03 F03 held, F02 not
    assert metrics.fact_recall == pytest.approx(2 / 4)
    assert metrics.critical_fact_recall == pytest.approx(1 / 3)
    assert metrics.memory_only_fact_recall == pytest.approx(1 / 3)
    assert metrics.discoverable_fact_recall == 1.0
    assert metrics.noise_rejection == pytest.approx(2 / 3)
    assert metrics.category_accuracy == {"repro_condition": -1.0, "design_decision": 1.0}
    assert list(metrics.category_accuracy) == ["repro_condition", "design_decision"]
    assert metrics.difficulty_accuracy == {"medium": 0.0}


def test_summary_leaves_out_kinds_no_question_links() -> None:
    metrics = summarise_grades([grade_answer(INSTANCE, "q01", "")])
    assert metrics.accuracy is None  # no question that needs memory
    assert metrics.discoverable_accuracy == 0.0
    assert metrics.memory_only_fact_recall is None
    assert metrics.critical_fact_recall == 0.0
    assert metrics.noise_rejection == 1.0
    assert metrics.to_dict()["difficulty_accuracy"] == {}


def test_summary_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="no graded answers"):
        summarise_grades([])


def test_grade_to_dict_carries_the_verdict() -> None:
    data = grade_answer(INSTANCE, "q02", "more than 128 invoices").to_dict()
    assert data["misled"] is True
    assert data["misled_by"] == ("D02",)
    assert data["facts"][0]["fact_id"] == "F02"


def test_a_question_row_keeps_the_grade_then_the_question_then_its_label() -> None:
    grade = grade_answer(INSTANCE, "q02", "more than 128 invoices")
    without = grade_answer(INSTANCE, "q02", "no idea")
    pair = INSTANCE.question("q02")
    row = QuestionRow(grade, pair.question, pair.gold_answer, "more than 128", ("F02",), without)
    data = replace(row, memory_failure="outdated").as_metadata()
    assert list(data) == [
        *(key for key in grade.to_dict()),
        "question",
        "gold",
        "answer",
        "shown_fact_ids",
        "no_memory",
        "memory_failure",
        "declined",
        "no_memory_declined",
    ]
    assert data["shown_fact_ids"] == ["F02"] and data["memory_failure"] == "outdated"
    assert data["declined"] is None and data["no_memory_declined"] is None
    assert data["no_memory"] == without.to_dict() and data["gold"] == pair.gold_answer
    assert json.dumps(row.as_metadata()).startswith('{"qa_id": "q02", "category": "repro_cond')
    assert row.as_metadata()["memory_failure"] is None


def test_generated_gold_answers_are_right_and_confusers_mislead(grid) -> None:
    for instance in grid[:5]:
        for pair in instance.qa_pairs:
            gold = grade_answer(instance, pair.qa_id, pair.gold_answer)
            assert gold.score == 1.0 and gold.correct and not gold.hedge
            for distractor_id in pair.confuser_ids:
                statement = instance.distractor(distractor_id).fact.statement
                grade = grade_answer(instance, pair.qa_id, statement)
                assert distractor_id in grade.misled_by
                assert not grade.correct


def test_a_partly_held_fact_is_undecided_and_a_judge_verdict_decides_it() -> None:
    answer = "It fails in Kathmandu for big batches of 412."
    assert undecided_facts(INSTANCE, "q02", answer) == ("F02",)
    assert grade_answer(INSTANCE, "q02", answer).score == 0.0
    judged = grade_answer(INSTANCE, "q02", answer, judged={"F02": True})
    assert judged.correct
    assert [(fact.held, fact.decided_by) for fact in judged.facts] == [(True, "judge")]


def test_the_judge_cannot_overrule_the_rules() -> None:
    held = "It reproduces in Asia/Kathmandu with more than 412 invoices."
    assert undecided_facts(INSTANCE, "q02", held) == ()
    assert grade_answer(INSTANCE, "q02", held, judged={"F02": False}).score == 1.0
    unrelated = "No idea, sorry."
    assert undecided_facts(INSTANCE, "q02", unrelated) == ()
    assert grade_answer(INSTANCE, "q02", unrelated, judged={"F02": True}).score == 0.0


def test_words_the_question_shows_or_short_words_leave_a_fact_not_held() -> None:
    # "reproduce" comes from the question; "of", "ms" are too short to tell anything.
    assert undecided_facts(INSTANCE, "q02", "It does reproduce, of course, in ms.") == ()
    # "invoices" is in the skeleton and the task; stop-words tell nothing either.
    assert undecided_facts(INSTANCE, "q02", "It is about the invoices, and when they parse.") == ()
    # A telling piece of one key token is not enough: every key token needs one.
    assert undecided_facts(INSTANCE, "q02", "Somewhere in Kathmandu.") == ()


def test_only_the_first_answer_characters_are_graded() -> None:
    padding = "x" * ANSWER_CHARS
    assert grade_answer(INSTANCE, "q01", f"BIL-10417 {padding}").correct
    assert not grade_answer(INSTANCE, "q01", f"{padding} BIL-10417").correct


def test_score_value_has_every_key_and_nan_isolation_when_off() -> None:
    grades = [
        grade_answer(INSTANCE, "q01", "BIL-10417"),
        grade_answer(INSTANCE, "q02", "more than 128 invoices"),
        grade_answer(INSTANCE, "q03", "a per-tenant lock, for the slow tenant"),
    ]
    no_memory = {
        pair.qa_id: grade_answer(INSTANCE, pair.qa_id, "BIL-10417") for pair in INSTANCE.qa_pairs
    }
    value = score_value(grades, isolation(grades, no_memory))
    assert list(value) == list(SCORE_KEYS)
    assert value["accuracy"] == 0.0  # q03 right, q02 misled (chance-corrected: -1)
    assert value["discoverable_accuracy"] == 1.0
    assert value["no_memory"] == 0.0  # its only right answer is q01, which needs no memory
    assert value["memory_delta"] == 0.0
    assert value["noise_rejection"] == pytest.approx(2 / 3)
    isolated_off = score_value(grades, isolation(grades, {}))
    assert math.isnan(isolated_off["no_memory"]) and math.isnan(isolated_off["memory_delta"])
    only_discoverable = [grade_answer(INSTANCE, "q01", "BIL-10417")]
    nothing_to_isolate = score_value(only_discoverable, isolation(only_discoverable, {}))
    assert math.isnan(nothing_to_isolate["memory_only_fact_recall"])
    assert math.isnan(nothing_to_isolate["accuracy"])
    assert nothing_to_isolate["discoverable_accuracy"] == 1.0

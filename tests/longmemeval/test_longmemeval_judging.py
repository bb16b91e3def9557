from __future__ import annotations

import pytest

from inspect_memgym.longmemeval.judge_prompts import (
    JUDGE_PROMPTS,
    judge_prompt,
    parse_verdict,
    rubric_for,
)
from inspect_memgym.longmemeval.metrics import JudgedAnswer, summarise_accuracy
from inspect_memgym.longmemeval.records import LongMemEvalRecord, parse_longmemeval
from inspect_memgym.longmemeval.values import official_reading
from longmemeval_sample import longmemeval_raw


def _record(question_id: str, question_type: str) -> LongMemEvalRecord:
    return LongMemEvalRecord(question_id, question_type, "Q?", "gold", "2023/01/01", (), ())


@pytest.mark.parametrize(
    ("question_id", "question_type", "rubric", "version"),
    [
        ("q1", "single-session-user", "default", "longmemeval-default-v1"),
        ("q2", "single-session-assistant", "default", "longmemeval-default-v1"),
        ("q3", "multi-session", "default", "longmemeval-default-v1"),
        ("q4", "temporal-reasoning", "temporal-reasoning", "longmemeval-temporal-v1"),
        ("q5", "knowledge-update", "knowledge-update", "longmemeval-knowledge-update-v1"),
        (
            "q6",
            "single-session-preference",
            "single-session-preference",
            "longmemeval-preference-v1",
        ),
        ("q7_abs", "temporal-reasoning", "abstention", "longmemeval-abstention-v1"),
        ("q8_abs", "multi-session", "abstention", "longmemeval-abstention-v1"),
        ("q9_abs", "knowledge-update", "abstention", "longmemeval-abstention-v1"),
        ("q10_abs", "single-session-user", "abstention", "longmemeval-abstention-v1"),
    ],
)
def test_router_picks_abstention_by_suffix_and_the_rest_by_type(
    question_id: str, question_type: str, rubric: str, version: str
) -> None:
    record = _record(question_id, question_type)
    assert rubric_for(record) == rubric
    prompt, prompt_version = judge_prompt(record, "my answer")
    assert prompt_version == version
    assert prompt == JUDGE_PROMPTS[rubric][1].format(
        question="Q?", answer="gold", response="my answer"
    )


def test_an_abs_marker_inside_the_id_is_not_a_suffix() -> None:
    assert rubric_for(_record("q_absent_1", "multi-session")) == "default"


def test_prompts_carry_their_rubric_rules() -> None:
    records = parse_longmemeval(longmemeval_raw())
    temporal, _ = judge_prompt(records[0], "22 days")
    assert "off-by-one" in temporal and "two or more is wrong" in temporal
    assert "Correct answer: 21" in temporal and "Model response: 22 days" in temporal
    abstention, version = judge_prompt(records[1], "You never saw an optician.")
    assert version == "longmemeval-abstention-v1"
    assert "cannot be answered" in abstention and "optician" in abstention
    preference, _ = judge_prompt(records[4], "Try bouldering!")
    assert "Rubric: The user would prefer" in preference
    assert "does not need to cover every point" in preference
    update = JUDGE_PROMPTS["knowledge-update"][1]
    assert "earlier information together with the updated answer" in update
    default = JUDGE_PROMPTS["default"][1]
    assert "only part of the information" in default and "several candidates" in default
    assert len({version for version, _ in JUDGE_PROMPTS.values()}) == 5


@pytest.mark.parametrize(
    ("reply", "verdict"),
    [
        ("yes", "yes"),
        ("Yes.", "yes"),
        (" **NO** \n", "no"),
        ('"no"', "no"),
        ("Yes, the response is correct.", "yes"),
        ("Yes, because the response names the city.", "yes"),
        ("No. The answer says yes but the date is wrong.", "no"),
        ("no, yes", "no"),
        ("The answer is yes", "yes"),
        ("Not quite: no.", "no"),  # "not" is no verdict word
        ("Yesterday's date is wrong, so yes-ish... no.", "no"),
        ("", "unreadable"),
        ("yess", "unreadable"),
        ("correct", "unreadable"),
        ("I cannot read this judge prompt.", "unreadable"),
    ],
)
def test_the_first_standalone_yes_or_no_word_decides(reply: str, verdict: str) -> None:
    assert parse_verdict(reply) == verdict


@pytest.mark.parametrize(
    ("reply", "ours", "official"),
    [
        ("Yes, the response is correct.", "yes", True),
        ("No. The answer says yes but the date is wrong.", "no", True),
        ("Yesterday's date is wrong, so no.", "no", True),  # "yes" inside a word
        ("No.", "no", False),
        ("The response seems correct.", "unreadable", False),
    ],
)
def test_the_official_reading_is_kept_beside_ours(reply: str, ours: str, official: bool) -> None:
    """The official harness reads "yes" anywhere (`official_accuracy`); ours, the first word."""
    assert parse_verdict(reply) == ours and official_reading(reply) is official


def test_official_metrics_by_hand() -> None:
    answers = [
        JudgedAnswer("q1", "single-session-user", True),
        JudgedAnswer("q2", "single-session-user", False),
        JudgedAnswer("q3", "single-session-assistant", True),
        JudgedAnswer("q4", "single-session-preference", False),
        JudgedAnswer("q5", "temporal-reasoning", True),
        JudgedAnswer("q6_abs", "temporal-reasoning", True),
        JudgedAnswer("q7", "temporal-reasoning", None),
        JudgedAnswer("q8", "knowledge-update", True),
        JudgedAnswer("q9_abs", "knowledge-update", False),
        JudgedAnswer("q10", "multi-session", True),
        JudgedAnswer("q11_abs", "multi-session", True),
        JudgedAnswer("q12", "multi-session", True),
        JudgedAnswer("q13", "multi-session", False),
    ]
    accuracy = summarise_accuracy(answers)
    # q7's verdict was unreadable: left out of every accuracy, counted apart
    assert accuracy.per_type == pytest.approx(
        {
            "single-session-user": 0.5,
            "single-session-assistant": 1.0,
            "single-session-preference": 0.0,
            "temporal-reasoning": 1.0,
            "knowledge-update": 0.5,
            "multi-session": 0.75,
        }
    )
    assert list(accuracy.per_type) == [
        "single-session-user",
        "single-session-assistant",
        "single-session-preference",
        "temporal-reasoning",
        "knowledge-update",
        "multi-session",
    ]
    assert accuracy.per_type_counts["multi-session"] == 4
    assert accuracy.per_type_counts["temporal-reasoning"] == 2
    assert accuracy.task_averaged == pytest.approx((0.5 + 1 + 0 + 1 + 0.5 + 0.75) / 6)
    assert accuracy.overall == pytest.approx(8 / 12)
    assert accuracy.abstention == pytest.approx(2 / 3)
    assert accuracy.abstention_count == 3
    assert accuracy.unreadable == 1
    assert accuracy.missing_types == ()


def test_metrics_on_a_partial_run_and_on_nothing() -> None:
    partial = summarise_accuracy(
        [JudgedAnswer("q1", "multi-session", True), JudgedAnswer("q2", "knowledge-update", False)]
    )
    assert partial.task_averaged == pytest.approx(0.5)
    assert partial.abstention is None and partial.abstention_count == 0
    assert set(partial.missing_types) == {
        "single-session-user",
        "single-session-assistant",
        "single-session-preference",
        "temporal-reasoning",
    }
    empty = summarise_accuracy([])
    assert (empty.task_averaged, empty.overall, empty.abstention) == (None, None, None)
    with pytest.raises(ValueError, match="unknown type 'single-session'"):
        summarise_accuracy([JudgedAnswer("q1", "single-session", True)])

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

import inspect_memgym.locomo
from inspect_memgym.locomo.grading import (
    NOT_MENTIONED_OPTION,
    QuestionGrade,
    QuestionRow,
    adversarial_options,
    grade_reply,
    is_askable,
    offers_wrong_option,
    overall_f1,
    scoring_gold,
    summarise_grades,
)
from inspect_memgym.locomo.prompts import (
    format_conversation,
    question_prompt,
)
from inspect_memgym.locomo.records import QuestionItem, parse_locomo
from inspect_memgym.locomo.values import isolation, locomo_values, question_counts
from locomo_sample import locomo_raw


@pytest.fixture
def questions() -> tuple[QuestionItem, ...]:
    return parse_locomo(locomo_raw())[0].questions


def _adversarial(index: int, wrong: str = "Paris") -> QuestionItem:
    return QuestionItem("conv-x", index, "Where did Ben go?", 5, None, wrong, ())


def test_open_domain_gold_is_the_part_before_the_first_semicolon(
    questions: tuple[QuestionItem, ...],
) -> None:
    assert scoring_gold(questions[2]) == "ceramics"
    grade = grade_reply(questions[2], "ceramics")
    assert grade.score == 1.0 and grade.rule == "token_f1" and grade.gold == "ceramics"
    assert grade_reply(questions[2], "painting").score == 0.0


def test_multi_hop_uses_multi_answer_f1(questions: tuple[QuestionItem, ...]) -> None:
    # gold parts "Lisbon" and "Porto": Lisbon matched fully, Porto missed -> (1 + 0) / 2
    grade = grade_reply(questions[0], "Lisbon, Madrid")
    assert grade.rule == "multi_answer_f1"
    assert grade.score == pytest.approx(0.5)
    assert grade_reply(questions[0], "Porto, Lisbon").score == pytest.approx(1.0)


def test_temporal_integer_gold_is_compared_as_text(questions: tuple[QuestionItem, ...]) -> None:
    # prediction tokens [in, 2019], gold [2019]: P = 1/2, R = 1 -> F1 = 2/3
    assert grade_reply(questions[1], "in 2019").score == pytest.approx(2 / 3)
    assert grade_reply(questions[1], "2019").score == 1.0


def test_single_hop_uses_plain_token_f1(questions: tuple[QuestionItem, ...]) -> None:
    # "The bike is red" -> [bike, is, red]; gold [red]: P = 1/3, R = 1 -> F1 = 0.5
    grade = grade_reply(questions[3], "The bike is red")
    assert grade.rule == "token_f1"
    assert grade.score == pytest.approx(0.5)
    assert grade.category_name == "single-hop"


def test_a_gold_that_offers_alternatives_itself_is_no_hedge_in_the_reply() -> None:
    # conv-41/q8 of the release: the official F1 of this reply is 6/11 (0.545)
    question = "What might John's financial status be?"
    item = QuestionItem("conv-41", 8, question, 3, "Middle-class or wealthy", None, ("D5:5",))
    reply = "Based on the conversation, it was Middle-class or wealthy."
    grade = grade_reply(item, reply, speakers=("John", "Maria"))
    assert grade.rule == "token_f1"
    assert grade.score == pytest.approx(6 / 11)
    assert grade_reply(item, "Middle-class, or maybe Poor").rule == "hedge"


def test_adversarial_options_are_stable_per_seed_and_both_orders_occur() -> None:
    items = [_adversarial(index) for index in range(40)]
    first = [adversarial_options(item, seed=3) for item in items]
    again = [adversarial_options(item, seed=3) for item in items]
    assert first == again
    letters = {options.not_mentioned_letter for options in first}
    assert letters == {"a", "b"}
    other_seed = [adversarial_options(item, seed=4).not_mentioned_index for item in items]
    assert other_seed != [options.not_mentioned_index for options in first]
    for options in first:
        assert options.options[options.not_mentioned_index] == NOT_MENTIONED_OPTION
        assert options.options[1 - options.not_mentioned_index] == "Paris"


def test_adversarial_item_with_both_fields_offers_the_adversarial_answer(
    questions: tuple[QuestionItem, ...],
) -> None:
    options = adversarial_options(questions[5], seed=0)
    assert set(options.options) == {NOT_MENTIONED_OPTION, "a bicycle"}


def test_adversarial_reply_scores_by_letter_or_phrase() -> None:
    item = _adversarial(0)
    options = next(
        adversarial_options(item, seed)
        for seed in range(100)
        if adversarial_options(item, seed).not_mentioned_letter == "b"
    )
    assert options.options == ("Paris", NOT_MENTIONED_OPTION)
    assert grade_reply(item, "b", options).score == 1.0
    assert grade_reply(item, "(b) Not mentioned in the conversation", options).score == 1.0
    assert grade_reply(item, "No information available.", options).score == 1.0
    picked_wrong = grade_reply(item, "a", options)
    assert picked_wrong.score == 0.0 and picked_wrong.adversarial_pick == "wrong_answer"
    assert grade_reply(item, "He went to Paris", options).adversarial_pick == "wrong_answer"
    echoed = grade_reply(item, "(a) Paris (b) Not mentioned in the conversation", options)
    assert echoed.score == 0.0 and echoed.adversarial_pick == "unclear"
    contradicting = grade_reply(item, "(a) Not mentioned in the conversation", options)
    assert contradicting.score == 0.0 and contradicting.adversarial_pick == "unclear"
    assert grade_reply(item, "I am not sure", options).adversarial_pick == "unclear"


@pytest.mark.parametrize("wrong", ["No", '"That"', "Yes"])
def test_a_decline_picks_not_mentioned_beside_a_one_word_wrong_option(wrong: str) -> None:
    item = _adversarial(0, wrong)
    options = adversarial_options(item, seed=0)
    for reply in ("No information available.", "That is not mentioned in the conversation."):
        grade = grade_reply(item, reply, options)
        assert (grade.score, grade.adversarial_pick) == (1.0, "not_mentioned")
    assert grade_reply(item, wrong, options).adversarial_pick == "wrong_answer"


def test_a_named_letter_is_read_and_the_readme_says_the_official_code_does_not() -> None:
    item = _adversarial(0)
    options = adversarial_options(item, seed=0)
    # the official get_cat_5_answer maps only "a" or "(a)": this reply scores 0 there
    assert grade_reply(item, f"Answer: {options.not_mentioned_letter}", options).score == 1.0
    readme = (Path(inspect_memgym.locomo.__file__).parent / "README.md").read_text()
    section = readme.split("## Deliberate differences from the official scorer", 1)[1]
    section = " ".join(section.split("\n## ", 1)[0].split())
    assert "Stricter than the official code" in section
    assert "More lenient than the official code" in section
    assert '"Answer: a"' in section and "444 adversarial questions" in section


def test_adversarial_items_need_their_options_and_have_no_gold_text() -> None:
    item = _adversarial(0)
    with pytest.raises(ValueError, match="needs its two options"):
        grade_reply(item, "a")
    with pytest.raises(ValueError, match="no gold text"):
        scoring_gold(item)
    with pytest.raises(ValueError, match="not adversarial"):
        adversarial_options(QuestionItem("c", 0, "?", 4, "x", None, ()), seed=0)


@pytest.mark.parametrize(
    ("wrong", "distinct"),
    [
        ("Paris", True),
        ("a kiln", True),
        ("mentioned twice", True),
        ("Not mentioned", False),
        ("not mentioned in the conversation", False),
        ("No information available.", False),
        ("Not mentioned in the conversation", False),
    ],
)
def test_a_not_mentioned_wrong_answer_offers_no_distinct_option(wrong: str, distinct: bool) -> None:
    item = _adversarial(0, wrong)
    assert offers_wrong_option(item) is distinct and is_askable(item) is distinct
    if distinct:
        options = adversarial_options(item, seed=0)
        assert grade_reply(item, options.not_mentioned_letter, options).score == 1.0
    else:
        with pytest.raises(ValueError, match='no wrong answer distinct from "not mentioned"'):
            adversarial_options(item, seed=0)
    assert is_askable(QuestionItem("c", 0, "?", 4, "Not mentioned", None, ()))


def test_summary_keeps_adversarial_out_of_the_headline_by_default() -> None:
    grades = [
        QuestionGrade("q1", 1, 0.5, "multi_answer_f1", "x"),
        QuestionGrade("q2", 2, 1.0, "token_f1", "x"),
        QuestionGrade("q3", 4, 0.0, "token_f1", "x"),
        QuestionGrade("q4", 4, 1.0, "token_f1", "x"),
        QuestionGrade("q5", 5, 1.0, "adversarial_choice", NOT_MENTIONED_OPTION, "not_mentioned"),
        QuestionGrade("q6", 5, 0.0, "adversarial_choice", NOT_MENTIONED_OPTION, "unclear"),
    ]
    summary = summarise_grades(grades)
    assert [(score.name, score.mean, score.count) for score in summary.categories] == [
        ("single-hop", 0.5, 2),
        ("multi-hop", 0.5, 1),
        ("temporal", 1.0, 1),
        ("adversarial", 0.5, 2),
    ]
    # categories 1-4, question-weighted: (0.5 + 1 + 0 + 1) / 4
    assert summary.overall_f1 == pytest.approx(0.625)
    assert summary.headline == pytest.approx(0.625)
    assert summary.abstention == pytest.approx(0.5)
    with_adversarial = summarise_grades(grades, include_adversarial=True)
    assert with_adversarial.headline == pytest.approx(3.5 / 6)
    assert overall_f1(grades[4:]) is None
    assert summarise_grades([]).headline is None


def test_prompts_follow_the_category_rules(questions: tuple[QuestionItem, ...]) -> None:
    temporal = question_prompt(questions[1])
    assert "When did Tobias move?" in temporal and "session dates" in temporal
    assert "session dates" not in question_prompt(questions[3])
    assert "exact words" in question_prompt(questions[3])
    options = adversarial_options(questions[4], seed=1)
    adversarial = question_prompt(questions[4], options.options)
    assert f"(a) {options.options[0]} (b) {options.options[1]}" in adversarial
    with pytest.raises(ValueError):
        question_prompt(questions[4])


def test_conversation_text_lists_dated_sessions_in_order_with_photos() -> None:
    text = format_conversation(parse_locomo(locomo_raw())[0])
    assert text.index("Session 2 (10:04 am") < text.index("Session 10 (7:30 pm")
    assert "Session 3" not in text and "Session 11" not in text
    assert "[Tobias shares a photo: a photo of a red bicycle]" in text
    assert "Mira and Tobias" in text


def test_the_judged_accuracy_counts_every_decision_and_reports_the_unreadable_ones(
    questions: tuple[QuestionItem, ...],
) -> None:
    grades = [grade_reply(item, item.answer or "") for item in questions[:4]]
    judged = [True, False, False, True]  # the second: unreadable, counted as the decline's
    values = locomo_values(grades, None, isolation(grades, None), judged=judged, judge_unreadable=1)
    assert values["judge_accuracy"] == 0.5
    assert values["judge_unreadable"] == 1.0
    assert question_counts(grades, judged=judged)["judge_accuracy"] == 4
    nothing = locomo_values(grades, None, isolation(grades, None), judged=[])
    assert math.isnan(nothing["judge_accuracy"])


def test_a_question_row_leaves_out_what_was_not_asked_and_keeps_the_logged_order() -> None:
    row = QuestionRow(
        question_id="conv-1:q1",
        qtype="single_hop",
        category=4,
        question="Where?",
        gold="Lisbon",
        answer="Lisbon",
        score=1.0,
        official_score=1.0,
        rule="token_f1",
        decided_by="rules",
        correct=True,
    )
    assert list(row.as_metadata()) == [
        "question_id",
        "qtype",
        "category",
        "question",
        "gold",
        "answer",
        "score",
        "official_score",
        "rule",
        "decided_by",
        "correct",
        "memory_failure",
    ]
    asked = replace(
        row,
        pick="wrong_answer",
        no_memory_answer="Porto",
        no_memory_score=0.0,
        judge_verdict="yes",
        judge_reply="yes",
        judge_unreadable=False,
    )
    shown = asked.as_metadata()
    assert list(shown)[11:] == [
        "pick",
        "no_memory_answer",
        "no_memory_score",
        "judge_verdict",
        "judge_reply",
        "judge_unreadable",
        "memory_failure",
    ]
    assert shown["no_memory_score"] == 0.0 and shown["judge_unreadable"] is False
    assert QuestionRow.of(shown) == asked

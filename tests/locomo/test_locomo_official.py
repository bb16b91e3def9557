"""The official LoCoMo figure beside ours: the same replies, the official code's reading.

On the invented conversations of `locomo_sample`, our score equals the official score on
every reply our rules read the way the official code does, and differs exactly where we
differ on purpose: a hedge (0 here, the F1 of its tokens there), a letter named in words
("Answer: a", "a)"), a reply echoing both options, and a three-character reply the official
code maps to option (b).
"""

from __future__ import annotations

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.locomo.grading import (
    AdversarialOptions,
    QuestionGrade,
    adversarial_options,
    grade_reply,
)
from inspect_memgym.locomo.records import Conversation, QuestionItem, parse_locomo
from inspect_memgym.locomo.task import locomo
from inspect_memgym.locomo.values import isolation, locomo_values, question_counts
from inspect_memgym.scoring.locomo_official import (
    official_adversarial_score,
    official_adversarial_text,
    official_answer_score,
)
from locomo_sample import locomo_raw, write_locomo

SCORER = "locomo_scorer"
SEED = 0
AGREE = "agree"
HEDGE = "hedge"
LETTER_IN_WORDS = "letter in words"
BOTH_OPTIONS = "both options"
THREE_CHARACTERS = "three characters"

ANSWER_CASES: list[tuple[int, str, float, float, str]] = [
    # question index, reply, our score, official score, why they differ (or agree)
    (0, "Lisbon, Porto", 1.0, 1.0, AGREE),
    (0, "Lisbon, Madrid", 0.5, 0.5, AGREE),
    (0, "Porto", 0.5, 0.5, AGREE),
    (0, "Mira and Tobias visited Lisbon, Porto", 0.7, 0.7, AGREE),
    (0, "Lisbon, Porto, or maybe Madrid", 0.0, 1.0, HEDGE),
    (1, "2019", 1.0, 1.0, AGREE),
    (1, "in 2019", 2 / 3, 2 / 3, AGREE),
    (1, "Tobias moved in 2019", 0.4, 0.4, AGREE),
    (1, "2018", 0.0, 0.0, AGREE),
    (1, "2019 or maybe 2018", 0.0, 0.4, HEDGE),
    (2, "ceramics", 1.0, 1.0, AGREE),
    (2, "painting", 0.0, 0.0, AGREE),
    (2, "ceramics or painting", 0.5, 0.5, AGREE),
    (3, "red", 1.0, 1.0, AGREE),
    (3, "a red bicycle", 2 / 3, 2 / 3, AGREE),
    (3, "blue", 0.0, 0.0, AGREE),
    (3, "", 0.0, 0.0, AGREE),
]
"""Category 1-4 replies to conv-901 (gold: "Lisbon, Porto", 2019, "ceramics; painting",
"red")."""

ADVERSARIAL_CASES: list[tuple[str, float, float, str]] = [
    # reply ({nm}: the "not mentioned" letter, {wrong}: the other), ours, official, why
    ("{nm}", 1.0, 1.0, AGREE),
    ("{wrong}", 0.0, 0.0, AGREE),
    ("({nm})", 1.0, 1.0, AGREE),
    ("({wrong})", 0.0, 0.0, AGREE),
    ("Not mentioned in the conversation.", 1.0, 1.0, AGREE),
    ("No information available.", 1.0, 1.0, AGREE),
    ("{wrong_text}", 0.0, 0.0, AGREE),
    ("", 0.0, 0.0, AGREE),
    ("Answer: {wrong}", 0.0, 0.0, AGREE),
    ("Answer: {nm}", 1.0, 0.0, LETTER_IN_WORDS),
    ("{nm})", 1.0, 0.0, LETTER_IN_WORDS),
    ("(a) {option_a} (b) {option_b}", 0.0, 1.0, BOTH_OPTIONS),
]
"""Adversarial replies, asked of conv-901's two adversarial items."""


@pytest.fixture(scope="module")
def conversation() -> Conversation:
    return parse_locomo(locomo_raw())[0]


def _grade(conversation: Conversation, item: QuestionItem, reply: str) -> QuestionGrade:
    speakers = (conversation.speaker_a, conversation.speaker_b)
    options = adversarial_options(item, SEED) if item.is_adversarial else None
    return grade_reply(item, reply, options, speakers)


def _adversarial_reply(template: str, options: AdversarialOptions) -> str:
    wrong_index = 1 - options.not_mentioned_index
    return template.format(
        nm=options.not_mentioned_letter,
        wrong="ab"[wrong_index],
        wrong_text=options.options[wrong_index],
        option_a=options.options[0],
        option_b=options.options[1],
    )


def _all_cases(conversation: Conversation) -> list[tuple[QuestionGrade, float, float, str]]:
    """Every case graded: (grade, our expected score, official expected score, why)."""
    graded = [
        (_grade(conversation, conversation.questions[index], reply), ours, official, why)
        for index, reply, ours, official, why in ANSWER_CASES
    ]
    for item in conversation.questions[4:6]:
        options = adversarial_options(item, SEED)
        for template, ours, official, why in ADVERSARIAL_CASES:
            reply = _adversarial_reply(template, options)
            graded.append((_grade(conversation, item, reply), ours, official, why))
    return graded


def test_each_reply_gets_our_score_and_the_official_one(conversation: Conversation) -> None:
    for grade, ours, official, why in _all_cases(conversation):
        assert grade.score == pytest.approx(ours), (grade, why)
        assert grade.official_score == pytest.approx(official), (grade, why)


def test_the_figures_agree_wherever_our_rule_reads_a_reply_as_the_official_code_does(
    conversation: Conversation,
) -> None:
    cases = _all_cases(conversation)
    agreeing = [grade for grade, _, _, why in cases if why == AGREE]
    differing = [(grade, why) for grade, _, _, why in cases if why != AGREE]
    assert len(agreeing) == 15 + 2 * 9 and len(differing) == 2 + 2 * 3
    assert all(grade.score == grade.official_score for grade in agreeing)
    assert all(grade.score != grade.official_score for grade, _ in differing)
    hedges = [grade for grade, why in differing if why == HEDGE]
    assert [grade.rule for grade in hedges] == ["hedge", "hedge"]
    # a hedge scores 0 here and the F1 of its tokens there; a letter in words the reverse
    assert all(grade.score == 0.0 < grade.official_score for grade in hedges)
    assert sorted((grade.score, grade.official_score) for grade, why in differing) == [
        (0.0, 0.4),
        (0.0, 1.0),
        (0.0, 1.0),
        (0.0, 1.0),
        (1.0, 0.0),
        (1.0, 0.0),
        (1.0, 0.0),
        (1.0, 0.0),
    ]


def test_the_official_code_reads_a_reply_by_its_length_and_cue_phrases() -> None:
    options = ("Lisbon", "Not mentioned in the conversation")
    # one character: option (a) if it holds "a", any other letter option (b)
    assert official_adversarial_text(" A ", options) == "Lisbon"
    assert official_adversarial_text("c", options) == options[1]
    # three characters: option (a) only for "(a)"; "yes" is option (b)
    assert official_adversarial_score("yes", options) == 1.0
    assert official_adversarial_score("(a)", options) == 0.0
    assert official_adversarial_score("I'd say it is NOT MENTIONED.", options) == 1.0
    assert official_adversarial_score("Answer: b", options) == 0.0
    # categories 1-4: the F1 of the tokens, the open-domain gold cut at ";"
    assert official_answer_score("painting", "ceramics; painting", 3) == 0.0
    assert official_answer_score("Lisbon or Madrid", "Lisbon", 4) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="category 5"):
        official_answer_score("x", "y", 5)


def test_a_three_character_reply_is_option_b_in_the_official_code(
    conversation: Conversation,
) -> None:
    # conv-901's second adversarial item offers "not mentioned" as (b) under seed 0
    item = conversation.questions[5]
    assert adversarial_options(item, SEED).not_mentioned_letter == "b"
    grade = _grade(conversation, item, "yes")
    assert (grade.score, grade.adversarial_pick, grade.official_score) == (0.0, "unclear", 1.0)


def test_official_values_average_the_same_questions_as_ours(conversation: Conversation) -> None:
    replies = ["Lisbon, Porto, or maybe Madrid", "2019 or maybe 2018", "ceramics", "red"]
    grades = [
        _grade(conversation, item, reply)
        for item, reply in zip(conversation.questions[:4], replies, strict=True)
    ]
    adversarial = conversation.questions[4]
    grades.append(_grade(conversation, adversarial, "Answer: a"))
    values = locomo_values(grades, None, isolation(grades, None))
    assert values["f1"] == pytest.approx(0.5)  # two hedges at 0, two right
    assert values["official_f1"] == pytest.approx((1.0 + 0.4 + 1.0 + 1.0) / 4)
    assert values["official_multi_hop"] == 1.0 and values["multi_hop"] == 0.0
    assert values["official_temporal"] == pytest.approx(0.4)
    assert values["adversarial"] == 1.0 and values["official_adversarial"] == 0.0
    with_adversarial = locomo_values(grades, None, isolation(grades, None, (), True), True)
    assert with_adversarial["official_f1"] == pytest.approx(3.4 / 5)
    assert question_counts(grades)["official_f1"] == 4
    assert question_counts(grades, include_adversarial=True)["official_f1"] == 5


@pytest.fixture(scope="module")
def hedger_log(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    directory = tmp_path_factory.mktemp("official")
    path = write_locomo(directory / "locomo10.json")
    [log] = eval(
        locomo(dataset=str(path)),
        model="memgym/hedger",
        display="none",
        log_dir=str(directory / "logs"),
    )
    assert log.status == "success", log.error
    return log


def test_a_hedger_scores_nothing_here_and_the_f1_of_its_guesses_officially(
    hedger_log: EvalLog,
) -> None:
    assert hedger_log.samples is not None
    [sample] = [sample for sample in hedger_log.samples if sample.id == "conv-901"]
    assert sample.scores is not None
    score = sample.scores[SCORER]
    assert isinstance(score.value, dict)
    rows = score.metadata["questions"]  # type: ignore[index]
    answered = [row for row in rows if row["category"] != 5]
    assert {row["rule"] for row in answered} == {"hedge"}
    assert score.value["f1"] == 0.0
    # "Lisbon, Porto, or Tobias, or Current, or 1:56": each gold part among the guesses
    # (multi-answer F1 1.0); "2019, or Mira, or Current, or 1:56": one token of four (0.25)
    assert [row["official_score"] for row in answered] == [1.0, 0.25, 0.25, 0.25]
    assert score.value["official_f1"] == pytest.approx(0.4375)
    assert score.value["official_multi_hop"] == 1.0
    for row in rows:
        if row["category"] == 5:
            assert row["score"] == row["official_score"] == 1.0
    assert "| category | questions | score | no memory | official |" in str(score.explanation)
    assert hedger_log.results is not None
    pooled = {score.name: score.metrics for score in hedger_log.results.scores}[SCORER]
    assert pooled["pooled_f1"].value == 0.0
    # pooled over the five category 1-4 questions of both conversations (conv-902: 0.25)
    assert pooled["official_f1_pooled"].value == pytest.approx(2.0 / 5)

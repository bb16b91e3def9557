"""Tests for the rule-based answer checker."""

from __future__ import annotations

import pytest

from inspect_memgym.entity_stream.world.questions.model import GoldAnswer
from inspect_memgym.scoring.answer_rules import RuleVerdict, check_answer, is_refusal
from inspect_memgym.scoring.number_mentions import find_mentions, gold_scale

NAMES = (
    "Argon Labs",
    "Basalt Systems",
    "Cobalt Dynamics",
    "Delphi Holdings",
    "Argon Labs Capital",
)
FAKE = "Zephyr Forge"
KNOWN = (*NAMES, FAKE)

REVENUE = GoldAnswer(kind="number", text="$175,720.5M", value=175720.5)
EMPLOYEES = GoldAnswer(kind="number", text="1,234 employees", value=1234, integer=True)
MARGIN = GoldAnswer(kind="number", text="42.87%", value=42.87)
HUNDRED = GoldAnswer(kind="number", text="100.0", value=100.0)
ZERO = GoldAnswer(kind="number", text="$0.0M", value=0.0)
NEGATIVE = GoldAnswer(kind="number", text="$-5.2M", value=-5.2)
CUSTOMERS = GoldAnswer(kind="number", text="12,000 customers", value=12000, integer=True)
MARKET_CAP = GoldAnswer(kind="number", text="$12.75B", value=12.75)


def rule_of(
    answer: str, gold: GoldAnswer, *, question: str = "", choices: tuple[str, ...] = ()
) -> RuleVerdict:
    return check_answer(answer, gold, known_names=KNOWN, question=question, choices=choices)


def verdict_of(
    answer: str, gold: GoldAnswer, *, question: str = "", choices: tuple[str, ...] = ()
) -> str:
    return rule_of(answer, gold, question=question, choices=choices).verdict


# ------------------------------------------------------------------ refusals and empties


@pytest.mark.parametrize(
    "text",
    [
        "I don't know.",
        "I do not know",
        "I dont know",
        "I don’t have that information",
        "That is not in my memory.",
        "There is no record of this company.",
        "I cannot answer that.",
        "I can't answer",
        "I am unable to say.",
        "No information about it.",
        "It was not mentioned.",
        "That company never appeared in the documents.",
        "Not available",
        "Unknown",
        "I'm not sure.",
        "Not found in memory.",
        "Insufficient information.",
        "I cannot determine this.",
        "I can't determine it",
        "No data.",
        "That was not stored.",
        "I did not store that fact.",
        "I must decline to guess.",
        "I decline.",
        "N/A",
        "There is no company named Zephyr Forge in my notes.",
        "Zephyr Forge isn't in my memory.",
        "I'm afraid I can't help with that.",
    ],
)
def test_refusal_phrases_are_recognised(text: str) -> None:
    assert is_refusal(text)


@pytest.mark.parametrize(
    "text",
    [
        "$175.72 billion",
        "The company is in decline.",
        "decline",
        "Revenue declined to $5M.",
        "Argon Labs",
        "None of them.",
        "It is known to be 42.",
        "flat",
    ],
)
def test_non_refusals_are_not_refusals(text: str) -> None:
    assert not is_refusal(text)


@pytest.mark.parametrize(
    "text",
    [
        "There is no such company.",
        "No such entity exists in my notes.",
        "There is no company called Zephyr Forge.",
        "I know of no firm named Zephyr Forge.",
        "There's no startup by that name.",
        "Zephyr Forge does not exist.",
        "Companies like that don't exist in my memory.",
        "That company never existed, as far as I know.",
        "It is a nonexistent company.",
    ],
)
def test_saying_the_thing_does_not_exist_is_a_refusal(text: str) -> None:
    assert is_refusal(text)


@pytest.mark.parametrize(
    "text",
    [
        "No, she moved to Lisbon.",
        "There is no doubt the cat named Luna is hers.",
        "Argon Labs has no debt.",
        "No debt; revenue was $5M.",
        "It exists since 2003.",
    ],
)
def test_a_real_answer_that_merely_says_no_is_not_a_refusal(text: str) -> None:
    assert not is_refusal(text)


@pytest.mark.parametrize("answer", ["", "   ", "\n\t "])
def test_empty_answer_is_incorrect(answer: str) -> None:
    result = rule_of(answer, REVENUE)
    assert (result.verdict, result.rule) == ("incorrect", "empty")


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ("I don't know, maybe $175,720.5M", REVENUE),
        ("Not sure, but 1,234", EMPLOYEES),
        ("Unknown", GoldAnswer(kind="entity", text="Argon Labs", entity="Argon Labs")),
        ("I have no record of it.", GoldAnswer(kind="date", text="2003-04-05")),
        ("There is no such company.", GoldAnswer(kind="names", text="Argon Labs", names=NAMES[:1])),
    ],
)
def test_refusal_to_a_real_question_is_incorrect(answer: str, gold: GoldAnswer) -> None:
    result = rule_of(answer, gold)
    assert (result.verdict, result.rule) == ("incorrect", "refusal")


def test_label_gold_that_reads_like_a_refusal_is_still_matched() -> None:
    gold = GoldAnswer(kind="label", text="decline")
    choices = ("seed", "expansion", "mature", "turnaround")
    assert verdict_of("Decline", gold, choices=choices) == "correct"


# ------------------------------------------------------------------ numbers


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("$175.72 billion", REVENUE, "correct"),
        ("175720.5", REVENUE, "correct"),
        ("$175,720.5M", REVENUE, "correct"),
        ("175,720.5 million dollars", REVENUE, "correct"),
        ("about 175.7 bn", REVENUE, "correct"),
        ("$175,720,500,000", REVENUE, "correct"),
        ("$175\u202f720.5M", REVENUE, "correct"),
        ("$0.1757 trillion", REVENUE, "correct"),
        ("$0.18 trillion", REVENUE, "incorrect"),
        ("$175.72 million", REVENUE, "incorrect"),
        ("$150.0 billion", REVENUE, "incorrect"),
        ("1,234", EMPLOYEES, "correct"),
        ("1234 employees", EMPLOYEES, "correct"),
        ("1,235", EMPLOYEES, "incorrect"),
        ("1,233 employees", EMPLOYEES, "incorrect"),
        ("1.234k", EMPLOYEES, "correct"),
        ("1.2k", EMPLOYEES, "incorrect"),
        ("12K customers", CUSTOMERS, "correct"),
        ("12 thousand", CUSTOMERS, "correct"),
        ("12,001", CUSTOMERS, "incorrect"),
        ("42.87%", MARGIN, "correct"),
        ("42.87 percent", MARGIN, "correct"),
        ("43.5%", MARGIN, "correct"),
        ("44%", MARGIN, "incorrect"),
        ("102", HUNDRED, "correct"),
        ("98", HUNDRED, "correct"),
        ("102.01", HUNDRED, "incorrect"),
        ("97.99", HUNDRED, "incorrect"),
        ("0", ZERO, "correct"),
        ("$0.004M", ZERO, "correct"),
        ("0.006", ZERO, "incorrect"),
        ("-$5.2M", NEGATIVE, "correct"),
        ("$-5.2M", NEGATIVE, "correct"),
        ("\u22125.2", NEGATIVE, "correct"),
        ("5.2", NEGATIVE, "incorrect"),
        ("$12.75B", MARKET_CAP, "correct"),
        ("$12,750 million", MARKET_CAP, "correct"),
        ("12.75 bn", MARKET_CAP, "correct"),
    ],
)
def test_number_matching(answer: str, gold: GoldAnswer, expected: str) -> None:
    assert verdict_of(answer, gold) == expected


def test_scaled_mismatch_reason_names_the_wrong_number() -> None:
    result = rule_of("$150.0 billion", REVENUE)
    assert result.rule == "number"
    assert "150" in result.reason


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ("42.87 or maybe 35.88", MARGIN),
        ("Either 1,234 or 1,300 employees", EMPLOYEES),
        ("$175.72 billion, possibly $160 billion", REVENUE),
        ("1,234 (previously 1,100)", EMPLOYEES),
    ],
)
def test_number_hedges_are_incorrect(answer: str, gold: GoldAnswer) -> None:
    result = rule_of(answer, gold)
    assert (result.verdict, result.rule) == ("incorrect", "hedge")


@pytest.mark.parametrize(
    "answer",
    [
        "42.87% (that is, 42.87 percent)",
        "$175,720.5M, i.e. about $175.72 billion",
    ],
)
def test_repeating_the_gold_in_two_forms_is_no_hedge(answer: str) -> None:
    gold = MARGIN if "42" in answer else REVENUE
    assert verdict_of(answer, gold) == "correct"


@pytest.mark.parametrize(
    ("answer", "question", "expected"),
    [
        (
            "Across periods 1 to 6 the total was 42.87",
            "What is the total over periods 1 to 6?",
            "correct",
        ),
        (
            "It exceeds the $5,000M threshold: 42.87",
            "By how much does it exceed the $5,000M threshold?",
            "correct",
        ),
        ("It exceeds the $5,000M threshold: 42.87", "What is the margin?", "incorrect"),
        ("In 2023 it was 42.87%", "What was the margin in 2023?", "correct"),
        ("In 2023 it was 42.87%", "What was the margin?", "incorrect"),
    ],
)
def test_numbers_echoed_from_the_question_are_ignored(
    answer: str, question: str, expected: str
) -> None:
    assert verdict_of(answer, MARGIN, question=question) == expected


def test_echo_does_not_excuse_a_wrong_answer() -> None:
    question = "Which value is above 40?"
    assert verdict_of("40", MARGIN, question=question) == "undecided"
    assert verdict_of("40 or 35", MARGIN, question=question) == "incorrect"


@pytest.mark.parametrize("answer", ["forty-two point eight seven", "about forty-three percent"])
def test_number_in_words_is_undecided(answer: str) -> None:
    result = rule_of(answer, MARGIN)
    assert (result.verdict, result.rule) == ("undecided", "number")


def test_numbers_glued_to_letters_are_not_numbers() -> None:
    assert verdict_of("In Q3 of FY2023 the margin was 42.87%", MARGIN) == "correct"


def test_dates_are_not_numbers_in_a_number_answer() -> None:
    assert verdict_of("As of 2023-12-31 the margin was 42.87%", MARGIN) == "correct"


# ------------------------------------------------------------------ dates

FOUNDED = GoldAnswer(kind="date", text="2003-04-05")


@pytest.mark.parametrize(
    "answer",
    [
        "2003-04-05",
        "It was founded on 2003-04-05.",
        "2003/04/05",
        "2003-4-5",
        "April 5, 2003",
        "april 5 2003",
        "Apr. 5th, 2003",
        "5 April 2003",
        "5th of April, 2003",
        "2003\u201304\u201305",
    ],
)
def test_full_date_formats_are_correct(answer: str) -> None:
    assert verdict_of(answer, FOUNDED) == "correct"


@pytest.mark.parametrize(
    ("answer", "rule"),
    [
        ("2003", "date"),
        ("In 2003", "date"),
        ("April 2003", "date"),
        ("2003-04", "date"),
        ("2003-04-06", "date"),
        ("April 6, 2003", "date"),
        ("05/04/2003", "date"),
        ("2003-04-05 or 2003-04-06", "hedge"),
        ("April 5, 2003 (or possibly 2004)", "hedge"),
    ],
)
def test_partial_wrong_and_hedged_dates_are_incorrect(answer: str, rule: str) -> None:
    result = rule_of(answer, FOUNDED)
    assert (result.verdict, result.rule) == ("incorrect", rule)


def test_date_echoed_from_the_question_is_ignored() -> None:
    question = "Which date after 2001-01-01 was Argon Labs founded?"
    assert verdict_of("After 2001-01-01: on 2003-04-05", FOUNDED, question=question) == "correct"


def test_date_in_words_is_undecided() -> None:
    assert verdict_of("the fifth of April, two thousand three", FOUNDED) == "undecided"


# ------------------------------------------------------------------ labels

OWNERSHIP = ("publicly listed", "privately held", "employee owned", "state backed")
PRIVATE = GoldAnswer(kind="label", text="privately held")
OTHERS = tuple(choice for choice in OWNERSHIP if choice != "privately held")


@pytest.mark.parametrize(
    ("answer", "expected", "rule"),
    [
        ("privately held", "correct", "label"),
        ("It is Privately Held.", "correct", "label"),
        ("privately-held", "correct", "label"),
        ("publicly listed", "incorrect", "label"),
        ("privately held, or maybe publicly listed", "incorrect", "hedge"),
        ("private", "undecided", "label"),
        ("It is owned by a small group of investors.", "undecided", "label"),
        (
            "The ownership structure of this company was described at length in the profile "
            "but the details escape me now honestly",
            "incorrect",
            "label",
        ),
    ],
)
def test_label_rule(answer: str, expected: str, rule: str) -> None:
    result = rule_of(answer, PRIVATE, choices=OTHERS)
    assert (result.verdict, result.rule) == (expected, rule)


def test_label_is_matched_as_a_whole_phrase() -> None:
    gold = GoldAnswer(kind="label", text="seed")
    choices = ("expansion", "mature", "turnaround", "decline")
    assert verdict_of("seeded", gold, choices=choices) == "undecided"
    assert verdict_of("seed stage", gold, choices=choices) == "correct"


def test_label_inside_a_longer_choice_is_not_a_hedge() -> None:
    gold = GoldAnswer(kind="label", text="owned")
    assert verdict_of("employee owned", gold, choices=("employee owned",)) == "incorrect"
    assert verdict_of("owned", gold, choices=("employee owned",)) == "correct"


# ------------------------------------------------------------------ fragments

FOCUS = GoldAnswer(
    kind="fragments",
    text="edge computing, payment rails, fraud screening and data labelling",
    fragments=("edge computing", "payment rails", "fraud screening", "data labelling"),
)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("edge computing, payment rails, fraud screening and data labelling", "correct"),
        ("Data labelling; fraud-screening; Payment Rails; edge computing.", "correct"),
        ("edge computing, payment rails and fraud screening", "undecided"),
        ("edge computing and payment rails", "undecided"),
        ("edge computing", "incorrect"),
        ("cloud services", "incorrect"),
        ("edge computings and payment railsets", "incorrect"),
    ],
)
def test_fragments_rule(answer: str, expected: str) -> None:
    assert verdict_of(answer, FOCUS) == expected


def test_fragments_reason_lists_missing() -> None:
    result = rule_of("edge computing", FOCUS)
    assert "data labelling" in result.reason and "payment rails" in result.reason


# ------------------------------------------------------------------ series

GROWTH = GoldAnswer(
    kind="series",
    text="12.5%, -3.1%, 8.0%, 4.4%",
    series=(12.5, -3.1, 8.0, 4.4),
)
USERS = GoldAnswer(kind="series", text="1.25M, 2.5M, 3.75M", series=(1.25, 2.5, 3.75))


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("12.5%, -3.1%, 8.0%, 4.4%", GROWTH, "correct"),
        ("12.5, \u22123.1, 8 and 4.4", GROWTH, "correct"),
        ("Period 1: 12.5%; period 2: -3.1%; period 3: 8%; period 4: 4.4%", GROWTH, "correct"),
        ("Q1 12.5%, Q2 -3.1%, Q3 8.0%, Q4 4.4%", GROWTH, "correct"),
        ("1. 12.5%\n2. -3.1%\n3. 8.0%\n4. 4.4%", GROWTH, "correct"),
        ("12.6%, -3.1%, 8.1%, 4.45%", GROWTH, "correct"),
        ("12.5%", GROWTH, "incorrect"),
        ("12.5%, -3.1%, 8.0%", GROWTH, "incorrect"),
        ("12.5%, 3.1%, 8.0%, 4.4%", GROWTH, "incorrect"),
        ("-3.1%, 12.5%, 8.0%, 4.4%", GROWTH, "incorrect"),
        ("12.5%, -3.1%, 8.0%, 4.4%, 5.0%", GROWTH, "incorrect"),
        ("1,250,000, 2,500,000 and 3,750,000", USERS, "correct"),
        ("1.25 million, 2.5 million, 3.75 million", USERS, "correct"),
        ("1.25M, 2.5M", USERS, "incorrect"),
    ],
)
def test_series_rule(answer: str, gold: GoldAnswer, expected: str) -> None:
    assert verdict_of(answer, gold) == expected


def test_series_first_element_only_is_incorrect() -> None:
    result = rule_of("12.5% (then it changed)", GROWTH)
    assert (result.verdict, result.rule) == ("incorrect", "series")


# ------------------------------------------------------------------ entities

ARGON = GoldAnswer(kind="entity", text="Argon Labs", entity="Argon Labs")


@pytest.mark.parametrize(
    ("answer", "question", "expected", "rule"),
    [
        ("Argon Labs", "", "correct", "entity"),
        ("argon labs", "", "correct", "entity"),
        ("Argon Labs's revenue is the highest.", "", "correct", "entity"),
        ("Argon Labs' revenue is the highest.", "", "correct", "entity"),
        ("Argon-Labs", "", "correct", "entity"),
        ("Basalt Systems", "", "incorrect", "entity"),
        ("Argon Labs Capital", "", "incorrect", "entity"),
        ("Argon Labs or Basalt Systems", "", "incorrect", "hedge"),
        ("Argon", "", "undecided", "entity"),
        (
            "Argon Labs, ahead of Basalt Systems",
            "Which is larger: Argon Labs or Basalt Systems?",
            "undecided",
            "entity",
        ),
        (
            "Argon Labs, not Cobalt Dynamics",
            "Which is larger: Argon Labs or Basalt Systems?",
            "incorrect",
            "hedge",
        ),
    ],
)
def test_entity_rule(answer: str, question: str, expected: str, rule: str) -> None:
    result = rule_of(answer, ARGON, question=question)
    assert (result.verdict, result.rule) == (expected, rule)


TOP_REVENUE = GoldAnswer(
    kind="entity_value", text="Basalt Systems ($1,234.5M)", value=1234.5, entity="Basalt Systems"
)


@pytest.mark.parametrize(
    ("answer", "expected", "rule"),
    [
        ("Basalt Systems ($1,234.5M)", "correct", "entity_value"),
        ("Basalt Systems with $1.23 billion", "correct", "entity_value"),
        ("Basalt Systems, $1,100M", "incorrect", "number"),
        ("Argon Labs ($1,234.5M)", "incorrect", "entity"),
        ("Basalt Systems ($1,234.5M), or Argon Labs", "incorrect", "hedge"),
        ("Basalt Systems ($1,234.5M or $1,100M)", "incorrect", "hedge"),
        ("Basalt Systems", "undecided", "number"),
        ("Basalt ($1,234.5M)", "undecided", "entity"),
    ],
)
def test_entity_value_rule(answer: str, expected: str, rule: str) -> None:
    result = rule_of(answer, TOP_REVENUE)
    assert (result.verdict, result.rule) == (expected, rule)


# ------------------------------------------------------------------ names and counts

TWO_NAMES = GoldAnswer(
    kind="names",
    text="Argon Labs and Cobalt Dynamics",
    names=("Argon Labs", "Cobalt Dynamics"),
)
NO_NAMES = GoldAnswer(kind="names", text="none", names=())


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("Argon Labs and Cobalt Dynamics", TWO_NAMES, "correct"),
        ("cobalt dynamics, argon labs", TWO_NAMES, "correct"),
        ("- Argon Labs\n- Cobalt Dynamics", TWO_NAMES, "correct"),
        ("Argon Labs", TWO_NAMES, "incorrect"),
        ("Argon Labs, Cobalt Dynamics and Delphi Holdings", TWO_NAMES, "incorrect"),
        ("Argon Labs Capital and Cobalt Dynamics", TWO_NAMES, "incorrect"),
        ("Argon Labs, Cobalt Dynamics, Zephyr Forge", TWO_NAMES, "incorrect"),
        ("None of them.", NO_NAMES, "correct"),
        ("There are no such companies.", NO_NAMES, "correct"),
        ("Argon Labs", NO_NAMES, "incorrect"),
        ("Hmm, tricky.", NO_NAMES, "undecided"),
    ],
)
def test_names_rule(answer: str, gold: GoldAnswer, expected: str) -> None:
    assert verdict_of(answer, gold) == expected


def test_names_reason_lists_missing_and_extra() -> None:
    result = rule_of("Argon Labs and Delphi Holdings", TWO_NAMES)
    assert result.rule == "names"
    assert "missing cobalt dynamics" in result.reason
    assert "extra delphi holdings" in result.reason


COUNT_TWO = GoldAnswer(
    kind="count_names",
    text="2: Argon Labs and Cobalt Dynamics",
    integer=True,
    count=2,
    names=("Argon Labs", "Cobalt Dynamics"),
)
COUNT_ZERO = GoldAnswer(kind="count_names", text="0: none", integer=True, count=0, names=())


@pytest.mark.parametrize(
    ("answer", "gold", "expected", "rule"),
    [
        ("2: Argon Labs and Cobalt Dynamics", COUNT_TWO, "correct", "count_names"),
        ("Two companies: Argon Labs and Cobalt Dynamics", COUNT_TWO, "correct", "count_names"),
        ("2 companies:\n1. Argon Labs\n2. Cobalt Dynamics", COUNT_TWO, "correct", "count_names"),
        ("2: (1) Argon Labs, (2) Cobalt Dynamics", COUNT_TWO, "correct", "count_names"),
        ("2 companies: Argon Labs (1) and Cobalt Dynamics", COUNT_TWO, "incorrect", "hedge"),
        ("3: Argon Labs and Cobalt Dynamics", COUNT_TWO, "incorrect", "count"),
        ("2 or 3: Argon Labs and Cobalt Dynamics", COUNT_TWO, "incorrect", "hedge"),
        ("Argon Labs and Cobalt Dynamics", COUNT_TWO, "incorrect", "count"),
        ("2: Argon Labs", COUNT_TWO, "incorrect", "names"),
        ("2: Argon Labs, Cobalt Dynamics, Basalt Systems", COUNT_TWO, "incorrect", "names"),
        ("0", COUNT_ZERO, "correct", "count_names"),
        ("None.", COUNT_ZERO, "correct", "count_names"),
        ("1: Argon Labs", COUNT_ZERO, "incorrect", "count"),
    ],
)
def test_count_names_rule(answer: str, gold: GoldAnswer, expected: str, rule: str) -> None:
    result = rule_of(answer, gold, question="How many of the 4 companies have over 500 staff?")
    assert (result.verdict, result.rule) == (expected, rule)


# ------------------------------------------------------------------ trends

RISING = GoldAnswer(
    kind="trend",
    text="strongly rising (from 3.1 to 9.8)",
    direction="strongly rising",
    series=(3.1, 9.8),
)
FLAT = GoldAnswer(kind="trend", text="flat (from 5.0 to 5.0)", direction="flat", series=(5.0, 5.0))


@pytest.mark.parametrize(
    ("answer", "gold", "expected", "rule"),
    [
        ("Strongly rising, from 3.1 to 9.8", RISING, "correct", "trend"),
        ("strongly-rising: 3.1 -> 9.8", RISING, "correct", "trend"),
        ("From 3.1 in period 1 to 9.8 in period 6: strongly rising", RISING, "correct", "trend"),
        ("Rising, from 3.1 to 9.8", RISING, "incorrect", "trend"),
        ("Slightly rising, from 3.1 to 9.8", RISING, "incorrect", "trend"),
        ("Strongly rising or slightly rising, 3.1 to 9.8", RISING, "incorrect", "hedge"),
        (
            "Strongly rising overall, though falling at first; 3.1 to 9.8",
            RISING,
            "incorrect",
            "hedge",
        ),
        ("Strongly rising (the series keeps rising), 3.1 to 9.8", RISING, "correct", "trend"),
        ("Strongly rising", RISING, "incorrect", "trend"),
        ("Strongly rising from 3.1", RISING, "incorrect", "trend"),
        ("Strongly rising from 3.1 to 9.8, peaking at 11.2", RISING, "incorrect", "hedge"),
        ("Strongly rising from 3.1 to 7.0", RISING, "incorrect", "trend"),
        ("Going up from 3.1 to 9.8", RISING, "incorrect", "trend"),
        ("Flat at 5.0", FLAT, "correct", "trend"),
        ("Flat, from 5.0 to 5.0", FLAT, "correct", "trend"),
        ("flattening, 5.0", FLAT, "incorrect", "trend"),
    ],
)
def test_trend_rule(answer: str, gold: GoldAnswer, expected: str, rule: str) -> None:
    result = rule_of(answer, gold, question="How did it move from period 1 to period 6?")
    assert (result.verdict, result.rule) == (expected, rule)


# ------------------------------------------------------------------ periods

PEAK = GoldAnswer(kind="period_value", text="period 3 (12.5%)", period=3, value=12.5)
SAME = GoldAnswer(kind="period_value", text="period 4 (4.0)", period=4, value=4.0)


@pytest.mark.parametrize(
    ("answer", "gold", "expected", "rule"),
    [
        ("Period 3, at 12.5%", PEAK, "correct", "period"),
        ("12.5% in the 3rd period", PEAK, "correct", "period"),
        ("Across periods 1 to 6 the peak was period 3 with 12.5%", PEAK, "correct", "period"),
        ("Period 4, at 12.5%", PEAK, "incorrect", "period"),
        ("12.5%", PEAK, "incorrect", "period"),
        ("Period 3", PEAK, "incorrect", "period"),
        ("Period 3, at 12.5% (period 5 was 11.0%)", PEAK, "incorrect", "hedge"),
        ("Period 3 or 4, at 12.5%", PEAK, "incorrect", "hedge"),
        ("Period 4: 4.0", SAME, "correct", "period"),
        ("4", SAME, "correct", "period"),
    ],
)
def test_period_value_rule(answer: str, gold: GoldAnswer, expected: str, rule: str) -> None:
    result = rule_of(answer, gold, question="In which of periods 1 to 6 was growth highest?")
    assert (result.verdict, result.rule) == (expected, rule)


# ------------------------------------------------------------------ abstention

ABSTAIN = GoldAnswer(kind="abstain", text="I don't know.", entity=FAKE)
ABSTAIN_QUESTION = f"What was the 2023 revenue of {FAKE}?"


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("I don't know.", "correct"),
        (f"I have no record of {FAKE}.", "correct"),
        (f"{FAKE}'s 2023 revenue never appeared in my notes.", "correct"),
        ("Unknown", "correct"),
        ("$12.5M", "incorrect"),
        ("I don't know, maybe $12.5M", "incorrect"),
        ("Not sure; around 12 million?", "incorrect"),
        ("No record; perhaps the one founded 2003-04-05.", "incorrect"),
        (f"No record of {FAKE}; maybe you mean Argon Labs?", "incorrect"),
        ("Argon Labs", "incorrect"),
        ("It is a robotics company.", "incorrect"),
        ("There is no such company.", "correct"),
        ("There is no such company; maybe you mean Argon Labs?", "incorrect"),
    ],
)
def test_abstain_rule(answer: str, expected: str) -> None:
    result = rule_of(answer, ABSTAIN, question=ABSTAIN_QUESTION)
    assert result.verdict == expected
    assert result.rule == "abstain"


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Not sure, maybe fifty million", "incorrect"),
        ("I don't know; perhaps twelve.", "incorrect"),
        ("No record, though I'd guess a few hundred thousand.", "incorrect"),
        ("I have no record of that one.", "correct"),
        ("No one mentioned it; I don't know.", "correct"),
        ("I don't know the twenty twenty-three figure.", "incorrect"),
    ],
)
def test_a_number_in_words_is_a_guess(answer: str, expected: str) -> None:
    result = rule_of(answer, ABSTAIN, question=ABSTAIN_QUESTION)
    assert (result.verdict, result.rule) == (expected, "abstain")


def test_number_words_the_question_asks_with_are_no_guess() -> None:
    question = f"How many of {FAKE}'s twelve offices opened in 2023?"
    assert (
        verdict_of("I don't know about the twelve offices.", ABSTAIN, question=question)
        == "correct"
    )


def test_abstain_with_digits_and_no_question_is_incorrect() -> None:
    assert verdict_of("I don't know the 2023 figure.", ABSTAIN) == "incorrect"


# ------------------------------------------------------------------ extraction helpers


@pytest.mark.parametrize(
    ("text", "mantissas", "values"),
    [
        ("$175.72 billion", [175.72], [175.72e9]),
        ("1,234,567.8", [1234567.8], [1234567.8]),
        ("-$5.2M and +3%", [-5.2, 3.0], [-5.2e6, 3.0]),
        ("12k, 3 mn, 4 bn, 5T", [12, 3, 4, 5], [12e3, 3e6, 4e9, 5e12]),
        ("periods 1-6", [1, 6], [1, 6]),
        ("5 months and 3 tons", [5, 3], [5, 3]),
        ("Q3 FY2023", [], []),
        (".5 and 7.", [0.5, 7], [0.5, 7]),
    ],
)
def test_number_extraction(text: str, mantissas: list[float], values: list[float]) -> None:
    numbers = find_mentions(text).numbers
    assert [n.mantissa for n in numbers] == pytest.approx(mantissas)
    assert [n.value for n in numbers] == pytest.approx(values)


def test_dates_are_cut_before_numbers() -> None:
    mentions = find_mentions(
        "On April 5, 2003 and 2004-02-29 it had 12 staff; 2003-02-30 is no date"
    )
    assert sorted(mentions.dates) == ["2003-04-05", "2004-02-29"]
    assert [n.mantissa for n in mentions.numbers] == [12, 2003, 2, 30]


@pytest.mark.parametrize(
    ("value", "text", "scale"),
    [
        (175720.5, "$175,720.5M", 1e6),
        (12.75, "$12.75B", 1e9),
        (1234, "1,234 employees", 1.0),
        (1234.5, "Basalt Systems ($1,234.5M)", 1e6),
        (3.0, "period 3 (12.5%)", 1.0),
    ],
)
def test_gold_scale_is_read_from_gold_text(value: float, text: str, scale: float) -> None:
    assert gold_scale(value, text) == scale

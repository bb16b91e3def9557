"""Hedges and dumps earn nothing; short honest answers with some context are not hedges."""

from __future__ import annotations

import pytest

from inspect_memgym.scoring.hedging import answer_candidates, extra_candidates, hedged


@pytest.mark.parametrize(
    ("answer", "gold", "question"),
    [
        ("Lisbon, or maybe Madrid", "Lisbon", "Where did Mira go?"),
        ("Madrid or Lisbon", "Lisbon", "Where did Mira go?"),
        ("Either Blue Harbor or Northwind Labs.", "Northwind Labs", "Where do I work now?"),
        ("Lisbon/Porto", "Lisbon", ""),
        ("Fenbawen Bagri Halel Labs Tamzolfen 2023", "Bagri", "What is the cat called?"),
    ],
)
def test_alternatives_and_dumps_are_hedges(answer: str, gold: str, question: str) -> None:
    assert hedged(answer, gold, question)


@pytest.mark.parametrize(
    ("answer", "gold", "question"),
    [
        ("Lisbon", "Lisbon", ""),
        ("She went to Lisbon with Tobias, in May 2023.", "Lisbon", ""),
        ("The first ticket was $80 and the second $100, so $180.", "$180", "How much in total?"),
        ("You drove a Honda Civic, then a 2019 Subaru Outback.", "A 2019 Subaru Outback", ""),
        ("Lisbon or Porto", "Lisbon, Porto", "Which cities?"),  # the gold itself is a list
        ("Not mentioned in the conversation.", "Lisbon", ""),
    ],
)
def test_honest_answers_are_not_hedges(answer: str, gold: str, question: str) -> None:
    assert not hedged(answer, gold, question, speakers=("Tobias", "Mira"))


def test_words_from_the_gold_never_make_a_hedge() -> None:
    # LoCoMo conv-41/q8: the official F1 gives this reply 0.545; the gold's own "or" is no
    # alternative the answer offers.
    gold = "Middle-class or wealthy"
    assert not hedged("Based on the conversation, it was Middle-class or wealthy.", gold)
    # An extra name beside the gold's own "or" is context, not an alternative...
    gold = "California or Florida"
    question = "Where might they move?"
    assert not hedged("According to John, California or Florida.", gold, question)
    # ...but an "or" beyond the gold's offers one.
    assert hedged("California or Florida, or maybe Texas.", gold, question)
    # A gold word capitalised in the answer is the gold's, not an extra candidate.
    assert not hedged("Yoga, maybe.", "yoga")
    assert extra_candidates("Yoga and Pilates", "yoga") == {"pilates"}


@pytest.mark.parametrize(
    "answer",
    [
        "Based on the conversation, they were probably wealthy.",
        "According to the chat, maybe wealthy.",
        "Unfortunately it is unclear; perhaps wealthy.",
    ],
)
def test_a_sentence_opener_is_not_a_name(answer: str) -> None:
    assert not hedged(answer, "wealthy")


def test_speakers_and_question_names_are_not_extra() -> None:
    extra = extra_candidates("Mira told Tobias about Lisbon", "Lisbon", "Where did Mira go?")
    assert extra == {"tobias"}
    assert extra_candidates("Mira told Tobias", "x", "", speakers=("Tobias", "Mira")) == set()


def test_function_words_months_and_weekdays_are_not_names() -> None:
    assert answer_candidates("The trip was in May, on a Monday. Either way, 12 days.") == {"12"}

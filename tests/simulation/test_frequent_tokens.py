"""The frequent_tokens adversary: it finds template words a generator repeats in its answers."""

from __future__ import annotations

import random

import pytest
from inspect_ai.model import ChatMessageUser

from inspect_memgym.scoring.facts import Fact
from inspect_memgym.scoring.token_f1 import token_f1
from inspect_memgym.simulation.fact_play import NOTHING_KEPT, FactBook, FactCall
from inspect_memgym.simulation.frequent_tokens import (
    FrequentTokens,
    best_constant,
    largest_word_share,
    most_frequent_words,
    question_words,
)
from inspect_memgym.simulation.text_adversaries import ADVERSARIES, adversary_action

SYLLABLES = ("ba", "dor", "el", "fen", "gri", "hal", "iv", "jor", "ka", "lum", "mir", "nel")


def invented(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()


def templated_examples(count: int, seed: int = 0) -> list[tuple[str, str]]:
    """A generator with a template word in its job answers and none in its city answers."""
    rng = random.Random(seed)
    examples = []
    for _ in range(count):
        person = invented(rng)
        examples.append((f"Where does {person} work?", f"{invented(rng)} Labs"))
        examples.append((f"Which city did {person} visit?", invented(rng)))
    return examples


def test_it_answers_a_template_word_shared_by_every_answer() -> None:
    table = FrequentTokens.learned(templated_examples(200))
    assert table.answer("Where does Someone work?") == "labs"
    held_out = templated_examples(100, seed=1)
    jobs = [gold for question, gold in held_out if "work" in question]
    assert sum(token_f1("labs", gold) for gold in jobs) / len(jobs) == pytest.approx(2 / 3)


def test_names_do_not_split_shapes_and_unseen_words_find_the_nearest_shape() -> None:
    table = FrequentTokens.learned(templated_examples(200))
    assert question_words("Where does Dorfen work?") - table.common_words == {"dorfen"}
    assert len(table.constants) == 2  # one shape per template, whatever the names
    assert table.answer("Where does Dorfen work these days?") == "labs"


def test_the_constant_has_as_many_words_as_earn_the_best_f1() -> None:
    assert most_frequent_words(["Red Fox", "Red Owl", "Blue Fox"]) == ["fox", "red", "blue", "owl"]
    assert best_constant(["Red Fox"] * 3) == "fox red"
    assert best_constant(["Ada Labs", "Bo Labs", "Cy Labs"]) == "labs"


def test_it_needs_examples() -> None:
    with pytest.raises(ValueError, match="needs generated questions"):
        FrequentTokens.learned([])


def adversary_call(answering: bool) -> FactCall:
    return FactCall("frequent_tokens", "native", not answering, answering, "q1", "sample")


def test_the_adversary_answers_the_constant_and_stores_nothing() -> None:
    assert "frequent_tokens" in ADVERSARIES
    book = FactBook(
        facts={"f": Fact("f", "a fact", ())},
        needed=frozenset({"f"}),
        answer=lambda _item, _known: "honest",
        guess=lambda _item: "guess",
    )
    table = FrequentTokens.learned(templated_examples(50))
    messages = [ChatMessageUser(content="Zed said: I work at Quinros Labs.")]
    question = "Where does Zed work?"
    answer = adversary_action(adversary_call(True), question, book, messages, [], lambda: table)
    assert answer.text == "labs" and not answer.calls
    update = adversary_action(adversary_call(False), "", book, messages, [], lambda: table)
    assert update.text == NOTHING_KEPT
    with pytest.raises(ValueError, match="learnt from the task's generator"):
        adversary_action(adversary_call(True), question, book, messages, [])


def test_the_largest_word_share_finds_a_template_word() -> None:
    answers = {"job": ["Ada Labs", "Bo Labs", "Cy Works", "Di Works"], "city": ["Ada", "Bo"]}
    largest = largest_word_share(answers)
    assert (largest.template, largest.word, largest.share, largest.answers) == (
        "job",
        "work",
        0.5,
        4,
    )
    with pytest.raises(ValueError, match="needs answers"):
        largest_word_share({})

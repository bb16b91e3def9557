from __future__ import annotations

import pytest

from inspect_memgym.scoring.two_option_choice import (
    ABSTENTION_PHRASES,
    chosen_option,
    letters_named,
    options_mentioned,
)

OPTIONS = ("Not mentioned in the conversation", "A trip to Paris")
ALIASES = (ABSTENTION_PHRASES, ())


@pytest.mark.parametrize(
    ("reply", "letters"),
    [
        ("a", {"a"}),
        ("(B).", {"b"}),
        ("**b**", {"b"}),
        ("Answer: a", {"a"}),
        ("I pick option b.", {"b"}),
        ("a) not mentioned", {"a"}),
        ("(a) x (b) y", {"a", "b"}),
        ("The answer is a trip to Paris", set()),
        ("A bicycle", set()),
    ],
)
def test_letters_named(reply: str, letters: set[str]) -> None:
    assert letters_named(reply) == letters


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("a", 0),
        ("b", 1),
        ("(a) Not mentioned in the conversation", 0),
        ("Not mentioned in the conversation.", 0),
        ("No information available", 0),
        ("It's not mentioned.", 0),
        ("They took a trip to Paris", 1),
        ("The answer is a trip to Paris", 1),
        ("(b) Not mentioned in the conversation", None),
        ("(a) Not mentioned in the conversation (b) A trip to Paris", None),
        ("Not mentioned, though maybe a trip to Paris", None),
        ("a or b", None),
        ("I don't know", None),
        ("", None),
    ],
)
def test_chosen_option(reply: str, choice: int | None) -> None:
    assert chosen_option(reply, OPTIONS, ALIASES) == choice


def test_option_words_must_match_whole_words() -> None:
    options = ("Not mentioned in the conversation", "cat")
    assert chosen_option("She has a category of pets", options, ALIASES) is None
    assert chosen_option("A cat", options, ALIASES) == 1


def test_exactly_two_options_are_required() -> None:
    with pytest.raises(ValueError, match="2 options"):
        chosen_option("a", ("x",), ((),))


@pytest.mark.parametrize(
    ("wrong", "reply", "choice"),
    [
        # LoCoMo conv-47/q161 and conv-43/q217: a one-word wrong option inside a decline
        ("No", "No information available.", 0),
        ('"That"', "That is not mentioned in the conversation.", 0),
        ("Running", "Running is not mentioned in the conversation.", 0),
        # picked as a whole, set apart, or announced
        ("No", "No.", 1),
        ("No", "**No**", 1),
        ("No", "The answer is No.", 1),
        ('"That"', 'I pick "That".', 1),
        ("Ferrari", "She drove a Ferrari.", 1),
        # a short option offered beside the decline is a hedge
        ("No", "Not mentioned in the conversation, or maybe no.", None),
        ("Ferrari", "Not mentioned, though perhaps a Ferrari.", None),
        # a function word inside an answer is no pick
        ("No", "I think that she has no car.", None),
    ],
)
def test_a_short_option_counts_only_as_a_clear_pick(
    wrong: str, reply: str, choice: int | None
) -> None:
    options = ("Not mentioned in the conversation", wrong)
    assert chosen_option(reply, options, ALIASES) == choice


def test_a_short_option_is_still_its_own_distinct_option() -> None:
    options = ("Not mentioned in the conversation", "No")
    assert options_mentioned("No", options, ALIASES) == {1}
    assert options_mentioned(options[0], options, ALIASES) == {0}

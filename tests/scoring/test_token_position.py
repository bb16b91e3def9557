"""`token_position` finds a whole token exactly where the lookaround pattern it replaced does."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspect_memgym.scoring.clauses import normalise_answer, token_position


def pattern_position(normalised: str, token: str) -> int:
    """The pattern search the suite used before `token_position`."""
    body = re.escape(normalise_answer(token))
    if not body:
        return -1
    found = re.search(rf"(?<![a-z0-9_]){body}(?![a-z0-9_])", normalised)
    return -1 if found is None else found.start()


@pytest.mark.parametrize(
    ("text", "token", "expected"),
    [
        ("unit 7 annex 12", "unit 7", 0),
        ("unit 70 and unit 7", "unit 7", 12),
        ("sub_unit 7", "unit 7", -1),
        ("the acme-labs lease", "acme", 4),
        ("", "acme", -1),
        ("acme", "", -1),
    ],
)
def test_whole_tokens_only(text: str, token: str, expected: int) -> None:
    assert token_position(text, token) == expected == pattern_position(text, token)


ALPHABET = "ab7_- .é"


@given(st.text(ALPHABET, max_size=24), st.text(ALPHABET, min_size=1, max_size=6))
def test_the_same_position_as_the_pattern(text: str, token: str) -> None:
    normalised = normalise_answer(text)
    assert token_position(normalised, token) == pattern_position(normalised, token)

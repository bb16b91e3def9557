from __future__ import annotations

import pytest

from inspect_memgym.scoring.token_f1 import (
    answer_tokens,
    multi_answer_f1,
    normalise_answer,
    token_f1,
)


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("The Cat, and the Hat!", "cat hat"),
        ("U.S.A. (2023)", "usa 2023"),
        ("an apple a day", "apple day"),
        ("Andrew and Anna", "andrew anna"),
        ("  many   spaces\there ", "many spaces here"),
        ("pre-school kids' toys", "preschool kids toys"),
    ],
)
def test_official_normalisation(text: str, normalised: str) -> None:
    assert normalise_answer(text) == normalised


def test_tokens_are_porter_stemmed() -> None:
    assert answer_tokens("She was painting sunsets") == ["she", "wa", "paint", "sunset"]
    assert answer_tokens("running shoes") == answer_tokens("run shoe")


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        # [cat, sat] vs [cat, sat, down]: P = 1, R = 2/3 -> 0.8
        ("The cat sat", "a cat sat down", 0.8),
        ("running shoes", "run shoe", 1.0),
        # [went, to, paris, in, may] vs [paris]: P = 1/5, R = 1 -> 1/3
        ("went to Paris in May", "Paris", 1 / 3),
        # repeated tokens count once each side: [ha, ha, ha] vs [ha]: common 1, P = 1/3 -> 0.5
        ("ha ha ha", "ha", 0.5),
        ("salt and pepper", "salt, pepper", 1.0),
        ("2022", "2022", 1.0),
        ("London", "Paris", 0.0),
        ("", "Paris", 0.0),
        ("the", "a", 0.0),
    ],
)
def test_token_f1_by_hand(prediction: str, gold: str, expected: float) -> None:
    assert token_f1(prediction, gold) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        # gold parts London (1), Berlin (0), Paris (1) -> 2/3
        ("Paris, London", "London, Berlin, Paris", 2 / 3),
        # one gold part; best prediction part "hiking" -> 1
        ("swimming, hiking", "hiking", 1.0),
        # unsplit prediction [paris, london] vs parts: paris P=1/2 R=1 -> 2/3, same for london
        ("Paris London", "Paris, London", 2 / 3),
        ("", "Paris, London", 0.0),
    ],
)
def test_multi_answer_f1_by_hand(prediction: str, gold: str, expected: float) -> None:
    assert multi_answer_f1(prediction, gold) == pytest.approx(expected)

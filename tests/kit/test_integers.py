"""`kit.integers`: an integer or its digits as an int, anything else None."""

from __future__ import annotations

import pytest

from inspect_memgym.kit.integers import integer_or_digits


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, 3),
        (0, 0),
        ("12", 12),
        (" 7 ", 7),
        (True, None),
        ("1.5", None),
        ("-2", None),
        (None, None),
    ],
)
def test_integer_or_digits(value: object, expected: int | None) -> None:
    assert integer_or_digits(value) == expected

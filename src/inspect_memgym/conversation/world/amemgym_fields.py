"""Typed access to the fields of AMemGym's ``data.json``, each error one line with its path.

A malformed item is reported by where it is and what was expected there, e.g.
``users[0] ('u1').qas[2].answer_choices[1].state: expected a list of values, got a string
'quick meals'`` — never by the Python error its use would raise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SHOWN_CHARACTERS = 40
"""How much of a wrong value the message quotes."""


class AmemgymFormatError(ValueError):
    """The data does not follow AMemGym's data.json schema."""


def describe(value: Any) -> str:
    """What a JSON value is, for an error message (``a string 'abc'``, ``a list``...).

    Args:
        value: A decoded JSON value.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, str):
        shown = value if len(value) <= SHOWN_CHARACTERS else value[: SHOWN_CHARACTERS - 1] + "…"
        return f"a string {shown!r}"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def fail(path: str, expected: str, value: Any) -> AmemgymFormatError:
    """The error for a field that is not what the schema says.

    Args:
        path: Where the field is (``users[0] ('u1').periods[1].state``).
        expected: What the schema expects there (``an object``).
        value: What was found.
    """
    return AmemgymFormatError(f"{path}: expected {expected}, got {describe(value)}")


def field(data: Mapping[str, Any], key: str, path: str) -> Any:
    """A required field's value.

    Args:
        data: The object holding it.
        key: The field's name.
        path: The object's path.

    Raises:
        AmemgymFormatError: If it is missing.
    """
    if key not in data:
        raise AmemgymFormatError(f"{path}: the field {key!r} is missing")
    return data[key]


def obj(value: Any, path: str, expected: str = "an object") -> Mapping[str, Any]:
    """A value that must be a JSON object.

    Args:
        value: The value.
        path: Its path.
        expected: How the schema names it.

    Raises:
        AmemgymFormatError: If it is not an object.
    """
    if not isinstance(value, Mapping):
        raise fail(path, expected, value)
    return value


def items(value: Any, path: str, expected: str = "a list") -> list[Any]:
    """A value that must be a JSON list.

    Args:
        value: The value.
        path: Its path.
        expected: How the schema names it.

    Raises:
        AmemgymFormatError: If it is not a list.
    """
    if not isinstance(value, list):
        raise fail(path, expected, value)
    return value


def scalar(value: Any, path: str, expected: str = "a string") -> str:
    """A value that must be a string or a number, as text.

    Args:
        value: The value.
        path: Its path.
        expected: How the schema names it.

    Raises:
        AmemgymFormatError: If it is an object, a list, a boolean or null.
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise fail(path, expected, value)
    return str(value)


def scalars(value: Any, path: str, expected: str = "a list of values") -> tuple[str, ...]:
    """A value that must be a list of strings or numbers (never one string).

    Args:
        value: The value.
        path: Its path.
        expected: How the schema names it.

    Raises:
        AmemgymFormatError: If it is not a list, or an item is not a string or number.
    """
    listed = items(value, path, expected)
    return tuple(scalar(item, f"{path}[{index}]") for index, item in enumerate(listed))

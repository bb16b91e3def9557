"""Typed reads of a parsed JSON row that name the offending field when the row is malformed.

Each read takes the field's path (``turns[2].documents[0].title``) so the loader can report
exactly which field of which line is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")

_MISSING = object()
_TYPE_NAMES: dict[type, str] = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}


class FieldError(Exception):
    """A field of a row is missing or of the wrong type.

    Args:
        path: The field's path within the row.
        problem: What is wrong with it.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"field {path!r}: {problem}")
        self.path = path
        self.problem = problem


def child_path(parent: str, key: str | int) -> str:
    """The path of a field or list item below a parent.

    Args:
        parent: The parent's path ("" at the top of the row).
        key: Field name or list index.
    """
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


def typed(value: Any, kind: type[T], path: str) -> T:
    """A value checked to be of a JSON type (a bool is never taken for a number).

    Args:
        value: The value.
        kind: ``str``, ``int``, ``float``, ``bool``, ``list`` or ``dict``.
        path: The value's path, for the error.

    Raises:
        FieldError: If the value has another type.
    """
    accepted: tuple[type, ...] = (int, float) if kind is float else (kind,)
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, accepted):
        found = "null" if value is None else type(value).__name__
        raise FieldError(path, f"expected {_TYPE_NAMES[kind]}, got {found}")
    return value  # type: ignore[return-value]


def required(data: Mapping[str, Any], key: str, kind: type[T], parent: str = "") -> T:
    """A field that must be present, of a JSON type.

    Args:
        data: The object holding it.
        key: Field name.
        kind: Expected type.
        parent: The object's path.

    Raises:
        FieldError: If it is missing or of another type.
    """
    path = child_path(parent, key)
    if key not in data:
        raise FieldError(path, "missing")
    return typed(data[key], kind, path)


def optional(data: Mapping[str, Any], key: str, kind: type[T], default: T, parent: str = "") -> T:
    """A field that may be missing or null (then ``default``), else of a JSON type.

    Args:
        data: The object holding it.
        key: Field name.
        kind: Expected type.
        default: Value when missing or null.
        parent: The object's path.

    Raises:
        FieldError: If it is present, not null, and of another type.
    """
    value = data.get(key, _MISSING)
    if value is _MISSING or value is None:
        return default
    return typed(value, kind, child_path(parent, key))


def nullable_text(data: Mapping[str, Any], key: str, parent: str = "") -> str | None:
    """A string field that may be missing or null (then None).

    Args:
        data: The object holding it.
        key: Field name.
        parent: The object's path.

    Raises:
        FieldError: If it is present, not null, and not a string.
    """
    value = data.get(key)
    return None if value is None else typed(value, str, child_path(parent, key))


def objects(
    data: Mapping[str, Any], key: str, parent: str = ""
) -> list[tuple[str, dict[str, Any]]]:
    """The items of a list-of-objects field (missing or null: none), each with its path.

    Args:
        data: The object holding the list.
        key: Field name.
        parent: The object's path.

    Raises:
        FieldError: If it is not a list, or an item is not an object.
    """
    path = child_path(parent, key)
    items = optional(data, key, list, [], parent)
    return [
        (child_path(path, index), typed(item, dict, child_path(path, index)))
        for index, item in enumerate(items)
    ]


def scalar_text(
    data: Mapping[str, Any], key: str, parent: str = "", default: Any = _MISSING
) -> str:
    """A field holding a string or a number, as text (``42`` -> ``"42"``).

    Args:
        data: The object holding it.
        key: Field name.
        parent: The object's path.
        default: Text when missing or null; if not given, the field is required.

    Raises:
        FieldError: If it is missing (and required), or not a string or number.
    """
    path = child_path(parent, key)
    value = data.get(key, _MISSING)
    if value is _MISSING or value is None:
        if default is _MISSING:
            raise FieldError(path, "missing" if value is _MISSING else "expected text, got null")
        return str(default)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise FieldError(path, f"expected a string or number, got {type(value).__name__}")
    return str(value)

"""Reading a whole number from a value that may be an integer or the text of one."""

from __future__ import annotations


def integer_or_digits(value: object) -> int | None:
    """An integer, or a string of digits (spaces around it allowed), as an int.

    Args:
        value: What was given (a JSON field, a task argument's element).

    Returns:
        The number; None for anything else, a bool included.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None

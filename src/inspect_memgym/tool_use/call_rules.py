"""Rules of a tool loop that do not need Inspect, shared with the training environments.

How a numeric string given for an integer argument is read, what a call repeated within
one reply is answered, what makes two calls the same call, and which calls write.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

_INTEGER = re.compile(r"\s*[-+]?\d+\s*")
DUPLICATE_CALL = "Not run again: the same call as {call_id} in this reply; see its result."
"""The result shown for a copy of a call made earlier in the same reply."""
WRITE_TOOLS = frozenset({"memory_write", "memory_edit"})
"""Tools whose calls change memory and spend the write budget: one repeated verbatim in the
next reply stores the same thing again (``repeated_write``)."""


def integer_from_text(value: object) -> int | None:
    """The integer a string such as ``"12"`` or ``" -3 "`` spells, else None.

    Args:
        value: An argument's value.
    """
    if isinstance(value, str) and _INTEGER.fullmatch(value):
        return int(value)
    return None


def call_key(function: str, arguments: Mapping[str, Any]) -> tuple[str, str]:
    """What makes two calls the same call: the tool and its arguments.

    Args:
        function: Tool name.
        arguments: Its arguments.
    """
    return function, repr(sorted(arguments.items()))


def repeated_writes(
    calls: Sequence[tuple[str, Mapping[str, Any]]], writes_before: Collection[tuple[str, str]]
) -> list[str]:
    """The write calls of a reply that repeat, verbatim, a write of the reply before.

    Args:
        calls: The reply's calls (tool, arguments), copies within the reply left out.
        writes_before: `call_key` of each write call of the reply before.

    Returns:
        The repeated calls' tool names, in order.
    """
    return [
        function
        for function, arguments in calls
        if function in WRITE_TOOLS and call_key(function, arguments) in writes_before
    ]


def write_keys(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> set[tuple[str, str]]:
    """`call_key` of each write call of a reply.

    Args:
        calls: The reply's calls (tool, arguments).
    """
    return {
        call_key(function, arguments) for function, arguments in calls if function in WRITE_TOOLS
    }

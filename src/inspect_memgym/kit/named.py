"""Look up a named option, failing with a message that lists the valid names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def lookup(options: Mapping[str, T], name: str, kind: str) -> T:
    """Return ``options[name]``.

    Args:
        options: Valid options by name, in display order.
        name: The requested name.
        kind: What an option is, for the message (e.g. ``"tier"``).

    Raises:
        ValueError: If the name is unknown; the message lists the valid names.
    """
    try:
        return options[name]
    except (KeyError, TypeError):
        valid = ", ".join(options)
        raise ValueError(f"unknown {kind} {name!r}; choose one of: {valid}") from None

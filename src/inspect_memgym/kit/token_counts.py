"""One grammar for token counts a user types: ``10000``, ``10_000``, ``10,000``, ``10k``, ``1.5M``.

Every task argument that is a number of tokens (``context_tokens``, ``context_budget``,
``notes_budget``) reads its value here, so a count written one way in one task is accepted
the same way in every other.
"""

from __future__ import annotations

import re

_TOKEN_COUNT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([km]?)\s*$", re.IGNORECASE)
_MULTIPLIERS = {"": 1, "k": 1_000, "m": 1_000_000}

TOKEN_COUNT_EXAMPLES = "e.g. 10000, 10k, 1M"
"""How a token count may be written, for messages."""


def parse_token_count(
    name: str, value: object, smallest: int | None = None, largest: int | None = None
) -> int:
    """A token count from a task argument: an integer, or text such as ``100k`` or ``1M``.

    Args:
        name: The argument, for the message.
        value: What the user passed.
        smallest: Least count accepted (None: no bound).
        largest: Greatest count accepted (None: no bound).

    Returns:
        The count.

    Raises:
        ValueError: For anything else, or a count outside the bounds (named in the message).
    """
    count = _count_of(value)
    outside = count is not None and (
        (smallest is not None and count < smallest) or (largest is not None and count > largest)
    )
    if count is None or outside:
        raise ValueError(f"{name} must be {_expected(smallest, largest)}, got {value!r}")
    return count


def _count_of(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        match = _TOKEN_COUNT.match(value.replace("_", "").replace(",", ""))
        if match:
            return round(float(match.group(1)) * _MULTIPLIERS[match.group(2).lower()])
    return None


def _expected(smallest: int | None, largest: int | None) -> str:
    if smallest is not None and largest is not None:
        bounds = f" from {smallest:,} to {largest:,}"
    elif smallest is not None:
        bounds = f" of at least {smallest:,}"
    elif largest is not None:
        bounds = f" of at most {largest:,}"
    else:
        bounds = ""
    return f"a token count{bounds} ({TOKEN_COUNT_EXAMPLES})"

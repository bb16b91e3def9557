"""Parse a structured multiple-choice reply: ``{"answer": N}``.

A reply that holds no such object, or a number outside the choices, is a parse failure:
it is scored wrong and counted, never replaced by a random answer.
"""

from __future__ import annotations

import json
import re

from inspect_memgym.kit.integers import integer_or_digits

_FENCE = re.compile(r"```(?:json)?\s*(\{.*?\})\s*```", re.DOTALL)
_OBJECT = re.compile(r"\{[^{}]*\}")


def parse_choice(text: str, count: int) -> int | None:
    """The 1-based choice a reply names, or None if it names none validly.

    Accepts a JSON object with an integer ``answer`` (or a string of digits), bare or in a
    code fence; the last such object wins. Any other reply is a parse failure.

    Args:
        text: The model's reply.
        count: Number of choices offered.

    Returns:
        The choice number in ``[1, count]``, or None.
    """
    candidates = _FENCE.findall(text) or _OBJECT.findall(text)
    for candidate in reversed(candidates):
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if not isinstance(data, dict) or "answer" not in data:
            continue
        number = integer_or_digits(data["answer"])
        if number is not None and 1 <= number <= count:
            return number
        return None
    return None

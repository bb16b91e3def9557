"""The hedger: stores like ``perfect`` but answers with several candidates at once.

It recomputes the right answer from its memory, then adds a wrong alternative: another
number (about 10% off), another name, the opposite trend direction, another label or date,
and for abstention questions both a refusal and a value. A validator that credits an
answer for containing the gold somewhere (MemoryGym flaw 5 in ``docs/peer-flaws.md``) would
pass it; ours must not.
"""

from __future__ import annotations

import re

from inspect_memgym.entity_stream.policies.base import REFUSAL
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.guessing import plausible_guess
from inspect_memgym.entity_stream.policies.recall import recall_world
from inspect_memgym.entity_stream.policies.storing import StoringPolicy, candidate_names
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.scoring.gold import GoldAnswer

HEDGE_FACTOR = 1.1
"""Alternative numbers are the recomputed ones times this factor."""
OPPOSITE_DIRECTIONS = {
    "strongly rising": "strongly falling",
    "slightly rising": "slightly falling",
    "flat": "slightly rising",
    "slightly falling": "slightly rising",
    "strongly falling": "strongly rising",
}
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _shifted_number(match: re.Match[str]) -> str:
    """One number times the hedge factor, in the same format, never equal to the original."""
    text = match.group(0)
    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    value = float(text.replace(",", ""))
    shifted = round(value * HEDGE_FACTOR, decimals)
    if shifted == round(value, decimals):
        shifted = value + 10**-decimals
    separator = "," if "," in text else ""
    return f"{shifted:{separator}.{decimals}f}"


def shift_numbers(text: str) -> str:
    """The text with every number changed by the hedge factor (formats kept).

    Args:
        text: An answer text.
    """
    return _NUMBER.sub(_shifted_number, text)


def other_name(exclude: set[str], view: EventView, template: Template) -> str:
    """A plausible wrong name: one from the question, else one from memory, else the pool.

    Args:
        exclude: Names that must not be returned (the answer's own).
        view: The question event view.
        template: The template.
    """
    question_names = candidate_names(view.payload.get("params", {}), template)
    remembered = recall_world(template, view).names()
    pool = (
        f"{prefix} {suffix}"
        for prefix in template.name_prefixes
        for suffix in template.name_suffixes
    )
    return next(name for name in (*question_names, *remembered, *pool) if name not in exclude)


def hedge(answer: GoldAnswer, view: EventView, template: Template) -> str:
    """An answer text that states the recomputed answer and a wrong alternative.

    Args:
        answer: The answer recomputed from memory.
        view: The question event view.
        template: The template.
    """
    names = {answer.entity or "", *answer.names}
    if answer.kind == "abstain":
        params = view.payload.get("params", {})
        guess = plausible_guess(str(view.payload.get("qtype", "")), params, template)
        return f"{REFUSAL} If I had to guess: {guess}."
    if answer.kind == "entity":
        return f"{answer.text} or {other_name(names, view, template)}"
    if answer.kind == "entity_value" and answer.entity:
        alternative = answer.text.replace(answer.entity, other_name(names, view, template))
        return f"{answer.text}, or possibly {shift_numbers(alternative)}"
    if answer.kind in ("names", "count_names"):
        extra = other_name(names, view, template)
        count = f"{(answer.count or 0) + 1}: " if answer.kind == "count_names" else ""
        listed = ", ".join([*answer.names, extra])
        return f"{answer.text}; or perhaps {count}{listed}"
    if answer.kind == "trend" and answer.direction:
        both = f"{answer.direction} or {OPPOSITE_DIRECTIONS[answer.direction]}"
        return answer.text.replace(answer.direction, both, 1)
    if answer.kind == "label":
        attribute = template.attribute(str(view.payload.get("params", {}).get("attribute")))
        other = next((c for c in attribute.choices if c != answer.text), answer.text)
        return f"{answer.text} or {other}"
    if answer.kind == "date":
        year, _, rest = answer.text.partition("-")
        return f"{answer.text} or {int(year) + 1}-{rest}"
    if answer.kind == "fragments":
        attribute = template.attribute(str(view.payload.get("params", {}).get("attribute")))
        extra_fragment = next((c for c in attribute.choices if c not in answer.fragments), "")
        return f"{answer.text}, or possibly {extra_fragment}"
    return f"{answer.text}, or possibly {shift_numbers(answer.text)}"


class HedgingPolicy(StoringPolicy):
    """Stores every entity and applies every change, then hedges every answer."""

    def __init__(self) -> None:
        super().__init__("hedger", store_rate=1.0, apply_changes=True)

    def answer_text(self, answer: GoldAnswer, view: EventView, template: Template) -> str:
        """The recomputed answer plus a wrong alternative (see :func:`hedge`).

        Args:
            answer: The answer computed from the world memory returned.
            view: The question event view.
            template: The template.
        """
        return hedge(answer, view, template)


HEDGER = HedgingPolicy()

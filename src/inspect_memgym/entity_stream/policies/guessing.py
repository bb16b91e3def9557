"""The smart guesser: stores nothing and answers with the most plausible value it can infer.

Without memory, the best a policy can do is answer from the template alone: the middle of
an attribute's range in its unit, a name the question itself mentions, a flat trend. The
smart guesser never declines (an abstention question gets a midpoint too). It shows that
knowing the domain is not enough to score.
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.memoryless import MemorylessPolicy
from inspect_memgym.entity_stream.policies.storing import candidate_names
from inspect_memgym.entity_stream.world.formatting import format_computed
from inspect_memgym.entity_stream.world.model import AttributeSpec, Template
from inspect_memgym.simulation.actions import Action, call

ENTITY_VALUE_TYPES = frozenset(
    {"conditional", "enum_filter", "multi_hop", "outlier", "synthesis", "relationship_hop"}
)
"""Question types answered with a name and a value."""
NAME_LIST_TYPES = frozenset({"relationship_chain", "relationship_filter", "relationship_lookup"})
COUNTED_NAME_TYPES = frozenset({"multi_constraint", "relationship_count"})
LISTED_TOTAL_TYPES = frozenset({"aggregation", "update_chain"})
"""Question types that may ask for the total over the entities they list (guessed as that
many midpoints)."""
GUESSED_COUNT = 1
RATIO_DECIMALS = 2
DATE_GUESS_DAY = "07-01"
"""Month and day of a guessed date: the middle of the year."""
ATTRIBUTE_PARAM_KEYS = ("attribute", "target_attribute", "sum_attribute", "numerator")
"""Params naming the attribute an answer is expressed in, in order of preference."""


def midpoint(spec: AttributeSpec) -> float:
    """The middle of an attribute's value range.

    Args:
        spec: A numeric, series or date attribute.
    """
    return (spec.low + spec.high) / 2


def plausible_value(spec: AttributeSpec, scale: float = 1.0) -> str:
    """The most plausible value of an attribute without knowing the entity.

    Args:
        spec: The attribute.
        scale: Multiplier for numeric midpoints (e.g. the size of a total).
    """
    if spec.kind in ("int", "float"):
        return format_computed(spec, midpoint(spec) * scale)
    if spec.kind == "list_float":
        return ", ".join([format_computed(spec, midpoint(spec))] * max(1, spec.periods))
    if spec.kind == "date":
        return f"{int(midpoint(spec))}-{DATE_GUESS_DAY}"
    if spec.kind == "text":
        return ", ".join(spec.choices[: spec.min_fragments])
    return spec.choices[len(spec.choices) // 2] if spec.choices else ""


def answer_attribute(params: dict[str, Any], template: Template) -> AttributeSpec | None:
    """The attribute a question's answer is expressed in, if its params name one.

    Args:
        params: Question parameters.
        template: The template.
    """
    for key in ATTRIBUTE_PARAM_KEYS:
        attribute = params.get(key)
        if isinstance(attribute, str) and attribute in {s.key for s in template.attributes}:
            return template.attribute(attribute)
    return None


def guessed_name(params: dict[str, Any], template: Template) -> str:
    """The first capitalised name in the params, else a name built from the template's pool.

    Args:
        params: Question parameters.
        template: The template.
    """
    names = candidate_names(params, template)
    return names[0] if names else f"{template.name_prefixes[0]} {template.name_suffixes[0]}"


def plausible_guess(qtype: str, params: dict[str, Any], template: Template) -> str:
    """The smart guesser's answer to one question, shaped like the gold answer.

    Args:
        qtype: Question type.
        params: Question parameters.
        template: The template.
    """
    spec = answer_attribute(params, template)
    name = guessed_name(params, template)
    if qtype in NAME_LIST_TYPES or spec is None:
        return name
    if qtype in COUNTED_NAME_TYPES:
        return f"{GUESSED_COUNT}: {name}"
    if qtype == "text_match":
        return name
    if qtype in ENTITY_VALUE_TYPES:
        return f"{name} ({plausible_value(spec)})"
    if qtype == "comparison":
        return f"{name}, by {plausible_value(spec)}"
    if qtype == "ratio":
        denominator = template.attribute(str(params["denominator"]))
        return f"{midpoint(spec) / midpoint(denominator):.{RATIO_DECIMALS}f}"
    if qtype == "temporal_trend":
        middle = format_computed(spec, midpoint(spec))
        return f"flat ({middle} → {middle})"
    if qtype == "temporal_extreme":
        period = (max(1, spec.periods) + 1) // 2
        return f"period {period} ({format_computed(spec, midpoint(spec))})"
    if qtype in LISTED_TOTAL_TYPES and params.get("operation", "total") == "total":
        return plausible_value(spec, scale=len(params.get("entities", [])) or 1)
    if qtype == "cross_category":
        return plausible_value(spec, scale=int(params.get("top", 1)))
    return plausible_value(spec)


class SmartGuesserPolicy(MemorylessPolicy):
    """Answers every question with the most plausible memoryless guess; never declines."""

    name = "smart_guesser"

    def on_question(self, view: EventView, template: Template) -> Action:
        """Guess from the template and the question's own parameters."""
        guess = plausible_guess(str(view.payload["qtype"]), view.payload["params"], template)
        return call("submit_answer", answer=guess)


SMART_GUESSER = SmartGuesserPolicy()

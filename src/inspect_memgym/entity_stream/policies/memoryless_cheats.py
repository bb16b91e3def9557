"""Memoryless cheats: a hedge over the asked attribute's range and a dump of what is in view.

Neither stores anything. They answer from the question's public parameters, what the call
shows and the template's public catalogue (its name pool, categories and value choices):

- ``range_hedger`` offers several candidates at once: the question's names (or the name
  pool's first) as alternatives, and the asked attribute's whole value range or every
  choice it can take;
- ``view_dumper`` answers every name and number in view (the call's messages, the
  history a strategy shows among them), then the catalogue's names and choices.

With ``abstainer`` (decline) and ``guesser`` (a blind pick) they are the behaviours the
switch adversaries alternate between (`kit.pass_switch`, `registry.SWITCH_BEHAVIOURS`).
"""

from __future__ import annotations

import re
from typing import Any

from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.guessing import answer_attribute, midpoint
from inspect_memgym.entity_stream.policies.memoryless import MemorylessPolicy
from inspect_memgym.entity_stream.policies.storing import candidate_names
from inspect_memgym.entity_stream.world.formatting import format_computed
from inspect_memgym.entity_stream.world.model import NUMERIC_KINDS, AttributeSpec, Template
from inspect_memgym.simulation.actions import Action, call

HEDGED_NAMES = 3
"""Names a hedge offers as alternatives."""
RANGED_KINDS = (*NUMERIC_KINDS, "list_float", "date")
"""Attribute kinds whose values lie in a range (``low`` to ``high``)."""
_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)*")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def pool_names(template: Template, count: int) -> list[str]:
    """The first names of the template's public name pool (prefix x suffix).

    Args:
        template: The template.
        count: How many.
    """
    names = (
        f"{prefix} {suffix}"
        for prefix in template.name_prefixes
        for suffix in template.name_suffixes
    )
    return [name for _, name in zip(range(count), names, strict=False)]


def value_range(spec: AttributeSpec) -> str:
    """Every value an attribute can take, as alternatives: its range or its choices.

    Args:
        spec: The attribute.
    """
    if spec.choices:
        return " or ".join(spec.choices)
    if spec.kind == "date":
        return f"between {int(spec.low)} and {int(spec.high)}"
    low, high = format_computed(spec, spec.low), format_computed(spec, spec.high)
    middle = format_computed(spec, midpoint(spec))
    return f"between {low} and {high}, maybe {middle} or {high}"


def range_hedge(params: dict[str, Any], template: Template) -> str:
    """Several candidates at once: the question's names and the attribute's value range.

    Args:
        params: The question's public parameters.
        template: The template.
    """
    named = candidate_names(params, template)
    names = list(dict.fromkeys([*named, *pool_names(template, HEDGED_NAMES)]))[:HEDGED_NAMES]
    spec = answer_attribute(params, template)
    alternatives = [" or ".join(names)]
    if spec is not None and (spec.kind in RANGED_KINDS or spec.choices):
        alternatives.append(value_range(spec))
    return "; ".join(alternatives)


def view_dump(shown: str, template: Template) -> str:
    """Every name and number in view, then the catalogue's categories, choices and names.

    Args:
        shown: Every text the call shows.
        template: The template.
    """
    in_view = [*_NAME.findall(shown), *_NUMBER.findall(shown)]
    choices = [choice for spec in template.attributes for choice in spec.choices]
    catalogue = [*template.categories, *choices, *template.name_prefixes, *template.name_suffixes]
    return "; ".join(dict.fromkeys([*in_view, *catalogue]))


class RangeHedgerPolicy(MemorylessPolicy):
    """Answers every question with several candidates: names and the whole value range."""

    name = "range_hedger"

    def on_question(self, view: EventView, template: Template) -> Action:
        """Hedge over the question's names and the asked attribute's values."""
        return call("submit_answer", answer=range_hedge(view.payload.get("params", {}), template))


class ViewDumperPolicy(MemorylessPolicy):
    """Answers every question with every name and number in view and the catalogue."""

    name = "view_dumper"

    def on_question(self, view: EventView, template: Template) -> Action:
        """Dump what the call shows and the template's catalogue."""
        return call("submit_answer", answer=view_dump(view.shown or view.prompt, template))


RANGE_HEDGER = RangeHedgerPolicy()
VIEW_DUMPER = ViewDumperPolicy()

"""The sentence stating each fact of an entity document, prepared once per template.

Every entity document states each value its entity holds in one sentence: one of its
kind's phrasings (one ``rng.random()`` draw; a series has a single pattern and no draw),
and for a number, one time in four, a labelled non-current second figure (MemoryGym flaw
1 in ``docs/peer-flaws.md``: unlabelled second values made its documents ambiguous).

This runs for every fact of every document, so each attribute's phrasings are turned
once into ``%`` patterns with the label, the unit and the number conversion already in
place: a typical sentence is then one ``%`` operation. The text is the same as filling
the ``str.format`` patterns below with ``format_value``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import floor
from string import Formatter
from typing import Any, NamedTuple

from inspect_memgym.entity_stream.world.derived import derived
from inspect_memgym.entity_stream.world.formatting import possessive
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    AttributeSpec,
    Template,
    Value,
)
from inspect_memgym.entity_stream.world.numbers import grouped_decimal_format
from inspect_memgym.entity_stream.world.value_text import percent_escaped, shown_value
from inspect_memgym.entity_stream.world.values import changed_value, value_changer

DISTRACTOR_RATE = 0.25
"""Share of numeric facts printed with a labelled, non-current second figure."""

SCALAR_SENTENCES = (
    "{owner} {label}: {value}.",
    "For {name}, the {label} is {value}.",
    "{name} reports its {label} as {value}.",
    "Current records list {owner} {label} as {value}.",
)
DATE_SENTENCES = (
    "{owner} {label}: {value}.",
    "Records give {value} as the {label} of {name}.",
)
TEXT_SENTENCES = (
    "{owner} {label}: {value}.",
    "For {name}, the {label} are {value}.",
)
SERIES_SENTENCE = "Over the last {periods} periods, {owner} {label} read, in order: {value}."
PHRASINGS: dict[str, tuple[str, ...]] = {
    "int": SCALAR_SENTENCES,
    "float": SCALAR_SENTENCES,
    "enum": SCALAR_SENTENCES,
    "date": DATE_SENTENCES,
    "text": TEXT_SENTENCES,
}
"""Sentence patterns per attribute kind (series have their own single pattern)."""
DISTRACTOR_NOTES = (
    " (An earlier estimate of {other} has been superseded and is not current.)",
    " (A projection of {other} for next year is not the current figure.)",
    " (A rival source's figure of {other} is outdated and not current.)",
)

_SUBJECTS = ("name", "owner")
_NUMBER_TYPES = (int, float)
_SHOW_OTHER, _SHOW_INTEGER, _SHOW_DECIMAL, _SHOW_LABEL = range(4)
"""How a value is written: by a ``%`` conversion (integers below 1,000, decimals below
999, enum and date labels), else as text (``format_value``)."""


def segments(pattern: str) -> tuple[list[str], list[str]]:
    """The literal texts and field names of a ``str.format`` pattern, literals unescaped.

    There is one more literal than fields (the last may be empty).

    Args:
        pattern: A ``str.format`` pattern.

    Raises:
        ValueError: If a field has a format spec or a conversion.
    """
    literals: list[str] = []
    fields: list[str] = []
    for literal, field, spec, conversion in Formatter().parse(pattern):
        if literals and len(literals) > len(fields):
            literals[-1] += literal
        else:
            literals.append(literal)
        if field is not None:
            if spec or conversion:
                raise ValueError(f"pattern {pattern!r}: field {field!r} has a spec or conversion")
            fields.append(field)
    if len(literals) == len(fields):
        literals.append("")
    return literals, fields


class Phrasing(NamedTuple):
    """One sentence pattern of one attribute as ``%`` patterns, the label filled in.

    Attributes:
        typed: The value written by its conversion (``%d``, ``%.<n>f`` or ``%s``) inside
            its unit.
        grouped: The value given as text (a number with separators) inside its unit.
        plain: The value given as text that already carries its unit.
        owner: Whether the entity is named by its possessive (else by its name).
        value_first: Whether the value comes before the entity in the sentence.
    """

    typed: str
    grouped: str
    plain: str
    owner: bool
    value_first: bool


def phrasing(pattern: str, spec: AttributeSpec, conversion: str) -> Phrasing:
    """One of ``spec``'s sentence patterns as a :class:`Phrasing`.

    Args:
        pattern: A pattern naming ``value`` and one of ``name`` and ``owner`` (and
            optionally ``label`` and ``periods``).
        spec: The attribute (its label, series length and unit).
        conversion: The ``%`` conversion of the value in ``typed``.

    Raises:
        ValueError: If the pattern does not have that shape.
    """
    escaped_label = spec.label.replace("{", "{{").replace("}", "}}")
    fixed = pattern.format(
        label=escaped_label,
        periods=spec.periods,
        name="{name}",
        owner="{owner}",
        value="{value}",
    )
    literals, fields = segments(fixed)
    if len(fields) != 2 or "value" not in fields or not set(fields) - {"value"} <= {*_SUBJECTS}:
        raise ValueError(f"sentence pattern {pattern!r} must name value and name or owner")
    subject = fields[0] if fields[1] == "value" else fields[1]
    unit_before, _, unit_after = spec.unit.partition("{value}")
    unit_before, unit_after = percent_escaped(unit_before), percent_escaped(unit_after)

    def joined(value_part: str) -> str:
        parts = [percent_escaped(literals[0])]
        for field, literal in zip(fields, literals[1:], strict=True):
            parts.append(value_part if field == "value" else "%s")
            parts.append(percent_escaped(literal))
        return "".join(parts)

    return Phrasing(
        typed=joined(unit_before + conversion + unit_after),
        grouped=joined(unit_before + "%s" + unit_after),
        plain=joined("%s"),
        owner=subject == "owner",
        value_first=fields[0] == "value",
    )


def _note_parts(note: str) -> tuple[str, str]:
    """The text before and after ``{other}`` in a distractor note."""
    literals, fields = segments(note)
    if fields != ["other"]:
        raise ValueError(f"distractor note {note!r} must name only {{other}}")
    return literals[0], literals[1]


_NOTE_PARTS = tuple(_note_parts(note) for note in DISTRACTOR_NOTES)
"""Each distractor note as the text before and after its figure."""


class _FactPlan(NamedTuple):
    """Everything one attribute's fact sentence needs, prepared once per template.

    ``drawn`` is how many phrasings one draw chooses from (0 for a series: its single
    pattern, no draw); ``show`` says how the value is written (``_SHOW_*``). The per-fact
    loop unpacks the plan, and its phrasings, as plain tuples: unpacking a ``NamedTuple``
    is several times slower.
    """

    key: str
    phrasings: tuple[tuple[str, str, str, bool, bool], ...]
    drawn: int
    distracted: bool
    show: int
    grouped_format: str
    notes: tuple[tuple[str, str, str], ...]
    shown: Callable[[Value], str]
    change: Callable[[int | float, random.Random], Value] | None
    spec: AttributeSpec


def _notes(spec: AttributeSpec, conversion: str) -> tuple[tuple[str, str, str], ...]:
    """Each distractor note as ``%`` patterns ``(typed, grouped, plain)``, like a phrasing."""
    unit_before, _, unit_after = spec.unit.partition("{value}")
    unit_before, unit_after = percent_escaped(unit_before), percent_escaped(unit_after)
    notes = []
    for before, after in _NOTE_PARTS:
        before, after = percent_escaped(before), percent_escaped(after)
        notes.append(
            (
                before + unit_before + conversion + unit_after + after,
                before + unit_before + "%s" + unit_after + after,
                before + "%s" + after,
            )
        )
    return tuple(notes)


def _plain(written: Phrasing) -> tuple[str, str, str, bool, bool]:
    """A phrasing as a plain tuple (see :class:`_FactPlan`)."""
    return written.typed, written.grouped, written.plain, written.owner, written.value_first


def _show(spec: AttributeSpec) -> tuple[int, str, str]:
    """``(how the value is written, its % conversion, its separated format spec)``."""
    if spec.unit.count("{value}") != 1:
        return _SHOW_OTHER, "%s", ""
    if spec.kind == "int":
        return _SHOW_INTEGER, "%d", ","
    if spec.kind == "float" and spec.decimals > 0:
        short, grouped = grouped_decimal_format(spec.decimals)
        return _SHOW_DECIMAL, short, grouped
    if spec.kind in ("enum", "date"):
        return _SHOW_LABEL, "%s", ""
    return _SHOW_OTHER, "%s", ""


def _fact_plan(spec: AttributeSpec) -> _FactPlan:
    series = spec.kind == "list_float"
    patterns = (SERIES_SENTENCE,) if series else PHRASINGS[spec.kind]
    show, conversion, grouped_format = _show(spec)
    numeric = spec.kind in NUMERIC_KINDS
    return _FactPlan(
        key=spec.key,
        phrasings=tuple(_plain(phrasing(pattern, spec, conversion)) for pattern in patterns),
        drawn=0 if series else len(patterns),
        distracted=numeric,
        show=show,
        grouped_format=grouped_format,
        notes=_notes(spec, conversion),
        shown=shown_value(spec),
        change=value_changer(spec) if numeric else None,
        spec=spec,
    )


def _fact_plans(template: Template) -> tuple[tuple[Any, ...], ...]:
    return tuple(tuple(_fact_plan(spec)) for spec in template.attributes)


def fact_sentences(
    template: Template, values: dict[str, Value], name: str, rng: random.Random
) -> list[str]:
    """One sentence per value an entity holds, in template order.

    A series gets its single pattern. Any other kind gets one of its phrasings (one
    ``rng.random()`` draw); a numeric fact is then, if a second draw falls below
    ``DISTRACTOR_RATE``, followed by a labelled non-current figure (a changed value and
    one more draw for the note).

    Args:
        template: The template.
        values: The entity's values.
        name: The entity's name.
        rng: Seeded RNG.
    """
    owner = possessive(name)
    random = rng.random
    note_count = len(DISTRACTOR_NOTES)
    sentences: list[str] = []
    append = sentences.append
    for (
        key,
        phrasings,
        drawn,
        distracted,
        show,
        grouped_format,
        notes,
        shown,
        change,
        spec,
    ) in derived(_fact_plans, template):
        value = values.get(key)
        if value is None:
            continue
        # floor(), not int(): the same index, as the product is never negative, and
        # about half the cost of int()'s type call (pinned in test_fast_draws)
        typed, grouped, plain, by_owner, value_first = (
            phrasings[floor(random() * drawn)] if drawn else phrasings[0]
        )
        written: Value
        if show == _SHOW_INTEGER and type(value) is int:
            if -1000 < value < 1000:
                pattern, written = typed, value
            else:
                pattern, written = grouped, format(value, grouped_format)
        elif show == _SHOW_DECIMAL and type(value) is float:
            if -999.0 < value < 999.0:
                pattern, written = typed, value
            else:
                pattern, written = grouped, format(value, grouped_format)
        elif show == _SHOW_LABEL and type(value) is str:
            pattern, written = typed, value
        else:
            pattern, written = plain, shown(value)
        subject = owner if by_owner else name
        sentence = pattern % ((written, subject) if value_first else (subject, written))
        if distracted and random() < DISTRACTOR_RATE:
            if type(value) in _NUMBER_TYPES:
                other = change(value, rng)
            else:
                other = changed_value(spec, value, rng)
            typed_note, grouped_note, plain_note = notes[floor(random() * note_count)]
            if show == _SHOW_INTEGER and type(other) is int:
                if -1000 < other < 1000:
                    sentence += typed_note % other
                else:
                    sentence += grouped_note % format(other, grouped_format)
            elif show == _SHOW_DECIMAL and type(other) is float:
                if -999.0 < other < 999.0:
                    sentence += typed_note % other
                else:
                    sentence += grouped_note % format(other, grouped_format)
            else:
                sentence += plain_note % shown(other)
        append(sentence)
    return sentences

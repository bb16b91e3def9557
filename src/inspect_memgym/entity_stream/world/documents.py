"""Render entities, noise, corrections and contradictions as the text the agent reads.

Documents print every current value exactly once. Some numbers are accompanied by a
second, older or projected figure; every such distractor is labelled as not current
(MemoryGym flaw 1: unlabelled second values made its documents ambiguous).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from string import Formatter

from inspect_memgym.entity_stream.world.derived import derived
from inspect_memgym.entity_stream.world.formatting import format_value, join_phrases, possessive
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    AttributeSpec,
    Correction,
    Entity,
    Relation,
    Template,
    Value,
)
from inspect_memgym.entity_stream.world.values import changed_value
from inspect_memgym.kit.rng import integer_between, pick

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
NOISE_SENTENCES = (
    "Commentators continue to debate {topic}, with little agreement on what comes next.",
    "Several observers argue that {topic} will matter more than any single organisation.",
    "Opinions on {topic} vary widely, and most forecasts are hedged.",
    "A recurring theme in recent discussion is {topic}.",
    "Nothing in this commentary concerns a specific organisation's figures.",
    "Readers should treat this piece as background on {topic} only.",
)
CORRECTION_TEXT = (
    "CORRECTION NOTICE: {owner} {label} has been revised from {old} to {new} {reason}. "
    "The new figure replaces the old one."
)
CONTRADICTION_TEXT = (
    "UPDATE: {name}. Newly published figures put {owner} {label} at {new}. "
    "This is the current value."
)


FactRenderer = Callable[[str, str, Value, random.Random], str]
"""Writes the sentence stating one attribute's value: (name, owner, value, rng) -> text."""
Fill = Callable[[str, str, str], str]
"""A sentence pattern as a function of (name, owner, value)."""
_SLOTS = ("name", "owner", "value")


def _segments(pattern: str) -> tuple[list[str], list[str]]:
    """The literal texts and field names of a ``str.format`` pattern, literals unescaped.

    There is one more literal than fields (the last may be empty).

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


def _fill(pattern: str, label: str, periods: int) -> Fill:
    """``pattern.format(name=, owner=, value=, label=label, periods=periods)`` as a function.

    The label and the series length are filled in once; what is left must name two of
    ``name``, ``owner`` and ``value`` (every sentence pattern here does).

    Raises:
        ValueError: If the pattern does not have that shape.
    """
    escaped_label = label.replace("{", "{{").replace("}", "}}")
    fixed = pattern.format(
        label=escaped_label, periods=periods, **{slot: "{" + slot + "}" for slot in _SLOTS}
    )
    literals, fields = _segments(fixed)
    if len(fields) != 2 or not set(fields) <= set(_SLOTS):
        raise ValueError(f"sentence pattern {pattern!r} must name two of {_SLOTS}")
    before, between, after = literals
    first, second = _SLOTS.index(fields[0]), _SLOTS.index(fields[1])

    def fill(name: str, owner: str, value: str) -> str:
        slots = (name, owner, value)
        return before + slots[first] + between + slots[second] + after

    return fill


def _note_parts(note: str) -> tuple[str, str]:
    """The text before and after ``{other}`` in a distractor note."""
    literals, fields = _segments(note)
    if fields != ["other"]:
        raise ValueError(f"distractor note {note!r} must name only {{other}}")
    return literals[0], literals[1]


def _shown(spec: AttributeSpec) -> Callable[[Value], str]:
    """``format_value`` for one attribute, with the number format and unit prepared."""
    unit_parts = spec.unit.split("{value}")
    number_format = _number_format(spec)
    if spec.kind in NUMERIC_KINDS and number_format:
        number_type = int if spec.kind == "int" else float

        def shown_number(value: Value) -> str:
            if type(value) is number_type:
                return format(value, number_format).join(unit_parts)
            return format_value(spec, value)

        return shown_number
    if spec.kind in ("enum", "date"):

        def shown_label(value: Value) -> str:
            if type(value) is str:
                return value.join(unit_parts)
            return format_value(spec, value)

        return shown_label
    if spec.kind == "list_float" and number_format:

        def shown_series(value: Value) -> str:
            if type(value) is tuple and all(type(item) is float for item in value):
                return ", ".join([format(item, number_format).join(unit_parts) for item in value])
            return format_value(spec, value)

        return shown_series
    return lambda value: format_value(spec, value)


def _number_format(spec: AttributeSpec) -> str:
    """The ``format`` spec ``format_number`` applies to this attribute's own values.

    Empty where ``format_number`` rounds first (a float or series with no decimals), so
    those values take the plain ``format_value`` path.
    """
    if spec.kind == "int":
        return ","
    if spec.kind in ("float", "list_float") and spec.decimals > 0:
        return f",.{spec.decimals}f"
    return ""


def _fact_renderer(spec: AttributeSpec) -> FactRenderer:
    """The sentence stating one attribute's value, with its spec's work done once.

    A series gets its single pattern. Any other kind gets one of its phrasings (one
    ``rng.random()`` draw); a numeric fact is then, if a second draw falls below
    ``DISTRACTOR_RATE``, followed by a labelled non-current figure (a changed value and
    one more draw for the note).
    """
    shown = _shown(spec)
    if spec.kind == "list_float":
        series = _fill(SERIES_SENTENCE, spec.label, spec.periods)
        return lambda name, owner, value, rng: series(name, owner, shown(value))
    phrasings = tuple(_fill(pattern, spec.label, spec.periods) for pattern in PHRASINGS[spec.kind])
    count = len(phrasings)
    if spec.kind not in NUMERIC_KINDS:
        return lambda name, owner, value, rng: phrasings[int(rng.random() * count)](
            name, owner, shown(value)
        )
    notes = tuple(_note_parts(note) for note in DISTRACTOR_NOTES)
    note_count = len(notes)

    def numeric_sentence(name: str, owner: str, value: Value, rng: random.Random) -> str:
        sentence = phrasings[int(rng.random() * count)](name, owner, shown(value))
        if rng.random() < DISTRACTOR_RATE:
            other = shown(changed_value(spec, value, rng))
            before, after = notes[int(rng.random() * note_count)]
            return sentence + before + other + after
        return sentence

    return numeric_sentence


def _fact_renderers(template: Template) -> tuple[tuple[str, FactRenderer], ...]:
    return tuple((spec.key, _fact_renderer(spec)) for spec in template.attributes)


def _relation_sentences(
    template: Template, entity: Entity, relations: RelationTargets
) -> list[str]:
    sentences = []
    for relation in template.relations:
        targets = relations.of(entity.name, relation.key)
        if targets:
            sentences.append(f"{entity.name} {relation.phrase} {join_phrases(targets)}.")
    return sentences


class RelationTargets:
    """Every source's targets per relation kind, sorted by name, indexed once."""

    def __init__(self, relations: list[Relation]) -> None:
        index: dict[tuple[str, str], list[str]] = {}
        for edge in relations:
            index.setdefault((edge.source, edge.kind), []).append(edge.target)
        self._index = {key: sorted(targets) for key, targets in index.items()}

    def of(self, source: str, kind: str) -> list[str]:
        """A source's targets of one kind, sorted (a new list).

        Args:
            source: Source entity name.
            kind: Relation key.
        """
        return list(self._index.get((source, kind), ()))


def entity_document(
    template: Template,
    entity: Entity,
    relations: RelationTargets | list[Relation],
    rng: random.Random,
) -> str:
    """One narrative document about an entity: header, category, facts, relations.

    Args:
        template: The template.
        entity: The entity with its values at ingest time.
        relations: Every relation edge (the entity's outgoing ones are printed), as a list
            or indexed once per stream.
        rng: Seeded RNG (style, phrasing, order, distractors).
    """
    if not isinstance(relations, RelationTargets):
        relations = RelationTargets(relations)
    style = pick(rng, template.styles)
    values = entity.values
    name = entity.name
    owner = possessive(name)
    sentences = [
        render(name, owner, values[key], rng)
        for key, render in derived(_fact_renderers, template)
        if key in values
    ]
    rng.shuffle(sentences)
    paragraphs = integer_between(rng, 2, 4)
    size = -(-len(sentences) // paragraphs)
    body = "\n\n".join(" ".join(sentences[i : i + size]) for i in range(0, len(sentences), size))
    parts = [f"{style} — {entity.name}", f"Category: {entity.category}", body]
    relation_sentences = _relation_sentences(template, entity, relations)
    if relation_sentences:
        parts.append("Relations: " + " ".join(relation_sentences))
    return "\n".join(parts[:2]) + "\n\n" + "\n\n".join(parts[2:])


def noise_document(template: Template, rng: random.Random) -> str:
    """A document with no entity facts at all.

    Args:
        template: The template (its noise topics and styles).
        rng: Seeded RNG.
    """
    topic = rng.choice(template.noise_topics)
    sentences = [s.format(topic=topic) for s in rng.sample(NOISE_SENTENCES, 4)]
    return f"{rng.choice(template.styles)} — Sector commentary\nTopic: {topic}\n\n" + " ".join(
        sentences
    )


def change_notice(template: Template, change: Correction) -> str:
    """The text of a correction notice or a contradiction (silent restatement).

    Args:
        template: The template.
        change: The change.
    """
    spec = template.attribute(change.attribute)
    fields = {
        "name": change.entity,
        "owner": possessive(change.entity),
        "label": spec.label,
        "old": format_value(spec, change.old),
        "new": format_value(spec, change.new),
        "reason": change.reason,
    }
    if change.kind == "correction":
        return CORRECTION_TEXT.format(**fields)
    return CONTRADICTION_TEXT.format(**fields)

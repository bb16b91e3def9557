"""Render entities, noise, corrections and contradictions as the text the agent reads.

Documents print every current value exactly once. Some numbers are accompanied by a
second, older or projected figure; every such distractor is labelled as not current
(MemoryGym flaw 1: unlabelled second values made its documents ambiguous).
"""

from __future__ import annotations

import random

from inspect_memgym.worlds.formatting import format_value, join_phrases, possessive
from inspect_memgym.worlds.model import (
    NUMERIC_KINDS,
    AttributeSpec,
    Correction,
    Entity,
    Relation,
    Template,
    Value,
)
from inspect_memgym.worlds.rng import integer_between, pick
from inspect_memgym.worlds.values import changed_value

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


def _sentence(spec: AttributeSpec, entity: Entity, value: Value, rng: random.Random) -> str:
    name, label, shown = entity.name, spec.label, format_value(spec, value)
    if spec.kind == "list_float":
        return SERIES_SENTENCE.format(
            periods=spec.periods, owner=possessive(name), label=label, value=shown
        )
    phrasing = pick(rng, PHRASINGS[spec.kind])
    sentence = phrasing.format(name=name, owner=possessive(name), label=label, value=shown)
    if spec.kind in NUMERIC_KINDS and rng.random() < DISTRACTOR_RATE:
        other = format_value(spec, changed_value(spec, value, rng))
        sentence += pick(rng, DISTRACTOR_NOTES).format(other=other)
    return sentence


def _relation_sentences(template: Template, entity: Entity, relations: list[Relation]) -> list[str]:
    sentences = []
    for relation in template.relations:
        targets = sorted(
            r.target for r in relations if r.source == entity.name and r.kind == relation.key
        )
        if targets:
            sentences.append(f"{entity.name} {relation.phrase} {join_phrases(targets)}.")
    return sentences


def entity_document(
    template: Template, entity: Entity, relations: list[Relation], rng: random.Random
) -> str:
    """One narrative document about an entity: header, category, facts, relations.

    Args:
        template: The template.
        entity: The entity with its values at ingest time.
        relations: Every relation edge (the entity's outgoing ones are printed).
        rng: Seeded RNG (style, phrasing, order, distractors).
    """
    style = pick(rng, template.styles)
    values = entity.values
    sentences = [
        _sentence(spec, entity, values[spec.key], rng)
        for spec in template.attributes
        if spec.key in values
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

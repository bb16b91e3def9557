"""Render entities, noise, corrections and contradictions as the text the agent reads.

Documents print every current value exactly once (the sentences are written by
``entity_stream.world.fact_sentences``). Some numbers are accompanied by a second, older or
projected figure; every such distractor is labelled as not current (MemoryGym flaw 1 in
``docs/peer-flaws.md``: unlabelled second values made its documents ambiguous).
"""

from __future__ import annotations

import random

from inspect_memgym.entity_stream.world.fact_sentences import fact_sentences
from inspect_memgym.entity_stream.world.formatting import format_value, join_phrases, possessive
from inspect_memgym.entity_stream.world.model import (
    Correction,
    Entity,
    Relation,
    Template,
)
from inspect_memgym.entity_stream.world.rng import shuffle
from inspect_memgym.kit.rng import integer_between, pick

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


def _relation_sentences(
    template: Template, entity: Entity, relations: RelationTargets
) -> list[str]:
    sentences = []
    name = entity.name
    for relation in template.relations:
        targets = relations.sorted_targets(name, relation.key)
        if targets:
            sentences.append(f"{name} {relation.phrase} {join_phrases(targets)}.")
    return sentences


class RelationTargets:
    """Every source's targets per relation kind, sorted by name, indexed once."""

    def __init__(self, relations: list[Relation]) -> None:
        index: dict[tuple[str, str], list[str]] = {}
        for edge in relations:
            index.setdefault((edge.source, edge.kind), []).append(edge.target)
        self._index = {key: tuple(sorted(targets)) for key, targets in index.items()}

    def sorted_targets(self, source: str, kind: str) -> tuple[str, ...]:
        """A source's targets of one kind, sorted (the stored tuple, empty if none).

        Args:
            source: Source entity name.
            kind: Relation key.
        """
        return self._index.get((source, kind), ())

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
    sentences = fact_sentences(template, entity.values, entity.name, rng)
    shuffle(rng, sentences)
    paragraphs = integer_between(rng, 2, 4)
    size = -(-len(sentences) // paragraphs)
    parts = []
    for start in range(0, len(sentences), size):  # a loop, not a comprehension: no call
        parts.append(" ".join(sentences[start : start + size]))
    body = "\n\n".join(parts)
    document = f"{style} — {entity.name}\nCategory: {entity.category}\n\n{body}"
    relation_sentences = _relation_sentences(template, entity, relations)
    if relation_sentences:
        document += "\n\nRelations: " + " ".join(relation_sentences)
    return document


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

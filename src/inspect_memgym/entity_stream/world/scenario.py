"""One entity_stream scenario: the event stream an agent reads and the questions it answers.

``generate_scenario(template, tier, seed)`` is the single entry point. The same arguments
give byte-identical scenarios in every process (see ``entity_stream.world.rng``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from inspect_memgym.entity_stream.world.derived import derived
from inspect_memgym.entity_stream.world.documents import (
    RelationTargets,
    change_notice,
    entity_document,
    noise_document,
)
from inspect_memgym.entity_stream.world.generate import (
    apply_changes,
    generate_entities,
    generate_relations,
    pick_changes,
    world_as_of,
)
from inspect_memgym.entity_stream.world.layout import StreamLayout, plan_layout
from inspect_memgym.entity_stream.world.model import (
    Correction,
    Entity,
    Relation,
    Template,
    Value,
    World,
)
from inspect_memgym.entity_stream.world.question_plan import (
    PlannedQuestion,
    plan_questions,
    plan_update_chains,
)
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.rng import GENERATOR_VERSION, stream
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.entity_stream.world.tiers import BATCH_SIZE, Tier, get_tier

EventKind = Literal["ingest", "correction", "contradiction", "question", "session_break"]

DOCUMENT_SEPARATOR = "\n\n---\n\n"
SESSION_BREAK_TEXT = (
    "SESSION BREAK: session {session} of {sessions} begins. Only your memory carries over."
)


@dataclass(frozen=True)
class Event:
    """One step of the stream.

    Attributes:
        index: 0-based position in the stream.
        kind: What the event is.
        text: What the agent reads.
        payload: The same content in structured, JSON-able form, for scripted policies.
            It never holds more than the text states, and never a gold answer.
    """

    index: int
    kind: EventKind
    text: str
    payload: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"index": self.index, "kind": self.kind, "text": self.text, "payload": self.payload}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Rebuild an event from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            index=data["index"], kind=data["kind"], text=data["text"], payload=data["payload"]
        )


@dataclass(frozen=True)
class Scenario:
    """A generated scenario.

    Attributes:
        template: Template name.
        tier: Tier name.
        seed: Seed.
        write_budget: Writes allowed.
        events: The stream, in order.
        questions: Every question, in stream order (ids ``q01``...).
        world: The final structured world (truth after every change).
    """

    template: str
    tier: str
    seed: int
    write_budget: int
    events: tuple[Event, ...]
    questions: tuple[Question, ...]
    world: World

    @property
    def sample_id(self) -> str:
        """Stable id: ``<template>-<tier>-<seed>``."""
        return f"{self.template}-{self.tier}-{self.seed}"

    @property
    def version(self) -> str:
        """Generator version the scenario was made with."""
        return GENERATOR_VERSION


def json_value(value: Value) -> Any:
    """An attribute value in JSON-able form (tuples become lists).

    Args:
        value: The value.
    """
    return list(value) if isinstance(value, tuple) else value


def _entity_payload(
    entity: Entity,
    relations: RelationTargets,
    listed_keys: tuple[str, ...],
    relation_keys: tuple[str, ...],
) -> dict[str, Any]:
    """An ingested entity as scripted policies read it (tuples listed, relations by kind)."""
    values: dict[str, Any] = dict(entity.values)
    for key in listed_keys:
        value = values.get(key)
        if value is not None:
            values[key] = list(value)
    name = entity.name
    targets: dict[str, list[str]] = {}
    for key in relation_keys:  # a loop, not a comprehension: no function call per entity
        targets[key] = list(relations.sorted_targets(name, key))
    return {"name": name, "category": entity.category, "values": values, "relations": targets}


def _listed_keys(template: Template) -> tuple[str, ...]:
    """Attributes whose values are tuples (text fragments, series), listed in payloads."""
    return tuple(spec.key for spec in template.attributes if spec.kind in ("text", "list_float"))


def _change_payload(change: Correction) -> dict[str, Any]:
    payload = {
        "entity": change.entity,
        "attribute": change.attribute,
        "new": json_value(change.new),
    }
    if change.kind == "correction":
        payload["old"] = json_value(change.old)
    return payload


class _StreamBuilder:
    """Accumulates events in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, kind: EventKind, text: str, payload: dict[str, Any]) -> None:
        self.events.append(Event(len(self.events), kind, text, payload))


def _ingest_text(batch: int, batches: int, documents: list[str]) -> str:
    return f"DOCUMENTS, batch {batch} of {batches}:\n\n" + DOCUMENT_SEPARATOR.join(documents)


def ingest_documents(text: str) -> list[str]:
    """The documents of an ingest event's text, in order (the inverse of its layout).

    Args:
        text: An ingest event's text.
    """
    _, _, body = text.partition("\n\n")
    return [document for document in body.split(DOCUMENT_SEPARATOR) if document.strip()]


def _number_questions(
    planned: list[PlannedQuestion], layout: StreamLayout
) -> list[PlannedQuestion]:
    """Give questions ids q01, q02... in the order they are asked."""
    order = sorted(
        range(len(planned)),
        key=lambda i: (
            planned[i].after_batch if planned[i].after_batch is not None else layout.batches + 1,
            i,
        ),
    )
    numbered = list(planned)
    for position, index in enumerate(order, start=1):
        item = planned[index]
        question = item.question
        numbered[index] = PlannedQuestion(
            item.after_batch,
            Question(
                qid=f"q{position:02d}",
                qtype=question.qtype,
                axis=question.axis,
                text=question.text,
                params=question.params,
                gold=question.gold,
                facts=question.facts,
                stale=question.stale,
            ),
        )
    return sorted(numbered, key=lambda item: item.question.qid)


def _build_stream(
    template: Template,
    tier: Tier,
    layout: StreamLayout,
    entities: list[Entity],
    relations: list[Relation],
    changes: list[Correction],
    planned: list[PlannedQuestion],
    seed: int,
) -> list[Event]:
    rng = stream(template.name, tier.name, seed, "documents")
    builder = _StreamBuilder()
    corrections = [c for c in changes if c.kind == "correction"]
    contradictions = [c for c in changes if c.kind == "contradiction"]
    targets = RelationTargets(relations)
    listed_keys = derived(_listed_keys, template)
    relation_keys = tuple(relation.key for relation in template.relations)
    for batch in range(1, layout.batches + 1):
        members = entities[(batch - 1) * BATCH_SIZE : batch * BATCH_SIZE]
        documents = [entity_document(template, entity, targets, rng) for entity in members]
        for _ in range(layout.noise_batches.count(batch)):
            documents.insert(rng.randint(0, len(documents)), noise_document(template, rng))
        builder.add(
            "ingest",
            _ingest_text(batch, layout.batches, documents),
            {
                "batch": batch,
                "batches": layout.batches,
                "entities": [
                    _entity_payload(entity, targets, listed_keys, relation_keys)
                    for entity in members
                ],
            },
        )
        if batch == layout.corrections_after:
            for change in corrections:
                builder.add("correction", change_notice(template, change), _change_payload(change))
        for change, after in zip(contradictions, layout.contradictions_after, strict=False):
            if after == batch:
                builder.add(
                    "contradiction", change_notice(template, change), _change_payload(change)
                )
        for item in planned:
            if item.after_batch == batch:
                builder.add("question", item.question.text, _question_payload(item.question))
        if batch in layout.session_breaks:
            session = layout.session_breaks.index(batch) + 2
            sessions = len(layout.session_breaks) + 1
            builder.add(
                "session_break",
                SESSION_BREAK_TEXT.format(session=session, sessions=sessions),
                {"session": session, "sessions": sessions},
            )
    for item in planned:
        if item.after_batch is None:
            builder.add("question", item.question.text, _question_payload(item.question))
    return builder.events


def _question_payload(question: Question) -> dict[str, Any]:
    return {"qid": question.qid, "qtype": question.qtype, "params": question.params}


def generate_scenario(
    template: str, tier: str, seed: int, write_budget: int | None = None
) -> Scenario:
    """Generate one scenario deterministically.

    Args:
        template: Template name (see ``entity_stream.world.templates.TEMPLATE_NAMES``).
        tier: Tier name (lite, standard, hard, multi).
        seed: Any non-negative integer.
        write_budget: Override of the tier's write budget.

    Raises:
        ValueError: For an unknown template or tier, a negative seed or a budget < 1.
    """
    spec = get_template(template)
    tier_spec = get_tier(tier)
    if seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed}")
    if write_budget is not None and (
        isinstance(write_budget, bool) or not isinstance(write_budget, int)
    ):
        raise ValueError(f"write_budget must be an integer, got {write_budget!r}")
    if write_budget is not None and write_budget < 1:
        raise ValueError(f"write_budget must be at least 1, got {write_budget}")
    layout = plan_layout(spec, tier_spec, stream(template, tier, seed, "layout"))
    entities = generate_entities(spec, tier_spec.entities, stream(template, tier, seed, "world"))
    names = [entity.name for entity in entities]
    relations = generate_relations(spec, names, stream(template, tier, seed, "relations"))
    change_rng = stream(template, tier, seed, "changes")
    taken: set[tuple[str, str]] = set()
    changes = pick_changes(
        spec,
        entities[: layout.corrections_after * BATCH_SIZE],
        tier_spec.corrections,
        "correction",
        taken,
        change_rng,
    )
    for after in layout.contradictions_after:
        changes += pick_changes(
            spec, entities[: after * BATCH_SIZE], 1, "contradiction", taken, change_rng
        )
    final_world = World(
        spec, tuple(apply_changes(entities, changes)), tuple(relations), tuple(changes)
    )

    def world_after_batch(batch: int) -> World:
        seen_changes = (
            sum(1 for c in changes if c.kind == "correction")
            if batch >= layout.corrections_after
            else 0
        )
        seen_changes += sum(1 for after in layout.contradictions_after if after <= batch)
        ingested = min(batch * BATCH_SIZE, len(entities))
        sources = {entity.name for entity in entities[:ingested]}
        known = [edge for edge in relations if edge.source in sources]
        return world_as_of(spec, entities, known, changes, ingested, seen_changes)

    planned = plan_questions(
        spec,
        tier_spec.questions,
        tier_spec.corrections,
        len(layout.contradictions_after),
        layout.question_batches,
        world_after_batch,
        final_world,
        stream(template, tier, seed, "questions"),
    )
    planned += plan_update_chains(
        tier_spec.questions, final_world, planned, stream(template, tier, seed, "update_chain")
    )
    planned = _number_questions(planned, layout)
    events = _build_stream(spec, tier_spec, layout, entities, relations, changes, planned, seed)
    return Scenario(
        template=template,
        tier=tier,
        seed=seed,
        write_budget=write_budget if write_budget is not None else tier_spec.write_budget,
        events=tuple(events),
        questions=tuple(item.question for item in planned),
        world=final_world,
    )

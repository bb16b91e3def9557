"""entity_stream's gold memory points, from the stream's structured events (never its text).

* ``primary``: every value an ingest event states about an entity: its category, each
  attribute value, each relation's targets (a relation with no target states nothing);
* ``update``: the new value of each correction notice and silent contradiction;
* ``distractor``: the template's noise topics that the stream's noise documents discuss.

A point's subject is the entity name and its attribute the slot the failure attribution uses
(an attribute key, ``category``, ``relation:<kind>``). Its importance is one plus the number
of questions whose gold depends on that slot. Numbers follow the attribute's kind (an ``int``
matches exactly, a ``float`` with the answers' tolerance), dates are ISO, enum and category
labels, text fragments and relation targets are phrases.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from inspect_memgym.entity_stream.attribution import CATEGORY_SLOT, RELATION_PREFIX
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.scoring.memory_points import (
    DISTRACTOR,
    PRIMARY,
    UPDATE,
    MemoryPoint,
    PointKind,
    mark_superseded,
)

NOISE_SUBJECT = ""
"""Noise documents are about no entity."""
NOISE_ATTRIBUTE = "noise topic"
CHANGE_KINDS = frozenset({"correction", "contradiction"})


def stream_points(
    template: Template,
    events: Sequence[Mapping[str, Any]],
    questions: Iterable[Question],
) -> list[MemoryPoint]:
    """Every gold memory point of one scenario, ``current`` as at the end of the stream.

    Args:
        template: The scenario's template.
        events: The events (metadata form: ``index``, ``kind``, ``text``, ``payload``).
        questions: The scenario's questions (their facts weigh the points).
    """
    weights = Counter(fact for question in questions for fact in question.facts)
    versions: Counter[tuple[str, str]] = Counter()
    points: list[MemoryPoint] = []

    def add(entity: str, slot: str, value: Any, time: int, kind: PointKind) -> None:
        key = (entity, slot)
        point = _point(template, entity, slot, value, versions[key], time, kind)
        versions[key] += 1
        if point.numbers or point.dates or point.phrases:
            points.append(point)

    for event in events:
        payload, time = event["payload"], int(event["index"])
        if event["kind"] == "ingest":
            for record in payload["entities"]:
                name = str(record["name"])
                add(name, CATEGORY_SLOT, record["category"], time, PRIMARY)
                for key, value in record["values"].items():
                    add(name, key, value, time, PRIMARY)
                for kind, targets in record["relations"].items():
                    add(name, RELATION_PREFIX + kind, targets, time, PRIMARY)
        elif event["kind"] in CHANGE_KINDS:
            add(str(payload["entity"]), str(payload["attribute"]), payload["new"], time, UPDATE)
    weighted = [
        replace(point, importance=1.0 + weights[point.key]) if weights[point.key] else point
        for point in points
    ]
    return mark_superseded([*weighted, *noise_points(template, events)])


def noise_points(template: Template, events: Sequence[Mapping[str, Any]]) -> list[MemoryPoint]:
    """One distractor point per noise topic of the template that an ingest event discusses.

    Args:
        template: The template (its noise topics).
        events: The events.
    """
    ingested = [str(event["text"]) for event in events if event["kind"] == "ingest"]
    return [
        MemoryPoint(
            point_id=f"noise/{position}",
            subject=NOISE_SUBJECT,
            attribute=NOISE_ATTRIBUTE,
            value=topic,
            phrases=(topic,),
            time=next(index for index, text in enumerate(ingested) if topic in text),
            kind=DISTRACTOR,
        )
        for position, topic in enumerate(template.noise_topics)
        if any(topic in text for text in ingested)
    ]


def _point(
    template: Template,
    entity: str,
    slot: str,
    value: Any,
    version: int,
    time: int,
    kind: PointKind,
) -> MemoryPoint:
    """One point; its value parts follow the slot's kind."""
    numbers, integer, dates, phrases = _value_parts(template, slot, value)
    return MemoryPoint(
        point_id=f"{entity}/{slot}/v{version}",
        subject=entity,
        attribute=slot,
        value=_as_text(value),
        numbers=numbers,
        integer=integer,
        dates=dates,
        phrases=phrases,
        version=version,
        time=time,
        kind=kind,
    )


ValueParts = tuple[tuple[float, ...], bool, tuple[str, ...], tuple[str, ...]]
"""A value's numbers, whether they are integers, its dates and its phrases."""


def _value_parts(template: Template, slot: str, value: Any) -> ValueParts:
    if slot == CATEGORY_SLOT:
        return (), False, (), (str(value),)
    if slot.startswith(RELATION_PREFIX):
        return (), False, (), tuple(str(target) for target in value)
    spec = template.attribute(slot)
    if spec.kind in ("int", "float"):
        return (float(value),), spec.kind == "int", (), ()
    if spec.kind == "list_float":
        return tuple(float(item) for item in value), False, (), ()
    if spec.kind == "date":
        return (), False, (str(value),), ()
    if spec.kind == "text":
        return (), False, (), tuple(str(fragment) for fragment in value)
    return (), False, (), (str(value),)


def _as_text(value: Any) -> str:
    return "; ".join(str(item) for item in value) if isinstance(value, list) else str(value)

"""A memory that keeps entity_stream's documents as given holds every fact they state.

A document names its entity in its title line (``Census digest — Argon Labs``) and in its
sentences, but its ``Category:`` line names none: that line sits in the title's section
(`scoring.sections`). Kept as the stream showed it (blank lines and all) or as a raw store
keeps it (one entry per document, blank lines collapsed, a role prefix), every current
value a kept document states is held, and no value of an entity whose document was never
kept (only named as another's relation target).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from inspect_memgym.entity_stream.memory_points import stream_points
from inspect_memgym.entity_stream.scenario_content import content_of
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.scenario import generate_scenario, ingest_documents
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.memory.content import MAX_CONTENT_CHARS, normalize_content
from inspect_memgym.scoring.memory_points import PRIMARY, MemoryPoint
from inspect_memgym.scoring.operation_scores import OperationMeasure, measure_operations
from inspect_memgym.scoring.point_matching import stated_values
from inspect_memgym.strategies.passages import split_passages

TEMPLATES = ("city", "company")
ROLE_PREFIX = "user: "


def scenario(template: str) -> tuple[list[dict[str, Any]], list[MemoryPoint]]:
    content = content_of(generate_scenario(template, "lite", 0))
    questions = [Question.from_dict(item) for item in content.questions]
    return content.events, stream_points(get_template(template), content.events, questions)


def stored_entries(events: Sequence[dict[str, Any]]) -> list[str]:
    """Each input as a raw store keeps it: one entry per document, in passages that fit."""
    entries = []
    for event in events:
        text = str(event["text"])
        documents = ingest_documents(text) if event["kind"] == "ingest" else [text]
        for document in documents:
            for passage in split_passages(document, MAX_CONTENT_CHARS - len(ROLE_PREFIX)):
                entries.append(ROLE_PREFIX + normalize_content(passage))
    return entries


def measured(points: list[MemoryPoint], items: list[str], events: Any) -> OperationMeasure:
    return measure_operations(points, items, stated_values(str(event["text"]) for event in events))


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_memory_of_every_input_holds_every_target_point(template: str) -> None:
    events, points = scenario(template)
    texts = [str(event["text"]) for event in events if event["kind"] != "question"]
    for items in (texts, stored_entries(events)):
        result = measured(points, items, events)
        assert result.counts.missing_targets == []
        scores = result.scores
        assert scores["extraction_recall"] == 1.0
        assert scores["update_omission"] == 0.0
        assert scores["distractors_stored"] == 1.0
        # the first documents still state every corrected value without its new one
        assert scores["stale_kept"] == 1.0
        assert result.counts.claims["invented"] == 0


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_store_that_kept_some_documents_holds_those_entities_only(template: str) -> None:
    events, points = scenario(template)
    first_batch = next(event for event in events if event["kind"] == "ingest")
    documents = ingest_documents(str(first_batch["text"]))[:4]
    items = [ROLE_PREFIX + normalize_content(document) for document in documents]
    kept = {point.subject for point in points if f"— {point.subject}\n" in "\n".join(documents)}
    held = measured(points, items, events).held
    targets = [point for point in points if point.is_target and point.kind == PRIMARY]
    assert kept and {point.subject for point in targets if point.point_id in held} == kept
    assert all(point.point_id in held for point in targets if point.subject in kept)

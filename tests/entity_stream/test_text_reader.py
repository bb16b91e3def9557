"""The scripted policies' reading of a strategy's call text (entity_stream)."""

from __future__ import annotations

from inspect_ai import eval

from inspect_memgym.entity_stream.dataset import scenario_metadata
from inspect_memgym.entity_stream.policies.notation import encode_entity
from inspect_memgym.entity_stream.policies.text_reader import stream_text
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.world.scenario import generate_scenario, ingest_documents
from inspect_memgym.memory.content import normalize_content


def _first_document_and_metadata() -> tuple[str, str, dict[str, object]]:
    scenario = generate_scenario("company", "lite", 0)
    metadata = scenario_metadata(scenario)
    ingest = next(event for event in scenario.events if event.kind == "ingest")
    document = ingest_documents(ingest.text)[0]
    name = document.split("\n", 1)[0].partition(" — ")[2].strip()
    return document, name, metadata


def test_a_document_is_read_as_shown_and_as_memory_stores_it() -> None:
    document, name, metadata = _first_document_and_metadata()
    stored = normalize_content(document)
    assert stored != document  # memory collapses the document's blank lines
    text = stream_text(metadata)
    for call_text in (f"Shown:\n{document}\n", f"Retrieved:\n- {stored}\n"):
        reading = text.read(call_text, lambda _: True, applies_changes=True)
        assert name in reading.current
    cut = text.read(stored[: len(stored) // 2], lambda _: True, applies_changes=True)
    assert name not in cut.current  # a document cut short stays unknown


def test_a_stored_line_is_read_behind_a_list_marker() -> None:
    _, name, metadata = _first_document_and_metadata()
    text = stream_text(metadata)
    [record] = [record for _, record in text.documents if record["name"] == name]
    line = encode_entity(text.template, record)
    for listed in (line, f"- {line}", f"* {line}", f"3. {line}", f'{{"{name}": "{line}"}}'):
        reading = text.read(f"What you kept:\n{listed}\n", lambda _: True, applies_changes=True)
        assert reading.stored == {name: line}


def test_perfect_memory_answers_through_retrieved_dialogues(tmp_path: object) -> None:
    [log] = eval(
        entity_stream(tier="lite", seeds=1, templates="company", agent="bm25_dialog"),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.results is not None
    means = {
        score.name: score.metrics["mean"].value
        for score in log.results.scores
        if "mean" in score.metrics  # the scorer's memory-cost entry has none
    }
    assert means["composite"] == 1.0
    assert means["no_memory"] == 0.0

"""The searchable corpus and what each turn leaves visible."""

from __future__ import annotations

import dataclasses

from inspect_memgym.research_qa.world import (
    CorpusEntry,
    EvictionPolicy,
    build_corpus,
    generate_instance,
)


def test_corpus_holds_every_document_with_a_stable_id() -> None:
    instance = generate_instance(4, 5, 30_000)
    corpus = build_corpus(instance)
    assert len(corpus) == sum(len(turn.documents) for turn in instance.turns)
    assert len({entry.doc_id for entry in corpus}) == len(corpus)
    assert corpus == build_corpus(generate_instance(4, 5, 30_000))
    supporting = [doc for doc in instance.documents() if doc.is_supporting]
    by_id = {entry.doc_id: entry for entry in corpus}
    for document in supporting:
        assert by_id[document.doc_id].text == document.text
    assert {field.name for field in dataclasses.fields(CorpusEntry)} == {
        "doc_id",
        "title",
        "text",
        "turn_index",
    }


def test_full_eviction_shows_only_the_current_turn() -> None:
    instance = generate_instance(4, 4)
    for turn in instance.turns:
        assert instance.visible_documents(turn.turn_index) == list(turn.documents)


def test_sliding_window_shows_the_last_turns() -> None:
    instance = dataclasses.replace(
        generate_instance(4, 4), eviction_policy=EvictionPolicy("sliding_window", window_size=2)
    )
    assert instance.visible_documents(0) == list(instance.turns[0].documents)
    assert instance.visible_documents(3) == [
        *instance.turns[2].documents,
        *instance.turns[3].documents,
    ]

"""Interactive mode's search: each hop's question, asked by name, finds its supporting document."""

from __future__ import annotations

import asyncio

import pytest
from inspect_ai.tool import ToolError

from inspect_memgym.research_qa.policy_play import next_query
from inspect_memgym.research_qa.search_index import CorpusIndex, SearchSession
from inspect_memgym.research_qa.search_tool import NO_RESULTS, web_search
from inspect_memgym.research_qa.world import (
    HOP_RANGE,
    ResearchInstance,
    build_corpus,
    generate_instance,
)

RESULTS = 5


def supporting_found(instance: ResearchInstance, index: CorpusIndex) -> list[int]:
    """Follow the chain as the scripted researcher does; the hops whose search found the fact."""
    supporting = {doc.fact_ids[0]: doc.doc_id for doc in instance.documents() if doc.is_supporting}
    known: list[str] = []
    found = []
    for hop in instance.chain:
        query = next_query(instance, known)
        assert query is not None
        results = [entry.doc_id for entry in index.search(query, RESULTS)]
        if supporting[hop.fact_id] in results:
            found.append(hop.hop)
        known.append(hop.fact_id)
    assert next_query(instance, known) is None
    return found


@pytest.mark.parametrize("hops", list(HOP_RANGE))
def test_bm25_finds_every_hop_in_the_top_five(hops: int) -> None:
    for seed in range(10):
        instance = generate_instance(seed, hops, 10_000)
        index = CorpusIndex(build_corpus(instance))
        assert supporting_found(instance, index) == list(range(1, hops + 1)), instance.instance_id


def test_bm25_finds_every_hop_at_100k_tokens() -> None:
    instance = generate_instance(11, 5, 100_000)
    index = CorpusIndex(build_corpus(instance))
    assert index.name == "bm25"
    assert supporting_found(instance, index) == [1, 2, 3, 4, 5]


def test_the_chroma_backend_searches_the_same_corpus() -> None:
    instance = generate_instance(4, 3, 2_000)
    index = CorpusIndex.open(build_corpus(instance), "chroma", "hashing")
    try:
        assert index.name == "chroma/hashing"
        assert index.backend is not None and index.backend.count() == len(index.corpus)
        assert supporting_found(instance, index) == [1, 2, 3]
    finally:
        index.close()
    assert index.backend is not None and index.backend.closed


def test_the_tool_returns_documents_and_refuses_blank_queries() -> None:
    instance = generate_instance(4, 3, 2_000)
    session = SearchSession(CorpusIndex(build_corpus(instance)), 3)
    search = web_search(session)
    query = instance.chain[0].sub_query
    text = asyncio.run(search(query=query))
    [record] = session.history
    assert record.query == query and len(record.results) == 3
    assert text.startswith(f"--- {record.results[0].title} ---\n{record.results[0].text}")
    for blank in ("", "   "):
        with pytest.raises(ToolError, match="The search query is empty"):
            asyncio.run(search(query=blank))
    with pytest.raises(ToolError, match="longer than 1000 characters"):
        asyncio.run(search(query="x" * 1_001))
    assert asyncio.run(search(query="zzzqqq")) == NO_RESULTS
    assert len(session.history) == 2

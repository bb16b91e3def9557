"""The indexed searches give exactly the hits the earlier searches gave.

`search_reference` holds the search as it was (chroma: three ChromaDB queries, two of
them `$regex` filtered; markdown: rank_bm25 over every entry). On randomized memories —
names with possessives and punctuation, upper-case memos, duplicate entries, replaced and
deleted entries, and queries that are names, questions, single words, fragments of entries
cut mid-word, punctuation or absent names — both backends must return the same hits, with
the same scores to the last bit, as the reference on the same data.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import chromadb
import pytest
from chromadb.api.models.Collection import Collection
from search_reference import reference_chroma_search, reference_markdown_search

from chroma_server import ChromaServer
from inspect_memgym.memory import chroma_backend
from inspect_memgym.memory.backend import MemoryBackend, SearchHit
from inspect_memgym.memory.chroma_backend import ChromaBackend, shared_client
from inspect_memgym.memory.factory import create_backend
from inspect_memgym.memory.hashing_embedding import HashingEmbedding
from inspect_memgym.memory.markdown_backend import MarkdownBackend

NAMES = [
    "Argon Labs",
    "Bolt Corp",
    "Cirrus Inc",
    "Delta Works",
    "Tundra Foundry",
    "O'Neil & Co",
    "U.S. Steel",
    "Café Nord",
    "Argon Group",
    "Bolt",
]
ATTRIBUTES = ["revenue", "employees", "headquarters", "gross margin", "founded", "ceo", "rating"]
VALUES = ["12.5M", "340", "1999", "Oslo", "Lyon", "4.2%", "$1,200", "none", "A+", "7"]
TEMPLATES = [
    "{name} {attribute}: {value}.",
    "Memo: {NAME} {ATTRIBUTE} was {value} after the audit.",
    "{name}'s {attribute} is {value}",
    "{attribute} of {name} - {value}",
    "Notes on {name}: {attribute} {value}; also {other} {attribute} {value}.",
    "{name} ({attribute}) = {value}\nsecond line about {other}",
    "Unrelated reminder: buy milk, call {other} about the {attribute}.",
    "{value}",
]
QUERIES = [
    "{name} {attribute}",
    "What is {name}'s {attribute}?",
    "Among {name} and {other}, which has the higher {attribute}?",
    "{attribute}",
    "{NAME}",
    "{value}",
    "Zeta Group {attribute}",
    "?!",
    "a",
    "the",
]


def random_entry(rng: random.Random) -> str:
    name, other = rng.sample(NAMES, 2)
    attribute, value = rng.choice(ATTRIBUTES), rng.choice(VALUES)
    return rng.choice(TEMPLATES).format(
        name=name,
        other=other,
        attribute=attribute,
        value=value,
        NAME=name.upper(),
        ATTRIBUTE=attribute.upper(),
    )


def random_query(rng: random.Random, contents: list[str]) -> str:
    if contents and rng.random() < 0.3:  # a fragment of an entry, cut anywhere, any case
        content = rng.choice(contents)
        start = rng.randrange(len(content))
        fragment = content[start : start + rng.randint(1, 30)]
        fragment = fragment.upper() if rng.random() < 0.2 else fragment
        if fragment.strip():
            return fragment
    name, other = rng.sample(NAMES, 2)
    return rng.choice(QUERIES).format(
        name=name,
        other=other,
        attribute=rng.choice(ATTRIBUTES),
        value=rng.choice(VALUES),
        NAME=name.upper(),
    )


def random_memory(rng: random.Random, size: int) -> list[str]:
    contents: list[str] = []
    for _ in range(size):
        if contents and rng.random() < 0.1:
            contents.append(rng.choice(contents))  # a note stored twice
        else:
            contents.append(random_entry(rng))
    return contents


def change_some(backend: MemoryBackend, rng: random.Random, changes: int) -> None:
    """Replace and delete a few entries (the indexes must follow)."""
    for _ in range(changes):
        entry_id = rng.choice(backend.entries()).entry_id
        if rng.random() < 0.5:
            backend.delete(entry_id)
        else:
            backend.replace(entry_id, random_entry(rng))


def assert_same_hits(
    backend: MemoryBackend,
    reference: Callable[[str, int], list[SearchHit]],
    rng: random.Random,
    queries: int,
) -> int:
    """Compare `queries` random searches; returns how many returned hits."""
    contents = [entry.content for entry in backend.entries()]
    answered = 0
    for _ in range(queries):
        query = random_query(rng, contents)
        top_k = rng.choice([1, 2, 3, 5, 8])
        hits = backend.search(query, top_k)
        assert hits == reference(query, top_k), (query, top_k)
        answered += bool(hits)
    return answered


def chroma_reference(backend: ChromaBackend) -> Callable[[str, int], list[SearchHit]]:
    collection = shared_client().get_collection(backend.collection_name)
    embedding = HashingEmbedding()
    return lambda query, top_k: reference_chroma_search(collection, embedding, query, top_k)


@pytest.mark.parametrize(("seed", "max_id_filter"), [(0, 1000), (1, 1000), (2, 1000), (3, 0)])
def test_chroma_search_matches_the_three_query_search(
    seed: int, max_id_filter: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 3 asks for missed matches by document filter (as for very many matches)."""
    monkeypatch.setattr(chroma_backend, "MAX_ID_FILTER", max_id_filter)
    rng = random.Random(seed)
    with ChromaBackend() as backend:
        for content in random_memory(rng, rng.randint(25, 90)):
            backend.add(content)
        reference = chroma_reference(backend)
        assert assert_same_hits(backend, reference, rng, 40) > 30
        change_some(backend, rng, 10)
        assert assert_same_hits(backend, reference, rng, 25) > 15


def test_a_reopened_chroma_collection_is_indexed_from_its_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(chroma_backend, "GET_PAGE_SIZE", 7)
    rng = random.Random(11)
    with ChromaBackend(keep=True) as first:
        for content in random_memory(rng, 50):
            first.add(content)
        change_some(first, rng, 6)
        name = first.collection_name
        queries = [random_query(rng, [e.content for e in first.entries()]) for _ in range(30)]
        before = [first.search(query) for query in queries]
    with ChromaBackend(collection_name=name) as again:
        assert [again.search(query) for query in queries] == before
        assert assert_same_hits(again, chroma_reference(again), rng, 20) > 10


@pytest.mark.parametrize("seed", range(4))
def test_markdown_search_matches_bm25_over_every_entry(seed: int) -> None:
    rng = random.Random(100 + seed)
    with MarkdownBackend() as backend:

        def reference(query: str, top_k: int) -> list[SearchHit]:
            return reference_markdown_search(backend.entries(), query, top_k)

        for content in random_memory(rng, rng.randint(1, 6)):  # tiny: idf edge cases
            backend.add(content)
        assert_same_hits(backend, reference, rng, 15)
        for content in random_memory(rng, rng.randint(40, 150)):
            backend.add(content)
            if rng.random() < 0.1:  # searches between adds: the index grows entry by entry
                assert_same_hits(backend, reference, rng, 1)
        assert assert_same_hits(backend, reference, rng, 40) > 30
        change_some(backend, rng, 15)
        assert assert_same_hits(backend, reference, rng, 25) > 15
        # an edit made outside the backend is read back and indexed again
        text = backend.path.read_text(encoding="utf-8")
        backend.path.write_text(text.replace("revenue", "turnover revenue"), encoding="utf-8")
        assert assert_same_hits(backend, reference, rng, 15) > 5


@pytest.fixture
def counted_queries(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, object]]]:
    """Every `Collection.query` call's keyword arguments."""
    calls: list[dict[str, object]] = []
    original = Collection.query

    def counting(self: Collection, **arguments: object) -> object:
        calls.append(arguments)
        return original(self, **arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(Collection, "query", counting)
    yield calls


def test_a_typical_search_is_one_unfiltered_query(counted_queries: list[dict[str, object]]) -> None:
    rng = random.Random(5)
    with ChromaBackend() as backend:
        for content in random_memory(rng, 200):
            backend.add(content)
        counted_queries.clear()
        hits = backend.search("Tundra Foundry gross margin")
        assert hits and all("tundra foundry" in hit.content.lower() for hit in hits[:2])
        assert len(counted_queries) == 1
        assert counted_queries[0]["where_document"] is None and counted_queries[0]["ids"] is None


def test_matches_outside_the_vector_pool_are_fetched_by_id(
    counted_queries: list[dict[str, object]],
) -> None:
    query = "What is Argon's revenue?"
    filler = [f"Bolt Corp revenue note {number}: the revenue grew again." for number in range(40)]
    with ChromaBackend() as backend:
        for content in filler:
            backend.add(content)
        far = backend.add("xq: Argon")  # far from the query's vector, but holds its name
        counted_queries.clear()
        hits = backend.search(query, 5)
        assert hits[0].entry_id == far  # the only name match ranks first
        assert len(counted_queries) == 2
        assert counted_queries[1]["ids"] == [str(far)]
        assert all(call["where_document"] is None for call in counted_queries)
        assert hits == chroma_reference(backend)(query, 5)


def test_server_search_and_reopen_match_the_reference(
    chroma_server: ChromaServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chroma_backend, "GET_PAGE_SIZE", 9)
    rng = random.Random(21)
    with create_backend("chroma", chroma_url=chroma_server.url, keep_memory=True) as first:
        assert isinstance(first, ChromaBackend)
        for content in random_memory(rng, 45):
            first.add(content)
        change_some(first, rng, 5)
        name = first.collection_name
    host, port = chroma_server.url.removeprefix("http://").rsplit(":", 1)
    client = chromadb.HttpClient(host=host, port=int(port))
    collection = client.get_collection(name)
    embedding = HashingEmbedding()

    def reference(query: str, top_k: int) -> list[SearchHit]:
        return reference_chroma_search(collection, embedding, query, top_k)

    with create_backend("chroma", chroma_url=chroma_server.url, collection_name=name) as again:
        assert assert_same_hits(again, reference, rng, 25) > 15
        assert again.add("Tundra Foundry gross margin: 31%.") == 46
        assert again.search("Tundra Foundry gross margin")[0].entry_id == 46


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40, 80))
def test_soak_both_backends_match_the_earlier_search(seed: int) -> None:
    """Larger memories (up to 400 entries), two rounds of changes, more queries per seed."""
    rng = random.Random(seed)
    with ChromaBackend() as chroma, MarkdownBackend() as markdown:
        for content in random_memory(rng, rng.randint(20, 400)):
            chroma.add(content)
            markdown.add(content)

        def markdown_reference(query: str, top_k: int) -> list[SearchHit]:
            return reference_markdown_search(markdown.entries(), query, top_k)

        for _ in range(2):
            assert_same_hits(chroma, chroma_reference(chroma), rng, 60)
            assert_same_hits(markdown, markdown_reference, rng, 40)
            change_some(chroma, rng, min(20, chroma.count() - 1))
            change_some(markdown, rng, min(20, markdown.count() - 1))


def test_in_a_large_collection_missed_matches_are_scored_from_their_vectors(
    counted_queries: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No id-restricted query (slow at 100k): the same hits, scores within float32 rounding."""
    monkeypatch.setattr(chroma_backend, "LOCAL_SCORING_FROM", 0)
    query = "What is Argon's revenue?"
    filler = [f"Bolt Corp revenue note {number}: the revenue grew again." for number in range(40)]
    with ChromaBackend() as backend:
        for content in filler:
            backend.add(content)
        far = backend.add("xq: Argon")
        counted_queries.clear()
        hits = backend.search(query, 5)
        assert hits[0].entry_id == far
        assert len(counted_queries) == 1  # the pool; the far match was scored here
        expected = chroma_reference(backend)(query, 5)
        assert [hit.entry_id for hit in hits] == [hit.entry_id for hit in expected]
        assert [hit.score for hit in hits] == pytest.approx(
            [hit.score for hit in expected], abs=1e-6
        )
        rng = random.Random(7)
        for content in random_memory(rng, 60):
            backend.add(content)
        reference = chroma_reference(backend)
        for _ in range(40):
            name, other = rng.sample(NAMES, 2)
            question = rng.choice(QUERIES[:3]).format(
                name=name, other=other, attribute=rng.choice(ATTRIBUTES)
            )
            top_k = rng.choice([1, 3, 5])
            found, wanted = backend.search(question, top_k), reference(question, top_k)
            assert [hit.entry_id for hit in found] == [hit.entry_id for hit in wanted], question
            assert [hit.score for hit in found] == pytest.approx(
                [hit.score for hit in wanted], abs=1e-6
            )

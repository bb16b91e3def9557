"""Behaviour of both memory backends under the shared contract."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from inspect_memgym.memory.backend import MemoryBackend, MemoryEntry
from inspect_memgym.memory.chroma_backend import ChromaBackend, shared_client
from inspect_memgym.memory.factory import BACKEND_NAMES, create_backend
from inspect_memgym.memory.markdown_backend import MarkdownBackend, parse_markdown

RANKING_ENTRIES = [
    "Bolt Corp revenue: 12.5M. Bolt Corp revenue rose again this year.",
    "Argon Labs employees: 340.",
    "Memo: ARGON LABS REVENUE was 99M after the audit.",
    "Cirrus Inc headquarters: Oslo.",
    "Argon Labs founded 1999, revenue unknown, headquarters in Lyon.",
]


def collection_names() -> set[str]:
    return {collection.name for collection in shared_client().list_collections()}


@pytest.fixture(params=BACKEND_NAMES)
def backend(request: pytest.FixtureRequest) -> Iterator[MemoryBackend]:
    instance = create_backend(request.param)
    yield instance
    instance.close()


def fill(backend: MemoryBackend, contents: list[str]) -> list[int]:
    return [backend.add(content) for content in contents]


def test_backend_names_and_embedding() -> None:
    assert BACKEND_NAMES == ("chroma", "markdown")
    with create_backend("chroma") as chroma, create_backend("markdown") as markdown:
        assert (chroma.name, chroma.embedding_name) == ("chroma", "hashing")
        assert (markdown.name, markdown.embedding_name) == ("markdown", "bm25")


def test_unknown_kind_and_embedding_are_refused() -> None:
    with pytest.raises(ValueError, match=r"'sqlite'.*chroma, markdown"):
        create_backend("sqlite")
    with pytest.raises(ValueError, match=r"'bert'.*hashing, minilm, openai"):
        create_backend("chroma", embedding="bert")


def test_ids_count_and_insertion_order(backend: MemoryBackend) -> None:
    assert backend.count() == 0
    assert backend.entries() == []
    assert fill(backend, ["gamma", "alpha", "beta"]) == [1, 2, 3]
    assert backend.count() == 3
    assert backend.entries() == [
        MemoryEntry(1, "gamma"),
        MemoryEntry(2, "alpha"),
        MemoryEntry(3, "beta"),
    ]
    assert backend.get(2) == MemoryEntry(2, "alpha")


def test_content_is_normalized_and_empty_refused(backend: MemoryBackend) -> None:
    entry_id = backend.add("  first line\n\n\n  \nsecond\x07 line  \r\n")
    assert backend.get(entry_id).content == "first line\nsecond line"
    with pytest.raises(ValueError, match="empty"):
        backend.add(" \n\n\t\x00 ")
    assert backend.count() == 1


def test_replace_keeps_id_and_order(backend: MemoryBackend) -> None:
    fill(backend, ["one", "two", "three"])
    backend.replace(2, "two, revised")
    assert [entry.content for entry in backend.entries()] == ["one", "two, revised", "three"]
    assert backend.count() == 3
    assert backend.add("four") == 4
    with pytest.raises(KeyError):
        backend.replace(99, "nothing")
    with pytest.raises(KeyError):
        backend.get(99)
    with pytest.raises(ValueError):
        backend.replace(1, "\n\n")


def test_search_ranks_verbatim_then_name_then_similarity(backend: MemoryBackend) -> None:
    fill(backend, RANKING_ENTRIES)
    hits = backend.search("Argon Labs revenue", top_k=5)
    identifiers = [hit.entry_id for hit in hits]
    # 3 holds the query verbatim (other case); 5 and 2 hold the name "Argon Labs"
    # (5 shares more of the query); 1 only shares "revenue"; 4 shares nothing.
    assert identifiers[:4] == [3, 5, 2, 1]
    assert hits[0].score >= 2.0
    assert all(1.0 <= hit.score < 2.0 for hit in hits[1:3])
    assert hits[3].score < 1.0
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert hits[0].content == RANKING_ENTRIES[2]


def test_name_phrase_outranks_similarity(backend: MemoryBackend) -> None:
    fill(backend, RANKING_ENTRIES)
    hits = backend.search("What is the headquarters of Cirrus Inc?", top_k=2)
    assert hits[0].entry_id == 4
    assert 1.0 <= hits[0].score < 2.0
    # the other headquarters entry comes next by similarity
    assert hits[1].entry_id == 5
    assert hits[1].score < 1.0


def test_single_word_query_and_top_k(backend: MemoryBackend) -> None:
    fill(backend, RANKING_ENTRIES)
    hits = backend.search("revenue", top_k=3)
    assert len(hits) == 3
    assert {hit.entry_id for hit in hits} == {1, 3, 5}
    assert all(hit.score >= 2.0 for hit in hits)
    assert len(backend.search("revenue", top_k=1)) == 1


def test_ties_are_broken_by_entry_id(backend: MemoryBackend) -> None:
    fill(backend, ["Delta Works output: 7 units.", "Other text.", "Delta Works output: 7 units."])
    hits = backend.search("Delta Works output", top_k=2)
    assert [hit.entry_id for hit in hits] == [1, 3]
    assert hits[0].score == hits[1].score


def test_query_with_regex_characters_matches_verbatim(backend: MemoryBackend) -> None:
    fill(backend, ["R&D spend (2024) [est.] $4.5M +/- 0.2", "R and D spend 2024 estimate"])
    hits = backend.search("r&d spend (2024) [est.] $4.5m", top_k=2)
    assert hits[0].entry_id == 1
    assert hits[0].score >= 2.0


def test_search_arguments_and_empty_memory(backend: MemoryBackend) -> None:
    assert backend.search("anything", top_k=5) == []
    backend.add("something")
    with pytest.raises(ValueError, match="empty"):
        backend.search("   ")
    with pytest.raises(ValueError, match="top_k"):
        backend.search("something", top_k=0)


def test_unrelated_entries_are_left_out(backend: MemoryBackend) -> None:
    fill(backend, ["alpha beta", "gamma delta"])
    hits = backend.search("alpha", top_k=5)
    assert [hit.entry_id for hit in hits] == [1]


@pytest.mark.parametrize("kind", BACKEND_NAMES)
def test_search_is_deterministic_across_fresh_backends(kind: str) -> None:
    contents = [
        f"Company {name} {suffix}: revenue {index * 37 % 101}.{index}M, staff {index * 13}."
        for index, (name, suffix) in enumerate(
            (name, suffix)
            for name in ("Argon", "Bolt", "Cirrus", "Delta", "Ember", "Flux")
            for suffix in ("Labs", "Corp", "Systems", "Works", "Group")
        )
    ]
    queries = ["Argon Labs revenue", "staff 130", "What is Ember Works' revenue?", "Group"]
    rankings = []
    for _ in range(2):
        with create_backend(kind) as instance:
            fill(instance, contents)
            rankings.append(
                [
                    [(hit.entry_id, round(hit.score, 6)) for hit in instance.search(query, 8)]
                    for query in queries
                ]
            )
    assert rankings[0] == rankings[1]
    assert rankings[0][0][0][0] == 1  # "Company Argon Labs: revenue ..." holds the query
    assert len(rankings[0][0]) == 8
    # the six "... Group" entries hold the one-word query verbatim and come first
    group_hits = rankings[0][3][:6]
    assert {entry_id for entry_id, _ in group_hits} == {5, 10, 15, 20, 25, 30}
    assert all(score >= 2.0 for _, score in group_hits)


def test_backends_are_isolated(backend: MemoryBackend) -> None:
    other = create_backend(backend.name)
    try:
        backend.add("Secret: Argon Labs revenue 99M")
        assert other.count() == 0
        assert other.search("Argon Labs revenue") == []
        assert other.add("other entry") == 1
        assert [entry.content for entry in backend.entries()] == ["Secret: Argon Labs revenue 99M"]
    finally:
        other.close()


def test_chroma_close_deletes_collection_and_is_idempotent() -> None:
    backend = ChromaBackend()
    backend.add("something")
    name = backend.collection_name
    assert name.startswith("memgym-") and len(name) == len("memgym-") + 32
    assert name in collection_names()
    backend.close()
    assert backend.closed
    assert name not in collection_names()
    backend.close()
    with pytest.raises(RuntimeError, match="closed"):
        backend.count()


def test_chroma_reopens_named_collection_with_given_client() -> None:
    first = ChromaBackend(client=shared_client(), collection_name="memgym-test-reopen")
    fill(first, ["one", "two"])
    second = ChromaBackend(client=shared_client(), collection_name="memgym-test-reopen")
    assert [entry.content for entry in second.entries()] == ["one", "two"]
    assert second.add("three") == 3
    second.close()
    assert "memgym-test-reopen" not in collection_names()
    first.close()  # already gone: still fine


def test_markdown_close_removes_directory_and_is_idempotent() -> None:
    backend = MarkdownBackend()
    backend.add("something")
    directory = backend.directory
    assert directory.name.startswith("memgym-md-")
    assert backend.path.is_file()
    backend.close()
    assert not directory.exists()
    backend.close()
    with pytest.raises(RuntimeError, match="closed"):
        backend.entries()


def test_markdown_file_round_trips(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    backend = MarkdownBackend(directory=directory)
    fill(backend, ["Argon Labs\nrevenue: 10M", "<!-- entry 9 -->\nlooks like a marker", "third"])
    backend.replace(1, "Argon Labs\nrevenue: 12M")
    text = backend.path.read_text(encoding="utf-8")
    assert text == (
        "# Memory\n\n"
        "<!-- entry 1 -->\nArgon Labs\nrevenue: 12M\n\n"
        "<!-- entry 2 -->\n<!-- entry 9 -->\nlooks like a marker\n\n"
        "<!-- entry 3 -->\nthird\n"
    )
    assert parse_markdown(text) == backend.entries()
    reopened = MarkdownBackend(directory=directory)
    assert reopened.entries() == backend.entries()
    assert reopened.add("fourth") == 4
    assert backend.get(4).content == "fourth"  # the file is the source of truth
    reopened.close()
    # a directory the caller gave is kept; only the memory file is removed
    assert directory.is_dir()
    assert not (directory / "memory.md").exists()


def test_markdown_picks_up_external_edits() -> None:
    with MarkdownBackend() as backend:
        fill(backend, ["old value 10", "other"])
        path = backend.path
        path.write_text(path.read_text().replace("old value 10", "new value 20"))
        os.utime(path, ns=(1, 1))
        assert backend.get(1).content == "new value 20"
        assert [hit.entry_id for hit in backend.search("new value 20")] == [1]


@pytest.mark.parametrize("file_name", ["../escape.md", "/etc/passwd", ".", "sub/../../x.md"])
def test_markdown_refuses_paths_outside_its_directory(tmp_path: Path, file_name: str) -> None:
    with pytest.raises(ValueError, match="outside memory directory"):
        MarkdownBackend(directory=tmp_path / "memory", file_name=file_name)


def test_markdown_refuses_symlink_escaping_directory(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    directory.mkdir()
    (directory / "memory.md").symlink_to(tmp_path / "outside.md")
    with pytest.raises(ValueError, match="outside memory directory"):
        MarkdownBackend(directory=directory)
    assert not (tmp_path / "outside.md").exists()

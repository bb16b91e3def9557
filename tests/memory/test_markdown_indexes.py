"""The markdown backend keeps its search indexes up to date without re-reading its file."""

from __future__ import annotations

import os

import pytest

from inspect_memgym.memory import markdown_backend
from inspect_memgym.memory.backend import MemoryEntry
from inspect_memgym.memory.markdown_backend import MarkdownBackend


def test_adds_and_searches_never_reparse_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[int] = []
    original = markdown_backend.parse_markdown

    def counting(text: str) -> list[MemoryEntry]:
        entries = original(text)
        parsed.append(len(entries))
        return entries

    monkeypatch.setattr(markdown_backend, "parse_markdown", counting)
    with MarkdownBackend() as backend:
        assert backend.search("anything") == []
        for number in range(300):
            backend.add(f"Entity {number} revenue: {number}M.")
            if number % 50 == 0:
                assert backend.search(f"Entity {number} revenue")[0].entry_id == number + 1
        backend.replace(7, "Entity 6 revenue: corrected to 60M.")
        backend.delete(8)
        assert [hit.entry_id for hit in backend.search("corrected")] == [7]
        assert parsed == [0]  # the empty file, read once when first used
        path = backend.path
        path.write_text(path.read_text().replace("corrected", "revised"))
        os.utime(path, ns=(1, 1))
        assert [hit.entry_id for hit in backend.search("revised")] == [7]
        assert parsed == [0, 299]  # an outside edit is read once, then indexed again


def test_a_repeated_entry_id_keeps_the_first_entry() -> None:
    with MarkdownBackend() as backend:
        backend.path.write_text(
            "# Memory\n\n<!-- entry 1 -->\nfirst\n\n<!-- entry 1 -->\nsecond\n\n"
            "<!-- entry 2 -->\nthird\n",
            encoding="utf-8",
        )
        os.utime(backend.path, ns=(1, 1))
        assert backend.entries() == [MemoryEntry(1, "first"), MemoryEntry(2, "third")]
        assert [hit.content for hit in backend.search("second")] == []
        assert backend.add("fourth") == 3

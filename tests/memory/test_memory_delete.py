"""Deleting memory entries: `MemoryBackend.delete` on both backends and the `memory_delete` tool."""

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from inspect_ai.tool import ToolError
from inspect_ai.util import store_as

from inspect_memgym.kit.inspect_internals import start_sample_store
from inspect_memgym.memory.backend import MemoryBackend, MemoryEntry
from inspect_memgym.memory.delete_tool import memory_delete
from inspect_memgym.memory.factory import BACKEND_NAMES, create_backend
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.memory.markdown_backend import MarkdownBackend, parse_markdown
from inspect_memgym.memory.operation_log import OPERATION_KEYS


@pytest.fixture(params=BACKEND_NAMES)
def backend(request: pytest.FixtureRequest) -> Iterator[MemoryBackend]:
    instance = create_backend(request.param)
    yield instance
    instance.close()


@pytest.fixture
def ledger() -> MemoryLedger:
    """A fresh sample store, as Inspect sets it for each sample."""
    start_sample_store()
    ledger = store_as(MemoryLedger)
    ledger.write_budget = 5
    return ledger


def test_delete_removes_one_entry_and_keeps_the_other_ids(backend: MemoryBackend) -> None:
    for content in ["Pepper is a beagle.", "The user is a nurse.", "The user likes tea."]:
        backend.add(content)
    backend.delete(2)
    assert backend.entries() == [
        MemoryEntry(1, "Pepper is a beagle."),
        MemoryEntry(3, "The user likes tea."),
    ]
    assert backend.count() == 2
    with pytest.raises(KeyError):
        backend.get(2)
    with pytest.raises(KeyError):
        backend.delete(2)
    assert [hit.entry_id for hit in backend.search("nurse", 5)] == []
    assert backend.add("The user works nights.") == 4


def test_markdown_delete_rewrites_the_file() -> None:
    with MarkdownBackend() as backend:
        backend.add("first")
        backend.add("second")
        backend.delete(1)
        text = backend.path.read_text(encoding="utf-8")
        assert parse_markdown(text) == [MemoryEntry(2, "second")]
        assert "first" not in text


def call(backend: MemoryBackend, **arguments: Any) -> str:
    result = asyncio.run(memory_delete(backend)(**arguments))
    assert isinstance(result, str)
    return result


def refusal(backend: MemoryBackend, **arguments: Any) -> str:
    with pytest.raises(ToolError) as caught:
        asyncio.run(memory_delete(backend)(**arguments))
    return caught.value.message


def test_memory_delete_tool_is_free_and_logged(
    backend: MemoryBackend, ledger: MemoryLedger
) -> None:
    backend.add("[2025-04-02] The user has a beagle named Pepper.")
    backend.add("[2025-04-02] The user works night shifts.")
    assert (
        call(backend, old_text="beagle named Pepper")
        == "Deleted entry 1 (free). 5 of 5 writes left."
    )
    assert [entry.entry_id for entry in backend.entries()] == [2]
    [record] = ledger.operations
    assert tuple(record) == OPERATION_KEYS
    assert record["tool"] == "memory_delete"
    assert record["ok"] is True
    assert record["cost"] == 0
    assert record["entry_id"] == 1
    assert record["old_text"] == "beagle named Pepper"
    assert record["content"] == "[2025-04-02] The user has a beagle named Pepper."
    assert record["writes_left"] == 5


def test_memory_delete_tool_refusals(backend: MemoryBackend, ledger: MemoryLedger) -> None:
    backend.add("The user likes tea.")
    backend.add("The user likes green tea.")
    assert refusal(backend, old_text="coffee").startswith("old_text was not found in any entry")
    assert refusal(backend, old_text="likes").startswith(
        "old_text appears in several entries (1, 2)"
    )
    assert refusal(backend, old_text="  ").startswith("old_text is empty; nothing deleted.")
    assert refusal(backend, old_text=3).startswith("old_text must be a string, got int.")
    assert backend.count() == 2
    assert [record["ok"] for record in ledger.operations] == [False] * 4
    assert all(record["error"] for record in ledger.operations)

"""The sample's one empty memory: built once, lent to every no-memory answer, kept empty.

Every answer borrows the same backend and tool definitions while nothing was stored; an
answer that stores something leaves a memory that the next answer never sees (its read
finds nothing, its first write is entry 1 again), and the sample's ledger is never charged.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from inspect_ai.tool import ToolDef

from inspect_memgym.kit.inspect_internals import start_sample_store
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.empty_memory import EmptyMemory
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.memory.tools import memory_tools

WRITE_BUDGET = 7


class CountingTools:
    """Builds the four memory tools and counts how often it was asked to."""

    def __init__(self) -> None:
        self.builds = 0

    def __call__(self, backend: MemoryBackend) -> list[ToolDef]:
        self.builds += 1
        return [ToolDef(tool) for tool in memory_tools(backend)]


@pytest.fixture(autouse=True)
def sample_ledger() -> None:
    start_sample_store()
    current_ledger().write_budget = WRITE_BUDGET


def _call(tools: list[ToolDef], name: str, **arguments: object) -> str:
    """Run one of the lent tools, as Inspect would for a model's call."""
    tool = next(tool for tool in tools if tool.name == name)
    return str(asyncio.run(tool.tool(**arguments)))


def test_an_untouched_memory_is_lent_again_with_the_same_tools() -> None:
    build = CountingTools()
    with EmptyMemory(build) as empty:
        with empty.lent() as first:
            assert _call(first.tools, "memory_read") == "Memory is empty."
            assert _call(first.tools, "memory_search", query="Ada") == 'No entries match "Ada".'
        with empty.lent() as second:
            assert second.backend is first.backend
            assert second.tools is first.tools
    assert build.builds == 1


def test_a_write_in_one_answer_is_not_seen_by_the_next() -> None:
    build = CountingTools()
    with EmptyMemory(build) as empty:
        with empty.lent() as first:
            stored = _call(first.tools, "memory_write", content="Ada lives in Lyon.")
            assert stored == f"Stored as entry 1. {WRITE_BUDGET - 1} of {WRITE_BUDGET} writes left."
            assert first.backend.count() == 1
        with empty.lent() as second:
            assert second.backend is not first.backend
            assert second.backend.count() == 0
            assert _call(second.tools, "memory_read") == "Memory is empty."
            again = _call(second.tools, "memory_write", content="Bo keeps bees.")
            assert again == f"Stored as entry 1. {WRITE_BUDGET - 1} of {WRITE_BUDGET} writes left."
        with empty.lent() as third:
            assert _call(third.tools, "memory_read") == "Memory is empty."
    assert build.builds == 3
    ledger = current_ledger()
    assert (ledger.writes_used, ledger.operations) == (0, [])  # the sample's ledger untouched


def test_an_edit_after_a_write_is_dropped_too() -> None:
    with EmptyMemory(CountingTools()) as empty:
        with empty.lent() as first:
            _call(first.tools, "memory_write", content="Ada lives in Lyon.")
            _call(first.tools, "memory_edit", old_text="Lyon", new_text="Oslo")
        with empty.lent() as second:
            assert second.backend.count() == 0


def test_closing_removes_the_memory_and_a_later_answer_opens_a_new_one() -> None:
    empty = EmptyMemory(CountingTools())
    with empty.lent() as first:
        directory = Path(first.backend.directory)
    assert directory.is_dir()
    empty.close()
    assert not directory.exists()
    with empty.lent() as second:
        assert second.backend.count() == 0
    empty.close()


def test_an_answer_inside_another_gets_a_memory_of_its_own() -> None:
    with EmptyMemory(CountingTools()) as empty, empty.lent() as outer:
        with empty.lent() as inner:
            assert inner.backend is not outer.backend
            _call(inner.tools, "memory_write", content="Inner note.")
        assert outer.backend.count() == 0

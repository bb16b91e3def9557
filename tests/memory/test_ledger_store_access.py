"""A memory operation reads the sample's ledger from the store once and writes it back once.

The store is counted: every ledger field an operation needs is read once, whatever the
reply says about the budget; only what the operation charged is written; and the record
and the charge are the ones the ledger would have got field by field.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest
from inspect_ai.tool import ToolDef, ToolError
from inspect_ai.util import Store

from inspect_memgym.kit.inspect_internals import start_sample_store
from inspect_memgym.memory.ledger import current_ledger, logged_operation
from inspect_memgym.memory.markdown_backend import MarkdownBackend
from inspect_memgym.memory.tools import memory_tools

LEDGER = "MemoryLedger:"
WRITE_BUDGET = 5


class CountingStore(Store):
    """A sample store that counts reads and writes of each key."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: Counter[str] = Counter()
        self.writes: Counter[str] = Counter()

    def get(self, key: str, default: Any = None) -> Any:
        self.reads[key] += 1
        return super().get(key, default)

    def set(self, key: str, value: Any) -> None:
        self.writes[key] += 1
        super().set(key, value)


@pytest.fixture
def counted() -> CountingStore:
    store = CountingStore()
    start_sample_store(store)
    ledger = current_ledger()
    ledger.write_budget = WRITE_BUDGET
    ledger.free_edits_left = 1
    store.reads.clear()
    store.writes.clear()
    return store


def _ledger_access(counter: Counter[str]) -> dict[str, int]:
    return {key.removeprefix(LEDGER): n for key, n in counter.items() if key.startswith(LEDGER)}


def _call(tools: list[ToolDef], name: str, **arguments: object) -> str:
    tool = next(tool for tool in tools if tool.name == name)
    return str(asyncio.run(tool.tool(**arguments)))


def test_a_write_reads_each_ledger_field_once_and_writes_the_charge_once(
    counted: CountingStore,
) -> None:
    with MarkdownBackend() as backend:
        tools = [ToolDef(tool) for tool in memory_tools(backend)]
        reply = _call(tools, "memory_write", content="Ada lives in Lyon.")
    assert reply == f"Stored as entry 1. {WRITE_BUDGET - 1} of {WRITE_BUDGET} writes left."
    assert _ledger_access(counted.reads) == {
        "write_budget": 1,
        "writes_used": 2,  # once for the operation, once to add its charge
        "free_edits_left": 1,
        "event_index": 1,
        "operations": 1,
    }
    assert _ledger_access(counted.writes) == {"writes_used": 1}
    ledger = current_ledger()
    assert ledger.writes_used == 1
    [record] = ledger.operations
    assert (record["tool"], record["ok"], record["cost"], record["writes_left"]) == (
        "memory_write",
        True,
        1,
        WRITE_BUDGET - 1,
    )


def test_a_free_edit_writes_only_the_free_edits_and_a_refusal_writes_nothing(
    counted: CountingStore,
) -> None:
    with MarkdownBackend() as backend:
        tools = [ToolDef(tool) for tool in memory_tools(backend)]
        _call(tools, "memory_write", content="Ada lives in Lyon.")
        counted.writes.clear()
        edited = _call(tools, "memory_edit", old_text="Lyon", new_text="Oslo")
        assert edited.startswith("Edited entry 1 (free: correction in progress).")
        assert _ledger_access(counted.writes) == {"free_edits_left": 1}
        counted.writes.clear()
        with pytest.raises(ToolError, match="start_line must be between"):
            _call(tools, "memory_read", start_line=99)
    assert _ledger_access(counted.writes) == {}
    ledger = current_ledger()
    assert (ledger.writes_used, ledger.free_edits_left) == (1, 0)
    assert [record["ok"] for record in ledger.operations] == [True, True, False]


def test_a_charge_is_added_to_what_the_ledger_holds_when_the_operation_ends(
    counted: CountingStore,
) -> None:
    with logged_operation("system_add") as (counts, record):
        current_ledger().writes_used = 2  # charged elsewhere while this operation waited
        counts.writes_used = counts.writes_used + 1
        record["cost"] = 1
    assert current_ledger().writes_used == 3

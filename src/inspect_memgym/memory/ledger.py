"""Per-sample memory bookkeeping kept in Inspect's store.

`MemoryLedger` holds the write budget, what has been spent, the correction
state the solver sets, and a log of every memory operation (successful or
refused), so scorers and diagnostics can attribute answers to writes,
reads and searches.

The memory-isolated pass (the same prompt with an empty memory) runs inside
`scratch_ledger`: the tools it calls see a fresh ledger with the same budget
and leave the sample's ledger untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from inspect_ai.tool import ToolError
from inspect_ai.util import Store
from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel
from inspect_memgym.memory.budget import UNBOUNDED_WRITE_BUDGET, writes_left
from inspect_memgym.memory.operation_log import record_operation
from inspect_memgym.memory.operations import MemoryRefusal


class MemoryLedger(JsonStoreModel):
    """Write budget and operation log of one sample.

    Attributes:
        write_budget: Total writes allowed (every solver or strategy sets it).
        writes_used: Writes charged so far.
        free_edits_left: Free edits remaining; the solver sets it above zero
            while a correction event is processed and back to zero after.
        event_index: Index of the event being processed (set by the solver).
        operations: One record per tool call, in call order.
    """

    write_budget: int = Field(default=UNBOUNDED_WRITE_BUDGET)
    writes_used: int = Field(default=0)
    free_edits_left: int = Field(default=0)
    event_index: int = Field(default=-1)
    operations: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def writes_left(self) -> int:
        """Writes still available (never negative)."""
        return writes_left(self.write_budget, self.writes_used)

    def log_operation(self, record: dict[str, Any]) -> None:
        """Append one record to `operations`, in place.

        Reassigning the field would re-validate the whole, growing log on every call;
        the record is plain JSON, so appending to the stored list is enough.

        Args:
            record: The operation record.
        """
        self.operations.append(record)


_bound_ledger = BoundStoreModel(MemoryLedger)
_scratch: ContextVar[MemoryLedger | None] = ContextVar("memgym_scratch_ledger", default=None)


def current_ledger() -> MemoryLedger:
    """`store_as(MemoryLedger)` for the current sample, bound once and reused.

    Binding a `StoreModel` costs a pass over all its fields; a bound one reads and writes
    the store on every access, so one per sample serves every tool call. Inside
    `scratch_ledger`, the scratch ledger instead.
    """
    scratch = _scratch.get()
    return scratch if scratch is not None else _bound_ledger.get()


@contextmanager
def scratch_ledger() -> Iterator[MemoryLedger]:
    """Memory operations in the block go to a fresh ledger, not the sample's.

    The fresh ledger has the sample's write budget and event index and nothing spent, as
    a memory that holds nothing would; what happens in the block is dropped after it.

    Yields:
        The scratch ledger.
    """
    sample = current_ledger()
    scratch = MemoryLedger(
        store=Store(), write_budget=sample.write_budget, event_index=sample.event_index
    )
    token = _scratch.set(scratch)
    try:
        yield scratch
    finally:
        _scratch.reset(token)


@dataclass
class LedgerCounts:
    """A ledger's counters for one operation: read from the store once, written back once.

    Every read of a `MemoryLedger` field goes through the store, and every write validates
    the ledger against it; an operation reads the budget several times (the writes left,
    the budget sentence of its reply), so it works on these plain values instead.

    Attributes:
        write_budget: Total writes allowed.
        writes_used: Writes charged so far, this operation's included.
        free_edits_left: Free edits remaining, this operation's included.
        event_index: Index of the event being processed.
        records: The operation's record, once logged.
    """

    write_budget: int
    writes_used: int
    free_edits_left: int
    event_index: int
    records: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def read(cls, ledger: MemoryLedger) -> LedgerCounts:
        """The ledger's counters, each read once.

        Args:
            ledger: The sample's (or the scratch) ledger.
        """
        return cls(
            ledger.write_budget, ledger.writes_used, ledger.free_edits_left, ledger.event_index
        )

    @property
    def writes_left(self) -> int:
        """Writes still available (never negative)."""
        return writes_left(self.write_budget, self.writes_used)

    def log_operation(self, record: dict[str, Any]) -> None:
        """Keep the operation's record for `write_back`.

        Args:
            record: The operation record.
        """
        self.records.append(record)

    def write_back(self, ledger: MemoryLedger, read: LedgerCounts) -> None:
        """Add what the operation charged to the ledger, and append its record.

        Only changed counters are written, as differences from what was read, so an
        operation that waited on something (a memory system's call) adds to what the
        ledger holds by then.

        Args:
            ledger: The ledger the counters were read from.
            read: The counters as read.
        """
        if self.writes_used != read.writes_used:
            ledger.writes_used = ledger.writes_used + self.writes_used - read.writes_used
        if self.free_edits_left != read.free_edits_left:
            ledger.free_edits_left = (
                ledger.free_edits_left + self.free_edits_left - read.free_edits_left
            )
        for record in self.records:
            ledger.log_operation(record)


@contextmanager
def logged_operation(name: str, **fields: Any) -> Iterator[tuple[LedgerCounts, dict[str, Any]]]:
    """Log one memory operation, timed, in the current sample's ledger, success or not.

    The one place a sample's ledger record is written (`operation_log.record_operation`):
    every memory tool call and every operation a strategy performs itself (storing a
    message, retrieving before a reply) goes through it. The body fills the yielded
    record (`operation_log.OPERATION_KEYS`); the operation counts as successful unless the
    body sets ``error`` or raises (a `ToolError`'s or `MemoryRefusal`'s message, or the
    exception's type and message, becomes the record's ``error``). The body charges the
    yielded counters (`LedgerCounts`), written back to the ledger once when it ends.

    Args:
        name: Operation name recorded as ``tool`` (e.g. ``"memory_write"``, ``"rag_store"``).
        **fields: Initial record values (e.g. ``query``).

    Yields:
        The operation's counters and its record.
    """
    ledger = current_ledger()
    counts = LedgerCounts.read(ledger)
    read = replace(counts)
    try:
        with record_operation(
            counts, name, refusals=(ToolError, MemoryRefusal), **fields
        ) as record:
            yield counts, record
    finally:
        counts.write_back(ledger, read)

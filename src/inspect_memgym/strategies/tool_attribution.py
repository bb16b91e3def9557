"""Write/read/use attribution of answers given with the memory tools (the agentic strategy).

What a task needs to attribute a wrong answer to the first failing stage
(`scoring.failure_labels`) when its memory is made of tool calls: memory as each input saw
it, replayed from the ledger's operation log (`memory_by_event`: every entry's content when
the input began, and every entry a read or search returned during it), and the rule that
picks the label (`first_failing_stage`). What counts as a fact being in a piece of memory is
the task's (entity_stream's fact checks). Nothing here imports Inspect.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from inspect_memgym.scoring.failure_labels import (
    READ_FAILURE,
    UTILIZATION_FAILURE,
    WRITE_FAILURE,
    FailureLabel,
)

WRITE_TOOLS = frozenset({"memory_write", "memory_edit"})
"""Tools whose successful records carry an entry's full new content."""
RETRIEVAL_TOOLS = frozenset({"memory_read", "memory_search"})
"""Tools whose successful records list the entry ids they returned."""

Memory = TypeVar("Memory", contravariant=True)
FactId = TypeVar("FactId")
AttributionLabel = Literal["correct"] | FailureLabel
"""One answer's attribution: ``correct`` or its failure label."""


@dataclass(frozen=True)
class EventMemory:
    """Memory as one input (event) saw it, as entry contents.

    Attributes:
        stored: Content of every entry when the event began.
        retrieved: Content of every entry a successful read or search returned during the
            event (as it stood at that call), repeats included.
    """

    stored: tuple[str, ...]
    retrieved: tuple[str, ...]


class NeededFact(Protocol[Memory]):
    """A fact an answer needs, and whether a piece of memory holds it."""

    def stored_in_any(self, memory: Memory) -> bool:
        """Whether ``memory`` holds the fact.

        Args:
            memory: Memory in the task's form (e.g. records cut from entries).
        """
        ...


@dataclass(frozen=True)
class StageVerdict(Generic[FactId]):
    """The first failing stage of one answer and the facts it blames.

    Attributes:
        label: ``correct`` or a failure label.
        blamed: For a write failure the facts not stored; for a read failure the facts not
            retrieved; otherwise empty.
    """

    label: AttributionLabel
    blamed: tuple[FactId, ...] = ()


def first_failing_stage(
    correct: bool,
    needed: Sequence[tuple[FactId, NeededFact[Memory]]],
    stored: Memory,
    retrieved: Memory,
) -> StageVerdict[FactId]:
    """Label one answer: correct, else the first failing stage (write, read, use).

    Args:
        correct: Whether the answer was judged correct.
        needed: Each fact the gold depends on, with its check.
        stored: Memory when the question was asked.
        retrieved: What reads and searches returned while answering.
    """
    if correct:
        return StageVerdict("correct")
    unstored = tuple(fact for fact, check in needed if not check.stored_in_any(stored))
    if unstored:
        return StageVerdict(WRITE_FAILURE, unstored)
    unread = tuple(fact for fact, check in needed if not check.stored_in_any(retrieved))
    if unread:
        return StageVerdict(READ_FAILURE, unread)
    return StageVerdict(UTILIZATION_FAILURE)


def memory_by_event(
    operations: Sequence[Mapping[str, Any]], event_indices: Iterable[int]
) -> dict[int, EventMemory]:
    """Replay the operation log and capture memory as each given event saw it.

    Operations are in call order, which follows the inputs, so their ``event`` indices
    never decrease.

    Args:
        operations: ``MemoryLedger.operations``.
        event_indices: Indices of the events of interest.
    """
    pending = sorted(set(event_indices))
    wanted = set(pending)
    entries: dict[int, str] = {}
    stored: dict[int, tuple[str, ...]] = {}
    retrieved: dict[int, list[str]] = {index: [] for index in pending}
    for operation in operations:
        event = _event_of(operation)
        while pending and event >= pending[0]:
            stored[pending.pop(0)] = tuple(entries.values())
        if not operation.get("ok"):
            continue
        tool = operation.get("tool")
        if tool in WRITE_TOOLS and isinstance(operation.get("content"), str):
            entries[int(operation["entry_id"])] = operation["content"]
        elif tool in RETRIEVAL_TOOLS and event in wanted:
            returned = operation.get("returned") or []
            retrieved[event].extend(entries[i] for i in returned if i in entries)
    stored.update({index: tuple(entries.values()) for index in pending})
    return {index: EventMemory(stored[index], tuple(retrieved[index])) for index in sorted(wanted)}


def _event_of(operation: Mapping[str, Any]) -> int:
    """The event index an operation was made in (-1 if none was set)."""
    event = operation.get("event")
    return -1 if event is None else int(event)

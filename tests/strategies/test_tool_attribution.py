"""The shared write/read/use rule and ledger replay, with a task's own notion of a fact."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from inspect_memgym.strategies.tool_attribution import (
    EventMemory,
    first_failing_stage,
    memory_by_event,
)


@dataclass(frozen=True)
class Phrase:
    """A fact held by any entry that contains its phrase."""

    phrase: str

    def stored_in_any(self, memory: tuple[str, ...]) -> bool:
        return any(self.phrase in entry for entry in memory)


NEEDED = [("rent", Phrase("rent 900")), ("city", Phrase("lives in Oslo"))]


@pytest.mark.parametrize(
    ("correct", "stored", "retrieved", "label", "blamed"),
    [
        (True, (), (), "correct", ()),
        (False, ("rent 900",), ("rent 900",), "write_failure", ("city",)),
        (False, ("rent 900; lives in Oslo",), ("rent 900",), "read_failure", ("city",)),
        (
            False,
            ("rent 900, lives in Oslo",),
            ("rent 900, lives in Oslo",),
            "utilization_failure",
            (),
        ),
    ],
    ids=["correct", "write", "read", "use"],
)
def test_the_first_failing_stage_is_blamed(
    correct: bool,
    stored: tuple[str, ...],
    retrieved: tuple[str, ...],
    label: str,
    blamed: tuple[str, ...],
) -> None:
    verdict = first_failing_stage(correct, NEEDED, stored, retrieved)
    assert (verdict.label, verdict.blamed) == (label, blamed)


def test_the_replay_gives_memory_as_each_event_saw_it() -> None:
    operations = [
        {"tool": "memory_write", "ok": True, "entry_id": 0, "content": "rent 900", "event": 0},
        {"tool": "memory_write", "ok": False, "entry_id": 1, "content": "lost", "event": 0},
        {"tool": "memory_edit", "ok": True, "entry_id": 0, "content": "rent 950", "event": 1},
        {"tool": "memory_search", "ok": True, "returned": [0], "event": 2},
    ]
    assert memory_by_event(operations, [1, 2, 5]) == {
        1: EventMemory(("rent 900",), ()),
        2: EventMemory(("rent 950",), ("rent 950",)),
        5: EventMemory(("rent 950",), ()),
    }

"""What a memory holds, as text: snapshots taken at the end of each stage and of the sample.

Every memory strategy and the agentic tool loop's backend can list the items they store
(entries, notes, a summary, history messages, a memory system's items) as plain texts. A
`MemorySnapshot` is that list at one moment, with the source it came from and whether the
memory stores nothing by design (the ``none`` strategy says so explicitly instead of
showing an empty list that could also mean "stored nothing yet").

Snapshots of one sample are kept in Inspect's store (`MemoryHoldings`): every stage keeps
its count and its first items (`SNAPSHOT_ITEM_LIMIT`, each cut at `SNAPSHOT_ITEM_CHARS`),
the last stage keeps every item, whole, for the scorer that matches them to the gold
memory points (`scoring.memory_points`). `bounded_snapshot` is the form a score's metadata
shows in the viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel
from inspect_memgym.memory.backend import MemoryBackend

SNAPSHOT_ITEM_LIMIT = 20
"""Items a bounded snapshot shows (the count says how many there are in all)."""
SNAPSHOT_ITEM_CHARS = 400
"""Characters of each item a bounded snapshot shows."""
END_STAGE = "end"
"""The stage name of the snapshot taken when the sample's last input has been played."""
STORES_NOTHING_NOTE = "this memory stores nothing by design"
"""What a bounded snapshot of a memory that keeps nothing says in place of its items."""


@dataclass(frozen=True)
class MemorySnapshot:
    """Every item a memory holds at one moment.

    Attributes:
        items: The stored items as text, in the memory's own order.
        source: Where they come from (e.g. ``"markdown entries"``, ``"notes"``).
        stores_nothing: True for a memory that keeps nothing by design.
    """

    items: tuple[str, ...]
    source: str
    stores_nothing: bool = False


def backend_snapshot(backend: MemoryBackend) -> MemorySnapshot:
    """The entries of a memory backend, one item each.

    Args:
        backend: An open backend.
    """
    return MemorySnapshot(
        tuple(entry.content for entry in backend.entries()), f"{backend.name} entries"
    )


def text_items(text: str) -> tuple[str, ...]:
    """A memory kept as one text (notes, a summary) as its items: the text, if any.

    Args:
        text: The whole memory text.
    """
    return (text,) if text.strip() else ()


def bounded_snapshot(
    snapshot: MemorySnapshot,
    item_limit: int = SNAPSHOT_ITEM_LIMIT,
    item_chars: int = SNAPSHOT_ITEM_CHARS,
) -> dict[str, Any]:
    """A snapshot within a size bound: its count, source and first items, each cut.

    Args:
        snapshot: The snapshot.
        item_limit: Items shown.
        item_chars: Characters shown of each item (a cut item ends with ``...``).
    """
    shown = [_cut(item, item_chars) for item in snapshot.items[:item_limit]]
    bounded: dict[str, Any] = {
        "source": snapshot.source,
        "count": len(snapshot.items),
        "items": shown,
        "items_left_out": max(0, len(snapshot.items) - item_limit),
    }
    if snapshot.stores_nothing:
        bounded["note"] = STORES_NOTHING_NOTE
    return bounded


def _cut(item: str, chars: int) -> str:
    return item if len(item) <= chars else item[:chars].rstrip() + "..."


class MemoryHoldings(JsonStoreModel):
    """The snapshots of one sample, in the order they were taken.

    Attributes:
        stages: One bounded snapshot per stage (`bounded_snapshot`), with its ``stage``.
        final_items: Every item of the last snapshot, whole (what the scorer matches).
        final_source: The last snapshot's source.
        stores_nothing: Whether the last snapshot's memory stores nothing by design.
    """

    stages: list[dict[str, Any]] = Field(default_factory=list)
    final_items: list[str] = Field(default_factory=list)
    final_source: str = ""
    stores_nothing: bool = False

    def record(self, stage: str, snapshot: MemorySnapshot) -> None:
        """Keep one stage's snapshot (bounded) and make it the latest (whole).

        Args:
            stage: The stage name (`END_STAGE` for the sample's end).
            snapshot: What memory held then.
        """
        self.stages = [*self.stages, {"stage": stage, **bounded_snapshot(snapshot)}]
        self.final_items = list(snapshot.items)
        self.final_source = snapshot.source
        self.stores_nothing = snapshot.stores_nothing

    def latest(self) -> MemorySnapshot | None:
        """The last snapshot taken, whole (None if none was)."""
        if not self.stages:
            return None
        return MemorySnapshot(tuple(self.final_items), self.final_source, self.stores_nothing)


_bound_holdings = BoundStoreModel(MemoryHoldings)


def current_holdings() -> MemoryHoldings:
    """`store_as(MemoryHoldings)` for the current sample, bound once and reused."""
    return _bound_holdings.get()


def record_snapshot(stage: str, snapshot: MemorySnapshot) -> None:
    """Keep a snapshot of the current sample's memory.

    Args:
        stage: The stage name.
        snapshot: What memory holds now.
    """
    current_holdings().record(stage, snapshot)

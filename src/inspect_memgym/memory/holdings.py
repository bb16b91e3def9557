"""What a memory holds, as text: snapshots taken at the end of each stage and of the sample.

Every memory strategy and the agentic tool loop's backend can list the items they store
(entries, notes, a summary, history messages, a memory system's items) as plain texts. A
`MemorySnapshot` is that list at one moment, with the source it came from and whether the
memory stores nothing by design (the ``none`` strategy says so explicitly instead of
showing an empty list that could also mean "stored nothing yet").

Snapshots of one sample are kept in Inspect's store (`MemoryHoldings`), each once: the
latest keeps every item, whole, for the scorer that matches them to the gold memory points
(`scoring.memory_points`); an earlier stage keeps its count and its first items
(`SNAPSHOT_ITEM_LIMIT`, each cut at `SNAPSHOT_ITEM_CHARS`); a stage whose memory held the
same items as the one before keeps only the name of that stage. `bounded_snapshot` is the
form a score's metadata shows in the viewer (`MemoryHoldings.stages`).
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
SAME_AS = "same_as"
"""Key of a stage whose memory held exactly what an earlier stage's did: that stage's name
(its items are shown once, there)."""
LATEST = "latest"
"""Key marking the stage whose items are the whole latest snapshot
(`MemoryHoldings.final_items`), bounded only when shown."""
FORMER_STAGES_FIELD = "stages"
"""The store field where logs written before `MemoryHoldings.taken` kept every stage bounded
(a re-scored older log shows those)."""


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
    """A snapshot within a size bound: its source, count and first items, each cut.

    The items left out are the count less the items shown.

    Args:
        snapshot: The snapshot.
        item_limit: Items shown.
        item_chars: Characters shown of each item (a cut item ends with ``...``).
    """
    bounded: dict[str, Any] = {
        "source": snapshot.source,
        "count": len(snapshot.items),
        "items": [_cut(item, item_chars) for item in snapshot.items[:item_limit]],
    }
    if snapshot.stores_nothing:
        bounded["note"] = STORES_NOTHING_NOTE
    return bounded


def _cut(item: str, chars: int) -> str:
    return item if len(item) <= chars else item[:chars].rstrip() + "..."


class MemoryHoldings(JsonStoreModel):
    """The snapshots of one sample, in the order they were taken, each kept once.

    The latest distinct snapshot is kept whole (`final_items`: what the scorer matches) and
    bounded only when shown (`stages`); an earlier one is kept bounded
    (`bounded_snapshot`) when a later, different one replaces it; a stage whose memory
    held what the latest did keeps only its name and the stage it repeats (`SAME_AS`), so
    a memory that did not change between two stages is neither copied nor bounded again.

    Attributes:
        taken: One entry per stage: its ``stage`` name with the bounded snapshot, with
            `LATEST` (the snapshot is `final_items`) or with `SAME_AS` (an earlier stage's).
        final_items: Every item of the last snapshot, whole (what the scorer matches).
        final_source: The last snapshot's source.
        stores_nothing: Whether the last snapshot's memory stores nothing by design.
    """

    taken: list[dict[str, Any]] = Field(default_factory=list)
    final_items: list[str] = Field(default_factory=list)
    final_source: str = ""
    stores_nothing: bool = False

    def record(self, stage: str, snapshot: MemorySnapshot) -> None:
        """Keep one stage's snapshot and make it the latest (whole).

        Args:
            stage: The stage name (`END_STAGE` for the sample's end).
            snapshot: What memory held then.
        """
        latest = self._latest_stage()
        if latest is not None and self._holds_the_same(snapshot):
            self.taken = [*self.taken, {"stage": stage, SAME_AS: latest}]
            return
        earlier = [
            {"stage": entry["stage"], **bounded_snapshot(self._latest_snapshot())}
            if entry.get(LATEST)
            else entry
            for entry in self.taken
        ]
        self.taken = [*earlier, {"stage": stage, LATEST: True}]
        self.final_items = list(snapshot.items)
        self.final_source = snapshot.source
        self.stores_nothing = snapshot.stores_nothing

    @property
    def stages(self) -> list[dict[str, Any]]:
        """Every stage within a size bound, as a score's metadata shows them.

        Each reads ``stage``, ``source``, ``count`` and its first items (`bounded_snapshot`),
        or, for a stage whose memory held what an earlier one did, ``stage``, ``source``,
        ``count`` and `SAME_AS` that stage.
        """
        if not self.taken and self.final_source:  # a log written before `taken`
            return list(self.store.get(self._ns_name(FORMER_STAGES_FIELD), []))
        bounded: dict[str, dict[str, Any]] = {}
        shown: list[dict[str, Any]] = []
        for entry in self.taken:
            if SAME_AS in entry:
                repeated = bounded[entry[SAME_AS]]
                shown.append(
                    {
                        "stage": entry["stage"],
                        "source": repeated["source"],
                        "count": repeated["count"],
                        SAME_AS: entry[SAME_AS],
                    }
                )
                continue
            view = (
                {"stage": entry["stage"], **bounded_snapshot(self._latest_snapshot())}
                if entry.get(LATEST)
                else entry
            )
            bounded[entry["stage"]] = view
            shown.append(view)
        return shown

    def latest(self) -> MemorySnapshot | None:
        """The last snapshot taken, whole (None if none was)."""
        if not self.taken and not self.final_source:
            return None
        return self._latest_snapshot()

    def _latest_snapshot(self) -> MemorySnapshot:
        return MemorySnapshot(tuple(self.final_items), self.final_source, self.stores_nothing)

    def _latest_stage(self) -> str | None:
        """The name of the stage whose snapshot is the latest distinct one (None if none)."""
        return next((entry["stage"] for entry in self.taken if entry.get(LATEST)), None)

    def _holds_the_same(self, snapshot: MemorySnapshot) -> bool:
        return (
            snapshot.source == self.final_source
            and snapshot.stores_nothing == self.stores_nothing
            and list(snapshot.items) == self.final_items
        )


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

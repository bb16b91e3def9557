"""What a memory holds, kept in the sample's store: each snapshot once, within its bound."""

from __future__ import annotations

import json

from inspect_ai.util import Store

from inspect_memgym.memory.holdings import (
    SAME_AS,
    SNAPSHOT_ITEM_CHARS,
    SNAPSHOT_ITEM_LIMIT,
    STORES_NOTHING_NOTE,
    MemoryHoldings,
    MemorySnapshot,
)

LONG = "Argon Labs|c=Foundry|a0=200000|" + "x" * 600
"""An item longer than a bounded snapshot shows."""


def holdings() -> MemoryHoldings:
    return MemoryHoldings(store=Store())


def test_nothing_recorded_is_no_snapshot() -> None:
    empty = holdings()
    assert empty.latest() is None and empty.stages == []


def test_a_stage_that_held_what_the_one_before_did_keeps_only_that_stages_name() -> None:
    kept = holdings()
    kept.record("session 1", MemorySnapshot((LONG, "Basalt Works|a0=5"), "markdown entries"))
    kept.record("end", MemorySnapshot((LONG, "Basalt Works|a0=5"), "markdown entries"))
    assert kept.taken == [
        {"stage": "session 1", "latest": True},
        {"stage": "end", SAME_AS: "session 1"},
    ]
    first, end = kept.stages
    assert (first["stage"], first["count"], len(first["items"])) == ("session 1", 2, 2)
    assert end == {"stage": "end", "source": "markdown entries", "count": 2, SAME_AS: "session 1"}
    latest = kept.latest()
    assert latest is not None and latest.items == (LONG, "Basalt Works|a0=5")


def test_every_item_is_kept_once_whole_in_the_store_and_earlier_stages_bounded() -> None:
    kept = holdings()
    kept.record("period 0", MemorySnapshot((LONG,), "notes"))
    kept.record("period 1", MemorySnapshot((LONG + " and more",), "notes"))
    stored = json.dumps(dict(kept.store.items()))  # the store as the log records it
    # period 0 bounded, period 1 whole, and not a second time bounded
    assert stored.count(LONG[:SNAPSHOT_ITEM_CHARS]) == 2
    assert kept.final_items == [LONG + " and more"]
    earlier, latest = kept.stages
    assert earlier["items"] == [LONG[:SNAPSHOT_ITEM_CHARS] + "..."]
    assert latest["items"] == [LONG[:SNAPSHOT_ITEM_CHARS] + "..."]
    assert [entry["stage"] for entry in kept.taken] == ["period 0", "period 1"]
    assert "items" in kept.taken[0] and "items" not in kept.taken[1]


def test_a_changed_memory_after_a_repeated_stage_shows_each_stage() -> None:
    kept = holdings()
    kept.record("period 0", MemorySnapshot(("a",), "notes"))
    kept.record("period 1", MemorySnapshot(("a",), "notes"))
    kept.record("end", MemorySnapshot(("a", "b"), "notes"))
    assert [(stage["stage"], stage["count"]) for stage in kept.stages] == [
        ("period 0", 1),
        ("period 1", 1),
        ("end", 2),
    ]
    assert kept.stages[0]["items"] == ["a"] and kept.stages[1][SAME_AS] == "period 0"
    assert kept.stages[2]["items"] == ["a", "b"]


def test_the_shown_stages_stay_within_their_bound() -> None:
    kept = holdings()
    items = tuple(f"item {index} " + "y" * 500 for index in range(SNAPSHOT_ITEM_LIMIT + 5))
    kept.record("end", MemorySnapshot(items, "history"))
    [end] = kept.stages
    assert end["count"] == SNAPSHOT_ITEM_LIMIT + 5
    assert len(end["items"]) == SNAPSHOT_ITEM_LIMIT
    assert max(len(item) for item in end["items"]) == SNAPSHOT_ITEM_CHARS + 3
    latest = kept.latest()
    assert latest is not None and latest.items == items


def test_a_memory_that_stores_nothing_says_so_at_every_stage() -> None:
    kept = holdings()
    kept.record("session 1", MemorySnapshot((), "none", stores_nothing=True))
    kept.record("end", MemorySnapshot((), "none", stores_nothing=True))
    first, end = kept.stages
    assert first["note"] == STORES_NOTHING_NOTE and end[SAME_AS] == "session 1"
    latest = kept.latest()
    assert latest is not None and latest.stores_nothing


def test_a_log_written_before_shows_its_stages_and_its_latest_snapshot() -> None:
    older = [{"stage": "end", "source": "notes", "count": 1, "items": ["a"], "items_left_out": 0}]
    store = Store(
        {
            "MemoryHoldings:stages": older,
            "MemoryHoldings:final_items": ["a"],
            "MemoryHoldings:final_source": "notes",
            "MemoryHoldings:stores_nothing": False,
        }
    )
    kept = MemoryHoldings(store=store)
    assert kept.stages == older
    latest = kept.latest()
    assert latest is not None and latest.items == ("a",)

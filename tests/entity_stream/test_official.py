"""MemoryGym's own composite beside ours, from the same verdicts and writes.

Exact figures from hand-made outcome lists (no eval), and MemoryGym's storage coverage from
hand-built company events and operation logs in the form ``MemoryLedger.operations``
records them. The memgym policies' end-to-end figures are in ``test_entity_stream_memgym``.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from inspect_memgym.entity_stream.axes import SCORE_KEYS, QuestionOutcome, axis_scores
from inspect_memgym.entity_stream.official import (
    OFFICIAL_COMPOSITE,
    OFFICIAL_EFFICIENCY,
    OFFICIAL_MAINTENANCE,
    official_axes,
    storage_coverage,
)
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.memory.operation_log import OPERATION_KEYS
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS

COMPANY = get_template("company")


def outcome(axis: str, correct: bool) -> QuestionOutcome:
    return QuestionOutcome(axis, axis, correct)


# breadth 2/3, maintenance 2/2, reasoning 1/4, abstention 1/1: 5 answerable right
MIXED = [
    outcome("breadth", True),
    outcome("breadth", True),
    outcome("breadth", False),
    outcome("maintenance", True),
    outcome("maintenance", True),
    outcome("reasoning", True),
    outcome("reasoning", False),
    outcome("reasoning", False),
    outcome("reasoning", False),
    outcome("abstention", True),
]


def test_the_official_keys_sit_before_the_failure_rates() -> None:
    official = (OFFICIAL_COMPOSITE, OFFICIAL_MAINTENANCE, OFFICIAL_EFFICIENCY)
    assert SCORE_KEYS[-7:] == (*official, *FAILURE_RATE_KEYS, "not_reached")


def test_memorygym_divides_by_the_whole_budget_and_gates_maintenance_by_coverage() -> None:
    official = official_axes(MIXED, write_budget=15, storage_coverage=0.3)
    assert official[OFFICIAL_EFFICIENCY] == pytest.approx(5 / 15)
    assert official[OFFICIAL_MAINTENANCE] == pytest.approx(1.0 * 0.3 / 0.5)
    composite = 0.30 * 2 / 3 + 0.25 * 0.6 + 0.25 * 0.25 + 0.20 * 5 / 15
    assert official[OFFICIAL_COMPOSITE] == pytest.approx(composite)
    assert official[OFFICIAL_COMPOSITE] == pytest.approx(0.479167, abs=1e-6)
    # ours: maintenance ungated; efficiency 0.5 accuracy over max(1, 5 writes / 9 free)
    ours = axis_scores(MIXED, writes_used=5, fact_event_count=4)
    assert ours["maintenance"] == 1.0 and ours["efficiency"] == pytest.approx(5 / 9)
    assert ours["composite"] == pytest.approx(0.30 * 2 / 3 + 0.25 + 0.25 * 0.25 + 0.20 * 5 / 9)
    # at half coverage or more the gate is open
    assert official_axes(MIXED, 15, 0.5)[OFFICIAL_MAINTENANCE] == 1.0
    assert official_axes(MIXED, 15, 1.0)[OFFICIAL_MAINTENANCE] == 1.0


def test_a_perfect_packer_stays_below_one_and_efficiency_is_capped() -> None:
    # MemoryGym's lite tier: 9 answerable questions against a budget of 15 writes
    perfect = [outcome("breadth", True)] * 4 + [outcome("maintenance", True)] * 2
    perfect += [outcome("reasoning", True)] * 3 + [outcome("abstention", True)]
    official = official_axes(perfect, write_budget=15, storage_coverage=1.0)
    assert official[OFFICIAL_COMPOSITE] == pytest.approx(0.80 + 0.20 * 9 / 15)
    assert axis_scores(perfect, writes_used=7, fact_event_count=7)["composite"] == 1.0
    assert official_axes(perfect, write_budget=5, storage_coverage=1.0)[OFFICIAL_EFFICIENCY] == 1.0
    assert official_axes(perfect, write_budget=0, storage_coverage=1.0)[OFFICIAL_EFFICIENCY] == 0.0


def test_an_absent_axis_scores_zero_with_its_weight() -> None:
    # the smoke tier asks no breadth and no reasoning question
    smoke = [outcome("maintenance", True), outcome("abstention", True)]
    official = official_axes(smoke, write_budget=5, storage_coverage=1.0)
    assert official[OFFICIAL_COMPOSITE] == pytest.approx(0.25 * 1.0 + 0.20 * 1 / 5)
    ours = axis_scores(smoke, writes_used=1, fact_event_count=3)
    assert math.isnan(ours["breadth"]) and math.isnan(ours["reasoning"])
    assert ours["composite"] == pytest.approx(1.0)  # the weights of the present axes rescaled


def test_unknown_coverage_leaves_maintenance_and_the_composite_nan() -> None:
    official = official_axes(MIXED, write_budget=15, storage_coverage=math.nan)
    assert math.isnan(official[OFFICIAL_COMPOSITE]) and math.isnan(official[OFFICIAL_MAINTENANCE])
    assert official[OFFICIAL_EFFICIENCY] == pytest.approx(5 / 15)


def entity(
    name: str, values: dict[str, Any], supplies_to: list[str] | None = None
) -> dict[str, Any]:
    relations = {"supplies_to": supplies_to or [], "competes_with": []}
    return {"name": name, "category": "Fintech", "values": values, "relations": relations}


def write(entry_id: int, content: str, tool: str = "memory_write") -> dict[str, Any]:
    made: dict[str, Any] = dict.fromkeys(OPERATION_KEYS)
    made.update(event=0, tool=tool, ok=True, cost=1, entry_id=entry_id, content=content)
    return made


EVENTS = [
    {
        "index": 0,
        "kind": "ingest",
        "text": "DOCUMENTS",
        "payload": {
            "batch": 1,
            "batches": 1,
            "entities": [
                entity("Argon Labs", {"revenue": 175720.5, "employees": 1234}),
                entity("Basalt Works", {"employees": 123}, supplies_to=["Cinder Systems"]),
                entity("Cinder Systems", {"offices": 7}),
                entity("Dune Partners", {"patents": 88}),
            ],
        },
    },
    {
        "index": 1,
        "kind": "correction",
        "text": "notice",
        "payload": {"entity": "Dune Partners", "attribute": "patents", "new": 90},
    },
]


def test_an_entity_is_stored_when_one_entry_names_it_with_one_of_its_values() -> None:
    operations = [
        # Argon Labs with its revenue: stored
        write(1, "Argon Labs|c=Fintech|a0=175720.5"),
        # Basalt Works with 1234 (Argon's headcount), not its own 123: not stored
        write(2, "Basalt Works, 1234 staff, supplies Cinder Systems"),
        # Cinder Systems named here, its 7 offices in another entry: not stored
        write(3, "Cinder Systems: offices 7"),
        # the last write replaced by an edit that drops the number
        write(3, "Cinder Systems: offices unknown", tool="memory_edit"),
        # Dune Partners with its value before the correction (88): not stored at the end
        write(4, "Dune Partners holds 88 patents"),
    ]
    assert storage_coverage(COMPANY, EVENTS, operations) == pytest.approx(1 / 4)
    corrected = [*operations, write(4, "Dune Partners holds 90 patents", tool="memory_edit")]
    assert storage_coverage(COMPANY, EVENTS, corrected) == pytest.approx(2 / 4)
    assert storage_coverage(COMPANY, EVENTS, []) == 0.0
    assert math.isnan(storage_coverage(COMPANY, EVENTS[1:], operations))

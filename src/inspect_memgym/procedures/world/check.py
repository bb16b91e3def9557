"""The rule check of a final state: required changes made, forbidden changes absent.

A test task names its record; what the house requires of it (`required_record`) is the
record closed with the remedy due, the note in the house format, an approval exactly when
the amount is above the threshold and an escalation exactly when the tier requires one.
Any other difference from that record, or any change to another record, is forbidden.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from inspect_memgym.procedures.world.model import CLOSED, WorldState
from inspect_memgym.procedures.world.rules import (
    Rules,
    house_note,
    needs_approval,
    needs_escalation,
    remedy_due,
)

REQUIRED_FIELDS = ("status", "remedy", "note", "approved", "escalated")


@dataclass(frozen=True)
class CheckResult:
    """The verdict on a final state.

    Attributes:
        passed: Every required change made and no forbidden one.
        missing: Required changes not made (``field: wanted, found``).
        forbidden: Changes that should not have been made.
    """

    passed: bool
    missing: tuple[str, ...]
    forbidden: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """As plain data."""
        return asdict(self)


def required_state(initial: WorldState, record_id: str, rules: Rules) -> WorldState:
    """The state the task requires: its record resolved by the rules, the rest unchanged.

    Args:
        initial: The state before the task.
        record_id: The task's record.
        rules: The world's rules.
    """
    record = initial.record(record_id)
    assert record is not None
    customer = initial.customer(record.customer_id)
    assert customer is not None
    resolved = replace(
        record,
        status=CLOSED,
        remedy=remedy_due(rules, record, customer),
        note=house_note(rules.note_format, record, customer),
        approved=needs_approval(rules, record),
        escalated=needs_escalation(rules, customer),
    )
    return initial.with_record(resolved)


def check_state(
    initial: WorldState, final: WorldState, record_id: str, rules: Rules
) -> CheckResult:
    """Compare the final state's diff with the required one.

    Args:
        initial: The state before the task.
        final: The state after it.
        record_id: The task's record.
        rules: The world's rules.
    """
    wanted = required_state(initial, record_id, rules)
    missing: list[str] = []
    forbidden: list[str] = []
    for before, required, after in zip(initial.records, wanted.records, final.records, strict=True):
        for field in REQUIRED_FIELDS:
            was, want, got = (getattr(r, field) for r in (before, required, after))
            if got == want:
                continue
            if got == was:
                missing.append(f"{after.record_id}.{field}: wanted {want!r}, found {got!r}")
            else:
                forbidden.append(f"{after.record_id}.{field}: {was!r} -> {got!r}")
    return CheckResult(not missing and not forbidden, tuple(missing), tuple(forbidden))

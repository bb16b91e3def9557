"""The tool calls that resolve a case, for an agent that knows some of the rules.

An agent that knows a rule's kind applies the rule; for a kind it does not know it takes
the memoryless default: no approval, no escalation, the remedy before the note, the full
amount, the record id as the note. A cautious agent may approve or escalate every case.
The train episodes and the scripted policies both plan here.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from inspect_memgym.procedures.world.domains import Domain
from inspect_memgym.procedures.world.model import Customer, Record, money
from inspect_memgym.procedures.world.rules import (
    Rules,
    house_note,
    needs_approval,
    needs_escalation,
    remedy_due,
)


@dataclass(frozen=True)
class PlannedCall:
    """One tool call of a plan.

    Attributes:
        function: Tool name.
        arguments: Its arguments.
    """

    function: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Approach:
    """How an agent resolves a case.

    Attributes:
        known: The rule kinds it knows and applies.
        always_approve: Request an approval on every case.
        always_escalate: Escalate every case.
    """

    known: frozenset[str]
    always_approve: bool = False
    always_escalate: bool = False


def plan_case(
    record: Record, customer: Customer, rules: Rules, domain: Domain, approach: Approach
) -> list[PlannedCall]:
    """The calls that resolve one case, in order.

    Args:
        record: The case's record.
        customer: Its customer.
        rules: The world's rules (only the known kinds are read).
        domain: The domain.
        approach: What the agent knows and how cautious it is.
    """
    known = approach.known
    record_argument = {"record_id": record.record_id}
    calls = [
        PlannedCall("lookup_customer", {"customer_id": customer.customer_id}),
        PlannedCall(domain.lookup_tool, dict(record_argument)),
    ]
    if approach.always_escalate or ("escalation" in known and needs_escalation(rules, customer)):
        calls.append(PlannedCall("escalate_case", dict(record_argument)))
    if approach.always_approve or ("approval" in known and needs_approval(rules, record)):
        calls.append(PlannedCall("request_approval", dict(record_argument)))
    amount = remedy_due(rules, record, customer) if "fee" in known else record.amount
    note = house_note(rules.note_format, record, customer) if "note" in known else record.record_id
    remedy = PlannedCall(domain.remedy_tool, {**record_argument, "amount": float(money(amount))})
    add_note = PlannedCall("add_note", {**record_argument, "text": note})
    note_first = "order" in known and rules.note_first
    calls += [add_note, remedy] if note_first else [remedy, add_note]
    calls.append(PlannedCall("close_case", dict(record_argument)))
    return calls


def everything_known(kinds: Collection[str]) -> Approach:
    """The approach of an agent that knows the given kinds and is not over-cautious.

    Args:
        kinds: Rule kinds.
    """
    return Approach(frozenset(kinds))

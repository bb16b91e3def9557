"""The world's tools as pure functions: a state and arguments in, a new state and a text out.

Every tool returns a `ToolOutcome`. A refusal is an outcome with ``refused`` set (the task
turns it into a tool error the model reads); a refusal caused by a hidden rule also puts the
case on hold, so it cannot be retried: a violated rule is either refused for good or
accepted silently and caught by the final check (`check`). The descriptions say what each
tool does and nothing of the hidden rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from inspect_memgym.procedures.world.domains import Domain
from inspect_memgym.procedures.world.model import (
    CLOSED,
    ON_HOLD,
    Record,
    WorldState,
    money,
)
from inspect_memgym.procedures.world.rules import Rules, needs_approval, needs_escalation

HOLD_SENTENCE = " The case is now on hold and accepts no further changes."


@dataclass(frozen=True)
class ToolOutcome:
    """What one tool call did.

    Attributes:
        state: The state after the call.
        text: The result, or the refusal's message.
        refused: Whether the call was refused.
    """

    state: WorldState
    text: str
    refused: bool = False

    def call_record(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The call as a pass records it: function, arguments, result, refused.

        Args:
            name: Tool name.
            arguments: Its arguments.
        """
        return {
            "function": name,
            "arguments": arguments,
            "result": self.text,
            "refused": self.refused,
        }


@dataclass(frozen=True)
class ToolSpec:
    """One tool as the model sees it.

    Attributes:
        name: Tool name.
        description: What it does.
        parameters: Parameter name -> (JSON type, description).
    """

    name: str
    description: str
    parameters: Mapping[str, tuple[str, str]]


def tool_specs(domain: Domain) -> tuple[ToolSpec, ...]:
    """The domain's tools, in the order they are offered.

    Args:
        domain: The domain.
    """
    record_id = ("string", f"Id of the {domain.record}.")
    return (
        ToolSpec(
            "lookup_customer",
            "Show a customer: name and tier.",
            {"customer_id": ("string", "Id of the customer.")},
        ),
        ToolSpec(
            domain.lookup_tool,
            f"Show a {domain.record}: customer, amount paid, status, {domain.remedy} issued, note.",
            {"record_id": record_id},
        ),
        ToolSpec(
            "request_approval",
            f"Record a supervisor approval for the {domain.record}'s {domain.remedy}.",
            {"record_id": record_id},
        ),
        ToolSpec(
            "escalate_case",
            f"Escalate the {domain.record}'s case to the escalation desk.",
            {"record_id": record_id},
        ),
        ToolSpec(
            domain.remedy_tool,
            f"Issue a {domain.remedy} of the given amount for the {domain.record} (once).",
            {"record_id": record_id, "amount": ("number", f"The {domain.remedy} amount.")},
        ),
        ToolSpec(
            "add_note",
            f"Set the {domain.record}'s reference note (replaces any earlier note).",
            {"record_id": record_id, "text": ("string", "The note.")},
        ),
        ToolSpec(
            "close_case",
            f"Close the {domain.record}'s case once its {domain.remedy} is issued.",
            {"record_id": record_id},
        ),
    )


ToolFunction = Callable[[WorldState, Rules, Domain, dict[str, Any]], ToolOutcome]


def run_tool(
    state: WorldState, rules: Rules, domain: Domain, name: str, arguments: dict[str, Any]
) -> ToolOutcome:
    """Run one tool call on a state (the state itself never changes).

    Args:
        state: The state before the call.
        rules: The world's hidden rules.
        domain: The domain.
        name: Tool name.
        arguments: Its arguments.
    """
    functions = _functions(domain)
    if name not in functions:
        return ToolOutcome(state, f"Unknown tool {name!r}.", refused=True)
    return functions[name](state, rules, domain, arguments)


def _functions(domain: Domain) -> dict[str, ToolFunction]:
    return {
        "lookup_customer": _lookup_customer,
        domain.lookup_tool: _lookup_record,
        "request_approval": _request_approval,
        "escalate_case": _escalate,
        domain.remedy_tool: _issue_remedy,
        "add_note": _add_note,
        "close_case": _close,
    }


def _lookup_customer(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any]
) -> ToolOutcome:
    customer = state.customer(str(arguments.get("customer_id", "")))
    if customer is None:
        return ToolOutcome(state, "No such customer.", refused=True)
    text = f"Customer {customer.customer_id}: {customer.name}, tier {customer.tier}."
    return ToolOutcome(state, text)


def _lookup_record(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any]
) -> ToolOutcome:
    record = state.record(str(arguments.get("record_id", "")))
    if record is None:
        return ToolOutcome(state, f"No such {domain.record}.", refused=True)
    remedy = "none" if record.remedy is None else money(record.remedy)
    text = (
        f"{domain.record.capitalize()} {record.record_id}: customer {record.customer_id}, "
        f"amount paid {money(record.amount)}, status {record.status}, "
        f"{domain.remedy} issued {remedy}, note {record.note or '(none)'}."
    )
    return ToolOutcome(state, text)


def _changeable(state: WorldState, domain: Domain, arguments: dict[str, Any]) -> Record | str:
    """The record a change names, or the refusal's message."""
    record = state.record(str(arguments.get("record_id", "")))
    if record is None:
        return f"No such {domain.record}."
    if record.status == ON_HOLD:
        return "Refused: the case is on hold and accepts no further changes."
    if record.status == CLOSED:
        return "Refused: the case is closed."
    return record


RecordChange = Callable[[WorldState, Rules, Domain, dict[str, Any], Record], ToolOutcome]


def _on_changeable_record(change: RecordChange) -> ToolFunction:
    """A tool that refuses unless the record it names can still change, then makes ``change``."""

    def tool(
        state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any]
    ) -> ToolOutcome:
        record = _changeable(state, domain, arguments)
        if isinstance(record, str):
            return ToolOutcome(state, record, refused=True)
        return change(state, rules, domain, arguments, record)

    return tool


@_on_changeable_record
def _request_approval(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any], record: Record
) -> ToolOutcome:
    updated = replace(record, approved=True)
    return ToolOutcome(state.with_record(updated), f"Approval recorded for {record.record_id}.")


@_on_changeable_record
def _escalate(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any], record: Record
) -> ToolOutcome:
    updated = replace(record, escalated=True)
    return ToolOutcome(state.with_record(updated), f"Case {record.record_id} escalated.")


def _hold(state: WorldState, record: Record, reason: str) -> ToolOutcome:
    held = state.with_record(replace(record, status=ON_HOLD))
    return ToolOutcome(held, f"Refused: {reason}.{HOLD_SENTENCE}", refused=True)


@_on_changeable_record
def _issue_remedy(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any], record: Record
) -> ToolOutcome:
    if record.remedy is not None:
        return ToolOutcome(state, f"Refused: a {domain.remedy} was already issued.", refused=True)
    amount = _cents(arguments.get("amount"))
    if amount is None or amount <= 0 or amount > record.amount:
        return ToolOutcome(
            state,
            f"Refused: the amount must be positive and at most {money(record.amount)}.",
            refused=True,
        )
    customer = state.customer(record.customer_id)
    assert customer is not None
    if needs_escalation(rules, customer) and not record.escalated:
        return _hold(state, record, f"{customer.tier} cases must be escalated first")
    if needs_approval(rules, record) and not record.approved:
        return _hold(
            state,
            record,
            f"{money(record.amount)} is above the {money(rules.threshold)} "
            "approval limit and has no approval",
        )
    if rules.note_first and not record.note:
        return _hold(state, record, f"the note must be added before the {domain.remedy}")
    updated = replace(record, remedy=amount)
    text = f"{domain.remedy.capitalize()} of {money(amount)} issued for {record.record_id}."
    return ToolOutcome(state.with_record(updated), text)


@_on_changeable_record
def _add_note(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any], record: Record
) -> ToolOutcome:
    text = str(arguments.get("text", "")).strip()
    if not text:
        return ToolOutcome(state, "Refused: the note is empty.", refused=True)
    if not rules.note_first and record.remedy is None:
        return _hold(state, record, f"the note must be added after the {domain.remedy}")
    updated = replace(record, note=text)
    return ToolOutcome(state.with_record(updated), f"Note set on {record.record_id}.")


@_on_changeable_record
def _close(
    state: WorldState, rules: Rules, domain: Domain, arguments: dict[str, Any], record: Record
) -> ToolOutcome:
    if record.remedy is None:
        return ToolOutcome(state, f"Refused: no {domain.remedy} issued yet.", refused=True)
    updated = replace(record, status=CLOSED)
    return ToolOutcome(state.with_record(updated), f"Case {record.record_id} closed.")


def _cents(value: Any) -> int | None:
    """An amount argument in cents (a number or a numeric string), or None."""
    try:
        return round(float(value) * 100)
    except (TypeError, ValueError):
        return None

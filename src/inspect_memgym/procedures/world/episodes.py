"""Train episodes: scripted trajectories of earlier cases, with their outcomes.

Each episode plays a plan (`plan.plan_case`) with at most one mistake against the tools,
stops at the first refusal and ends with the check's verdict. A failed episode says why:
the lesson of the rule it broke. The episode kinds of a world:

- one failure per rule kind (a refusal that put the case on hold, or a silent mistake the
  final review caught);
- a recovery: a note in the wrong format, the reviewer's correction, the note set again;
- successes (the whole procedure, no lesson stated).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from inspect_memgym.procedures.world.check import check_state
from inspect_memgym.procedures.world.domains import Domain
from inspect_memgym.procedures.world.model import Customer, Record, WorldState, money
from inspect_memgym.procedures.world.plan import PlannedCall, everything_known, plan_case
from inspect_memgym.procedures.world.rules import (
    RULE_KINDS,
    Rules,
    house_note,
    lessons,
    needs_approval,
    needs_escalation,
    remedy_due,
)
from inspect_memgym.procedures.world.tools import run_tool

SUCCESS = "success"
RECOVERY = "recovery"
"""Episode kinds besides the rule kinds (a failure on that rule)."""


@dataclass(frozen=True)
class Step:
    """One step of an episode: a tool call and its result, or a reviewer's remark.

    Attributes:
        function: Tool name ("" for a remark).
        arguments: Its arguments.
        result: The result, the refusal's message or the remark.
        refused: Whether the call was refused.
    """

    function: str
    arguments: dict[str, Any]
    result: str
    refused: bool = False

    def render(self, number: int) -> str:
        """The step as one line of the episode text.

        Args:
            number: Its number in the episode.
        """
        if not self.function:
            return f"{number}. Reviewer: {self.result}"
        arguments = ", ".join(f"{key}={value!r}" for key, value in self.arguments.items())
        shown = f"ERROR: {self.result}" if self.refused else self.result
        return f"{number}. {self.function}({arguments}) -> {shown}"


@dataclass(frozen=True)
class Episode:
    """One past case and what happened.

    Attributes:
        episode_id: Id (``E3``).
        kind: `SUCCESS`, `RECOVERY` or the rule kind its failure broke.
        goal: The case's goal text.
        steps: What was done.
        passed: The outcome.
        lesson: The lesson stated at the end ("" for a success).
    """

    episode_id: str
    kind: str
    goal: str
    steps: tuple[Step, ...]
    passed: bool
    lesson: str

    def text(self) -> str:
        """The episode as the memory strategy takes it in."""
        lines = [f"Past case {self.episode_id}. Goal: {self.goal}"]
        lines += [step.render(number) for number, step in enumerate(self.steps, start=1)]
        outcome = "success" if self.passed else "failed"
        lines.append(f"Outcome: {outcome}." + (f" {self.lesson}" if self.lesson else ""))
        return "\n".join(lines)


def play_episode(
    episode_id: str,
    kind: str,
    goal: str,
    state: WorldState,
    record: Record,
    customer: Customer,
    rules: Rules,
    domain: Domain,
) -> Episode:
    """Play one train case with the mistake its kind names.

    Args:
        episode_id: Its id.
        kind: `SUCCESS`, `RECOVERY` or a rule kind to break.
        goal: The goal text.
        state: The world's initial state.
        record: The case's record.
        customer: Its customer.
        rules: The rules.
        domain: The domain.
    """
    stated = lessons(rules, domain.remedy_tool)
    forgotten = "note" if kind == RECOVERY else kind
    known = [other for other in RULE_KINDS if other != forgotten]
    calls = plan_case(record, customer, rules, domain, everything_known(known))
    if kind in RULE_KINDS:
        calls = _mistaken(calls, kind, record, customer, rules)
    steps: list[Step] = []
    current = state
    for call in calls:
        outcome = run_tool(current, rules, domain, call.function, call.arguments)
        current = outcome.state
        steps.append(Step(call.function, call.arguments, outcome.text, outcome.refused))
        if outcome.refused:
            break
        if kind == RECOVERY and call.function == "add_note":
            correction, current = _correction(current, record, customer, rules, domain)
            steps += [Step("", {}, f"that note is not in the house format. {stated['note']}")]
            steps += [correction]
    verdict = check_state(state, current, record.record_id, rules)
    lesson = stated[kind] if kind in RULE_KINDS else ""
    return Episode(episode_id, kind, goal, tuple(steps), verdict.passed, lesson)


def _mistaken(
    calls: list[PlannedCall], kind: str, record: Record, customer: Customer, rules: Rules
) -> list[PlannedCall]:
    """The plan with the one mistake of a failure on ``kind``.

    The plan was made without knowing ``kind``, so it takes the memoryless default; where
    that default happens to be right for this case, the mistake is the other choice: the
    unneeded approval or escalation, the other order, a fee taken from an exempt tier.
    """
    names = [call.function for call in calls]
    record_argument = {"record_id": record.record_id}
    if kind == "approval" and not needs_approval(rules, record):
        return _before_remedy(calls, PlannedCall("request_approval", record_argument))
    if kind == "escalation" and not needs_escalation(rules, customer):
        return _before_remedy(calls, PlannedCall("escalate_case", record_argument))
    if kind == "order" and not rules.note_first:
        note, remedy = names.index("add_note"), names.index(calls[-3].function)
        swapped = list(calls)
        swapped[note], swapped[remedy] = calls[remedy], calls[note]
        return swapped
    if kind == "fee" and customer.tier == rules.fee_exempt_tier:
        charged = remedy_due(replace(rules, fee_exempt_tier=""), record, customer)
        return [
            replace(call, arguments={**call.arguments, "amount": float(money(charged))})
            if "amount" in call.arguments
            else call
            for call in calls
        ]
    return calls


def _before_remedy(calls: list[PlannedCall], step: PlannedCall) -> list[PlannedCall]:
    """The calls with one more step right after the two lookups."""
    return [*calls[:2], step, *calls[2:]]


def _correction(
    state: WorldState, record: Record, customer: Customer, rules: Rules, domain: Domain
) -> tuple[Step, WorldState]:
    """The note set again in the house format, and the state after it."""
    arguments = {
        "record_id": record.record_id,
        "text": house_note(rules.note_format, record, customer),
    }
    outcome = run_tool(state, rules, domain, "add_note", arguments)
    return Step("add_note", arguments, outcome.text, outcome.refused), outcome.state

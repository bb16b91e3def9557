"""Scripted agents for the procedures task: what each does with a test task's tools.

Every policy acts only through the world's tools, one call per turn, and stops at the end
of its plan or after a refusal it does not answer:

- ``perfect`` applies every lesson whose statement its call shows (the lessons its
  strategy answered, or what ``retrieve_learnings`` returned, which it calls once when a
  lesson is missing); with nothing shown it knows nothing;
- ``naive`` applies no lesson: the memoryless defaults of `world.plan`;
- ``guesser`` applies no lesson and guesses each choice (approve, escalate) by
  a hash of the case;
- ``trial_and_error`` starts as naive and, after a refusal, tries every other step and
  order it has not tried (approve, escalate, note first) until one is accepted or none is
  left;
- ``always_approve`` and ``always_escalate`` are naive agents that approve, or escalate,
  every case;
- ``replayer`` replays the calls of a train episode verbatim, whatever the test task;
- ``prompt_reader`` reads only the task prompt and the tool descriptions: it takes the ids
  and the amount from the prompt and issues the full amount, notes the record id, closes;
- ``decliner``, ``hedger`` and ``dumper`` play the switch adversaries' memoryless
  behaviours (`switch_plans`); a switch (``switch_<shown>_<empty>``) has resolved to one of
  them, or to the guesser, before its call reaches `act`.
"""

from __future__ import annotations

import re

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.procedures.switch_plans import (
    DECLINED,
    DECLINER,
    DUMPER,
    HEDGER,
    dump_plan,
    hedge_plan,
)
from inspect_memgym.procedures.world.generate import ProceduresWorld, TestTask
from inspect_memgym.procedures.world.plan import Approach, PlannedCall, plan_case
from inspect_memgym.procedures.world.rules import RULE_KINDS
from inspect_memgym.simulation.actions import Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import ToolExchange, tool_exchanges

PROCEDURES_POLICIES = (
    "perfect",
    "naive",
    "guesser",
    "trial_and_error",
    "always_approve",
    "always_escalate",
    "replayer",
    "prompt_reader",
)
"""Policy names, in display order."""
MEMORYLESS_POLICIES = PROCEDURES_POLICIES[1:]
"""The policies that use no lesson (memoryless or cheating)."""
GUESS_SHARE = 0.5
"""How often the guesser approves, and escalates, a case."""
RETRIEVE = "retrieve_learnings"
RETRIEVE_TOP_K = 10
RESOLVED = "Case resolved."
STOPPED = "Stopped: the case system refused a change."
_GOAL_FIELDS = re.compile(
    r"\((?P<customer>C\d+)\).*? (?P<record>[A-Z]\d{4}) \(amount paid (?P<amount>[\d.]+)\)"
)


def known_kinds(world: ProceduresWorld, text: str) -> frozenset[str]:
    """The rule kinds whose lesson a text states verbatim.

    Args:
        world: The world.
        text: A model call's text.
    """
    return frozenset(kind for kind, lesson in world.lessons().items() if lesson in text)


def act(
    policy: str,
    world: ProceduresWorld,
    task: TestTask,
    messages: list[ChatMessage],
    tools: list[ToolInfo],
) -> Action:
    """The policy's next turn of a test task's tool loop.

    Args:
        policy: A name of `PROCEDURES_POLICIES` or `switch_plans.SWITCH_ADVERSARIES`.
        world: The world.
        task: The test task.
        messages: The call's messages.
        tools: Tools on offer.
    """
    exchanges = tool_exchanges(messages)
    done = [exchange for exchange in exchanges if exchange.function != RETRIEVE]
    if policy == "replayer":
        return _replay(world, done)
    if policy == "prompt_reader":
        return _next(_prompt_plan(world, messages), done)
    if policy == DECLINER:
        return finish(DECLINED)
    if policy in (HEDGER, DUMPER):
        record, customer = world.case(task)
        if policy == HEDGER:
            return _next(hedge_plan(record, customer, world.domain), done)
        return _every_call(dump_plan(record, customer, world.domain), done)
    text = "\n".join(message.text for message in messages)
    known = known_kinds(world, text) if policy == "perfect" else frozenset()
    offered = {info.name for info in tools}
    searched = any(exchange.function == RETRIEVE for exchange in exchanges)
    if policy == "perfect" and known != set(RULE_KINDS) and RETRIEVE in offered and not searched:
        query = {"query": task.goal, "top_k": RETRIEVE_TOP_K}
        return Action(calls=[ToolRequest(RETRIEVE, query)])
    approach = Approach(
        known,
        always_approve=policy == "always_approve",
        always_escalate=policy == "always_escalate",
    )
    if policy == "guesser":
        approach = _guess(world, task)
    plan = _plan(world, task, approach)
    if policy == "trial_and_error":
        return _trial_and_error(world, task, plan, done)
    return _next(plan, done)


def _guess(world: ProceduresWorld, task: TestTask) -> Approach:
    """A blind guess per case: approve or not, escalate or not, each by a hash."""
    approve, escalate = (
        stable_fraction("guesser", world.world_id, task.task_id, choice) < GUESS_SHARE
        for choice in ("approve", "escalate")
    )
    return Approach(frozenset(), always_approve=approve, always_escalate=escalate)


def _plan(world: ProceduresWorld, task: TestTask, approach: Approach) -> list[PlannedCall]:
    record, customer = world.case(task)
    return plan_case(record, customer, world.rules, world.domain, approach)


def _next(plan: list[PlannedCall], done: list[ToolExchange]) -> Action:
    """The plan's next call, or the end (after the plan, or after a refusal)."""
    if done and done[-1].error is not None:
        return finish(STOPPED)
    return _every_call(plan, done)


def _every_call(plan: list[PlannedCall], done: list[ToolExchange]) -> Action:
    """The plan's next call, refused or not, and the end after the last."""
    if len(done) >= len(plan):
        return finish(RESOLVED)
    call = plan[len(done)]
    return Action(calls=[ToolRequest(call.function, call.arguments)])


def _trial_and_error(
    world: ProceduresWorld, task: TestTask, plan: list[PlannedCall], done: list[ToolExchange]
) -> Action:
    """The naive plan; after a refusal, every untried step of a cautious plan, in turn."""
    if not any(exchange.error is not None for exchange in done):
        return _next(plan, done)
    cautious = _plan(world, task, Approach(frozenset({"order"}), True, True))
    tried = {_key(exchange.function, exchange.arguments) for exchange in done}
    for call in [*cautious, *plan]:
        if _key(call.function, call.arguments) not in tried:
            return Action(calls=[ToolRequest(call.function, call.arguments)])
    return finish(STOPPED)


def _key(function: str, arguments: dict[str, object]) -> str:
    return f"{function}{sorted((key, str(value)) for key, value in arguments.items())}"


def _replay(world: ProceduresWorld, done: list[ToolExchange]) -> Action:
    """The next call of the first successful train episode, verbatim."""
    episode = next(episode for episode in world.episodes if episode.passed)
    calls = [step for step in episode.steps if step.function]
    if len(done) >= len(calls):
        return finish(RESOLVED)
    step = calls[len(done)]
    return Action(calls=[ToolRequest(step.function, step.arguments)])


def _prompt_plan(world: ProceduresWorld, messages: list[ChatMessage]) -> list[PlannedCall]:
    """The calls the prompt's own words ask for: remedy of the amount paid, note, close."""
    prompt = next((m.text for m in messages if m.role == "user"), "")
    found = _GOAL_FIELDS.search(prompt)
    if found is None:
        return []
    record = {"record_id": found["record"]}
    return [
        PlannedCall(world.domain.remedy_tool, {**record, "amount": float(found["amount"])}),
        PlannedCall("add_note", {**record, "text": found["record"]}),
        PlannedCall("close_case", record),
    ]

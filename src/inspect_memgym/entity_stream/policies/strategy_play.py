"""How an entity_stream policy plays a model call made by a memory strategy.

With ``-T agent=`` other than agentic, the model calls are the strategy's: memory updates
(phase ``memory_update``: rewrite the awi object, the notes or a summary; or curate awe
entries with tools) and answers (phase ``question``). A policy reads the call's text
(`text_reader`) and

- on a memory update writes every entity it keeps in its notation, with the changes it
  applies (a JSON object of lines for awi, plain lines otherwise; awe: one entry per entity,
  searched for and edited when a notice changes it);
- on a question recomputes the answer from the lines the text holds, or declines.

Policies that store nothing (the guessers, the abstainer and the cheaters) keep nothing and
answer as they always do.
"""

from __future__ import annotations

import json
from typing import Any

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.entity_stream.policies.base import REFUSAL, Policy
from inspect_memgym.entity_stream.policies.event_view import build_view
from inspect_memgym.entity_stream.policies.notation import line_name
from inspect_memgym.entity_stream.policies.storing import StoringPolicy
from inspect_memgym.entity_stream.policies.text_reader import Reading, StreamText, stream_text
from inspect_memgym.entity_stream.state import PHASE_QUESTION
from inspect_memgym.entity_stream.world.questions import QUESTION_TYPES, MissingFact
from inspect_memgym.simulation.actions import DONE, Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import tool_exchanges
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE

UPDATED = "Memory is up to date."
NOTHING_KEPT = "(nothing kept)"
JSON_MEMORY_STRATEGY = "awi"
"""The strategy whose memory is a JSON object."""
SEARCH_TOP_K = 3


def strategy_action(
    policy: Policy,
    strategy: str,
    phase: str,
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    event: dict[str, Any],
    metadata: dict[str, Any],
) -> Action:
    """The policy's action for one model call of a memory strategy.

    Args:
        policy: The policy.
        strategy: The strategy playing the sample (`ModelCallContext.strategy`).
        phase: The call's phase.
        messages: The call's messages.
        tools: Tools on offer.
        event: ``EntityStreamState.current_event``.
        metadata: The sample's metadata (its events are the public stream).
    """
    stream = stream_text(metadata)
    text = "\n".join(message.text for message in messages)
    if isinstance(policy, StoringPolicy):
        reading = stream.read(text, policy.keeps, policy.apply_changes)
    else:
        reading = stream.read(text, lambda name: False, applies_changes=False)
    if phase == PHASE_MEMORY_UPDATE:
        if any(info.name == "memory_write" for info in tools):
            return _curate(reading, messages)
        lines = list(reading.current.values())
        if strategy == JSON_MEMORY_STRATEGY:
            return finish(json.dumps({line_name(line): line for line in lines}, indent=1))
        return finish("\n".join(lines) or NOTHING_KEPT)
    if phase == PHASE_QUESTION:
        return finish(_answer(policy, reading, messages, event, stream))
    return finish(DONE)


def _curate(reading: Reading, messages: list[ChatMessage]) -> Action:
    """awe: search for noticed entities not shown yet, then write new lines, edit changed."""
    exchanges = tool_exchanges(messages)
    if any(exchange.function in ("memory_write", "memory_edit") for exchange in exchanges):
        return finish(UPDATED)
    searched = {str(e.arguments.get("query")) for e in exchanges if e.function == "memory_search"}
    unseen = sorted(reading.noticed - set(reading.stored) - searched)
    if unseen:
        return Action(
            calls=[
                ToolRequest("memory_search", {"query": name, "top_k": SEARCH_TOP_K})
                for name in unseen
            ]
        )
    calls = []
    for name, line in reading.current.items():
        stored = reading.stored.get(name)
        if stored is None:
            calls.append(ToolRequest("memory_write", {"content": line}))
        elif stored != line:
            calls.append(ToolRequest("memory_edit", {"old_text": stored, "new_text": line}))
    return Action(calls=calls) if calls else finish(UPDATED)


def _answer(
    policy: Policy,
    reading: Reading,
    messages: list[ChatMessage],
    event: dict[str, Any],
    stream: StreamText,
) -> str:
    """The answer text: recomputed from the lines read, or the policy's memoryless answer."""
    view = build_view(messages, event, frozenset({"submit_answer"}))
    if not isinstance(policy, StoringPolicy):
        action = policy.act(view, stream.template)
        submitted = [call for call in action.calls if call.function == "submit_answer"]
        return str(submitted[0].arguments.get("answer", REFUSAL)) if submitted else REFUSAL
    question_type = QUESTION_TYPES[str(event["qtype"])]
    world = stream.world(list(reading.current.values()))
    try:
        answer = question_type.compute(event["params"], world)
    except MissingFact:
        return REFUSAL
    return policy.answer_text(answer, view, world.template)

"""Scripted learners for the feedback task, under any memory strategy.

A learner reads a model call's text (the request, what its memory shows, the dialogue in
context) and knows a hidden item when the text shows it:

- the item's statement, as verbal feedback states it (or as a learner's own notes keep it);
- or a right answer to a training request that needs the item, followed by the user's
  positive signal (``[feedback: like]``, ``[feedback: copy]``, "That's right"): a liked
  example, all that implicit feedback leaves.

Which shown items it learns depends on the policy: ``perfect`` all of them, ``partial``
a fixed half of the profile (chosen by a hash of the world), ``forgetful`` none; a
``guesser`` ignores everything and answers each request with a variant fixed by a hash.
Replies follow `world.reference.scripted_reply`: the right variant for a learned item or a
control's stated one, else the item's exploration order by round. On a memory update a
learner writes the statements of the items it learned (one per line; a JSON object for
awi; one entry each with the memory tools); with the agentic tools it reads its memory
first. It answers only from what the call shows it: what a strategy loses, it cannot use.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.feedback.world.model import FeedbackWorld, ServiceRequest
from inspect_memgym.feedback.world.reference import scripted_reply
from inspect_memgym.feedback.world.simulator import POSITIVE_SIGNALS
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.simulation.actions import Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import tool_exchanges

FEEDBACK_POLICIES = ("perfect", "partial", "forgetful", "guesser")
"""Policy names, in display order."""
PARTIAL_SHARE = 0.5
SIGNAL_WINDOW = 80
"""Characters after a liked answer in which its positive signal must appear."""
JSON_MEMORY_STRATEGY = "awi"
NOTHING_KEPT = "(nothing learned yet)"
UPDATED = "Memory is up to date."
READ_ALL = {"start_line": 1, "num_lines": 500}


@dataclass(frozen=True)
class LearnerCall:
    """One model call as a learner sees it.

    Attributes:
        policy: A name of `FEEDBACK_POLICIES`.
        strategy: The memory strategy playing the sample.
        request: The request a reply or answer is for (None for a memory update).
        round: The reply's round in its dialogue (0 for a test answer).
    """

    policy: str
    strategy: str
    request: ServiceRequest | None
    round: int


def items_shown(world: FeedbackWorld, text: str) -> set[str]:
    """Ids of the hidden items a text shows (a statement, or a liked right answer).

    Args:
        world: The world.
        text: A model call's text.
    """
    shown = {item.item_id for item in world.items if item.statement in text}
    for request in world.training:
        if request.aspect not in shown and _liked_in(request.gold_reply, text):
            shown.add(request.aspect)
    return shown


def learned_items(policy: str, world: FeedbackWorld, text: str) -> set[str]:
    """The items a policy learns from a text.

    Args:
        policy: A name of `FEEDBACK_POLICIES`.
        world: The world.
        text: A model call's text.
    """
    if policy in ("forgetful", "guesser"):
        return set()
    shown = items_shown(world, text)
    return shown if policy == "perfect" else shown & partial_items(world)


def partial_items(world: FeedbackWorld) -> set[str]:
    """The half of the profile the ``partial`` policy learns (fixed by a hash of the world).

    Args:
        world: The world.
    """
    ranked = sorted(
        (item.item_id for item in world.items),
        key=lambda item_id: stable_fraction("partial", world.world_id, item_id),
    )
    return set(ranked[: round(len(ranked) * PARTIAL_SHARE)])


def guessed_reply(world: FeedbackWorld, request: ServiceRequest) -> str:
    """The guesser's reply: a variant fixed by a hash of the request.

    Args:
        world: The world.
        request: The request.
    """
    keys = list(request.replies)
    index = int(stable_fraction("guesser", world.world_id, request.request_id) * len(keys))
    return request.replies[keys[index]]


def learner_action(
    call: LearnerCall, world: FeedbackWorld, messages: list[ChatMessage], tools: list[ToolInfo]
) -> Action:
    """The policy's action for one model call.

    Args:
        call: The call's policy, strategy, request and round.
        world: The world.
        messages: The call's messages.
        tools: Tools on offer.
    """
    offered = {info.name for info in tools}
    exchanges = tool_exchanges(messages)
    if "memory_read" in offered and not any(e.function == "memory_read" for e in exchanges):
        return Action(calls=[ToolRequest("memory_read", READ_ALL)])
    text = "\n".join(message.text for message in messages)
    learned = learned_items(call.policy, world, text)
    if "memory_write" in offered:
        writes = _unstored(world, learned, messages)
        if writes:
            return Action(calls=[ToolRequest("memory_write", {"content": s}) for s in writes])
    if call.request is not None:
        if call.policy == "guesser":
            return finish(guessed_reply(world, call.request))
        knows = call.request.aspect in learned
        return finish(scripted_reply(world, call.request, call.round, knows))
    if "memory_write" in offered:
        return finish(UPDATED)
    statements = {item_id: world.item(item_id).statement for item_id in sorted(learned)}
    if call.strategy == JSON_MEMORY_STRATEGY:
        return finish(json.dumps(statements))
    return finish("\n".join(statements.values()) or NOTHING_KEPT)


def _liked_in(reply: str, text: str) -> bool:
    start = text.find(reply)
    while start >= 0:
        after = text[start + len(reply) : start + len(reply) + SIGNAL_WINDOW]
        if any(signal in after for signal in POSITIVE_SIGNALS):
            return True
        start = text.find(reply, start + 1)
    return False


def _unstored(
    world: FeedbackWorld, learned: Iterable[str], messages: list[ChatMessage]
) -> list[str]:
    """Statements of learned items that memory does not show yet, unless this loop wrote."""
    exchanges = tool_exchanges(messages)
    if any(exchange.function == "memory_write" for exchange in exchanges):
        return []
    results = "\n".join(exchange.result for exchange in exchanges)
    text = "\n".join(message.text for message in messages)
    statements = [world.item(item_id).statement for item_id in sorted(learned)]
    return [s for s in statements if s not in results and f"- {s}" not in text]

"""Scripted readers for MemoryBench's records: they answer with the gold when they see it.

For a row, a reader knows the answer when the call's text holds the row's golden answer
(the request, its memory, the dialogue in context): ``perfect`` then answers it,
``partial`` does so for a fixed half of the rows (a hash), ``forgetful`` and ``guesser``
never do. Otherwise they answer "Not mentioned in the conversation" (LoCoMo's abstention).
On a memory update a reader writes, one per line, the golden answers the text holds that it
would use; with the agentic tools it reads its memory first and stores them one per entry.
"""

from __future__ import annotations

import json

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.feedback.memorybench_records import NOT_MENTIONED_OPTION, MemoryBenchRecord
from inspect_memgym.feedback.policies import JSON_MEMORY_STRATEGY, NOTHING_KEPT, READ_ALL, UPDATED
from inspect_memgym.feedback.records_episode import RecordsEpisode
from inspect_memgym.feedback.world.text_match import contains_phrase
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.simulation.actions import Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import tool_exchanges


def _uses(policy: str, episode: RecordsEpisode, record: MemoryBenchRecord) -> bool:
    if not record.gold.strip():
        return False
    if policy == "perfect":
        return True
    if policy == "partial":
        return stable_fraction("partial", episode.world_id, str(record.test_idx)) < 0.5
    return False


def records_action(
    policy: str,
    strategy: str,
    episode: RecordsEpisode,
    request_id: str,
    messages: list[ChatMessage],
    tools: list[ToolInfo],
) -> Action:
    """The reader's action for one model call of a records sample.

    Args:
        policy: The policy name.
        strategy: The memory strategy playing the sample.
        episode: The sample's records.
        request_id: The row a reply or answer is for ("" for a memory update).
        messages: The call's messages.
        tools: Tools on offer.
    """
    offered = {info.name for info in tools}
    exchanges = tool_exchanges(messages)
    if "memory_read" in offered and not any(e.function == "memory_read" for e in exchanges):
        return Action(calls=[ToolRequest("memory_read", READ_ALL)])
    text = "\n".join(message.text for message in messages)
    if request_id:
        record = episode.records[request_id]
        if _uses(policy, episode, record) and contains_phrase(text, record.gold):
            return finish(record.gold)
        return finish(NOT_MENTIONED_OPTION)
    seen = [
        record.gold
        for record in episode.records.values()
        if _uses(policy, episode, record) and contains_phrase(text, record.gold)
    ]
    kept = list(dict.fromkeys(seen))
    if "memory_write" in offered:
        if any(exchange.function == "memory_write" for exchange in exchanges):
            return finish(UPDATED)
        stored = "\n".join(exchange.result for exchange in exchanges)
        writes = [gold for gold in kept if gold not in stored and f"- {gold}" not in text]
        if writes:
            return Action(calls=[ToolRequest("memory_write", {"content": g}) for g in writes])
        return finish(UPDATED)
    if strategy == JSON_MEMORY_STRATEGY:
        return finish(json.dumps({f"answer_{index}": gold for index, gold in enumerate(kept)}))
    return finish("\n".join(kept) or NOTHING_KEPT)

"""The entity_stream solver: feeds a scenario's events to the model one at a time.

Between events the context is cleared to the system prompt plus the current event and a
one-line status, so memory is the only way to keep anything. With memory isolation (the
default), every question is asked again right after under the same system prompt, status
line, question and tools, over an empty memory (the sample's one `memory.EmptyMemory`,
lent to each question): what a model that stored nothing would see. Every event
conversation is appended to ``state.messages`` for the viewer, but the model only ever sees
the current one.

What memory holds is snapshotted (`memory.holdings`) when each session ends and when the
stream does, for the scorer's per-operation memory scores.

Tool calls run through the shared `tool_use.loop`, without a store snapshot each: the ledger
grows with every operation, and the solver's span records the store's net change once.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    get_model,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolDef

from inspect_memgym.entity_stream.prompts import SYSTEM_PROMPT, event_prompt
from inspect_memgym.entity_stream.state import AGENTIC, STRATEGY_KEY, current_stream_state
from inspect_memgym.entity_stream.submit_answer import submit_answer
from inspect_memgym.kit.answer_meter import MEMORY_PASS, NO_MEMORY_PASS, metered_answer
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.empty_memory import EmptyMemory
from inspect_memgym.memory.factory import DEFAULT_BACKEND, describe_backend
from inspect_memgym.memory.holdings import END_STAGE, backend_snapshot, record_snapshot
from inspect_memgym.memory.ledger import MemoryLedger, current_ledger
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.memory.tools import memory_tools, status_line
from inspect_memgym.tool_use.loop import tool_loop

DEFAULT_MAX_TURNS_PER_EVENT = 20
SCENARIO_KEYS = ("template", "tier", "seed")
"""Public scenario parameters copied into every event a scripted policy sees."""
FREE_EDITS_PER_CORRECTION = 3
"""Edits that are free while one correction notice is processed; further edits cost 1."""
MEMORY_STORE_KEY = "memory_store"
"""Sample metadata key recording where the sample's memory lived (never a token)."""


def _record_unsubmitted_answer(
    recorded: dict[str, dict[str, Any]],
    event: dict[str, Any],
    messages: list[ChatMessage],
    turns: int,
) -> dict[str, dict[str, Any]] | None:
    """A question the model left without submit_answer: its last text, flagged.

    Returns:
        The answers with this one added, or None if it was submitted.
    """
    qid = str(event["payload"]["qid"])
    if qid in recorded:
        return None
    last_text = next(
        (m.text for m in reversed(messages) if isinstance(m, ChatMessageAssistant) and m.text),
        "",
    )
    return {
        **recorded,
        qid: {"answer": last_text, "submitted": False, "event": event["index"], "turns": turns},
    }


def _entries_stored(ledger: MemoryLedger, initially: int) -> int:
    """Entries in memory: those there at the start plus every successful ``memory_write``.

    The loop's tools add entries only through ``memory_write`` and never delete one, so
    the ledger knows the count without asking the backend at every event.
    """
    return initially + sum(
        1 for record in ledger.operations if record["tool"] == "memory_write" and record["ok"]
    )


async def _run_event(
    event: dict[str, Any],
    total: int,
    scenario: dict[str, Any],
    system_prompt: str,
    tools: list[ToolDef],
    memory: MemoryBackend,
    max_turns: int,
    initially_stored: int,
) -> list[ChatMessage]:
    """Run one event: at most ``max_turns`` model turns. Returns the event's conversation."""
    progress = current_stream_state()
    ledger = current_ledger()
    stored = _entries_stored(ledger, initially_stored)
    ledger.event_index = event["index"]
    _set_free_edits(ledger, FREE_EDITS_PER_CORRECTION if event["kind"] == "correction" else 0)
    progress.current_event = {
        "index": event["index"],
        "kind": event["kind"],
        **scenario,
        **event["payload"],
    }
    if event["kind"] == "session_break":
        progress.session = int(event["payload"]["session"])
    messages: list[ChatMessage] = [
        ChatMessageSystem(content=system_prompt),
        ChatMessageUser(content=event_prompt(event, total, status_line(memory, stored))),
    ]
    qid = event["payload"].get("qid")
    with _metered_if_question(MEMORY_PASS, qid):
        end = await tool_loop(
            get_model(),
            messages,
            tools,
            max_turns,
            lambda: qid is not None and qid in progress.answers,
        )
    turns = end.turns
    if event["kind"] == "question":
        if qid in progress.answers:
            progress.answers = {**progress.answers, qid: {**progress.answers[qid], "turns": turns}}
        elif answers := _record_unsubmitted_answer(progress.answers, event, messages, turns):
            progress.answers = answers
    _set_free_edits(ledger, 0)
    progress.events_done = progress.events_done + 1
    return messages


async def _answer_without_memory(
    event: dict[str, Any], total: int, system_prompt: str, empty: EmptyMemory, max_turns: int
) -> list[ChatMessage]:
    """Ask a question again under the same prompt and tools, over an empty memory.

    The system prompt, the status line (an empty memory: nothing stored, every write left),
    the question and the tools are what the memory pass would show a model that stored
    nothing; the sample's one empty memory is lent for the answer with a scratch ledger,
    and anything stored in it is dropped after the answer (`memory.empty_memory`).

    Returns:
        This pass's conversation (system prompt first).
    """
    progress = current_stream_state()
    qid = str(event["payload"]["qid"])
    with empty.lent() as memory:
        messages: list[ChatMessage] = [
            ChatMessageSystem(content=system_prompt),
            ChatMessageUser(content=event_prompt(event, total, status_line(memory.backend, 0))),
        ]
        progress.without_memory = True
        try:
            with metered_answer(NO_MEMORY_PASS, qid):
                end = await tool_loop(
                    get_model(),
                    messages,
                    memory.tools,
                    max_turns,
                    lambda: qid in progress.no_memory_answers,
                )
        finally:
            progress.without_memory = False
    answers = _record_unsubmitted_answer(progress.no_memory_answers, event, messages, end.turns)
    if answers is not None:
        progress.no_memory_answers = answers
    return messages


def _event_tools(memory: MemoryBackend, answer_tool: ToolDef) -> list[ToolDef]:
    """The memory tools bound to ``memory``, then ``submit_answer``, converted once.

    Inspect would otherwise parse every tool's docstring again on every model call.
    """
    return [*(ToolDef(tool) for tool in memory_tools(memory)), answer_tool]


def session_stage(event: dict[str, Any]) -> str:
    """The stage a session break ends: the session before it (``session 1``, ...).

    Args:
        event: A session-break event.
    """
    return f"session {int(event['payload']['session']) - 1}"


def _metered_if_question(pass_name: str, qid: str | None) -> AbstractContextManager[None]:
    """The event's model calls metered as an answer (`kit.answer_meter`) if it asks a question."""
    return metered_answer(pass_name, str(qid)) if qid is not None else nullcontext()


def _set_free_edits(ledger: MemoryLedger, free_edits: int) -> None:
    """Set the ledger's free edits, skipping a write that would change nothing.

    Every write to a `StoreModel` field re-validates the whole ledger, operation log included.
    """
    if ledger.free_edits_left != free_edits:
        ledger.free_edits_left = free_edits


@solver
def entity_stream_agent(
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    max_turns_per_event: int = DEFAULT_MAX_TURNS_PER_EVENT,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
    memory_isolation: bool = True,
) -> Solver:
    """Feed the sample's events to the model, one cleared context per event.

    Args:
        backend: Memory backend (``chroma`` or ``markdown``).
        embedding: Embedding for the chroma backend (``hashing``, ``minilm``, ``openai``).
        max_turns_per_event: Model turns allowed per event before moving on.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
        memory_isolation: Ask every question again with no memory, right after it.
    """
    # Imported on call: the entry point registers this solver without loading the generator.
    from inspect_memgym.entity_stream.scenario_content import scenario_content

    settings = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
    if max_turns_per_event < 1:
        raise ValueError(f"max_turns_per_event must be at least 1, got {max_turns_per_event}")

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        metadata = state.metadata
        events = scenario_content(metadata).events
        ledger = current_ledger()
        ledger.write_budget = int(metadata["write_budget"])
        system_prompt = SYSTEM_PROMPT.format(
            entity_plural=metadata["entity_plural"], write_budget=metadata["write_budget"]
        )
        memory = settings.open()
        metadata[MEMORY_STORE_KEY] = describe_backend(memory)
        metadata[STRATEGY_KEY] = AGENTIC
        answer_tool = ToolDef(submit_answer())
        tools = _event_tools(memory, answer_tool)
        empty = EmptyMemory(lambda backend: _event_tools(backend, answer_tool))
        scenario = {key: metadata[key] for key in SCENARIO_KEYS}
        transcript: list[ChatMessage] = []
        try:
            initially_stored = memory.count()
            for event in events:
                conversation = await _run_event(
                    event,
                    len(events),
                    scenario,
                    system_prompt,
                    tools,
                    memory,
                    max_turns_per_event,
                    initially_stored,
                )
                transcript.extend(conversation if not transcript else conversation[1:])
                if event["kind"] == "session_break":
                    record_snapshot(session_stage(event), backend_snapshot(memory))
                if memory_isolation and event["kind"] == "question":
                    isolated = await _answer_without_memory(
                        event, len(events), system_prompt, empty, max_turns_per_event
                    )
                    transcript.extend(isolated[1:])
            record_snapshot(END_STAGE, backend_snapshot(memory))
        finally:
            empty.close()
            memory.close()
            state.messages = transcript
        return state

    return solve

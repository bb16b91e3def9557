"""Play an entity_stream scenario against a memory strategy (every ``-T agent=``).

With ``agentic`` (the default), every event is one tool loop of the shared strategy
(`AgenticStrategy.play_input`) under this task's system prompt and event message: the
memory tools and ``submit_answer``, at most ``max_turns`` model turns, the context cleared
to the system prompt, the event and a one-line status between events, so memory is the
only way to keep anything. With memory isolation (the default), every question is asked
again right after under the same system prompt, status line, question and tools, over an
empty memory (`AgenticStrategy.play_input_without_memory`). Every event conversation is
appended to ``state.messages`` for the viewer; the model only ever sees the current one.

With any other strategy, every document of an ingest batch, every correction notice and
every update is one observed input (`MemoryStrategy.observe`); a session break ends a
session. Before each question the strategy's pending updates are applied, then the
question is answered from memory (`MemoryStrategy.answer`, phase ``question``) and, with
memory isolation, asked again with an empty memory (`MemoryStrategy.answer_without_memory`).

Answers are recorded alike, so the same scorer grades them; what memory holds is
snapshotted (`memory.holdings`) when each session ends and when the stream does. The
strategy's write budget is the scenario's.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageUser
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolDef

from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.prompts import (
    STRATEGY_MEMORY_BRIEF,
    STRATEGY_MEMORY_LABEL,
    STRATEGY_QUESTION,
    STRATEGY_SYSTEM_PROMPT,
    SYSTEM_PROMPT,
    event_prompt,
)
from inspect_memgym.entity_stream.sample_spec import EntityStreamSpec
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.state import (
    PHASE_QUESTION,
    STRATEGY_KEY,
    current_stream_state,
)
from inspect_memgym.entity_stream.submit_answer import submit_answer
from inspect_memgym.entity_stream.world.scenario import ingest_documents
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.kit.answer_meter import MEMORY_PASS, NO_MEMORY_PASS, metered_answer
from inspect_memgym.memory.factory import describe_backend
from inspect_memgym.memory.ledger import MemoryLedger, current_ledger
from inspect_memgym.memory.tools import status_line
from inspect_memgym.strategies.agentic import AgenticStrategy
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import record_strategy_snapshot, register_driver
from inspect_memgym.strategies.strategy import Briefing, MemoryStrategy

FREE_EDITS_PER_CORRECTION = 3
"""Edits that are free while one correction notice is processed; further edits cost 1."""
MEMORY_STORE_KEY = "memory_store"
"""Sample metadata key recording where the agentic strategy's memory lived (never a token)."""

Event = dict[str, Any]
Answers = dict[str, dict[str, Any]]


def stream_briefing(template_name: str) -> Briefing:
    """What the assistant is for and what memory keeps, for one template.

    Args:
        template_name: The scenario's template.
    """
    template = get_template(template_name)
    return Briefing(
        system_prompt=STRATEGY_SYSTEM_PROMPT.format(entity_plural=template.entity_plural),
        memory_brief=STRATEGY_MEMORY_BRIEF.format(entity_word=template.entity_word),
        memory_label=STRATEGY_MEMORY_LABEL,
    )


def session_stage(event: Event) -> str:
    """The stage a session break ends: the session before it (``session 1``, ...).

    Args:
        event: A session-break event.
    """
    return f"session {int(event['payload']['session']) - 1}"


@register_driver(BENCHMARK_NAME)
async def run_stream(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    """Feed every event of the sample's scenario to the strategy and ask its questions.

    Args:
        state: The sample's task state (metadata holds the events).
        strategy: The memory strategy under test.

    Returns:
        The state, with the events' conversations (agentic) or each question and answer
        (other strategies) in ``messages`` and the strategy's description in
        ``metadata["agent"]``.
    """
    metadata = state.metadata
    spec = EntityStreamSpec.of_state(state)
    strategy.brief(stream_briefing(spec.template))
    isolated = spec.memory_isolation
    metadata[STRATEGY_KEY] = strategy.name
    current_ledger().write_budget = spec.write_budget
    scenario: dict[str, Any] = spec.scenario
    events = scenario_content(metadata).events
    if isinstance(strategy, AgenticStrategy):
        await _play_with_tools(state, events, scenario, strategy, isolated)
    else:
        for event in events:
            await _play_event(state, event, scenario, strategy, isolated)
    metadata["agent"] = strategy.describe()
    return state


def _begin_event(event: Event, scenario: dict[str, Any]) -> None:
    """Make ``event`` the current one: in the ledger, and for the scripted policies."""
    progress = current_stream_state()
    current_ledger().event_index = event["index"]
    progress.current_event = {
        "index": event["index"],
        "kind": event["kind"],
        **scenario,
        **event["payload"],
    }
    if event["kind"] == "session_break":
        progress.session = int(event["payload"]["session"])


# ---------------------------------------------------------------------------------------
# The agentic strategy: one tool loop per event
# ---------------------------------------------------------------------------------------


async def _play_with_tools(
    state: TaskState,
    events: list[Event],
    scenario: dict[str, Any],
    strategy: AgenticStrategy,
    isolated: bool,
) -> None:
    """Play every event as one tool loop, each question again without memory if isolated."""
    spec = EntityStreamSpec.of_state(state)
    state.metadata[MEMORY_STORE_KEY] = describe_backend(strategy.memory)
    system_prompt = SYSTEM_PROMPT.format(
        entity_plural=spec.entity_plural, write_budget=spec.write_budget
    )
    strategy.offer_task_tools([ToolDef(submit_answer())])
    transcript: list[ChatMessage] = []
    try:
        initially_stored = strategy.memory.count()
        for event in events:
            conversation = await _event_loop(
                event, len(events), scenario, system_prompt, strategy, initially_stored
            )
            transcript.extend(conversation if not transcript else conversation[1:])
            if event["kind"] == "session_break":
                await record_strategy_snapshot(session_stage(event), strategy)
            if isolated and event["kind"] == "question":
                without = await _event_loop_without_memory(
                    event, len(events), system_prompt, strategy
                )
                transcript.extend(without[1:])
    finally:
        state.messages = transcript


async def _event_loop(
    event: Event,
    total: int,
    scenario: dict[str, Any],
    system_prompt: str,
    strategy: AgenticStrategy,
    initially_stored: int,
) -> list[ChatMessage]:
    """Play one event over the sample's memory. Returns the event's conversation."""
    progress = current_stream_state()
    ledger = current_ledger()
    stored = _entries_stored(ledger, initially_stored)
    _begin_event(event, scenario)
    _set_free_edits(ledger, FREE_EDITS_PER_CORRECTION if event["kind"] == "correction" else 0)
    request = event_prompt(event, total, status_line(strategy.memory, stored))
    qid = event["payload"].get("qid")
    with _metered_if_question(qid):
        played = await strategy.play_input(
            system_prompt, request, lambda: qid is not None and qid in progress.answers
        )
    if event["kind"] == "question":
        if qid in progress.answers:
            turns = {**progress.answers[qid], "turns": played.end.turns}
            progress.answers = {**progress.answers, qid: turns}
        elif answers := _unsubmitted(progress.answers, event, played.messages, played.end.turns):
            progress.answers = answers
    _set_free_edits(ledger, 0)
    progress.events_done = progress.events_done + 1
    return played.messages


async def _event_loop_without_memory(
    event: Event, total: int, system_prompt: str, strategy: AgenticStrategy
) -> list[ChatMessage]:
    """Ask a question again under the same prompt and tools, over an empty memory.

    The status line (an empty memory: nothing stored, every write left), the question and
    the tools are what the memory pass would show a model that stored nothing.

    Returns:
        This pass's conversation (system prompt first).
    """
    progress = current_stream_state()
    qid = str(event["payload"]["qid"])
    progress.without_memory = True
    try:
        with metered_answer(NO_MEMORY_PASS, qid):
            played = await strategy.play_input_without_memory(
                system_prompt,
                lambda memory: event_prompt(event, total, status_line(memory, 0)),
                lambda: qid in progress.no_memory_answers,
            )
    finally:
        progress.without_memory = False
    answers = _unsubmitted(progress.no_memory_answers, event, played.messages, played.end.turns)
    if answers is not None:
        progress.no_memory_answers = answers
    return played.messages


def _unsubmitted(
    recorded: Answers, event: Event, messages: list[ChatMessage], turns: int
) -> Answers | None:
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


def _metered_if_question(qid: str | None) -> AbstractContextManager[None]:
    """The event's model calls metered as an answer (`kit.answer_meter`) if it asks a question."""
    return metered_answer(MEMORY_PASS, str(qid)) if qid is not None else nullcontext()


def _set_free_edits(ledger: MemoryLedger, free_edits: int) -> None:
    """Set the ledger's free edits, skipping a write that would change nothing.

    Every write to a `StoreModel` field re-validates the whole ledger, operation log included.
    """
    if ledger.free_edits_left != free_edits:
        ledger.free_edits_left = free_edits


# ---------------------------------------------------------------------------------------
# Every other strategy: observed inputs and answered questions
# ---------------------------------------------------------------------------------------


async def _play_event(
    state: TaskState,
    event: Event,
    scenario: dict[str, Any],
    strategy: MemoryStrategy,
    isolated: bool,
) -> None:
    _begin_event(event, scenario)
    kind = event["kind"]
    if kind == "question":
        await _ask(state, event, strategy, isolated)
    elif kind == "session_break":
        await strategy.end_session()
        await record_strategy_snapshot(session_stage(event), strategy)
    elif kind == "ingest":
        for document in ingest_documents(event["text"]):
            await strategy.observe(document)
    else:
        await strategy.observe(event["text"])
    progress = current_stream_state()
    progress.events_done = progress.events_done + 1


async def _ask(
    state: TaskState,
    event: Event,
    strategy: MemoryStrategy,
    isolated: bool,
) -> None:
    progress = current_stream_state()
    qid = str(event["payload"]["qid"])
    prompt = STRATEGY_QUESTION.format(question=event["text"])
    await strategy.flush()
    set_phase(PHASE_QUESTION, qid)
    answer = await strategy.answer(prompt, event["text"])
    record = {"answer": answer, "submitted": True, "event": event["index"], "turns": 1}
    progress.answers = {**progress.answers, qid: record}
    state.messages.extend([ChatMessageUser(content=prompt), ChatMessageAssistant(content=answer)])
    if isolated:
        set_phase(PHASE_QUESTION, qid)
        without = await strategy.answer_without_memory(prompt, event["text"])
        progress.no_memory_answers = {
            **progress.no_memory_answers,
            qid: {**record, "answer": without},
        }
    set_phase("")

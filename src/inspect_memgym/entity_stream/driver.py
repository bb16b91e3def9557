"""Play an entity_stream scenario against a memory strategy (``-T agent=`` other than agentic).

Every document of an ingest batch, every correction notice and every update is one
observed input (`MemoryStrategy.observe`); a session break ends a session. Before each
question the strategy's pending updates are applied, then the question is answered from
memory (`MemoryStrategy.answer`, phase ``question``) and, with memory isolation (the
default), asked again under the same call with an empty memory
(`MemoryStrategy.answer_without_memory`). Answers are recorded like the agentic
solver's, so the same scorer grades them. The strategy's write budget is the scenario's.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessageAssistant, ChatMessageUser
from inspect_ai.solver import TaskState

from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.prompts import (
    STRATEGY_MEMORY_BRIEF,
    STRATEGY_MEMORY_LABEL,
    STRATEGY_QUESTION,
    STRATEGY_SYSTEM_PROMPT,
)
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.solver import SCENARIO_KEYS, session_stage
from inspect_memgym.entity_stream.state import (
    ISOLATION_KEY,
    PHASE_QUESTION,
    STRATEGY_KEY,
    current_stream_state,
)
from inspect_memgym.entity_stream.world.scenario import ingest_documents
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import record_strategy_snapshot, register_driver
from inspect_memgym.strategies.strategy import Briefing, MemoryStrategy


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


@register_driver(BENCHMARK_NAME)
async def run_stream(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    """Feed every event of the sample's scenario to the strategy and ask its questions.

    Args:
        state: The sample's task state (metadata holds the events).
        strategy: The memory strategy under test.

    Returns:
        The state, with each question and answer in ``messages`` and the strategy's
        description in ``metadata["agent"]``.
    """
    metadata = state.metadata
    briefing = stream_briefing(str(metadata["template"]))
    strategy.brief(briefing)
    isolated = bool(metadata.get(ISOLATION_KEY, True))
    metadata[STRATEGY_KEY] = strategy.name
    current_ledger().write_budget = int(metadata["write_budget"])
    scenario = {key: metadata[key] for key in SCENARIO_KEYS}
    for event in scenario_content(metadata).events:
        await _play_event(state, event, scenario, strategy, isolated)
    metadata["agent"] = strategy.describe()
    return state


async def _play_event(
    state: TaskState,
    event: dict[str, Any],
    scenario: dict[str, Any],
    strategy: MemoryStrategy,
    isolated: bool,
) -> None:
    progress = current_stream_state()
    current_ledger().event_index = event["index"]
    progress.current_event = {
        "index": event["index"],
        "kind": event["kind"],
        **scenario,
        **event["payload"],
    }
    kind = event["kind"]
    if kind == "question":
        await _ask(state, event, strategy, isolated)
    elif kind == "session_break":
        progress.session = int(event["payload"]["session"])
        await strategy.end_session()
        await record_strategy_snapshot(session_stage(event), strategy)
    elif kind == "ingest":
        for document in ingest_documents(event["text"]):
            await strategy.observe(document)
    else:
        await strategy.observe(event["text"])
    progress.events_done = progress.events_done + 1


async def _ask(
    state: TaskState,
    event: dict[str, Any],
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

"""The LongMemEval driver: one user's chat history through a memory strategy, then the question.

The history's sessions are observed in date order (one input each, or parts of whole turns
when a session is long), with a session boundary after each, and memory is flushed. Then
the question is answered from memory (`MemoryStrategy.answer`, the question alone as the
retrieval query) with the current date. With memory isolation (the default) the same
question is asked again under the same call with an empty memory
(`MemoryStrategy.answer_without_memory`). Before anything runs, a missing ``grader`` role is
refused, or, with ``-T self_judge=true``, the task says once that the model under test
judges its own answers. Memory operations are tagged with the
session's position (`MemoryLedger.event_index`).
"""

from __future__ import annotations

from inspect_ai.solver import TaskState

from inspect_memgym.longmemeval import BENCHMARK_NAME
from inspect_memgym.longmemeval.dataset import LongMemEvalSpec, record_for
from inspect_memgym.longmemeval.prompts import (
    MEMORY_BRIEF,
    MEMORY_LABEL,
    SYSTEM_PROMPT,
    question_prompt,
    session_inputs,
)
from inspect_memgym.longmemeval.state import PHASE_QUESTION, current_longmemeval_state
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.scoring.judge import announce_judge
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import register_driver
from inspect_memgym.strategies.strategy import Briefing, MemoryStrategy

LONGMEMEVAL_BRIEFING = Briefing(
    system_prompt=SYSTEM_PROMPT, memory_brief=MEMORY_BRIEF, memory_label=MEMORY_LABEL
)


@register_driver(BENCHMARK_NAME)
async def run_longmemeval(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Take the sample's history in through the strategy, then ask its question.

    Args:
        state: The sample's task state (metadata names the record and options).
        agent: The memory strategy under test.

    Returns:
        The state, with the strategy's description in ``metadata["agent"]``.
    """
    spec = LongMemEvalSpec.of_state(state)
    record = record_for(spec)
    options = spec.longmemeval_options
    announce_judge(BENCHMARK_NAME, options.self_judge)
    agent.brief(LONGMEMEVAL_BRIEFING)
    progress = current_longmemeval_state()
    ledger = current_ledger()
    for position, session in enumerate(record.sessions, start=1):
        progress.session = position
        ledger.event_index = position
        for text in session_inputs(session, position):
            await agent.observe(text)
        await agent.end_session()
    await agent.flush()
    prompt = question_prompt(record)
    set_phase(PHASE_QUESTION, record.question_id)
    progress.answer = await agent.answer(prompt, record.question)
    if options.memory_isolation:
        set_phase(PHASE_QUESTION, record.question_id)
        progress.no_memory_answer = await agent.answer_without_memory(prompt, record.question)
    set_phase("")
    state.metadata["agent"] = agent.describe()
    return state

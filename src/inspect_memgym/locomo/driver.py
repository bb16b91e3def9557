"""The LoCoMo driver: one conversation through a memory strategy, then every question.

Each dated session that has turns is observed in order (one input, or parts of whole turns
when it is long; sessions with a date and no turns are skipped by the records), with a
session boundary after each, and memory is flushed. Then every question of the chosen
categories is answered from memory (`MemoryStrategy.answer`, the question alone as the
retrieval query, never the options). With memory isolation (the default) each question is
asked again under the same call with an empty memory (`MemoryStrategy.answer_without_memory`).
Answers are recorded raw in `LocomoState.results`; the scorer grades them. Memory
operations are tagged with the session number (`MemoryLedger.event_index`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from inspect_ai.solver import TaskState

from inspect_memgym.locomo import BENCHMARK_NAME
from inspect_memgym.locomo.dataset import LocomoSpec, asked_questions, conversation_for
from inspect_memgym.locomo.grading import adversarial_options
from inspect_memgym.locomo.prompts import (
    MEMORY_BRIEF,
    MEMORY_LABEL,
    SYSTEM_PROMPT,
    question_prompt,
    session_inputs,
)
from inspect_memgym.locomo.records import Conversation, QuestionItem
from inspect_memgym.locomo.state import (
    MEMORY_ANSWER,
    NO_MEMORY_ANSWER,
    PHASE_QUESTION,
    current_locomo_state,
)
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.scoring.judge import announce_judge
from inspect_memgym.scoring.stored_records import AnswerRecord
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import register_driver
from inspect_memgym.strategies.strategy import Briefing, MemoryStrategy


def locomo_briefing(conversation: Conversation) -> Briefing:
    """What the assistant is for and what its memory keeps, for one conversation.

    Args:
        conversation: The conversation.
    """
    speakers = {"speaker_a": conversation.speaker_a, "speaker_b": conversation.speaker_b}
    return Briefing(
        system_prompt=SYSTEM_PROMPT.format(**speakers),
        memory_brief=MEMORY_BRIEF.format(**speakers),
        memory_label=MEMORY_LABEL,
    )


def prompt_for(item: QuestionItem, seed: int) -> str:
    """The prompt one question is asked with (adversarial options in the seed's order).

    Args:
        item: The question.
        seed: The run's seed.
    """
    options = adversarial_options(item, seed).options if item.is_adversarial else None
    return question_prompt(item, options)


@register_driver(BENCHMARK_NAME)
async def run_locomo(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Take the sample's conversation in through the strategy, then ask every question.

    Args:
        state: The sample's task state (metadata names the conversation and options).
        agent: The memory strategy under test.

    Returns:
        The state, with the strategy's description in ``metadata["agent"]``.
    """
    spec = LocomoSpec.of_state(state)
    conversation = conversation_for(spec)
    options = spec.locomo_options
    if options.judge:
        announce_judge(BENCHMARK_NAME, options.self_judge)
    briefing = locomo_briefing(conversation)
    agent.brief(briefing)
    progress = current_locomo_state()
    ledger = current_ledger()
    for session in conversation.sessions:
        progress.session = session.number
        ledger.event_index = session.number
        for text in session_inputs(session):
            await agent.observe(text)
        await agent.end_session()
    await agent.flush()
    questions = asked_questions(conversation, options.categories)
    seed = options.seed
    results: list[AnswerRecord] = []
    try:
        await _ask(agent.answer, questions, seed, MEMORY_ANSWER, results)
        if options.memory_isolation:
            await _ask(agent.answer_without_memory, questions, seed, NO_MEMORY_ANSWER, results)
    finally:
        # One store write (the store is snapshotted around calls), made even when a limit
        # cuts the sample, so the scorer grades the answers it reached.
        progress.results = [record.as_metadata() for record in results]
    set_phase("")
    state.metadata["agent"] = agent.describe()
    return state


async def _ask(
    answer: Callable[[str, str], Awaitable[str]],
    questions: list[QuestionItem],
    seed: int,
    kind: str,
    results: list[AnswerRecord],
) -> None:
    """Ask every question in turn, appending each answer to ``results`` as it comes."""
    for item in questions:
        set_phase(PHASE_QUESTION, item.question_id)
        raw = await answer(prompt_for(item, seed), item.question)
        results.append(AnswerRecord(kind=kind, question_id=item.question_id, raw=raw))

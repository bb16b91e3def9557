"""The code_qa driver: the history into memory, then every question from memory.

Under the ``evicted`` protocol, phase one shows the strategy the task's memory files in
ingest groups, one ``observe`` per group, then flushes it; phase two asks every question
once through the strategy (``answer``: the question is the retrieval query). Under
``full_context`` the strategy is not used: every question goes straight to the model with
every memory file in the prompt. With memory isolation every question is also asked with
no memory, under the very prompt of the memory pass with the memory left empty: the
strategy's own call with nothing kept (`MemoryStrategy.answer_without_memory`), and under
``full_context`` the history section, empty. Δ then measures memory and nothing else.
Raw answers go to `CodeQAState.answers`, with the linked facts that what memory showed for
the question holds, so the scorer can tell a fact memory lost from one the answer left
out.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.solver import TaskState

from inspect_memgym.code_qa import BENCHMARK_NAME
from inspect_memgym.code_qa.instances import CodeQASpec, sample_instance
from inspect_memgym.code_qa.prompts import (
    ANSWER_PROMPT,
    CODE_QA_BRIEFING,
    EMPTY_HISTORY,
    FILES_SECTION,
    HISTORY_SECTION,
)
from inspect_memgym.code_qa.protocol import EVICTED, ProtocolOptions
from inspect_memgym.code_qa.repository_view import files_view, history_view, skeleton_view
from inspect_memgym.code_qa.state import (
    NO_MEMORY,
    PHASE_INGEST,
    PHASE_QUESTION,
    WITH_MEMORY,
    CodeQAAnswer,
    current_code_qa_state,
)
from inspect_memgym.code_qa.world.model import CodeQAInstance, QAPair
from inspect_memgym.scoring.facts import facts_held
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import register_driver
from inspect_memgym.strategies.strategy import MemoryStrategy


@register_driver(BENCHMARK_NAME)
async def run_code_qa(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Ingest the sample's history into the strategy, then ask every question.

    Args:
        state: The sample's task state (metadata names the instance and the options).
        agent: The memory strategy under test.

    Returns:
        The state, with the strategy's description in ``metadata["agent"]`` (unused, and
        empty, under ``full_context``).
    """
    spec = CodeQASpec.of_state(state)
    instance = sample_instance(spec)
    options = spec.code_qa_options
    agent.brief(CODE_QA_BRIEFING)
    answers: list[CodeQAAnswer] = []
    try:
        if options.protocol == EVICTED:
            await _ingest(instance, options, agent)
            for pair in instance.qa_pairs:
                answers.append(await _ask(instance, options, pair, agent))
        else:
            for pair in instance.qa_pairs:
                answers.append(await _ask_with_history(instance, options, pair))
        if options.memory_isolation:
            evicted = options.protocol == EVICTED
            for pair in instance.qa_pairs:
                answers.append(await _ask_without_memory(instance, options, pair, agent, evicted))
    finally:
        # One store write (the store is snapshotted around every model call), made even
        # when a limit cuts the sample, so the scorer grades the answers it reached.
        current_code_qa_state().answers = [answer.as_metadata() for answer in answers]
    set_phase("")
    state.metadata["agent"] = agent.describe()
    state.metadata["protocol"] = options.protocol
    return state


async def _ingest(
    instance: CodeQAInstance, options: ProtocolOptions, agent: MemoryStrategy
) -> None:
    """Phase one: one ``observe`` per ingest group, then a flush."""
    groups = options.ingest_groups_of(instance)
    progress = current_code_qa_state()
    progress.ingest_groups = len(groups)
    progress.ingest_chars = options.chars_per_group(instance)
    progress.ingested_characters = sum(len(group) for group in groups)
    for number, group in enumerate(groups, start=1):
        set_phase(PHASE_INGEST, f"group{number}")
        await agent.observe(group)
    await agent.flush()


def _answer_prompt(
    instance: CodeQAInstance, options: ProtocolOptions, pair: QAPair, history: str | None = None
) -> str:
    """The answer prompt; ``history`` fills the history section (None: no such section)."""
    sections = ""
    if options.repo_files:
        sections += FILES_SECTION.format(files=files_view(instance))
    if history is not None:
        sections += HISTORY_SECTION.format(history=history)
    return ANSWER_PROMPT.format(
        task_prompt=instance.task_prompt,
        skeleton=skeleton_view(instance),
        sections=sections,
        question=pair.question,
    )


def _record(
    kind: str, pair: QAPair, raw: str, shown_fact_ids: tuple[str, ...] | list[str]
) -> CodeQAAnswer:
    return CodeQAAnswer(
        pass_name=kind, qa_id=pair.qa_id, answer=raw, shown_fact_ids=list(shown_fact_ids)
    )


async def _ask(
    instance: CodeQAInstance, options: ProtocolOptions, pair: QAPair, agent: MemoryStrategy
) -> CodeQAAnswer:
    """One question through the strategy: its memory around the answer prompt."""
    linked = [instance.fact(fact_id).fact for fact_id in pair.linked_fact_ids]
    shown = facts_held(await agent.recall(pair.question), linked)
    set_phase(PHASE_QUESTION, pair.qa_id)
    raw = await agent.answer(_answer_prompt(instance, options, pair), pair.question)
    return _record(WITH_MEMORY, pair, raw, shown)


async def _ask_with_history(
    instance: CodeQAInstance, options: ProtocolOptions, pair: QAPair
) -> CodeQAAnswer:
    """One question with every memory file in the prompt, straight to the model."""
    prompt = _answer_prompt(instance, options, pair, history=history_view(instance))
    set_phase(PHASE_QUESTION, pair.qa_id)
    output = await get_model().generate(
        [ChatMessageSystem(content=CODE_QA_BRIEFING.system_prompt), ChatMessageUser(content=prompt)]
    )
    linked = [instance.fact(fact_id).fact for fact_id in pair.linked_fact_ids]
    return _record(WITH_MEMORY, pair, output.completion, facts_held(prompt, linked))


async def _ask_without_memory(
    instance: CodeQAInstance,
    options: ProtocolOptions,
    pair: QAPair,
    agent: MemoryStrategy,
    evicted: bool,
) -> CodeQAAnswer:
    """One question under the memory pass's own prompt, with the memory left empty.

    Under ``evicted`` the strategy under test answers as it would with nothing kept
    (`MemoryStrategy.answer_without_memory`); under ``full_context`` the history section is
    left empty instead.
    """
    set_phase(PHASE_QUESTION, pair.qa_id)
    if evicted:
        prompt = _answer_prompt(instance, options, pair)
        raw = await agent.answer_without_memory(prompt, pair.question)
    else:
        prompt = _answer_prompt(instance, options, pair, history=EMPTY_HISTORY)
        output = await get_model().generate(
            [
                ChatMessageSystem(content=CODE_QA_BRIEFING.system_prompt),
                ChatMessageUser(content=prompt),
            ]
        )
        raw = output.completion
    return _record(NO_MEMORY, pair, raw, ())

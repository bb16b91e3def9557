"""The research_qa driver: plays one instance's search turns against a memory strategy.

Scripted mode (MemGym-DR's protocol): for every turn, the documents visible under the
eviction policy (only the turn's own under full eviction) go to the strategy, heading
first (`observe_batch`); nothing else carries over. Interactive mode: the model searches
itself (`interactive`). Then the strategy flushes, and the question is answered from what
the strategy recalls (`MemoryStrategy.answer`), with, in scripted mode, the documents still
visible from the last turn in the prompt (MemGym-DR's protocol: the same documents for
every model). Interactive mode shows none: its last search is the model's own choice, and
showing its results would let one search answer the question with no memory at all.

With memory isolation (the default), the same prompt goes to the same reasoner under the
call the strategy would make with an empty memory (`MemoryStrategy.answer_without_memory`):
the two prompts differ only in what memory holds, so ``memory_delta`` measures memory and
nothing else. Before answering, the driver
records which chain facts were in memory, in what the strategy recalls for the question,
and in the visible documents (for ``hop_recall`` and the failure labels). Memory
operations are tagged with the turn (`MemoryLedger.event_index`).
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.solver import TaskState

from inspect_memgym.kit.sample_spec import SampleSpec
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.research_qa import BENCHMARK_NAME
from inspect_memgym.research_qa.grading import chain_facts_in
from inspect_memgym.research_qa.interactive import search_interactively
from inspect_memgym.research_qa.options import RunOptions
from inspect_memgym.research_qa.prompts import (
    answer_prompt,
    research_briefing,
    turn_inputs,
    visible_at_answer,
)
from inspect_memgym.research_qa.references import resolve_instance
from inspect_memgym.research_qa.state import (
    PHASE_ANSWER,
    PHASE_OBSERVE,
    StrategyDescription,
    current_research_state,
)
from inspect_memgym.research_qa.world import ResearchInstance
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import register_driver
from inspect_memgym.strategies.strategy import MemoryStrategy

INSTANCE_KEY = "instance"
"""Sample metadata key holding the instance reference (`references`)."""
OPTIONS_KEY = "research_options"
"""Sample metadata key holding the run options (`RunOptions.to_dict()`)."""

VisibleDocument = tuple[str, str, str]
"""(document id, title, text) of a document visible when answering."""


class ResearchSpec(SampleSpec):
    """What a research_qa sample's metadata says (field names are its metadata keys).

    Attributes:
        instance: The instance reference (`references.generated_reference` or
            `references.row_reference`).
        research_options: The run options.
    """

    instance: dict[str, str | int]
    research_options: RunOptions = RunOptions()


def sample_instance(spec: ResearchSpec) -> tuple[ResearchInstance, RunOptions]:
    """The instance a sample plays, under its run options, and the options.

    Args:
        spec: The sample's spec.
    """
    options = spec.research_options
    return resolve_instance(spec.instance, options.eviction), options


@register_driver(BENCHMARK_NAME)
async def run_research(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Play the sample's search turns against the strategy, then answer.

    Args:
        state: The sample's task state (metadata holds the instance reference and options).
        agent: The memory strategy under test.

    Returns:
        The state, with the strategy's description in ``metadata["agent"]``.
    """
    instance, options = sample_instance(ResearchSpec.of_state(state))
    briefing = research_briefing(instance.question)
    agent.brief(briefing)
    visible: list[VisibleDocument] = []
    if options.mode == "interactive":
        await search_interactively(instance, agent, options)
    else:
        visible = await _play_turns(instance, agent)
    await agent.flush()
    progress = current_research_state()
    await _record_fact_locations(instance, agent, visible)
    documents = [(title, text) for _, title, text in visible]
    prompt = answer_prompt(instance.question, documents, options.mode)
    set_phase(PHASE_ANSWER, instance.instance_id)
    progress.answer = await agent.answer(prompt, instance.question)
    if options.memory_isolation:
        set_phase(PHASE_ANSWER, instance.instance_id)
        progress.no_memory_answer = await agent.answer_without_memory(prompt, instance.question)
    set_phase("")
    state.metadata["agent"] = agent.describe()
    return state


async def _play_turns(instance: ResearchInstance, agent: MemoryStrategy) -> list[VisibleDocument]:
    """Scripted mode: every turn's visible documents to the strategy, in turn order."""
    progress = current_research_state()
    ledger = current_ledger()
    for turn in instance.turns:
        progress.turn = turn.turn_index
        ledger.event_index = turn.turn_index
        set_phase(PHASE_OBSERVE, f"turn-{turn.turn_index}")
        await agent.observe_batch(turn_inputs(instance, turn.turn_index))
    progress.turn = len(instance.turns)
    return [(doc.doc_id, doc.title, doc.text) for doc in visible_at_answer(instance)]


async def _record_fact_locations(
    instance: ResearchInstance, agent: MemoryStrategy, visible: Sequence[VisibleDocument]
) -> None:
    """Which chain facts memory holds, recalls for the question, and the documents show."""
    progress = current_research_state()
    progress.stored_fact_ids = chain_facts_in(instance, await agent.recall())
    progress.recalled_fact_ids = chain_facts_in(instance, await agent.recall(instance.question))
    progress.visible_fact_ids = chain_facts_in(
        instance, "\n\n".join(f"{title}\n{text}" for _, title, text in visible)
    )
    progress.visible_doc_ids = [doc_id for doc_id, _, _ in visible]
    progress.kept = StrategyDescription.model_validate(agent.describe())

"""Interactive mode: the model plans the hops itself with a ``web_search`` tool.

Each search turn is one model call: the system prompt shows what the memory strategy
recalls for the question (`MemoryStrategy.memory_text`), the user message the question
and the turn count, and the one tool ``web_search(query)``. A search's results go to the
strategy (`observe_batch`: the heading, then each document) and are then evicted: the next
turn sees only memory again. The model ends the searches by replying without a tool call,
or the turn cap (`RunOptions.max_searches`) ends them. Only the first ``web_search`` call
of a turn runs; a refused search (a blank query) uses up its turn, and the next turn says
why it failed. The last search's results are evicted like every other's: the answer sees
only memory (a model's own last search would otherwise answer for it, memory or not).
"""

from __future__ import annotations

from inspect_ai.model import (
    ChatMessage,
    ChatMessageSystem,
    ChatMessageUser,
    execute_tools,
    get_model,
)
from inspect_ai.tool import ToolDef

from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.research_qa.options import RunOptions
from inspect_memgym.research_qa.prompts import (
    EMPTY_MEMORY,
    FIRST_SEARCH,
    LAST_SEARCH_FAILED,
    LAST_SEARCH_RESULTS,
    READY,
    SEARCH_HEADING,
    SEARCH_MEMORY_SECTION,
    SEARCH_TURN_PROMPT,
    render_documents,
)
from inspect_memgym.research_qa.search_index import CorpusIndex, SearchSession
from inspect_memgym.research_qa.search_tool import web_search
from inspect_memgym.research_qa.state import (
    PHASE_OBSERVE,
    PHASE_SEARCH,
    SearchRecord,
    current_research_state,
)
from inspect_memgym.research_qa.world import CorpusEntry, ResearchInstance, build_corpus
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.strategy import MemoryStrategy
from inspect_memgym.tool_use.loop import note_model_turn

SEARCH_TOOL = "web_search"


async def search_interactively(
    instance: ResearchInstance, agent: MemoryStrategy, options: RunOptions
) -> list[CorpusEntry]:
    """Let the model search until it is ready or the cap is reached.

    Args:
        instance: The instance (its documents are the corpus).
        agent: The memory strategy; it observes every search's results.
        options: The run options (cap, results per search, search backend).

    Returns:
        The last search's results (recorded; the answer does not see them).
    """
    index = CorpusIndex.open(build_corpus(instance), options.search_backend, options.embedding)
    session = SearchSession(index, options.search_results)
    tool = ToolDef(web_search(session))
    model = get_model()
    progress = current_research_state()
    status = FIRST_SEARCH
    visible: list[CorpusEntry] = []
    try:
        for number in range(1, options.max_searches + 1):
            progress.turn = number - 1
            current_ledger().event_index = number - 1
            memory = await agent.recall(instance.question)
            messages = _turn_messages(instance, agent, memory, options, number, status)
            set_phase(PHASE_SEARCH, f"search-{number}")
            output = await model.generate(messages, tools=[tool])
            note_model_turn(output, [tool])
            calls = [
                call for call in output.message.tool_calls or [] if call.function == SEARCH_TOOL
            ]
            if not calls:
                break
            searched = len(session.history)
            message = output.message.model_copy(update={"tool_calls": calls[:1]})
            result = await execute_tools([*messages, message], [tool])
            query = str(calls[0].arguments.get("query", ""))
            if len(session.history) == searched:
                error = _error_text(result.messages)
                status = LAST_SEARCH_FAILED.format(error=error)
                visible = []
                _record(number, query, [], error)
                continue
            record = session.history[-1]
            visible = list(record.results)
            status = LAST_SEARCH_RESULTS.format(query=query, count=len(visible))
            _record(number, query, [entry.doc_id for entry in visible], None)
            set_phase(PHASE_OBSERVE, f"search-{number}")
            await agent.observe_batch(
                [
                    SEARCH_HEADING.format(number=number, query=query),
                    *render_documents([(entry.title, entry.text) for entry in visible]),
                ]
            )
    finally:
        index.close()
    progress.turn = len(progress.searches)
    return visible


def _turn_messages(
    instance: ResearchInstance,
    agent: MemoryStrategy,
    recalled: str,
    options: RunOptions,
    number: int,
    status: str,
) -> list[ChatMessage]:
    """The system prompt with what memory recalls, and the turn's request."""
    briefing = agent.briefing
    memory = recalled.strip() or EMPTY_MEMORY
    section = SEARCH_MEMORY_SECTION.format(label=briefing.memory_label, memory=memory)
    request = SEARCH_TURN_PROMPT.format(
        question=instance.question,
        number=number,
        limit=options.max_searches,
        last_search=status,
        results=options.search_results,
        ready=READY,
    )
    return [
        ChatMessageSystem(content=f"{briefing.system_prompt}\n\n{section}"),
        ChatMessageUser(content=request),
    ]


def _error_text(messages: list[ChatMessage]) -> str:
    """The refusal the tool call ended with."""
    for message in messages:
        error = getattr(message, "error", None)
        if error is not None:
            return str(error.message)
    return "the search returned nothing"


def _record(number: int, query: str, doc_ids: list[str], error: str | None) -> None:
    progress = current_research_state()
    entry = SearchRecord(turn=number - 1, query=query, doc_ids=doc_ids, error=error)
    progress.searches = [*progress.searches, entry.as_metadata()]

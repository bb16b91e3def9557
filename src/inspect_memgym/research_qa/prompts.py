"""Prompts of research_qa: the briefing, a search turn's input, the answer, interactive turns.

A scripted turn is given to the memory strategy as its heading and its visible documents
(`turn_inputs`); an answer sees the question and, in scripted mode, the documents still
visible from the last turn (`answer_prompt`), plus whatever the strategy recalls; an
interactive answer sees no documents. The reply is MemGym-DR's JSON
(``{"answer": ..., "confidence": ...}``). Placeholders are filled with `str.format`, so
literal braces are doubled.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_memgym.research_qa.world import Document, ResearchInstance
from inspect_memgym.strategies.strategy import Briefing

RESEARCH_SYSTEM_PROMPT = (
    "You are a research assistant answering a multi-hop question from web search results. "
    "The results of a search turn are shown once: the next turn replaces them, so only "
    "your memory carries a fact from one turn to the next. Sources disagree: some claims "
    "are marked as withdrawn or superseded, and many entries concern similarly named "
    "entities that are not the ones the question is about."
)
"""System prompt of every answer (and every reply a strategy makes)."""

RESEARCH_MEMORY_BRIEF = (
    "The research question: {question}\n"
    "Keep every fact that may be a link of its chain: who or what each entity in the "
    "question leads to (author, supervisor, director, host, city...) and the years, counts "
    "and fields of the entities it may reach, with exact names and numbers as stated. Keep "
    "facts about every candidate a turn shows when you cannot yet tell which one the chain "
    "reaches. Leave out withdrawn or superseded claims and the survey filler."
)
"""What memory should keep (the strategy's memory brief); ``question`` is the sample's."""

RESEARCH_MEMORY_LABEL = "Research notes"
"""Heading of the memory a strategy shows in context."""

TURN_HEADING = "=== Search turn {number} of {total}: {sub_query} ==="
"""Heading of a scripted search turn's results (turns numbered from 1)."""

SEARCH_HEADING = "=== Search {number}: {query} ==="
"""Heading of an interactive search's results."""

DOCUMENT_BLOCK = "--- {title} ---\n{text}"
"""One search result as the model reads it."""

NO_DOCUMENTS = "(none)"
"""Shown where no document is visible."""

ANSWER_PROMPT = """Research question: {question}

Documents still visible from the last search turn:
{documents}

Answer the research question from what you remember of the earlier search turns and from \
the documents above. Follow the question's chain one link at a time. Ignore claims that a \
source marks as withdrawn or superseded, and facts about other, similarly named entities.

Reply with this JSON and nothing else:
{{"answer": "<a name, a year, a number or a short label>", "confidence": <0 to 1>}}
If you cannot determine the answer, give "insufficient information" as the answer."""
"""The answer prompt, with memory and without (the no-memory pass sends exactly this)."""

INTERACTIVE_ANSWER_PROMPT = """Research question: {question}

Your searches are over, and their results have been evicted. Answer the research question \
from what you remember of them. Follow the question's chain one link at a time. Ignore \
claims that a source marks as withdrawn or superseded, and facts about other, similarly \
named entities.

Reply with this JSON and nothing else:
{{"answer": "<a name, a year, a number or a short label>", "confidence": <0 to 1>}}
If you cannot determine the answer, give "insufficient information" as the answer."""
"""The answer prompt of interactive mode: no documents, whatever the last search was (the
no-memory pass sends exactly this)."""

INSUFFICIENT_INFORMATION = "insufficient information"
"""The answer that declines (MemGym-DR's wording)."""

SEARCH_MEMORY_SECTION = "{label} (your memory of earlier searches):\n{memory}"
"""Appended to the system prompt of an interactive search turn."""

EMPTY_MEMORY = "(empty)"

SEARCH_TURN_PROMPT = """Research question: {question}

Search turn {number} of at most {limit}. {last_search}

Plan the hops of the question and search for the next fact you need. One call of \
web_search(query) returns the {results} best-matching documents; you read them once, \
then they are evicted, and only your memory keeps what they said. Search with the names \
you already know (e.g. "Who wrote the Orrin Report?").

Call web_search with your next query (one search per turn). When your memory holds every \
link of the chain, reply {ready} without calling a tool; you will then be asked for the \
answer."""
"""One interactive search turn: search again, or stop and answer."""

READY = "READY"
"""The reply that ends the searches."""

FIRST_SEARCH = "No search has been made yet."
LAST_SEARCH_RESULTS = (
    "Your last search ({query!r}) returned {count} documents; they have been evicted, and "
    "your memory holds what was kept of them."
)
LAST_SEARCH_FAILED = "Your last search failed: {error}"


def research_briefing(question: str) -> Briefing:
    """The briefing every strategy gets for one research question.

    Args:
        question: The sample's question.
    """
    return Briefing(
        system_prompt=RESEARCH_SYSTEM_PROMPT,
        memory_brief=RESEARCH_MEMORY_BRIEF.format(question=question),
        memory_label=RESEARCH_MEMORY_LABEL,
    )


def render_documents(documents: Sequence[tuple[str, str]]) -> list[str]:
    """Documents as the model reads them, one block each.

    Args:
        documents: (title, text) pairs.
    """
    return [DOCUMENT_BLOCK.format(title=title, text=text) for title, text in documents]


def turn_inputs(instance: ResearchInstance, turn_index: int) -> list[str]:
    """What a scripted turn gives the strategy: per visible turn, its heading and documents.

    Under full eviction that is the turn itself; under a sliding window, the earlier turns
    still in the window come first.

    Args:
        instance: The instance.
        turn_index: The current turn.
    """
    inputs = []
    total = len(instance.turns)
    for visible in instance.eviction_policy.visible_turns(turn_index):
        turn = instance.turns[visible]
        inputs.append(
            TURN_HEADING.format(number=visible + 1, total=total, sub_query=turn.sub_query)
        )
        inputs += render_documents(_pairs(turn.documents))
    return inputs


def answer_prompt(question: str, documents: Sequence[tuple[str, str]], mode: str) -> str:
    """The answer prompt: the question, and in scripted mode the documents still visible.

    Args:
        question: The research question.
        documents: (title, text) of each visible document (none in interactive mode).
        mode: ``scripted`` or ``interactive``.
    """
    if mode == "interactive":
        return INTERACTIVE_ANSWER_PROMPT.format(question=question)
    rendered = "\n\n".join(render_documents(documents)) or NO_DOCUMENTS
    return ANSWER_PROMPT.format(question=question, documents=rendered)


def _pairs(documents: Sequence[Document]) -> list[tuple[str, str]]:
    return [(document.title, document.text) for document in documents]


def visible_at_answer(instance: ResearchInstance) -> list[Document]:
    """The documents visible when a scripted instance is answered (the last turn's view).

    Args:
        instance: The instance (one without turns shows nothing).
    """
    if not instance.turns:
        return []
    return instance.visible_documents(len(instance.turns) - 1)

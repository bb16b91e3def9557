"""Per-sample state of a research_qa run, kept in Inspect's store.

The driver records where the sample is (the turn), each interactive search, the raw
answers (with memory and without), and which chain facts were where when the question was
answered; the scorer grades from it. The kind of each model call is announced in the shared
`ModelCallContext` with one of the phases below or a strategy's own; nothing here holds a
gold answer.
"""

from dataclasses import dataclass
from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel
from inspect_memgym.scoring.stored_records import StoredRecord

PHASE_OBSERVE = "observe"
"""A search turn's documents are handed to the strategy (a strategy that calls a model to
update its memory announces ``memory_update`` itself)."""
PHASE_SEARCH = "search"
"""An interactive turn: the model calls ``web_search`` or says it is ready."""
PHASE_ANSWER = "answer"
"""The research question is answered (with memory, or in the no-memory pass)."""
PHASE_JUDGE = "judge"
"""The grader scores an answer the rules could not decide."""


@dataclass(frozen=True)
class SearchRecord(StoredRecord):
    """One interactive search, as kept in `ResearchState.searches`.

    Attributes:
        turn: The search turn, from 0.
        query: The query as the model wrote it.
        doc_ids: The documents it returned, in rank order.
        error: Why the search returned nothing (None when it ran).
    """

    turn: int
    query: str
    doc_ids: list[str]
    error: str | None


class ResearchState(JsonStoreModel):
    """Where a research sample is, and what the scorer needs.

    Attributes:
        turn: The current turn (-1 before the first; the number of turns once answering).
        searches: One `SearchRecord` per interactive search, in order (as stored: written
            and read through the type).
        answer: The raw answer with memory (None before it is given).
        no_memory_answer: The raw answer of the no-memory pass (None without one).
        stored_fact_ids: Chain facts the strategy's whole memory held when answering.
        recalled_fact_ids: Chain facts in what the strategy would show for the question.
        visible_fact_ids: Chain facts in the documents visible when answering.
        visible_doc_ids: Ids of those documents.
        kept: The strategy's description when answering (kept tokens and entries).
    """

    turn: int = Field(default=-1)
    searches: list[dict[str, Any]] = Field(default_factory=list)
    answer: str | None = Field(default=None)
    no_memory_answer: str | None = Field(default=None)
    stored_fact_ids: list[str] = Field(default_factory=list)
    recalled_fact_ids: list[str] = Field(default_factory=list)
    visible_fact_ids: list[str] = Field(default_factory=list)
    visible_doc_ids: list[str] = Field(default_factory=list)
    kept: dict[str, Any] = Field(default_factory=dict)


_bound_state = BoundStoreModel(ResearchState)


def current_research_state() -> ResearchState:
    """`store_as(ResearchState)` for the current sample, bound once and reused."""
    return _bound_state.get()

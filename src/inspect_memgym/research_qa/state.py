"""Per-sample state of a research_qa run, kept in Inspect's store.

The driver records where the sample is (the turn), each interactive search, the raw
answers (with memory and without), and which chain facts were where when the question was
answered; the scorer grades from it. The kind of each model call is announced in the shared
`ModelCallContext` with one of the phases below or a strategy's own; nothing here holds a
gold answer.
"""

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_serializer

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


class StrategyDescription(BaseModel):
    """What the strategy said of itself when the question was answered (its ``describe``).

    Its name and kept size are typed; the strategy's own parameters and counters (a window,
    a budget, its backend) follow as extra fields, in the strategy's order. A sample cut
    before answering has no description: every field is unset, and it is stored (and shown)
    as an empty dict. The store and the log keep exactly the dict the strategy gave
    (`as_metadata`; a None value stays).

    Attributes:
        agent: The strategy's name (None before the answer).
        kept_tokens: Estimated tokens of everything it kept (None before the answer).
        kept_entries: The separate items it kept (None before the answer).
    """

    model_config = ConfigDict(frozen=True, extra="allow", strict=True)

    agent: str | None = None
    kept_tokens: int | None = None
    kept_entries: int | None = None

    @model_serializer(mode="plain")
    def as_metadata(self) -> dict[str, Any]:
        """The description as the strategy gave it: the fields it set, then its own."""
        given = {
            name: getattr(self, name)
            for name in type(self).model_fields
            if name in self.model_fields_set
        }
        return {**given, **(self.model_extra or {})}


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
        kept: The strategy's description when answering (kept tokens and entries; stored as
            the plain dict it gave, read back as the model).
    """

    turn: int = Field(default=-1)
    searches: list[dict[str, Any]] = Field(default_factory=list)
    answer: str | None = Field(default=None)
    no_memory_answer: str | None = Field(default=None)
    stored_fact_ids: list[str] = Field(default_factory=list)
    recalled_fact_ids: list[str] = Field(default_factory=list)
    visible_fact_ids: list[str] = Field(default_factory=list)
    visible_doc_ids: list[str] = Field(default_factory=list)
    kept: StrategyDescription = Field(default_factory=StrategyDescription)


_bound_state = BoundStoreModel(ResearchState)


def current_research_state() -> ResearchState:
    """`store_as(ResearchState)` for the current sample, bound once and reused."""
    return _bound_state.get()

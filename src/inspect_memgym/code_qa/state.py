"""Per-sample state of a code_qa run, kept in Inspect's store.

The driver records how the history was ingested and every raw answer for the scorer. The
kind of each model call is announced in the shared `ModelCallContext` with one of the
phases below or a strategy's own; nothing here holds gold answers.
"""

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel
from inspect_memgym.scoring.stored_records import STORED_KEY, StoredRecord

PHASE_INGEST = "ingest"
"""Phase one: the strategy takes in one ingest group (item: ``group<n>``)."""
PHASE_QUESTION = "question"
"""Phase two: a question is answered (item: the question id)."""
PHASE_JUDGE = "judge"
"""The ``grader`` role decides a fact the rules could not (item: the question id)."""
WITH_MEMORY = "memory"
"""`CodeQAAnswer` pass of the answers with memory (or, under full_context, the history)."""
NO_MEMORY = "no_memory"
"""`CodeQAAnswer` pass of the answers with no memory."""


@dataclass(frozen=True)
class CodeQAAnswer(StoredRecord):
    """One raw answer, as kept in `CodeQAState.answers` (its pass stored as ``pass``).

    Attributes:
        pass_name: `WITH_MEMORY` or `NO_MEMORY`.
        qa_id: The question's id.
        answer: The reply as given, ungraded.
        shown_fact_ids: The linked facts that what memory showed for the question holds
            (empty without memory).
    """

    pass_name: str = field(metadata={STORED_KEY: "pass"})
    qa_id: str
    answer: str
    shown_fact_ids: list[str] = field(default_factory=list)


class CodeQAState(JsonStoreModel):
    """How the history went in, and the answers so far.

    Attributes:
        ingest_groups: Texts shown to the strategy in phase one.
        ingest_chars: The group size used, in characters.
        ingested_characters: Characters shown in phase one, headers included.
        answers: One `CodeQAAnswer` per answer, in the order asked (as stored: written and
            read through the type).
    """

    ingest_groups: int = Field(default=0)
    ingest_chars: int = Field(default=0)
    ingested_characters: int = Field(default=0)
    answers: list[dict[str, Any]] = Field(default_factory=list)


_bound_state = BoundStoreModel(CodeQAState)


def current_code_qa_state() -> CodeQAState:
    """`store_as(CodeQAState)` for the current sample, bound once and reused."""
    return _bound_state.get()

"""Per-sample state of a code_qa run, kept in Inspect's store.

The driver records how the history was ingested and every raw answer for the scorer. The
kind of each model call is announced in the shared `ModelCallContext` with one of the
phases below or a strategy's own; nothing here holds gold answers.
"""

from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

PHASE_INGEST = "ingest"
"""Phase one: the strategy takes in one ingest group (item: ``group<n>``)."""
PHASE_QUESTION = "question"
"""Phase two: a question is answered (item: the question id)."""
PHASE_JUDGE = "judge"
"""The ``grader`` role decides a fact the rules could not (item: the question id)."""
WITH_MEMORY = "memory"
"""`AnswerRecord` pass of the answers with memory (or, under full_context, the history)."""
NO_MEMORY = "no_memory"
"""`AnswerRecord` pass of the answers with no memory."""


class CodeQAState(JsonStoreModel):
    """How the history went in, and the answers so far.

    Attributes:
        ingest_groups: Texts shown to the strategy in phase one.
        ingest_chars: The group size used, in characters.
        ingested_characters: Characters shown in phase one, headers included.
        answers: One record per answer: ``{"pass", "qa_id", "answer", "shown_fact_ids"}``,
            where ``shown_fact_ids`` are the linked facts that what memory showed for the
            question holds (empty without memory).
    """

    ingest_groups: int = Field(default=0)
    ingest_chars: int = Field(default=0)
    ingested_characters: int = Field(default=0)
    answers: list[dict[str, Any]] = Field(default_factory=list)


_bound_state = BoundStoreModel(CodeQAState)


def current_code_qa_state() -> CodeQAState:
    """`store_as(CodeQAState)` for the current sample, bound once and reused."""
    return _bound_state.get()

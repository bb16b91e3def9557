"""Per-sample state of a LongMemEval run, kept in Inspect's store, and the phases of its calls.

The driver records which session the strategy is taking in and then the raw answers
(`LongMemEvalState.answer` and `no_memory_answer`) for the scorer. Each model call is
announced in the shared `ModelCallContext` with a strategy's phase or one of those below;
nothing here holds the gold answer.
"""

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

PHASE_QUESTION = "question"
"""The question answered from memory (or, in the no-memory pass, with no history)."""
PHASE_JUDGE = "judge"
"""The judge grades one answer (``grader`` role)."""


class LongMemEvalState(JsonStoreModel):
    """Where a LongMemEval sample is, and its answers.

    Attributes:
        session: 1-based position of the session being taken in (0 before the first).
        answer: The answer from memory (None until given: a limit may cut the sample first).
        no_memory_answer: The answer with no history (None when not asked).
    """

    session: int = Field(default=0)
    answer: str | None = Field(default=None)
    no_memory_answer: str | None = Field(default=None)


_bound_state = BoundStoreModel(LongMemEvalState)


def current_longmemeval_state() -> LongMemEvalState:
    """`store_as(LongMemEvalState)` for the current sample, bound once and reused."""
    return _bound_state.get()

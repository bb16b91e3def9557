"""Per-sample state of a LoCoMo run, kept in Inspect's store, and the phases of its calls.

The driver records which session the strategy is taking in and, once every question is
answered, the raw answers (`LocomoState.results`) for the scorer. Each model call is
announced in the shared `ModelCallContext` with a strategy's phase or one of those below;
nothing here holds a gold answer.
"""

from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel
from inspect_memgym.kit.pass_names import MEMORY_PASS, NO_MEMORY_PASS

PHASE_QUESTION = "question"
"""A question answered from memory (or, in the no-memory pass, with no history)."""
PHASE_JUDGE = "judge"
"""The optional judge grades one answer (``grader`` role)."""
MEMORY_ANSWER = MEMORY_PASS
"""Result kind: the answer of the strategy under test."""
NO_MEMORY_ANSWER = NO_MEMORY_PASS
"""Result kind: the same question asked with no history (the memory-isolation baseline)."""


class LocomoState(JsonStoreModel):
    """Where a LoCoMo sample is, and its answers.

    Attributes:
        session: Number of the session being taken in (0 before the first).
        results: One `scoring.stored_records.AnswerRecord` per answer, in the order asked
            (as stored: written and read through the type).
    """

    session: int = Field(default=0)
    results: list[dict[str, Any]] = Field(default_factory=list)


_bound_state = BoundStoreModel(LocomoState)


def current_locomo_state() -> LocomoState:
    """`store_as(LocomoState)` for the current sample, bound once and reused."""
    return _bound_state.get()

"""Per-sample progress of a procedures run, kept in Inspect's store.

The driver records each pass over the sample's test task (with memory, and with none):
the lessons the strategy gave, every tool call and result, the final state. Nothing here
holds the rules or the required state.
"""

from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

PHASE_LESSONS = "lessons"
"""The strategy answers what it learned that bears on the test task (item: the task id)."""
PHASE_ACT = "act"
"""The model works the test task with the world's tools (item: the task id)."""


class ProceduresState(JsonStoreModel):
    """The passes of one procedures sample.

    Attributes:
        passes: One record per pass: ``pass`` (`MEMORY_PASS` or `NO_MEMORY_PASS`),
            ``lessons``, ``calls`` (function, arguments, result, refused), ``final_state``
            and ``stop`` (why the tool loop ended).
        current_pass: The pass being played ("" outside one).
    """

    passes: list[dict[str, Any]] = Field(default_factory=list)
    current_pass: str = Field(default="")


_bound_state = BoundStoreModel(ProceduresState)


def current_procedures_state() -> ProceduresState:
    """`store_as(ProceduresState)` for the current sample, bound once and reused."""
    return _bound_state.get()

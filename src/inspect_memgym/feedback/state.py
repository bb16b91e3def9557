"""Per-sample progress of a feedback run, kept in Inspect's store.

The driver records the step, the training request being served and its round (a scripted
policy reads them to know what a reply is for: memory strategies announce a reply without
an item), the dialogues memorised, and every raw test answer for the scorer. Nothing here
holds gold answers.
"""

from pydantic import Field

from inspect_memgym.feedback.grading import FeedbackAnswer, FeedbackDialogue
from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

PHASE_TEST = "test"
"""A test request answered from memory (the item is the request id)."""
PHASE_USER = "user"
"""The feedback giver (an LLM in the ``user`` role) words its feedback."""


class FeedbackState(JsonStoreModel):
    """Where a feedback sample is, and its results so far.

    Attributes:
        step: The current step, from 1 (0 before the first).
        request_id: The training request being served ("" otherwise).
        round: The reply's round in the current dialogue, from 0.
        results: One record per test answer: step (0 for the no-memory pass), request id,
            the raw reply (stored as plain dicts: `JsonStoreModel`).
        dialogues: One record per training dialogue: step, request id, messages, feedback
            (stored as plain dicts).
        user_fallbacks: Feedback the ``user`` model could not word (the scripted text used).
        planned_answers: Test answers the protocol asks for (a limit may cut it short).
        planned_steps: The steps of the test passes the protocol asks for, in order (0:
            the no-memory pass); each answers every test request.
    """

    step: int = Field(default=0)
    request_id: str = Field(default="")
    round: int = Field(default=0)
    results: list[FeedbackAnswer] = Field(default_factory=list)
    dialogues: list[FeedbackDialogue] = Field(default_factory=list)
    user_fallbacks: int = Field(default=0)
    planned_answers: int = Field(default=0)
    planned_steps: list[int] = Field(default_factory=list)


_bound_state = BoundStoreModel(FeedbackState)


def current_feedback_state() -> FeedbackState:
    """`store_as(FeedbackState)` for the current sample, bound once and reused."""
    return _bound_state.get()

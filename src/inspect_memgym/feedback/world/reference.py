"""Scripted assistants: the off-policy protocols' reference assistant, and scripted replies.

The reference assistant is fixed; `scripted_reply` is the reply any scripted assistant
gives for what it knows.

An assistant that does not know a request's hidden item answers with the item's
exploration order: its default first, then the next variant after each dislike. One that
knows the item (or reads a control's instruction) gives the right reply. The reference
assistant learns nothing across dialogues: within one, it knows the item once the user's
verbal feedback has stated it.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.feedback.world.model import FeedbackWorld, ServiceRequest
from inspect_memgym.feedback.world.simulator import (
    FeedbackMode,
    UserFeedback,
    render_user_message,
    scripted_feedback,
)

USER = "user"
ASSISTANT = "assistant"


def scripted_reply(
    world: FeedbackWorld, request: ServiceRequest, round_number: int, knows: bool
) -> str:
    """The reply of a scripted assistant.

    Args:
        world: The world.
        request: The request.
        round_number: The reply's round in its dialogue, from 0 (a test answer: 0).
        knows: Whether the assistant knows the request's hidden item.
    """
    if request.control or knows:
        return request.gold_reply
    exploration = world.item(request.aspect).exploration
    return request.replies[exploration[min(round_number, len(exploration) - 1)]]


@dataclass(frozen=True)
class Dialogue:
    """One training dialogue.

    Attributes:
        request_id: The request served.
        messages: (role, text) in order: the request, then replies and the user's feedback
            messages, ending with the user's last feedback.
        feedback: The feedback on each reply.
    """

    request_id: str
    messages: tuple[tuple[str, str], ...]
    feedback: tuple[UserFeedback, ...]

    @property
    def solved(self) -> bool:
        """Whether the last reply was right (False for a dialogue without feedback)."""
        return bool(self.feedback) and self.feedback[-1].implicit_action in ("like", "copy")


def reference_dialogue(
    world: FeedbackWorld, request: ServiceRequest, mode: FeedbackMode, max_rounds: int
) -> Dialogue:
    """The fixed reference assistant serving a training request, with scripted feedback.

    Args:
        world: The world.
        request: A training request.
        mode: The feedback kind shown to the assistant.
        max_rounds: Replies allowed.
    """
    messages: list[tuple[str, str]] = [(USER, request.text)]
    feedback: list[UserFeedback] = []
    knows = False
    for round_number in range(max_rounds):
        reply = scripted_reply(world, request, round_number, knows)
        given = scripted_feedback(world, request, reply, round_number, max_rounds)
        message = render_user_message(given, mode)
        messages += [(ASSISTANT, reply), (USER, message)]
        feedback.append(given)
        knows = knows or mode != "implicit"
        if given.ends:
            break
    return Dialogue(request.request_id, tuple(messages), tuple(feedback))

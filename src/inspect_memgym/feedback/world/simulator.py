"""The scripted feedback simulator, with MemoryBench's schema.

After each reply to a training request the simulated user gives feedback computed from the
rules and the hidden profile: ``reasoning``, an ``implicit_action`` (``like``, ``dislike``,
``copy`` or ``none``), a ``behavior`` (continue or end) and a verbal ``response``.

- A right reply: ``copy`` (answers meant to be pasted: totals, accounts, addresses, phone
  numbers) or ``like``; the user ends the dialogue.
- A wrong reply: ``dislike`` (``none`` when it does not answer the request at all); the
  response states the hidden rule or fact (`HiddenItem.statement`, verbatim) and what it
  means here; the user continues while rounds are left.

What the assistant sees of it depends on the feedback kind (`render_user_message`):
``verbal`` shows the response, ``implicit`` only the action, ``both`` both. Only training
requests get feedback: no test answer ever reaches the system's memory.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from inspect_memgym.feedback.world.checking import ReplyCheck, check_reply, gold_hint
from inspect_memgym.feedback.world.model import FeedbackWorld, ServiceRequest

ImplicitAction = Literal["like", "dislike", "copy", "none"]
IMPLICIT_ACTIONS: tuple[ImplicitAction, ...] = ("like", "dislike", "copy", "none")
Behavior = Literal["continue_conversation", "end_conversation"]
FeedbackMode = Literal["verbal", "implicit", "both"]
FEEDBACK_MODES: tuple[FeedbackMode, ...] = ("verbal", "implicit", "both")
POSITIVE_RESPONSE = "That's right, thank you."
NOT_ANSWERED = "That does not answer my request."
POSITIVE_ACTIONS = frozenset({"like", "copy"})


@dataclass(frozen=True)
class UserFeedback:
    """One piece of feedback, in MemoryBench's schema.

    Attributes:
        reasoning: Why, in one line (never shown to the assistant).
        implicit_action: ``like``, ``dislike``, ``copy`` or ``none``.
        behavior: ``continue_conversation`` or ``end_conversation``.
        response: The verbal feedback.
    """

    reasoning: str
    implicit_action: ImplicitAction
    behavior: Behavior
    response: str

    @property
    def ends(self) -> bool:
        """Whether the user ends the dialogue."""
        return self.behavior == "end_conversation"

    def to_dict(self) -> dict[str, Any]:
        """As plain data for the log."""
        return asdict(self)


def action_marker(action: str) -> str:
    """How an implicit action reaches the assistant, e.g. ``[feedback: dislike]``.

    Args:
        action: One of `IMPLICIT_ACTIONS`.
    """
    return f"[feedback: {action}]"


POSITIVE_SIGNALS = (POSITIVE_RESPONSE, *(action_marker(action) for action in POSITIVE_ACTIONS))
"""Texts that tell a learner the reply just before them was right."""


def scripted_feedback(
    world: FeedbackWorld, request: ServiceRequest, reply: str, round_number: int, max_rounds: int
) -> UserFeedback:
    """The scripted user's feedback on one reply.

    Args:
        world: The world (its profile says what was wrong).
        request: The training request answered.
        reply: The assistant's reply.
        round_number: The reply's round, from 0.
        max_rounds: Replies allowed per dialogue.
    """
    check = check_reply(request, reply)
    return feedback_from_check(world, request, check, round_number, max_rounds)


def feedback_from_check(
    world: FeedbackWorld,
    request: ServiceRequest,
    check: ReplyCheck,
    round_number: int,
    max_rounds: int,
) -> UserFeedback:
    """Feedback for a reply the rules have read.

    Args:
        world: The world.
        request: The request answered.
        check: The rules' reading of the reply.
        round_number: The reply's round, from 0.
        max_rounds: Replies allowed per dialogue.
    """
    if check.correct:
        action: ImplicitAction = "copy" if request.copyable else "like"
        return UserFeedback(
            f"The reply {check.reason}, as expected.", action, "end_conversation", POSITIVE_RESPONSE
        )
    response = correction(world, request)
    if not check.addressed:
        response = f"{NOT_ANSWERED} {response}"
    last = round_number + 1 >= max_rounds
    return UserFeedback(
        reasoning=f"The reply {check.reason}.",
        implicit_action="dislike" if check.addressed else "none",
        behavior="end_conversation" if last else "continue_conversation",
        response=response,
    )


def correction(world: FeedbackWorld, request: ServiceRequest) -> str:
    """What verbal feedback says about a wrong reply: the hidden item and what it means here.

    Args:
        world: The world.
        request: A training request (one that needs a hidden item).
    """
    statement = world.item(request.aspect).statement
    return f"{statement} Here that means {gold_hint(request)}."


def render_user_message(feedback: UserFeedback, mode: FeedbackMode) -> str:
    """The user's message carrying the feedback, as the assistant sees it.

    Args:
        feedback: The feedback.
        mode: ``verbal`` (the response), ``implicit`` (the action) or ``both``.
    """
    marker = action_marker(feedback.implicit_action)
    if mode == "implicit":
        return marker
    if mode == "verbal":
        return feedback.response
    return f"{feedback.response} {marker}"

"""What the driver needs from a sample's source: a generated world or MemoryBench's records.

An episode names its training and test requests, gives each request's text, the reference
dialogue of a training request (off-policy protocols), the scripted feedback on a live
reply (on-policy) and the briefing of the assistant. The driver plays every protocol on
this interface alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from inspect_memgym.feedback.world.reference import Dialogue
from inspect_memgym.feedback.world.simulator import FeedbackMode, UserFeedback
from inspect_memgym.strategies.strategy import Briefing


class Episode(ABC):
    """One sample's requests, reference dialogues and feedback rules."""

    world_id: str

    @abstractmethod
    def briefing(self) -> Briefing:
        """The assistant's system prompt and memory brief."""

    @abstractmethod
    def training_ids(self) -> list[str]:
        """Ids of the training requests, in source order."""

    @abstractmethod
    def test_ids(self) -> list[str]:
        """Ids of the test requests, in the order they are asked."""

    @abstractmethod
    def request_text(self, request_id: str) -> str:
        """A request as the user sends it.

        Args:
            request_id: The request.
        """

    @abstractmethod
    def reference_dialogue(self, request_id: str, mode: FeedbackMode, max_rounds: int) -> Dialogue:
        """The dialogue memorised for a training request under the off-policy protocols.

        Args:
            request_id: A training request.
            mode: The feedback kind shown.
            max_rounds: Replies allowed.
        """

    @abstractmethod
    def scripted_feedback(
        self, request_id: str, reply: str, round_number: int, max_rounds: int
    ) -> UserFeedback:
        """The scripted user's feedback on a live reply.

        Args:
            request_id: The training request served.
            reply: The reply.
            round_number: Its round, from 0.
            max_rounds: Replies allowed.
        """

    def user_model_prompt(self, request_id: str, reply: str, feedback: UserFeedback) -> str | None:
        """The ``user`` model's prompt to word verbal feedback (None: the scripted wording).

        Args:
            request_id: The training request served.
            reply: The reply.
            feedback: The scripted feedback on it.
        """
        return None

"""A generated world as an episode: its requests, reference dialogues and scripted user."""

from __future__ import annotations

from inspect_memgym.feedback.episode import Episode
from inspect_memgym.feedback.prompts import (
    MEMORY_BRIEF,
    MEMORY_LABEL,
    SYSTEM_PROMPT,
    USER_ROLE_PROMPT,
)
from inspect_memgym.feedback.world.checking import check_reply
from inspect_memgym.feedback.world.model import FeedbackWorld
from inspect_memgym.feedback.world.reference import Dialogue, reference_dialogue
from inspect_memgym.feedback.world.simulator import (
    FeedbackMode,
    UserFeedback,
    correction,
    scripted_feedback,
)
from inspect_memgym.strategies.strategy import Briefing


class WorldEpisode(Episode):
    """The requests and feedback of one generated world."""

    def __init__(self, world: FeedbackWorld) -> None:
        """Wrap a world.

        Args:
            world: The world.
        """
        self.world = world
        self.world_id = world.world_id

    def briefing(self) -> Briefing:
        """The organisation's assistant, learning its conventions from feedback."""
        organisation = self.world.organisation
        return Briefing(
            system_prompt=SYSTEM_PROMPT.format(
                organisation=organisation.name, city=organisation.city
            ),
            memory_brief=MEMORY_BRIEF,
            memory_label=MEMORY_LABEL,
        )

    def training_ids(self) -> list[str]:
        """Training request ids."""
        return [request.request_id for request in self.world.training]

    def test_ids(self) -> list[str]:
        """Test request ids (rule-dependent requests and controls, shuffled)."""
        return [request.request_id for request in self.world.test]

    def request_text(self, request_id: str) -> str:
        """The request's text.

        Args:
            request_id: The request.
        """
        return self.world.request(request_id).text

    def reference_dialogue(self, request_id: str, mode: FeedbackMode, max_rounds: int) -> Dialogue:
        """The fixed reference assistant serving the request.

        Args:
            request_id: A training request.
            mode: The feedback kind shown.
            max_rounds: Replies allowed.
        """
        return reference_dialogue(self.world, self.world.request(request_id), mode, max_rounds)

    def scripted_feedback(
        self, request_id: str, reply: str, round_number: int, max_rounds: int
    ) -> UserFeedback:
        """The scripted user's feedback from the rules and the hidden profile.

        Args:
            request_id: The training request served.
            reply: The reply.
            round_number: Its round, from 0.
            max_rounds: Replies allowed.
        """
        request = self.world.request(request_id)
        return scripted_feedback(self.world, request, reply, round_number, max_rounds)

    def user_model_prompt(self, request_id: str, reply: str, feedback: UserFeedback) -> str | None:
        """The prompt for a ``user`` model to word the correction of a wrong reply.

        Args:
            request_id: The training request served.
            reply: The reply.
            feedback: The scripted feedback (a right reply keeps its scripted wording).
        """
        if feedback.implicit_action in ("like", "copy"):
            return None
        request = self.world.request(request_id)
        return USER_ROLE_PROMPT.format(
            user=self.world.organisation.user,
            organisation=self.world.organisation.name,
            request=request.text,
            reply=reply,
            reason=check_reply(request, reply).reason,
            correction=correction(self.world, request),
            behavior=feedback.behavior,
        )

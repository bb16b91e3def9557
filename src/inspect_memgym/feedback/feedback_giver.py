"""Who gives feedback on live replies: the scripted user, or an LLM in the ``user`` role.

The verdict always comes from the rules (right or wrong, and so the implicit action and
whether the user continues). With ``--model-role user=<model>`` an LLM words the verbal
response to a wrong reply in MemoryBench's JSON schema (``reasoning``, ``implicit_action``,
``behavior``, ``response``), told what was wrong and what the assistant needs to know; its
``response`` and ``reasoning`` replace the scripted ones. A reply that is not such JSON
with a non-empty response keeps the scripted wording and is counted
(`FeedbackState.user_fallbacks`). Implicit feedback shows no words, so no model is asked.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from inspect_ai.model import ChatMessageUser, Model, get_model, model_roles

from inspect_memgym.feedback.episode import Episode
from inspect_memgym.feedback.state import PHASE_USER, current_feedback_state
from inspect_memgym.feedback.world.simulator import FeedbackMode, UserFeedback
from inspect_memgym.strategies.call_context import set_phase

USER_ROLE = "user"
_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


class FeedbackGiver:
    """The scripted user (the default)."""

    kind = "scripted"

    def __init__(self, episode: Episode, mode: FeedbackMode) -> None:
        """Give feedback on one episode's replies.

        Args:
            episode: The sample's episode.
            mode: The feedback kind shown to the assistant.
        """
        self.episode = episode
        self.mode = mode

    async def feedback(
        self, request_id: str, reply: str, round_number: int, max_rounds: int
    ) -> UserFeedback:
        """Feedback on a live reply.

        Args:
            request_id: The training request served.
            reply: The reply.
            round_number: Its round, from 0.
            max_rounds: Replies allowed.
        """
        return self.episode.scripted_feedback(request_id, reply, round_number, max_rounds)


class ModelFeedbackGiver(FeedbackGiver):
    """An LLM words the verbal feedback; the rules decide it."""

    kind = "model"

    def __init__(self, episode: Episode, mode: FeedbackMode, model: Model) -> None:
        """Bind the user model.

        Args:
            episode: The sample's episode.
            mode: The feedback kind shown.
            model: The model in the ``user`` role.
        """
        super().__init__(episode, mode)
        self.model = model

    async def feedback(
        self, request_id: str, reply: str, round_number: int, max_rounds: int
    ) -> UserFeedback:
        """The scripted verdict, worded by the user model when words are shown.

        Args:
            request_id: The training request served.
            reply: The reply.
            round_number: Its round, from 0.
            max_rounds: Replies allowed.
        """
        scripted = await super().feedback(request_id, reply, round_number, max_rounds)
        prompt = self.episode.user_model_prompt(request_id, reply, scripted)
        if prompt is None or self.mode == "implicit":
            return scripted
        set_phase(PHASE_USER, request_id)
        output = await self.model.generate([ChatMessageUser(content=prompt)])
        worded = parse_user_feedback(output.completion)
        if worded is None:
            progress = current_feedback_state()
            progress.user_fallbacks = progress.user_fallbacks + 1
            return scripted
        reasoning, response = worded
        return replace(scripted, reasoning=reasoning or scripted.reasoning, response=response)


def parse_user_feedback(text: str) -> tuple[str, str] | None:
    """``(reasoning, response)`` from a user model's JSON reply, None if unusable.

    Args:
        text: The model's reply.
    """
    match = _JSON_OBJECT.search(text)
    if match is None:
        return None
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict):
        return None
    response, reasoning = data.get("response"), data.get("reasoning")
    if not isinstance(response, str) or not response.strip():
        return None
    return (reasoning.strip() if isinstance(reasoning, str) else ""), response.strip()


def feedback_giver(episode: Episode, mode: FeedbackMode) -> FeedbackGiver:
    """The LLM-worded giver if the ``user`` role is bound and the episode allows it.

    Args:
        episode: The sample's episode.
        mode: The feedback kind shown.
    """
    if USER_ROLE in model_roles():
        return ModelFeedbackGiver(episode, mode, get_model(role=USER_ROLE))
    return FeedbackGiver(episode, mode)

"""Play a ``memgym`` model call of the feedback task with its scripted policy.

Registered with the ``memgym`` provider: every model call of a feedback sample comes here.
A test answer names its request in the call context (`state.PHASE_TEST`); a reply to a
training request is announced by the strategy without an item, so the request and its
round come from `FeedbackState`; anything else is a memory update. An adversary
(`adversaries.ADVERSARIES`) gets only the call's messages, tools and announced kind; a switch
adversary (``switch_<shown>_<empty>``, `kit.pass_switch`) plays the adversary of its
behaviour for the call's pass.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.feedback import BENCHMARK_NAME
from inspect_memgym.feedback.adversaries import (
    ADVERSARIES,
    POLICY_NAMES,
    SWITCH_BEHAVIOURS,
    adversary_action,
)
from inspect_memgym.feedback.episode_loading import FeedbackSpec, episode_of
from inspect_memgym.feedback.policies import FEEDBACK_POLICIES, LearnerCall, learner_action
from inspect_memgym.feedback.records_episode import RecordsEpisode
from inspect_memgym.feedback.records_policies import records_action
from inspect_memgym.feedback.state import PHASE_TEST, current_feedback_state
from inspect_memgym.feedback.world_episode import WorldEpisode
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import resolve_switch
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import PHASE_REPLY, current_call_context


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current feedback model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        RuntimeError: If there is no current feedback sample.
    """
    policy_name = resolve_switch(policy_name, SWITCH_BEHAVIOURS)
    context = current_call_context()
    progress = current_feedback_state()
    if policy_name in ADVERSARIES:
        action = adversary_action(policy_name, context.phase, messages, tools)
        return PolicyTurn(action, f"memgym-{context.phase}", len(messages))
    episode = episode_of(FeedbackSpec.of_metadata(current_sample_metadata()))
    request_id, round_number = "", 0
    if context.phase == PHASE_TEST:
        request_id = context.item_id
    elif context.phase == PHASE_REPLY:
        request_id, round_number = progress.request_id, progress.round
    if isinstance(episode, WorldEpisode):
        world = episode.world
        request = world.request(request_id) if request_id else None
        call = LearnerCall(policy_name, context.strategy, request, round_number)
        action = learner_action(call, world, messages, tools)
    else:
        assert isinstance(episode, RecordsEpisode)
        action = records_action(policy_name, context.strategy, episode, request_id, messages, tools)
    return PolicyTurn(action, f"memgym-{progress.step}-{context.phase}", len(messages))


register_policies(BENCHMARK_NAME, (*FEEDBACK_POLICIES, *POLICY_NAMES), play)

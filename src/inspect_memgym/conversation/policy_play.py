"""Play a ``memgym`` model call of the conversation task with its scripted policy.

Registered with the ``memgym`` provider: every model call of a conversation sample comes
here. A reference policy (`policies`) also gets the phase and item the driver or strategy
announced (`ModelCallContext`), the period from `ConversationState` and the sample's
scenario (its stand-in for reading the user's messages); an adversary (`adversaries`) gets
the call's messages and tools and nothing else. A switch adversary (`kit.pass_switch`) is
resolved first to the memoryless adversary it plays for the call.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.conversation import BENCHMARK_NAME
from inspect_memgym.conversation.adversaries import ADVERSARIES, POLICY_NAMES, SWITCH_BEHAVIOURS
from inspect_memgym.conversation.policies import (
    CONVERSATION_POLICIES,
    Situation,
    get_conversation_policy,
)
from inspect_memgym.conversation.sample_spec import ConversationSpec
from inspect_memgym.conversation.state import current_conversation_state
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import resolve_switch
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import current_call_context

_scenarios = BoundedCache[ConversationScenario](64)
"""Parsed scenarios by id (parsing the metadata on every call would dominate run time)."""


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current conversation model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        ValueError: If the policy does not play the conversation task.
        RuntimeError: If there is no current sample with a conversation scenario.
    """
    policy_name = resolve_switch(policy_name, SWITCH_BEHAVIOURS)
    context = current_call_context()
    period = current_conversation_state().period
    adversary = ADVERSARIES.get(policy_name)
    if adversary is not None:
        return PolicyTurn(
            adversary.act(messages, tools), f"memgym-{period}-{context.phase}", len(messages)
        )
    policy = get_conversation_policy(policy_name)
    situation = Situation(
        scenario=_current_scenario(),
        phase=context.phase,
        period=period,
        item_id=context.item_id,
    )
    action = policy.act(messages, tools, situation)
    return PolicyTurn(action, f"memgym-{period}-{context.phase}", len(messages))


def _current_scenario() -> ConversationScenario:
    data = ConversationSpec.of_metadata(current_sample_metadata()).scenario
    return _scenarios.get(str(data["scenario_id"]), lambda: ConversationScenario.from_dict(data))


register_policies(BENCHMARK_NAME, (*CONVERSATION_POLICIES, *POLICY_NAMES), play)

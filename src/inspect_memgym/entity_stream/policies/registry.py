"""Every entity_stream policy by its ``--model memgym/<name>`` name, and how one plays.

Importing this module registers the policies with the ``memgym`` provider: the grid's
policies, the memoryless cheats, the diagnostic stale keeper, and the switch adversaries
(`kit.pass_switch`), which play one memoryless policy with memory shown and another with
memory empty (`SWITCH_BEHAVIOURS`), and the scripted graders a judged run binds to the
``grader`` role (`graders`).
"""

from __future__ import annotations

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.policies.base import Policy
from inspect_memgym.entity_stream.policies.event_view import build_view
from inspect_memgym.entity_stream.policies.graders import grader_action
from inspect_memgym.entity_stream.policies.guessing import SMART_GUESSER
from inspect_memgym.entity_stream.policies.hedging import HEDGER
from inspect_memgym.entity_stream.policies.judge_baiter import JUDGE_BAITER
from inspect_memgym.entity_stream.policies.memoryless import ABSTAINER, GUESSER
from inspect_memgym.entity_stream.policies.memoryless_cheats import RANGE_HEDGER, VIEW_DUMPER
from inspect_memgym.entity_stream.policies.name_dumper import NAME_DUMPER
from inspect_memgym.entity_stream.policies.over_writer import OVER_WRITER
from inspect_memgym.entity_stream.policies.priority import PRIORITY, TEMPLATE_EXPERT
from inspect_memgym.entity_stream.policies.storing import (
    NAIVE,
    PERFECT,
    RANDOM,
    STALE_KEEPER,
    STRATEGIC,
)
from inspect_memgym.entity_stream.policies.strategy_play import strategy_action
from inspect_memgym.entity_stream.state import AGENTIC, current_stream_state
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.named import lookup
from inspect_memgym.kit.pass_switch import (
    DECLINE,
    DUMP,
    GUESS,
    HEDGE,
    SWITCH_POLICIES,
    resolve_switch,
)
from inspect_memgym.simulation.grader_policy import GRADER_POLICIES
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import current_call_context

REFERENCE_POLICIES: tuple[Policy, ...] = (
    PERFECT,
    STRATEGIC,
    NAIVE,
    GUESSER,
    ABSTAINER,
    RANDOM,
    PRIORITY,
    TEMPLATE_EXPERT,
    SMART_GUESSER,
)
"""Policies that play by the rules: they store honestly or not at all."""

CHEATERS: tuple[Policy, ...] = (NAME_DUMPER, HEDGER, OVER_WRITER, JUDGE_BAITER)
"""Adversarial policies that try to game storage checks, answer rules, budget and judge."""

POLICIES: dict[str, Policy] = {policy.name: policy for policy in (*REFERENCE_POLICIES, *CHEATERS)}
"""The policies of the validity grid (`validity`), by name."""
MEMORYLESS_CHEATS: dict[str, Policy] = {
    policy.name: policy for policy in (RANGE_HEDGER, VIEW_DUMPER)
}
"""Memoryless cheats the switch adversaries play (outside the grid: the switch runs play
them), by name."""
SWITCH_BEHAVIOURS = {
    DECLINE: ABSTAINER.name,
    HEDGE: RANGE_HEDGER.name,
    DUMP: VIEW_DUMPER.name,
    GUESS: GUESSER.name,
}
"""The memoryless policy each switch behaviour plays (`kit.pass_switch`)."""
DIAGNOSTIC_POLICIES: dict[str, Policy] = {policy.name: policy for policy in (STALE_KEEPER,)}
"""Policies with a known storage behaviour that probe one figure, outside the grid: the
stale keeper (stores everything, applies no change) for the update_chain questions."""
PLAYABLE: dict[str, Policy] = {**POLICIES, **MEMORYLESS_CHEATS, **DIAGNOSTIC_POLICIES}
"""Every policy `get_policy` finds (a switch is resolved to one of them first)."""


def get_policy(name: str) -> Policy:
    """Return a policy by name.

    Args:
        name: Policy name.

    Raises:
        ValueError: If no policy has this name (the message lists the valid names).
    """
    return lookup(PLAYABLE, name, "memgym policy")


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """One entity_stream model call: the named policy's next action for the current event.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: The current event's messages.
        tools: Tools on offer (the provider drops calls to tools not offered).

    Raises:
        RuntimeError: If no event is being processed (the sample store holds none).
    """
    if policy_name in GRADER_POLICIES:
        return PolicyTurn(grader_action(policy_name, messages), "memgym-judge", len(messages))
    policy_name = resolve_switch(policy_name, SWITCH_BEHAVIOURS)
    event = current_stream_state().current_event
    if not event:
        raise RuntimeError(
            f"memgym/{policy_name} plays entity_stream events; no event is being processed."
        )
    context = current_call_context()
    # agentic plays this task's own events, tools included: its calls are seen as events
    if context.strategy and context.strategy != AGENTIC:
        action = strategy_action(
            get_policy(policy_name),
            context.strategy,
            context.phase,
            messages,
            tools,
            event,
            current_sample_metadata() or {},
        )
        return PolicyTurn(action, f"memgym-{event['index']}-{context.phase}", len(messages))
    view = build_view(messages, event, frozenset(info.name for info in tools))
    action = get_policy(policy_name).act(view, get_template(str(event["template"])))
    return PolicyTurn(action, f"memgym-{event['index']}", len(view.exchanges))


register_policies(BENCHMARK_NAME, (*PLAYABLE, *SWITCH_POLICIES, *GRADER_POLICIES), play)

"""Every scripted policy, by the name used in ``--model memgym/<name>``."""

from __future__ import annotations

from inspect_memgym.named import lookup
from inspect_memgym.simulation.guessing_policy import SMART_GUESSER
from inspect_memgym.simulation.hedging_policy import HEDGER
from inspect_memgym.simulation.judge_baiter_policy import JUDGE_BAITER
from inspect_memgym.simulation.memoryless_policy import ABSTAINER, GUESSER
from inspect_memgym.simulation.name_dumper_policy import NAME_DUMPER
from inspect_memgym.simulation.over_writer_policy import OVER_WRITER
from inspect_memgym.simulation.policy import Policy
from inspect_memgym.simulation.priority_policy import PRIORITY, TEMPLATE_EXPERT
from inspect_memgym.simulation.storing_policy import NAIVE, PERFECT, RANDOM, STRATEGIC

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
"""Registered policies."""


def get_policy(name: str) -> Policy:
    """Return a policy by name.

    Args:
        name: Policy name.

    Raises:
        ValueError: If no policy has this name (the message lists the valid names).
    """
    return lookup(POLICIES, name, "memgym policy")

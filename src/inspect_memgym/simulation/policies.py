"""Every scripted policy, by the name used in ``--model memgym/<name>``."""

from __future__ import annotations

from inspect_memgym.named import lookup
from inspect_memgym.simulation.memoryless_policy import ABSTAINER, GUESSER
from inspect_memgym.simulation.policy import Policy
from inspect_memgym.simulation.storing_policy import NAIVE, PERFECT, STRATEGIC

POLICIES: dict[str, Policy] = {
    policy.name: policy for policy in (PERFECT, STRATEGIC, NAIVE, GUESSER, ABSTAINER)
}
"""Registered policies."""


def get_policy(name: str) -> Policy:
    """Return a policy by name.

    Args:
        name: Policy name.

    Raises:
        ValueError: If no policy has this name (the message lists the valid names).
    """
    return lookup(POLICIES, name, "memgym policy")

"""Seeded random streams for generated users, stable in every process and on every machine."""

from __future__ import annotations

import random

from inspect_memgym.kit.rng import seeded_stream

CONVERSATION_GENERATOR_VERSION = "2"
"""Bumped whenever user generation changes, so old and new users never share a seed space
(2: a question's pool is every value combination; each period draws what it shows)."""


def user_stream(tier: str, seed: int, purpose: str) -> random.Random:
    """The RNG for one purpose of one generated user.

    Args:
        tier: Tier name.
        seed: User seed.
        purpose: Stream name (``"persona"``, ``"evolution"``, ``"sessions"``...).
    """
    return seeded_stream(
        "memgym-conversation", f"v{CONVERSATION_GENERATOR_VERSION}", tier, seed, purpose
    )


def presentation_stream(scenario_id: str, item: str, period: int) -> random.Random:
    """The RNG of what one question or probe shows in one period (generated or loaded users).

    Args:
        scenario_id: The user's id.
        item: Question id or variable key.
        period: Period index.
    """
    return seeded_stream(
        "memgym-conversation-presentation",
        f"v{CONVERSATION_GENERATOR_VERSION}",
        scenario_id,
        item,
        period,
    )

"""Seeded random streams for generated users, stable in every process and on every machine."""

from __future__ import annotations

import random

from inspect_memgym.kit.rng import seeded_stream

CONVERSATION_GENERATOR_VERSION = "1"
"""Bumped whenever user generation changes, so old and new users never share a seed space."""


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

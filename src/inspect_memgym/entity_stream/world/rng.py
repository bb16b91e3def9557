"""The entity_stream generator's seeded streams: one per purpose of one scenario.

Stream names are ``memgym/v<GENERATOR_VERSION>/<template>/<tier>/<seed>/<purpose>``, so
old and new generator versions never share a seed space (see `inspect_memgym.kit.rng`).
"""

from __future__ import annotations

import random

from inspect_memgym.kit.rng import seeded_stream

GENERATOR_VERSION = "1"
"""Bumped whenever generation changes, so old and new scenarios never share a seed space."""


def stream(template: str, tier: str, seed: int, purpose: str) -> random.Random:
    """Return the RNG for one purpose of one scenario.

    Args:
        template: Template name.
        tier: Tier name.
        seed: Scenario seed.
        purpose: Stream name (``"world"``, ``"relations"``, ``"corrections"``...).
    """
    return seeded_stream("memgym", f"v{GENERATOR_VERSION}", template, tier, seed, purpose)

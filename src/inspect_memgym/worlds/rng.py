"""Seeded random streams: one independent stream per purpose, stable in every process.

``random.Random`` seeded with a ``str`` hashes it with SHA-512, so the streams do not depend
on PYTHONHASHSEED, the platform or the order in which other streams are used.
"""

from __future__ import annotations

import random

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
    return random.Random(f"memgym/v{GENERATOR_VERSION}/{template}/{tier}/{seed}/{purpose}")

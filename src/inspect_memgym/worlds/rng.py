"""Seeded random streams: one independent stream per purpose, stable in every process.

``random.Random`` seeded with a ``str`` hashes it with SHA-512, so the streams do not depend
on PYTHONHASHSEED, the platform or the order in which other streams are used.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

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


def pick(rng: random.Random, options: Sequence[T]) -> T:
    """One element chosen with a single ``rng.random()`` draw (cheaper than ``rng.choice``).

    Args:
        rng: Seeded RNG.
        options: A non-empty sequence.
    """
    return options[int(rng.random() * len(options))]


def integer_between(rng: random.Random, low: int, high: int) -> int:
    """An integer in ``[low, high]`` from a single ``rng.random()`` draw.

    Args:
        rng: Seeded RNG.
        low: Smallest value.
        high: Largest value.
    """
    return low + int(rng.random() * (high - low + 1))

"""The generator version, instance ids and the seeded random streams of the world.

Every random choice of an instance comes from a stream named
``research_qa/v<GENERATOR_VERSION>/<seed>/<hops>/<purpose...>``, so a stream depends only on
its name. The knowledge graph and the chain depend on (seed, hops); only the filler and the
order of documents within a turn also depend on the context length.
"""

from __future__ import annotations

import random

from inspect_memgym.kit.rng import seeded_stream

GENERATOR_VERSION = 2
"""Bumped whenever the same arguments would generate a different instance."""

NAMESPACE = "research_qa"


def world_stream(seed: int, hops: int, *purpose: object) -> random.Random:
    """The random stream of one purpose of one instance.

    Args:
        seed: Instance seed.
        hops: Chain length.
        *purpose: Further name parts (e.g. ``"names"``, or a context length and ``"filler"``).
    """
    return seeded_stream(NAMESPACE, f"v{GENERATOR_VERSION}", seed, hops, *purpose)


def instance_id_for(seed: int, hops: int) -> str:
    """The stable id of a generated instance, e.g. ``research_qa-h4-s0007``.

    Args:
        seed: Instance seed.
        hops: Chain length.
    """
    return f"{NAMESPACE}-h{hops}-s{seed:04d}"

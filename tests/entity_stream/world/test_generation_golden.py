"""Generation output is pinned: a digest over every template and tier.

Speed work on ``worlds`` (caches, precomputed patterns, fewer lookups) must not change a
single byte of what a seed generates. If generation changes on purpose, bump
``entity_stream.world.rng.GENERATOR_VERSION`` and update ``GOLDEN_DIGEST``.
"""

from __future__ import annotations

import hashlib
import json

from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.entity_stream.world.tiers import TIERS

GOLDEN_DIGEST = "5f17086e1f6b873d27783ed495fc177fec8cc4862d6d8753a2315c7670dee510"
"""Digest of generator version 1 (computed before the speed work, unchanged by it)."""
GOLDEN_TIERS = ("lite", "standard", "hard", "multi")
"""The tiers the digest covers, in its order (tiers added later have digests of their own)."""
SMOKE_DIGEST = "060a4d6c9975c32a29a20c67113ebdce9add1f60d360965b46c1c62a6a0ff17b"
"""Digest of the smoke tier (added with generator version 1 unchanged)."""


def scenario_payload(scenario: Scenario) -> dict[str, object]:
    """Everything a scenario holds, in its own order (dict order is part of the samples)."""
    world = scenario.world
    return {
        "write_budget": scenario.write_budget,
        "events": [event.to_dict() for event in scenario.events],
        "questions": [question.to_dict() for question in scenario.questions],
        "entities": [[entity.name, entity.category, entity.values] for entity in world.entities],
        "relations": [[edge.source, edge.kind, edge.target] for edge in world.relations],
        "corrections": [
            [change.entity, change.attribute, change.old, change.new, change.kind, change.reason]
            for change in world.corrections
        ],
    }


def grid_digest(tiers: tuple[str, ...]) -> str:
    """One digest over every template of the tiers, a seed per (tier, template)."""
    digest = hashlib.sha256()
    grid = [(tier, template) for tier in tiers for template in TEMPLATE_NAMES]
    for seed, (tier, template) in enumerate(grid):
        payload = scenario_payload(generate_scenario(template, tier, seed))
        digest.update(json.dumps(payload).encode())
    return digest.hexdigest()


def test_generation_matches_the_golden_digest() -> None:
    assert set(TIERS) == {*GOLDEN_TIERS, "smoke"}, "a new tier needs a digest of its own"
    assert grid_digest(GOLDEN_TIERS) == GOLDEN_DIGEST
    assert grid_digest(("smoke",)) == SMOKE_DIGEST

"""Generation output is pinned: a digest over every template and tier.

Speed work on ``worlds`` (caches, precomputed patterns, fewer lookups) must not change a
single byte of what a seed generates. If generation changes on purpose, bump
``entity_stream.world.rng.GENERATOR_VERSION`` and update ``GOLDEN_DIGEST``.

The update_chain questions were added without a bump: they come after the plan, from an RNG
stream of their own, and are asked at the end. With them left out, every scenario is still
byte for byte what generator version 1 made before them (``PLAN_DIGEST``, ``SMOKE_PLAN_DIGEST``:
the digests pinned before they existed).
"""

from __future__ import annotations

import hashlib
import json

from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.entity_stream.world.tiers import TIERS

GOLDEN_DIGEST = "75e38b80a26f98421ec7fb30b91b49bfd87a4fa5af6c8c2100a50012a212a768"
"""Digest of generator version 1 with the update_chain questions."""
PLAN_DIGEST = "5f17086e1f6b873d27783ed495fc177fec8cc4862d6d8753a2315c7670dee510"
"""Digest of generator version 1 without the update_chain questions (computed before the
speed work, unchanged by it, and by the update_chain questions added after the plan)."""
GOLDEN_TIERS = ("lite", "standard", "hard", "multi")
"""The tiers the digest covers, in its order (tiers added later have digests of their own)."""
SMOKE_DIGEST = "caccde863b68959c75a4afc9cb97683bff0682dd9a730c723d7a80f686b3b672"
"""Digest of the smoke tier (added with generator version 1 unchanged)."""
SMOKE_PLAN_DIGEST = "060a4d6c9975c32a29a20c67113ebdce9add1f60d360965b46c1c62a6a0ff17b"
"""Digest of the smoke tier without the update_chain questions (pinned before they existed)."""
UPDATE_CHAIN = "update_chain"


def scenario_payload(scenario: Scenario, update_chains: bool = True) -> dict[str, object]:
    """Everything a scenario holds, in its own order (dict order is part of the samples).

    Args:
        scenario: The scenario.
        update_chains: Whether to keep the update_chain questions and their events.
    """
    world = scenario.world
    events = [event.to_dict() for event in scenario.events]
    questions = [question.to_dict() for question in scenario.questions]
    if not update_chains:
        events = [event for event in events if event["payload"].get("qtype") != UPDATE_CHAIN]
        questions = [question for question in questions if question["qtype"] != UPDATE_CHAIN]
    return {
        "write_budget": scenario.write_budget,
        "events": events,
        "questions": questions,
        "entities": [[entity.name, entity.category, entity.values] for entity in world.entities],
        "relations": [[edge.source, edge.kind, edge.target] for edge in world.relations],
        "corrections": [
            [change.entity, change.attribute, change.old, change.new, change.kind, change.reason]
            for change in world.corrections
        ],
    }


def grid_digests(tiers: tuple[str, ...]) -> tuple[str, str]:
    """Digests over every template of the tiers, a seed per (tier, template): one of the
    whole scenarios, one without their update_chain questions."""
    whole, plan = hashlib.sha256(), hashlib.sha256()
    grid = [(tier, template) for tier in tiers for template in TEMPLATE_NAMES]
    for seed, (tier, template) in enumerate(grid):
        scenario = generate_scenario(template, tier, seed)
        whole.update(json.dumps(scenario_payload(scenario)).encode())
        plan.update(json.dumps(scenario_payload(scenario, update_chains=False)).encode())
    return whole.hexdigest(), plan.hexdigest()


def test_generation_matches_the_golden_digest() -> None:
    assert set(TIERS) == {*GOLDEN_TIERS, "smoke"}, "a new tier needs a digest of its own"
    assert grid_digests(GOLDEN_TIERS) == (GOLDEN_DIGEST, PLAN_DIGEST)
    assert grid_digests(("smoke",)) == (SMOKE_DIGEST, SMOKE_PLAN_DIGEST)

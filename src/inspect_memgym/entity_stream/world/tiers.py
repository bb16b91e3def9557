"""Difficulty tiers: how many entities, questions and corrections, and the write budget."""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.kit.named import lookup

BATCH_SIZE = 10
"""Entities per ingest event."""


@dataclass(frozen=True)
class Tier:
    """One tier of the entity_stream benchmark.

    Attributes:
        name: Tier id.
        entities: Entities in the stream.
        questions: Questions asked (mid-stream and at the end).
        corrections: Explicit correction notices.
        write_budget: Writes (and paid edits) allowed.
        sessions: Sessions the stream is split into (breaks between them).
    """

    name: str
    entities: int
    questions: int
    corrections: int
    write_budget: int
    sessions: int = 1

    @property
    def contradictions(self) -> int:
        """Silent restatements of a fact with a new value: max(1, corrections // 3)."""
        return max(1, self.corrections // 3)

    @property
    def batches(self) -> int:
        """Ingest events."""
        return -(-self.entities // BATCH_SIZE)


TIERS: dict[str, Tier] = {
    tier.name: tier
    for tier in (
        Tier("smoke", entities=5, questions=2, corrections=1, write_budget=5),
        Tier("lite", entities=30, questions=10, corrections=3, write_budget=15),
        Tier("standard", entities=60, questions=20, corrections=5, write_budget=30),
        Tier("hard", entities=120, questions=40, corrections=10, write_budget=30),
        Tier("multi", entities=60, questions=20, corrections=5, write_budget=30, sessions=3),
    )
}
"""Every tier by name: MemoryGym's lite, standard, hard and multi (its sizes, listed in
``docs/peer-flaws.md``) and a ``smoke`` tier of our own."""


def get_tier(name: str) -> Tier:
    """Return a tier by name.

    Args:
        name: Tier name.

    Raises:
        ValueError: If no tier has this name (the message lists the valid names).
    """
    return lookup(TIERS, name, "tier")

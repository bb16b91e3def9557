"""Where things happen in the stream: correction and contradiction points, noise, questions.

The layout is decided before any text is rendered, from its own seeded stream.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.tiers import Tier

MID_STREAM_SHARE = 0.4
"""max(1, int(0.4 * questions)) questions are asked mid-stream, at most one per batch."""


@dataclass(frozen=True)
class StreamLayout:
    """Positions in the stream, all as 1-based batch numbers ("after batch b").

    Attributes:
        batches: Number of ingest events.
        corrections_after: Batch after which every correction notice arrives.
        contradictions_after: For each contradiction, the batch after which it arrives
            (non-decreasing).
        noise_batches: For each noise document, the batch it is mixed into.
        question_batches: Batches after which one mid-stream question is asked.
        session_breaks: Batches after which a new session begins (multi tier).
    """

    batches: int
    corrections_after: int
    contradictions_after: tuple[int, ...]
    noise_batches: tuple[int, ...]
    question_batches: tuple[int, ...]
    session_breaks: tuple[int, ...]


def plan_layout(template: Template, tier: Tier, rng: random.Random) -> StreamLayout:
    """Decide the layout of one scenario's stream.

    Args:
        template: The template (its correction timing).
        tier: The tier (sizes, sessions).
        rng: Seeded RNG.
    """
    batches = tier.batches
    low, high = template.correction_timing
    corrections_after = min(max(1, int(batches * rng.uniform(low, high))), max(1, batches - 1))
    first_contradiction = min(corrections_after + 1, batches)
    contradictions_after = tuple(
        sorted(rng.randint(first_contradiction, batches) for _ in range(tier.contradictions))
    )
    noise_count = max(1, batches // 3)
    noise_batches = tuple(sorted(rng.randint(1, batches) for _ in range(noise_count)))
    slots = list(range(2, batches))
    wanted = min(max(1, int(MID_STREAM_SHARE * tier.questions)), len(slots))
    question_batches = tuple(sorted(rng.sample(slots, wanted)))
    session_breaks = tuple(
        round(batches * index / tier.sessions) for index in range(1, tier.sessions)
    )
    return StreamLayout(
        batches=batches,
        corrections_after=corrections_after,
        contradictions_after=contradictions_after,
        noise_batches=noise_batches,
        question_batches=question_batches,
        session_breaks=session_breaks,
    )

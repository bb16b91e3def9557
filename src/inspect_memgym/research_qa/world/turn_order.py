"""In which turn each hop is searched, and how long each chain fact must be remembered.

Hops are searched in chain order, except the final one, which is searched early: its
turn shows the sought attribute (or name) for every candidate entity, before the reader can
know which candidate the chain reaches. So the reader must keep what it saw there until
the last turn, at least two turns later.

Turns are numbered from 0. A fact is *first available* in the turn that shows its
supporting document. It is *needed* in the turn where it picks out the next link of the
chain among its near-miss siblings: the turn by which the next fact and everything before
it have been seen. The final fact is needed when the chain can first be followed to the
end (always the last turn). ``retention_span = needed - first_available``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inspect_memgym.kit.rng import integer_between

SHORTEST_CHAIN = 3
"""The final hop moves to a turn at least two before the last, which needs three hops."""


@dataclass(frozen=True)
class Retention:
    """When one chain fact is seen and when it is used.

    Attributes:
        hop: 1-based hop number of the fact.
        first_available_turn: The turn showing its supporting document.
        needed_at_turn: The turn where it is used to follow the chain.
        retention_span: ``needed_at_turn - first_available_turn``.
    """

    hop: int
    first_available_turn: int
    needed_at_turn: int
    retention_span: int


def plan_turn_order(rng: random.Random, hops: int) -> tuple[int, ...]:
    """The 1-based hop searched in each turn.

    Args:
        rng: The instance's turn-order stream.
        hops: Chain length (at least ``SHORTEST_CHAIN``).

    Raises:
        ValueError: If the chain is too short to move its final hop.
    """
    if hops < SHORTEST_CHAIN:
        raise ValueError(f"a chain needs at least {SHORTEST_CHAIN} hops, not {hops}")
    early_turn = integer_between(rng, 0, hops - SHORTEST_CHAIN)
    others = list(range(1, hops))
    return (*others[:early_turn], hops, *others[early_turn:])


def retention_of(turn_order: tuple[int, ...]) -> list[Retention]:
    """When each chain fact is first available and when it is needed, hop order.

    Args:
        turn_order: The 1-based hop searched in each turn.
    """
    first_available = {hop: turn for turn, hop in enumerate(turn_order)}
    hops = len(turn_order)
    followable: dict[int, int] = {}
    latest = 0
    for hop in range(1, hops + 1):
        latest = max(latest, first_available[hop])
        followable[hop] = latest
    retentions = []
    for hop in range(1, hops + 1):
        needed = followable[min(hop + 1, hops)]
        retentions.append(
            Retention(hop, first_available[hop], needed, needed - first_available[hop])
        )
    return retentions

"""How a user's state changes over periods: an initial state, then 3-5 changes per period."""

from __future__ import annotations

import random
from collections.abc import Sequence

from inspect_memgym.conversation.world.tiers import ConversationTier
from inspect_memgym.kit.rng import integer_between, pick

State = dict[str, str]
Changes = dict[str, tuple[str, str]]


def initial_state(variables: Sequence[tuple[str, Sequence[str]]], rng: random.Random) -> State:
    """A value for every variable, uniformly at random.

    Args:
        variables: (key, values) pairs in a fixed order.
        rng: Seeded RNG.
    """
    return {key: pick(rng, values) for key, values in variables}


def evolve(
    variables: Sequence[tuple[str, Sequence[str]]],
    start: State,
    tier: ConversationTier,
    rng: random.Random,
) -> list[Changes]:
    """The changes of every update period.

    Each period changes between `tier.min_changes` and `tier.max_changes` distinct
    variables to a different value, no variable changes more than
    `tier.max_changes_per_variable` times, and each period's count is capped so the
    periods after it can still make their minimum.

    Args:
        variables: (key, values) pairs in a fixed order.
        start: The initial state.
        tier: The tier (period count and change limits).
        rng: Seeded RNG.

    Returns:
        One {key: (old, new)} dict per update period, in period order.
    """
    values_of = dict(variables)
    changed = dict.fromkeys(values_of, 0)
    state = dict(start)
    periods: list[Changes] = []
    for period in range(tier.periods):
        capacity = sum(tier.max_changes_per_variable - count for count in changed.values())
        reserve = tier.min_changes * (tier.periods - period - 1)
        eligible = [key for key, _ in variables if changed[key] < tier.max_changes_per_variable]
        most = min(tier.max_changes, len(eligible), max(0, capacity - reserve))
        fewest = min(tier.min_changes, most)
        count = integer_between(rng, fewest, most)
        chosen = rng.sample(eligible, count)
        changes: Changes = {}
        for key in sorted(chosen, key=list(values_of).index):
            options = [value for value in values_of[key] if value != state[key]]
            new = pick(rng, options)
            changes[key] = (state[key], new)
            state[key] = new
            changed[key] += 1
        periods.append(changes)
    return periods

"""The entity_stream generator's seeded streams, and draws made the way ``random`` makes them.

Stream names are ``memgym/v<GENERATOR_VERSION>/<template>/<tier>/<seed>/<purpose>``, so
old and new generator versions never share a seed space (see `inspect_memgym.kit.rng`).

:func:`shuffle` and :func:`sample` make exactly the draws ``random.Random.shuffle`` and
``random.Random.sample`` make (``getrandbits`` with rejection, in the same order), so a
stream gives the same result either way; they only skip the method call per draw that
makes the standard ones slow in the generator's hot loops.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

from inspect_memgym.kit.rng import seeded_stream

GENERATOR_VERSION = "1"
"""Bumped whenever generation changes, so old and new scenarios never share a seed space."""

Item = TypeVar("Item")


def stream(template: str, tier: str, seed: int, purpose: str) -> random.Random:
    """Return the RNG for one purpose of one scenario.

    Args:
        template: Template name.
        tier: Tier name.
        seed: Scenario seed.
        purpose: Stream name (``"world"``, ``"relations"``, ``"corrections"``...).
    """
    return seeded_stream("memgym", f"v{GENERATOR_VERSION}", template, tier, seed, purpose)


def _bit_lengths(size: int) -> tuple[int, ...]:
    """``bound.bit_length()`` for every bound up to ``size``."""
    return tuple(bound.bit_length() for bound in range(size + 1))


_BIT_LENGTHS = _bit_lengths(64)
"""Bit lengths of the bounds a shuffle of a document's sentences draws below."""


def shuffle(rng: random.Random, items: list[Item]) -> None:
    """Shuffle a list in place exactly as ``rng.shuffle(items)`` does.

    Args:
        rng: A ``random.Random`` (not a subclass that replaces its draws).
        items: The list to shuffle.
    """
    getrandbits = rng.getrandbits
    bit_lengths = _BIT_LENGTHS if len(items) < len(_BIT_LENGTHS) else _bit_lengths(len(items))
    for index in range(len(items) - 1, 0, -1):
        bound = index + 1
        bits = bit_lengths[bound]
        other = getrandbits(bits)
        while other >= bound:
            other = getrandbits(bits)
        items[index], items[other] = items[other], items[index]


def sample(rng: random.Random, population: Sequence[Item], count: int) -> list[Item]:
    """``count`` distinct elements, exactly as ``rng.sample(population, count)`` picks them.

    Args:
        rng: A ``random.Random`` (not a subclass that replaces its draws).
        population: The sequence to draw from.
        count: How many elements (``0 <= count <= len(population)``).

    Raises:
        ValueError: If ``count`` is negative or larger than the population.
    """
    size = len(population)
    if not 0 <= count <= size:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    chosen: list[Item] = []
    set_size = 21
    if count > 5:
        set_size += 4 ** math.ceil(math.log(count * 3, 4))
    if size <= set_size:
        pool = list(population)
        for step in range(count):
            bound = size - step
            bits = bound.bit_length()
            index = getrandbits(bits)
            while index >= bound:
                index = getrandbits(bits)
            chosen.append(pool[index])
            pool[index] = pool[bound - 1]
        return chosen
    selected: set[int] = set()
    bits = size.bit_length()
    for _ in range(count):
        index = getrandbits(bits)
        while index >= size or index in selected:
            index = getrandbits(bits)
        selected.add(index)
        chosen.append(population[index])
    return chosen

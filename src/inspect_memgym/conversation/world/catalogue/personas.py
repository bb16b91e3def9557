"""Pools for building a fictional `Persona` (read from ``personas.toml``), and a seeded builder.

Every name, city and combination is invented. Occupations are desk jobs that can be done
on site, from home or both, and hobbies stay clear of the catalogue's domains (no cooking,
painting, music, writing, reading, sport, travel, gardening or pets), so the persona never
contradicts or hints at a state value.
"""

from __future__ import annotations

import random

from inspect_memgym.conversation.world.model import Persona
from inspect_memgym.kit.catalogues import load_value
from inspect_memgym.kit.rng import integer_between, pick

POOLS = "personas.toml"
"""The data file beside this module the pools below are read from."""

FIRST_NAMES: tuple[str, ...] = load_value(tuple[str, ...], __name__, POOLS, "first_names")
"""Invented-combination first names from many cultures."""

SURNAMES: tuple[str, ...] = load_value(tuple[str, ...], __name__, POOLS, "surnames")
"""Surnames from many cultures."""

OCCUPATIONS: tuple[str, ...] = load_value(tuple[str, ...], __name__, POOLS, "occupations")
"""Jobs phrased to follow "works as"."""

CITIES: tuple[str, ...] = load_value(tuple[str, ...], __name__, POOLS, "cities")
"""Invented city names."""

HOBBIES: tuple[str, ...] = load_value(tuple[str, ...], __name__, POOLS, "hobbies")
"""Hobbies that stay clear of the catalogue's domains."""

MIN_AGE = 22
"""Youngest persona age."""

MAX_AGE = 70
"""Oldest persona age."""

HOBBY_COUNT = 3
"""Hobbies per persona."""


def make_persona(rng: random.Random) -> Persona:
    """A fictional persona drawn from the pools.

    The draws are a fixed sequence of ``rng.random()`` calls, so the same RNG state always
    gives the same persona.

    Args:
        rng: Seeded RNG (its state advances).
    """
    first = pick(rng, FIRST_NAMES)
    last = pick(rng, SURNAMES)
    age = integer_between(rng, MIN_AGE, MAX_AGE)
    occupation = pick(rng, OCCUPATIONS)
    city = pick(rng, CITIES)
    pool = list(HOBBIES)
    hobbies = tuple(pool.pop(int(rng.random() * len(pool))) for _ in range(HOBBY_COUNT))
    return Persona(
        name=f"{first} {last}",
        age=age,
        occupation=occupation,
        city=city,
        hobbies=hobbies,
    )

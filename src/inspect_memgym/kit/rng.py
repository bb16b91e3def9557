"""Seeded random streams: one independent stream per purpose, stable in every process.

``random.Random`` seeded with a ``str`` hashes it with SHA-512, so a stream depends only on
its name: not on PYTHONHASHSEED, the platform, or the order in which other streams are used.
A benchmark names its streams ``<namespace>/v<generator version>/<parts...>/<purpose>``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seeded_stream(*parts: object) -> random.Random:
    """The RNG named by ``parts`` joined with ``/``.

    Args:
        *parts: Name parts, e.g. ``("memgym", "v1", "company", "lite", 3, "world")``.

    Returns:
        A fresh ``random.Random`` seeded with the joined name.
    """
    return random.Random("/".join(str(part) for part in parts))


def stable_fraction(*parts: str) -> float:
    """A number in [0, 1) fixed by the given strings (same on every machine).

    Args:
        *parts: Strings to hash.
    """
    digest = hashlib.sha256("\x1f".join(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


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

"""The one cache of content built from a sample's spec: values built on first use, bounded.

A sample's metadata names its content (a file and an id, a seed and a size) instead of
holding it; the driver, the scorer and the scripted policies (on every model call) rebuild
it from there. Rebuilding each time would dominate run time, and keeping every sample's
content would grow without end. A `BoundedCache` keeps up to ``size`` values and drops the
least recently used one when full. Every benchmark sizes its caches for the samples a run
plays at once (each module says why its size).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class BoundedCache(Generic[Value]):
    """Values by key, built on a miss; the least recently used dropped past ``size``."""

    def __init__(self, size: int) -> None:
        """Start empty.

        Args:
            size: Most values held (past it the least recently used goes).
        """
        self.size = size
        self._entries: dict[Hashable, tuple[object, Value]] = {}

    def get(self, key: Hashable, build: Callable[[], Value], owner: object = None) -> Value:
        """The value under a key, built and kept on a miss.

        Args:
            key: The key.
            build: Makes the value on a miss.
            owner: The object the value is built from, when the key holds its ``id``: the
                entry keeps the object (so its id is not reused while cached), and an entry
                made for another object under a reused id is a miss.
        """
        entry = self._entries.pop(key, None)
        if entry is not None and entry[0] is owner:
            self._entries[key] = entry
            return entry[1]
        value = build()
        while len(self._entries) >= self.size:
            del self._entries[next(iter(self._entries))]
        self._entries[key] = (owner, value)
        return value

    def __len__(self) -> int:
        """How many values are held."""
        return len(self._entries)

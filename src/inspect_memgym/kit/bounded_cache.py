"""A small cache of values built on first use, emptied when full.

Scripted policies look their sample's parsed data up on every model call; parsing it each
time would dominate run time, and keeping every sample's data would grow without end. A
`BoundedCache` keeps up to ``size`` values and starts afresh when full (a whole run
touches few samples at a time, so no eviction order is needed).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class BoundedCache(Generic[Value]):
    """Values by key, built on a miss; emptied when ``size`` values are held."""

    def __init__(self, size: int) -> None:
        """Start empty.

        Args:
            size: Most values held before the cache is emptied.
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
        entry = self._entries.get(key)
        if entry is not None and entry[0] is owner:
            return entry[1]
        if len(self._entries) >= self.size:
            self._entries.clear()
        value = build()
        self._entries[key] = (owner, value)
        return value

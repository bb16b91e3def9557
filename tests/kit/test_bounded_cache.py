"""The bounded cache every benchmark keeps its samples' content in."""

from __future__ import annotations

from inspect_memgym.kit.bounded_cache import BoundedCache


def test_the_least_recently_used_value_goes_first_and_the_bound_holds() -> None:
    cache = BoundedCache[str](2)
    builds: list[str] = []

    def build(key: str) -> str:
        builds.append(key)
        return key.upper()

    assert cache.get("a", lambda: build("a")) == "A"
    assert cache.get("b", lambda: build("b")) == "B"
    assert cache.get("a", lambda: build("a")) == "A"  # a hit: "a" is now the most recent
    assert cache.get("c", lambda: build("c")) == "C"  # drops "b", the least recently used
    assert len(cache) == 2
    assert cache.get("a", lambda: build("a")) == "A"
    assert cache.get("b", lambda: build("b")) == "B"
    assert builds == ["a", "b", "c", "b"]


def test_an_entry_made_for_another_owner_is_a_miss() -> None:
    cache = BoundedCache[int](4)
    first, second = object(), object()
    assert cache.get(1, lambda: 10, owner=first) == 10
    assert cache.get(1, lambda: 20, owner=first) == 10
    assert cache.get(1, lambda: 30, owner=second) == 30
    assert len(cache) == 1

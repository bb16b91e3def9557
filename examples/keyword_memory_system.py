"""A memory system of your own in about 30 lines: the adapter contract, worked through.

Run it on any task with
``-T agent="{name: system, system: examples/keyword_memory_system.py:KeywordMemory}"`` and
options through ``system_config: '{"min_overlap": 2}'`` in that mapping. It keeps every input
as text per scope and returns the inputs that share the most words with the query.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from inspect_memgym.memory_systems.system import MemoryItem, MemorySystem, Scope, SystemHit


class KeywordMemory(MemorySystem):
    """Inputs as text, one list per scope; search by words shared with the query."""

    name = "keyword"

    def __init__(self, min_overlap: int = 1) -> None:
        self.min_overlap = min_overlap
        self.memories: dict[str, list[str]] = defaultdict(list)

    async def add(self, items: Sequence[MemoryItem], scope: Scope) -> None:
        """Keep each input as one line of text."""
        self.memories[scope.user_id].extend(item.render() for item in items)

    async def search(self, query: str, scope: Scope, k: int) -> list[SystemHit]:
        """The ``k`` inputs sharing the most words with the query, best first."""
        words = set(query.lower().split())
        texts = self.memories[scope.user_id]
        overlaps = [(len(words & set(text.lower().split())), i) for i, text in enumerate(texts)]
        ranked = sorted((o for o in overlaps if o[0] >= self.min_overlap), key=lambda o: -o[0])
        return [SystemHit(texts[i], float(overlap), str(i)) for overlap, i in ranked[:k]]

    async def reset(self, scope: Scope) -> None:
        """Forget the scope's inputs."""
        self.memories.pop(scope.user_id, None)

    async def list_all(self, scope: Scope) -> list[SystemHit]:
        """Every input of the scope (optional: lets diagnostics see what is held)."""
        return [SystemHit(text) for text in self.memories[scope.user_id]]

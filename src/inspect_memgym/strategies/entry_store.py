"""The shared shape of the rag and awe strategies: a windowed strategy over a memory backend.

Both open the sample's backend with its write budget, show the ``top_k`` entries that best
match a message or question (oldest first) and close the backend with the strategy; they
differ in how inputs become entries and in the section that frames them.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import open_backend, render_entries, retrieve, stored_size
from inspect_memgym.strategies.windowed import WindowedStrategy


class EntryStoreStrategy(WindowedStrategy):
    """A windowed strategy whose memory is a backend of entries, retrieved ``top_k`` a query.

    Subclasses check their options first, then frame the retrieved entries
    (`_framed_section`) and fold inputs into entries (`_update_memory`).
    """

    def __init__(
        self,
        memory: MemorySettings | None,
        write_budget: int,
        update_frequency: int,
        short_term_window: int,
        top_k: int,
    ) -> None:
        """Start the window, then open the sample's memory backend (create inside a sample).

        Args:
            memory: Where and how memory is kept (None: embedded chroma, hashing).
            write_budget: Writes allowed for the sample.
            update_frequency: Messages between memory updates (at least 1).
            short_term_window: Recent raw messages kept in context (at least 0).
            top_k: Entries retrieved per reply and per answer (at least 1).
        """
        super().__init__(update_frequency, short_term_window)
        self.top_k = top_k
        self.write_budget = write_budget
        self.memory = open_backend(memory or MemorySettings(), write_budget)
        self._embedding_name = self.memory.embedding_name

    def kept(self) -> KeptMemory:
        """The stored entries: their tokens and count."""
        return stored_size(self.memory)

    def describe(self) -> dict[str, Any]:
        """Strategy name, window parameters, the backend, the budget and ``top_k``."""
        return {
            **super().describe(),
            "backend": self.memory.name,
            "embedding": self._embedding_name,
            "write_budget": self.write_budget,
            "top_k": self.top_k,
        }

    def close(self) -> None:
        """Close the memory backend (idempotent)."""
        self.memory.close()

    def _all_memory(self) -> str:
        return "\n".join(entry.content for entry in self.memory.entries())

    async def _memory_items(self) -> tuple[str, ...]:
        return tuple(entry.content for entry in self.memory.entries())

    def _memory_section(self, query: str, log: bool = True) -> str:
        hits = retrieve(self.memory, query, self.top_k, log)
        return self._framed_section(render_entries(hits))

    def _empty_memory_section(self) -> str:
        return self._framed_section(render_entries([]))

    @abstractmethod
    def _framed_section(self, entries: str) -> str:
        """The memory section that shows ``entries`` (rendered, one a line).

        Args:
            entries: The retrieved entries as `support.render_entries` renders them.
        """

"""The ``rag`` strategy: raw inputs in an external store (AMemGym's RAG).

Every ``update_frequency`` inputs, each input since the last update (a user message, a
reply or an observed input) is stored as one entry of the memory backend,
``[<time>] user: ...`` or ``[<time>] assistant: ...`` (logged as ``rag_store``, one write
each; an input longer than an entry is stored as consecutive passages, each prefixed the
same way and each one write: `strategies.passages`). A reply retrieves the ``top_k`` entries that
best match the user's message (an answer: the question alone, never its choices), shows
them oldest first under "Relevant past inputs:", then the short-term window and the new
message. No model call goes into memory: what is stored is exactly what was said. Inputs
that arrive together (`observe_batch`, e.g. a search turn's documents) are stored one per
entry, so no document is cut to fit a whole turn into one entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.solver import Solver, solver

from inspect_memgym.memory.budget import (
    UNBOUNDED_WRITE_BUDGET,
    WRITE_COST,
    can_afford,
    describe_budget,
)
from inspect_memgym.memory.content import MAX_CONTENT_CHARS, normalize_content
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND
from inspect_memgym.memory.ledger import logged_operation
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.entry_store import EntryStoreStrategy
from inspect_memgym.strategies.passages import split_passages
from inspect_memgym.strategies.prompts import RAG_MEMORY_SECTION
from inspect_memgym.strategies.support import (
    ConversationMessage,
    check_strategy_options,
    driving_solver,
)
from inspect_memgym.strategies.windowed import (
    DEFAULT_SHORT_TERM_WINDOW,
    DEFAULT_UPDATE_FREQUENCY,
)

DEFAULT_TOP_K = 30
STORE_OPERATION = "rag_store"
"""Name of one stored message in `MemoryLedger.operations`."""
TRUNCATION_MARK = " [...]"
"""Ends a message cut to the per-entry limit (``MAX_CONTENT_CHARS``)."""


class RagStrategy(EntryStoreStrategy):
    """Stores raw messages one per entry and retrieves the closest ones per reply."""

    name = "rag"

    def __init__(
        self,
        memory: MemorySettings | None = None,
        write_budget: int = UNBOUNDED_WRITE_BUDGET,
        update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
        short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
        top_k: int = DEFAULT_TOP_K,
    ) -> None:
        """Open the sample's memory backend (create inside a sample).

        Args:
            memory: Where and how memory is kept (default: embedded chroma, hashing).
            write_budget: Writes allowed; each stored message costs one.
            update_frequency: Messages between stores (at least 1).
            short_term_window: Recent raw messages kept in context (at least 0).
            top_k: Entries retrieved per reply (at least 1).
        """
        check_strategy_options(top_k=top_k, write_budget=write_budget)
        super().__init__(memory, write_budget, update_frequency, short_term_window, top_k)
        self.entries_stored = 0
        self.store_refusals = 0

    async def observe_batch(self, contents: Sequence[str]) -> None:
        """Take in each input separately, so each is stored as its own entry.

        Args:
            contents: The inputs, in order (e.g. a search turn's documents).
        """
        for content in contents:
            await self.observe(content)

    def describe(self) -> dict[str, Any]:
        """Strategy name, parameters and counters."""
        return {
            **super().describe(),
            "entries_stored": self.entries_stored,
            "store_refusals": self.store_refusals,
        }

    def _framed_section(self, entries: str) -> str:
        return RAG_MEMORY_SECTION.format(entries=entries)

    async def _update_memory(self, messages: list[ConversationMessage]) -> None:
        for message in messages:
            self._store(message)

    def _store(self, message: ConversationMessage) -> None:
        if not message.text.strip():
            return
        prefix_length = len(ConversationMessage(message.role, "", message.time).render())
        for passage in split_passages(message.text, MAX_CONTENT_CHARS - prefix_length):
            self._store_entry(ConversationMessage(message.role, passage, message.time))

    def _store_entry(self, message: ConversationMessage) -> None:
        content = normalize_content(message.render())
        if len(content) > MAX_CONTENT_CHARS:
            content = content[: MAX_CONTENT_CHARS - len(TRUNCATION_MARK)] + TRUNCATION_MARK
        with logged_operation(STORE_OPERATION) as (ledger, record):
            if not can_afford(WRITE_COST, ledger.writes_left):
                self.store_refusals += 1
                budget = describe_budget(ledger.writes_left, ledger.write_budget)
                record["error"] = f"Write budget exhausted; message not stored. {budget}"
                return
            entry_id = self.memory.add(content)
            ledger.writes_used = ledger.writes_used + WRITE_COST
            record.update(cost=WRITE_COST, entry_id=entry_id, content=content)
            self.entries_stored += 1


@solver
def rag(
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    write_budget: int = UNBOUNDED_WRITE_BUDGET,
    update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
    short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
    top_k: int = DEFAULT_TOP_K,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Solver:
    """Strategy that stores raw inputs and retrieves them per reply (AMemGym's RAG).

    Args:
        backend: Memory backend (``chroma`` or ``markdown``).
        embedding: Embedding for the chroma backend (``hashing``, ``minilm``, ``openai``).
        write_budget: Writes allowed per sample; each stored message costs one.
        update_frequency: Messages (user or assistant) between stores.
        short_term_window: Recent raw messages kept in context.
        top_k: Entries retrieved per reply and per answer.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
    """
    settings = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
    check_strategy_options(
        top_k=top_k,
        write_budget=write_budget,
        update_frequency=update_frequency,
        short_term_window=short_term_window,
    )

    return driving_solver(
        RagStrategy,
        memory=settings,
        write_budget=write_budget,
        update_frequency=update_frequency,
        short_term_window=short_term_window,
        top_k=top_k,
    )

"""A LangGraph store with a vector index (the store LangMem manages) as a memory system.

Each input is one item of LangGraph's ``InMemoryStore`` under the namespace
``("memgym", <user id>)``, indexed with the suite's embedding through LangChain; a search
is the store's semantic search within that namespace. No model call goes into memory.
(LangMem's memory manager, which rewrites such a store with an LLM, is not played here.)
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from importlib.metadata import version
from typing import Any

from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory_systems.system import MemoryItem, MemorySystem, Scope, SystemHit

NAMESPACE = "memgym"
"""First part of every namespace this adapter writes."""
LIST_LIMIT = 100_000
"""Most items listed for one sample."""


class LangGraphSystem(MemorySystem):
    """LangGraph's in-memory store, one per sample, searched through its vector index."""

    name = "langgraph"

    def __init__(self, embedding: str = DEFAULT_EMBEDDING) -> None:
        """Create the store (inside a sample).

        Args:
            embedding: The suite's embedding, given to the store's index.
        """
        from langgraph.store.memory import InMemoryStore

        from inspect_memgym.memory_systems.langchain_bridge import SuiteEmbeddings

        embeddings = SuiteEmbeddings(embedding)
        self.embedding = embedding
        self._store = InMemoryStore(
            index={"embed": embeddings, "dims": embeddings.dimensions, "fields": ["text"]}
        )

    async def add(self, items: Sequence[MemoryItem], scope: Scope) -> None:
        """Put each input as one item.

        Args:
            items: The inputs, oldest first.
            scope: Whose memory they join.
        """
        for item in items:
            await self._store.aput(_namespace(scope), uuid.uuid4().hex, {"text": item.render()})

    async def search(self, query: str, scope: Scope, k: int) -> list[SystemHit]:
        """The store's semantic search in the scope's namespace.

        Args:
            query: The question or message.
            scope: Whose memories are searched.
            k: At most this many hits.
        """
        found = await self._store.asearch(_namespace(scope), query=query, limit=k)
        return [SystemHit(str(item.value["text"]), item.score, item.key) for item in found]

    async def reset(self, scope: Scope) -> None:
        """Delete every item of the scope's namespace.

        Args:
            scope: Whose memories are deleted.
        """
        for item in await self._store.asearch(_namespace(scope), limit=LIST_LIMIT):
            await self._store.adelete(_namespace(scope), item.key)

    async def list_all(self, scope: Scope) -> list[SystemHit]:
        """Every item of the scope's namespace.

        Args:
            scope: Whose memories are listed.
        """
        found = await self._store.asearch(_namespace(scope), limit=LIST_LIMIT)
        return [SystemHit(str(item.value["text"]), None, item.key) for item in found]

    def describe(self) -> dict[str, Any]:
        """LangGraph's version and the embedding."""
        return {
            "system": self.name,
            "langgraph_version": version("langgraph"),
            "embedding": self.embedding,
        }


def _namespace(scope: Scope) -> tuple[str, str]:
    return (NAMESPACE, scope.user_id)

"""Mem0 OSS (``mem0ai``) as a memory system: its own vector store, add and search.

By default each input is stored as Mem0 receives it (``add(..., infer=False)``: no model
call), in a collection of the suite's in-process ChromaDB client, embedded with the
suite's deterministic embedding through Mem0's ``langchain`` embedder, so the adapter runs
offline and the same on every machine. ``infer=true`` is Mem0's real path: its LLM extracts
and updates facts from each batch of inputs, and that LLM is the Inspect ``memory`` model
role (the model under test when unbound), so its calls and tokens are in the log. ``mem0``
overrides any part of Mem0's own configuration (``vector_store``, ``embedder``, ``llm``...),
e.g. to use Qdrant or an OpenAI embedder. Samples are kept apart by Mem0's ``user_id`` and
``run_id``. Telemetry is off unless ``MEM0_TELEMETRY`` says otherwise.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import warnings
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import version
from typing import Any
from weakref import WeakKeyDictionary

from inspect_memgym.memory.chroma_connection import embedded_client
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory_systems.system import MemoryItem, MemorySystem, Scope, SystemHit

MEMORY_ROLE = "memory"
"""The Inspect model role whose model is Mem0's LLM when ``infer`` is on."""
COLLECTION = "memgym_mem0"
"""Name of the ChromaDB collection Mem0 keeps every sample's memories in."""
LIST_LIMIT = 100_000
"""Most memories listed for one sample."""

QUIET_LOGGERS = ("mem0.utils.spacy_models",)
"""Mem0 loggers that warn, once per sample, of spaCy models only its keyword search uses
(ChromaDB has none): silenced to errors."""
KEYWORD_SEARCH_LOGGER = "mem0.memory.main"
"""Mem0's memory logger, which warns on every search that ChromaDB has no keyword search."""


class _NoKeywordSearchNotice(logging.Filter):
    """Drops Mem0's per-search notice that its vector store has no keyword search.

    ChromaDB is chosen on purpose; every other record of the logger passes.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return "does not support keyword search" not in record.getMessage()


_KEYWORD_SEARCH_FILTER = _NoKeywordSearchNotice()

_shared: WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Any]] = WeakKeyDictionary()
"""One Mem0 instance per event loop and configuration, shared by the samples of a run."""


class Mem0System(MemorySystem):
    """Mem0's ``AsyncMemory``, one per configuration, shared by samples through scopes."""

    name = "mem0"

    def __init__(
        self,
        infer: bool = False,
        embedding: str = DEFAULT_EMBEDDING,
        mem0: Mapping[str, Any] | None = None,
    ) -> None:
        """Choose how Mem0 stores (create inside a sample).

        Args:
            infer: Let Mem0's LLM (the ``memory`` role) extract facts from inputs.
            embedding: The suite's embedding, given to Mem0 through LangChain.
            mem0: Parts of Mem0's configuration that replace the defaults.
        """
        os.environ.setdefault("MEM0_TELEMETRY", "false")
        for name in QUIET_LOGGERS:
            logging.getLogger(name).setLevel(logging.ERROR)
        logging.getLogger(KEYWORD_SEARCH_LOGGER).addFilter(_KEYWORD_SEARCH_FILTER)
        self.infer = bool(infer)
        self.embedding = embedding
        self.overrides = dict(mem0 or {})
        self._memory = _shared_memory(self._configuration_key(), self._configuration)

    async def add(self, items: Sequence[MemoryItem], scope: Scope) -> None:
        """Store a batch of inputs as Mem0 messages.

        Args:
            items: The inputs, oldest first.
            scope: Whose memory they join.
        """
        messages = [{"role": item.role, "content": self._content(item)} for item in items]
        await self._memory.add(
            messages, user_id=scope.user_id, run_id=scope.run_id, infer=self.infer
        )

    async def search(self, query: str, scope: Scope, k: int) -> list[SystemHit]:
        """Mem0's search within the scope (its defaults otherwise).

        Args:
            query: The question or message.
            scope: Whose memories are searched.
            k: At most this many hits.
        """
        found = await self._memory.search(query, top_k=k, filters=_filters(scope))
        return [_hit(result) for result in found.get("results", [])]

    async def reset(self, scope: Scope) -> None:
        """Delete the scope's memories.

        Args:
            scope: Whose memories are deleted.
        """
        await self._memory.delete_all(user_id=scope.user_id)

    async def list_all(self, scope: Scope) -> list[SystemHit]:
        """Every memory of the scope.

        Args:
            scope: Whose memories are listed.
        """
        found = await self._memory.get_all(filters=_filters(scope), top_k=LIST_LIMIT)
        return [_hit(result) for result in found.get("results", [])]

    def describe(self) -> dict[str, Any]:
        """Mem0's version, whether it infers, and the parts of its configuration set."""
        return {
            "system": self.name,
            "mem0_version": version("mem0ai"),
            "infer": self.infer,
            "embedding": self.embedding,
            "overrides": sorted(self.overrides),
        }

    def _content(self, item: MemoryItem) -> str:
        if self.infer:
            return f"[{item.time}] {item.content}" if item.time else item.content
        return item.render()

    def _configuration_key(self) -> str:
        chosen = {"infer": self.infer, "embedding": self.embedding, "mem0": self.overrides}
        return json.dumps(chosen, sort_keys=True, default=str)

    def _configuration(self) -> dict[str, Any]:
        from inspect_memgym.memory_systems.langchain_bridge import (
            InspectChatModel,
            SuiteEmbeddings,
        )

        embeddings = SuiteEmbeddings(self.embedding)
        llm = InspectChatModel(role=MEMORY_ROLE, loop=asyncio.get_running_loop())
        defaults: dict[str, Any] = {
            "vector_store": {
                "provider": "chroma",
                "config": {"collection_name": COLLECTION, "client": embedded_client()},
            },
            "embedder": {
                "provider": "langchain",
                "config": {"model": embeddings, "embedding_dims": embeddings.dimensions},
            },
            "llm": {"provider": "langchain", "config": {"model": llm}},
            "history_db_path": ":memory:",
        }
        return {**defaults, **self.overrides}


def _shared_memory(key: str, configuration: Callable[[], dict[str, Any]]) -> Any:
    """The running loop's Mem0 instance of a configuration, created on first use."""
    instances = _shared.setdefault(asyncio.get_running_loop(), {})
    memory = instances.get(key)
    if memory is None:
        with warnings.catch_warnings():  # its import turns on every DeprecationWarning
            from mem0 import AsyncMemory

        memory = AsyncMemory.from_config(configuration())
        instances[key] = memory
    return memory


def _filters(scope: Scope) -> dict[str, str]:
    return {"user_id": scope.user_id, "run_id": scope.run_id}


def _hit(result: Mapping[str, Any]) -> SystemHit:
    score = result.get("score")
    return SystemHit(
        text=str(result.get("memory", "")),
        score=None if score is None else float(score),
        memory_id=None if result.get("id") is None else str(result["id"]),
    )

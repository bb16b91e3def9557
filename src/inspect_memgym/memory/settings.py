"""Where and how a sample's memory is kept: one typed object every task and strategy passes.

Tasks read their ``memory`` argument into `MemorySettings` (`MemorySettings.read`: a backend
name, ``-T memory=markdown``, or a mapping, ``-T memory="{backend: chroma, embedding: minilm,
keep: true}"``), which checks it at once, so a bad backend, embedding or server URL, or a
ChromaDB server that does not answer, is refused before any sample runs. A ChromaDB server's
URL and token come from the environment (``MEMGYM_CHROMA_URL``, ``MEMGYM_CHROMA_TOKEN``).
Solvers and memory strategies open one backend per sample and epoch from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_memgym.kit.memory_argument import MEMORY_KEYS, MemoryArgument, memory_choices
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.chroma_connection import check_chroma_server
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING, check_embedding_available
from inspect_memgym.memory.factory import (
    DEFAULT_BACKEND,
    backend_location,
    check_backend_choice,
    create_backend,
)

__all__ = ["MEMORY_KEYS", "MemorySettings", "memory_choices"]


@dataclass(frozen=True)
class MemorySettings:
    """A memory backend choice, checked when created.

    Attributes:
        backend: ``chroma`` (default) or ``markdown``.
        embedding: Embedding for chroma: ``hashing`` (default), ``minilm`` or ``openai``.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``, else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample.
    """

    backend: str = DEFAULT_BACKEND
    embedding: str = DEFAULT_EMBEDDING
    chroma_url: str | None = None
    chroma_token: str | None = None
    keep_memory: bool = False

    @classmethod
    def read(
        cls,
        memory: MemoryArgument,
        chroma_url: str | None = None,
        chroma_token: str | None = None,
    ) -> MemorySettings:
        """Read a task's ``memory`` argument: a backend name or a mapping of `MEMORY_KEYS`.

        Args:
            memory: A backend name, a mapping (``{backend: chroma, keep: true}``), or None
                for the defaults.
            chroma_url: ChromaDB server URL (None: ``MEMGYM_CHROMA_URL``, else embedded).
            chroma_token: ChromaDB server token (None: ``MEMGYM_CHROMA_TOKEN``).

        Raises:
            ValueError: If a key is unknown, a value has the wrong type, or the settings are
                refused (unknown backend or embedding, malformed URL, dead server).
        """
        chosen = memory_choices(memory)
        keep = chosen.get("keep", False)
        if not isinstance(keep, bool):
            raise ValueError(f"memory keep must be true or false, got {keep!r}")
        return cls(
            backend=chosen.get("backend", DEFAULT_BACKEND),
            embedding=chosen.get("embedding", DEFAULT_EMBEDDING),
            chroma_url=chroma_url,
            chroma_token=chroma_token,
            keep_memory=keep,
        )

    def __post_init__(self) -> None:
        """Refuse an unknown backend or embedding, a malformed URL or token, or a dead server."""
        check_backend_choice(
            self.backend,
            self.embedding,
            chroma_url=self.chroma_url,
            chroma_token=self.chroma_token,
        )
        if self.backend == "chroma":
            check_chroma_server(self.chroma_url)
            check_embedding_available(self.embedding)

    @property
    def location(self) -> str:
        """Where memory will live: ``embedded``, the server URL, or ``local file``."""
        return backend_location(self.backend, self.chroma_url)

    def open(self) -> MemoryBackend:
        """Create a fresh backend for the current sample and epoch; the caller closes it."""
        return create_backend(
            self.backend,
            embedding=self.embedding,
            chroma_url=self.chroma_url,
            chroma_token=self.chroma_token,
            keep_memory=self.keep_memory,
        )

    def task_metadata(self) -> dict[str, Any]:
        """The settings for the task's metadata (never the token)."""
        return {
            "backend": self.backend,
            "embedding": self.embedding,
            "memory_location": self.location,
            "keep_memory": self.keep_memory,
        }

"""An episode's memory store, chosen as the tasks choose theirs: one ``memory`` argument.

A world takes ``memory=`` as its task takes ``-T memory=``: a backend name or a mapping of
``backend`` and ``embedding`` (`kit.memory_argument`), read with no Inspect import. The
default is ``markdown`` (BM25 over one file: fast, pure Python); ``chroma`` is the tasks'
default store. A world's old keywords (``backend=``, ``embedding=``, entity_stream's
``max_turns_per_event=``) print one line naming the new spelling until the world's task
version given, and are refused from it (`old_keyword`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from inspect_memgym.kit.memory_argument import MemoryArgument, memory_choices
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.markdown_backend import MarkdownBackend

logger = logging.getLogger(__name__)

EPISODE_BACKENDS = ("markdown", "chroma")
"""Backends an episode can keep its memory in."""
EPISODE_MEMORY_KEYS = ("backend", "embedding")
"""The keys of a world's ``memory`` mapping (an episode's memory is never kept)."""
DEFAULT_EPISODE_MEMORY = {"backend": "markdown", "embedding": "hashing"}
"""An episode's memory when ``memory`` sets nothing."""


def open_episode_memory(memory: MemoryArgument = None) -> MemoryBackend:
    """A fresh, empty memory for one episode (the caller closes it).

    Args:
        memory: A backend name or a mapping of `EPISODE_MEMORY_KEYS`: ``markdown`` (the
            default; imports nothing heavy) or ``chroma`` (embedded ChromaDB with the chosen
            embedding, the tasks' default; importing it loads ChromaDB and, for its error
            types, Inspect).

    Raises:
        ValueError: For an unknown key, backend or embedding.
    """
    chosen = {**DEFAULT_EPISODE_MEMORY, **memory_choices(memory, EPISODE_MEMORY_KEYS)}
    backend = chosen["backend"]
    if backend == "markdown":
        return MarkdownBackend()
    if backend == "chroma":
        from inspect_memgym.memory.factory import create_backend

        return create_backend("chroma", embedding=chosen["embedding"])
    from inspect_memgym.memory.factory import unknown_backend

    raise unknown_backend(backend, EPISODE_BACKENDS)


def open_world_memory(
    world: str, version: int, until: int, memory: MemoryArgument, backend: Any, embedding: Any
) -> MemoryBackend:
    """A world's fresh memory from its ``memory`` argument and its old keywords.

    Args:
        world: The world's task, for the messages.
        version: The task version the world plays.
        until: The task version from which the old keywords are refused.
        memory: The ``memory`` argument.
        backend: The old ``backend`` keyword (None: not given).
        embedding: The old ``embedding`` keyword (None: not given).

    Raises:
        ValueError: As `world_memory` and `open_episode_memory` do.
    """
    old = {"backend": backend, "embedding": embedding}
    return open_episode_memory(world_memory(world, version, until, memory, old))


def world_memory(
    world: str, version: int, until: int, memory: MemoryArgument, old: Mapping[str, Any]
) -> MemoryArgument:
    """A world's ``memory`` argument with its old ``backend`` / ``embedding`` keywords added.

    Args:
        world: The world's task, for the messages.
        version: The task version the world plays.
        until: The task version from which the old keywords are refused.
        memory: The ``memory`` argument.
        old: The old keywords given (None: not given).

    Raises:
        ValueError: If an old keyword is given from ``until`` on, or a setting is given in
            both spellings.
    """
    given = {name: value for name, value in old.items() if value is not None}
    if not given:
        return memory
    chosen = memory_choices(memory, EPISODE_MEMORY_KEYS)
    both = sorted(set(given) & set(chosen))
    if both:
        raise ValueError(
            f"{', '.join(both)} given twice, in memory= and as its own keyword; keep memory="
        )
    for name, value in given.items():
        old_keyword(world, version, until, name, f"use memory={{{name!r}: {value!r}}}")
    return {**chosen, **given}


def old_keyword(world: str, version: int, until: int, name: str, replacement: str) -> None:
    """Print the one line an old keyword gives, or refuse it from ``until`` on.

    Args:
        world: The world's task.
        version: The task version the world plays.
        until: The task version from which the keyword is refused.
        name: The old keyword.
        replacement: What to write instead (``use ...``).

    Raises:
        ValueError: From ``until`` on.
    """
    if version >= until:
        raise ValueError(f"{world} world: {name}= was removed in {world} {until}: {replacement}")
    logger.warning(f"{world} world: {name}= is deprecated (until {world} {until}); {replacement}")

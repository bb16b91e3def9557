"""The shape of a ``memory`` argument and its reading into the keys it sets.

Tasks (``-T memory=``) and training worlds (``memory=``) take the same argument: a backend
name (``markdown``) or a mapping (``{backend: chroma, embedding: minilm}``). It is read
here, with no dependency, so that a training world can read it without importing Inspect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MemoryArgument = str | Mapping[str, Any] | None
"""What a ``memory`` argument may be: a backend name, a mapping, or None (defaults)."""
MEMORY_KEYS = ("backend", "embedding", "keep")
"""The keys of a ``memory`` mapping (``keep``: keep each sample's chroma collection)."""


def memory_choices(memory: MemoryArgument, keys: tuple[str, ...] = MEMORY_KEYS) -> dict[str, Any]:
    """A ``memory`` argument as a mapping of the keys it sets.

    Args:
        memory: A backend name, a mapping of ``keys``, or None (nothing set).
        keys: The keys a mapping may hold (default the tasks' `MEMORY_KEYS`).

    Raises:
        ValueError: If it is neither, or the mapping holds another key.
    """
    if memory is None:
        return {}
    if isinstance(memory, str):
        return {"backend": memory}
    if not isinstance(memory, Mapping):
        raise ValueError(f"memory must be a backend name or a mapping, got {memory!r}")
    unknown = sorted(set(memory) - set(keys))
    if unknown:
        raise ValueError(
            f"memory takes no key {', '.join(map(repr, unknown))}; its keys: "
            f"{', '.join(keys)} (a ChromaDB server's URL and token: the environment "
            "variables MEMGYM_CHROMA_URL and MEMGYM_CHROMA_TOKEN)"
        )
    return dict(memory)

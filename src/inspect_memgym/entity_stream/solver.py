"""``inspect_memgym/entity_stream_agent``: kept for one task version, the agentic strategy.

``-T agent=agentic`` is the shared strategy (`strategies.agentic`) on every task; entity_stream's
driver plays its events with it (`driver.run_stream`). This solver name and its
``max_turns_per_event`` stay for runs that name them, and warn.
"""

from __future__ import annotations

import warnings

from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_memgym.entity_stream.state import ISOLATION_KEY
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND
from inspect_memgym.strategies.agentic import DEFAULT_MAX_TURNS, agentic
from inspect_memgym.strategies.support import check_integer

DEPRECATION = (
    "--solver inspect_memgym/entity_stream_agent is deprecated: use --solver "
    "inspect_memgym/agentic (-S max_turns=...) or -T agent=agentic."
)


@solver
def entity_stream_agent(
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    max_turns_per_event: int = DEFAULT_MAX_TURNS,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
    memory_isolation: bool = True,
) -> Solver:
    """Deprecated: `strategies.agentic.agentic` with ``max_turns=max_turns_per_event``.

    Args:
        backend: Memory backend (``chroma`` or ``markdown``).
        embedding: Embedding for the chroma backend (``hashing``, ``minilm``, ``openai``).
        max_turns_per_event: Model turns allowed per event before moving on.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
        memory_isolation: Ask every question again with no memory, right after it.
    """
    warnings.warn(DEPRECATION, FutureWarning, stacklevel=2)
    check_integer("max_turns_per_event", max_turns_per_event, 1)
    play = agentic(
        backend=backend,
        embedding=embedding,
        max_turns=max_turns_per_event,
        chroma_url=chroma_url,
        chroma_token=chroma_token,
        keep_memory=keep_memory,
    )

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        if not memory_isolation:
            state.metadata[ISOLATION_KEY] = False
        return await play(state, generate)

    return solve

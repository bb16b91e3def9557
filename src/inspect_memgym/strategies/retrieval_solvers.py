"""The four retrieval baselines of MemoryBench as strategy solvers.

| solver | MemoryBench | stores | search |
|---|---|---|---|
| ``bm25_message`` | BM25-M (``bm25_message``) | one entry per message | BM25 (markdown backend) |
| ``bm25_dialog`` | BM25-S (``bm25_dialog``) | one entry per dialogue | BM25 (markdown backend) |
| ``embed_message`` | Emb-M (``embedder_message``) | one entry per message | embeddings (chroma) |
| ``embed_dialog`` | Emb-S (``embedder_dialog``) | one entry per dialogue | embeddings (chroma) |

BM25 is the markdown backend's (``rank_bm25``, k1 1.5, b 0.75, under the suite's shared
ranking contract); embeddings are the chroma backend's, with the ``memory`` embedding
(``-T memory="{embedding: minilm}"``; the offline ``hashing`` default, or ``minilm`` /
``openai``). Each retrieves ``top_k=5`` entries and retries with one fewer when the context
overflows (`retrieval.RetrievalStrategy`).
"""

from __future__ import annotations

from inspect_ai.solver import Solver, solver

from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.retrieval import (
    DEFAULT_CONTEXT_BUDGET,
    DEFAULT_TOP_K,
    Granularity,
    RetrievalStrategy,
    check_retrieval_parameters,
)
from inspect_memgym.strategies.support import driving_solver

BM25_BACKEND = "markdown"
EMBEDDING_BACKEND = "chroma"


def _retrieval_solver(
    name: str, granularity: Granularity, memory: MemorySettings, top_k: int, context_budget: int
) -> Solver:
    check_retrieval_parameters(granularity, top_k, context_budget)

    return driving_solver(RetrievalStrategy, name, granularity, memory, top_k, context_budget)


@solver
def bm25_message(
    top_k: int = DEFAULT_TOP_K, context_budget: int = DEFAULT_CONTEXT_BUDGET
) -> Solver:
    """BM25 over single past messages (MemoryBench's BM25-M).

    Args:
        top_k: Messages retrieved per dialogue and per answer.
        context_budget: Estimated tokens per call; beyond it one message fewer is tried.
    """
    memory = MemorySettings(backend=BM25_BACKEND)
    return _retrieval_solver("bm25_message", "message", memory, top_k, context_budget)


@solver
def bm25_dialog(top_k: int = DEFAULT_TOP_K, context_budget: int = DEFAULT_CONTEXT_BUDGET) -> Solver:
    """BM25 over whole past dialogues (MemoryBench's BM25-S).

    Args:
        top_k: Dialogues retrieved per dialogue and per answer.
        context_budget: Estimated tokens per call; beyond it one dialogue fewer is tried.
    """
    memory = MemorySettings(backend=BM25_BACKEND)
    return _retrieval_solver("bm25_dialog", "dialog", memory, top_k, context_budget)


@solver
def embed_message(
    embedding: str = DEFAULT_EMBEDDING,
    top_k: int = DEFAULT_TOP_K,
    context_budget: int = DEFAULT_CONTEXT_BUDGET,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Solver:
    """Embedding search over single past messages (MemoryBench's Emb-M).

    Args:
        embedding: Embedding (``hashing``, ``minilm``, ``openai``).
        top_k: Messages retrieved per dialogue and per answer.
        context_budget: Estimated tokens per call; beyond it one message fewer is tried.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
    """
    memory = MemorySettings(EMBEDDING_BACKEND, embedding, chroma_url, chroma_token, keep_memory)
    return _retrieval_solver("embed_message", "message", memory, top_k, context_budget)


@solver
def embed_dialog(
    embedding: str = DEFAULT_EMBEDDING,
    top_k: int = DEFAULT_TOP_K,
    context_budget: int = DEFAULT_CONTEXT_BUDGET,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Solver:
    """Embedding search over whole past dialogues (MemoryBench's Emb-S).

    Args:
        embedding: Embedding (``hashing``, ``minilm``, ``openai``).
        top_k: Dialogues retrieved per dialogue and per answer.
        context_budget: Estimated tokens per call; beyond it one dialogue fewer is tried.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
    """
    memory = MemorySettings(EMBEDDING_BACKEND, embedding, chroma_url, chroma_token, keep_memory)
    return _retrieval_solver("embed_dialog", "dialog", memory, top_k, context_budget)

"""Create a memory backend by its task-parameter name."""

import logging

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING, EMBEDDING_NAMES
from inspect_memgym.memory.markdown_backend import MarkdownBackend

logger = logging.getLogger(__name__)

BACKEND_NAMES = ("chroma", "markdown")
"""Valid values for the `backend` task parameter."""

DEFAULT_BACKEND = "chroma"


def check_backend_choice(kind: str, embedding: str) -> None:
    """Refuse an unknown backend or embedding name before any sample runs.

    Args:
        kind: Backend name.
        embedding: Embedding name.

    Raises:
        ValueError: If the kind or the embedding name is unknown.
    """
    if kind not in BACKEND_NAMES:
        raise ValueError(
            f"Unknown memory backend {kind!r}; valid backends: {', '.join(BACKEND_NAMES)}"
        )
    if embedding not in EMBEDDING_NAMES:
        raise ValueError(
            f"Unknown embedding {embedding!r}; valid embeddings: {', '.join(EMBEDDING_NAMES)}"
        )


def create_backend(
    kind: str = DEFAULT_BACKEND, *, embedding: str = DEFAULT_EMBEDDING
) -> MemoryBackend:
    """Create a fresh memory backend for one sample and epoch.

    Args:
        kind: `"chroma"` (ChromaDB, vector search) or `"markdown"` (one
            Markdown file, BM25 keyword search).
        embedding: Embedding for the chroma backend (`"hashing"`, `"minilm"`,
            `"openai"`). The markdown backend searches by keywords and
            ignores it (a non-default value is logged as a warning).

    Returns:
        The backend; the caller must `close()` it.

    Raises:
        ValueError: If the kind or the embedding name is unknown.
    """
    check_backend_choice(kind, embedding)
    if kind == "chroma":
        return ChromaBackend(embedding=embedding)
    if embedding != DEFAULT_EMBEDDING:
        logger.warning(
            "The markdown backend searches with BM25 and ignores embedding=%r.", embedding
        )
    return MarkdownBackend()

"""Create a memory backend by its task-parameter name, and describe it for the log.

The chroma backend (and ChromaDB with it) is imported when the first one is created.
"""

import logging
from typing import Any

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.chroma_connection import (
    check_chroma_token,
    chroma_client,
    chroma_location,
    resolve_chroma_token,
    resolve_chroma_url,
)
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING, EMBEDDING_NAMES
from inspect_memgym.memory.markdown_backend import MarkdownBackend

logger = logging.getLogger(__name__)

BACKEND_NAMES = ("chroma", "markdown")
"""Valid values for the `backend` task parameter."""

DEFAULT_BACKEND = "chroma"
MARKDOWN_LOCATION = "local file"


def unknown_backend(kind: str, names: tuple[str, ...]) -> ValueError:
    """The error for a backend name that is not one of ``names``.

    A URL given as the backend (``-T memory=http://host:8000``) is pointed at where a
    ChromaDB server's URL goes.

    Args:
        kind: The name given.
        names: The valid backend names.

    Returns:
        The error to raise, one line.
    """
    message = f"unknown memory backend {kind!r}; choose one of: {', '.join(names)}"
    if "://" in kind:
        message += "; for a ChromaDB server give chroma and its URL in MEMGYM_CHROMA_URL"
    return ValueError(message)


def check_backend_choice(
    kind: str,
    embedding: str,
    *,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
) -> None:
    """Refuse an unknown backend or embedding, or a malformed server URL, before any sample runs.

    Nothing connects here: an unreachable server is reported when the first
    backend is created.

    Args:
        kind: Backend name.
        embedding: Embedding name.
        chroma_url: ChromaDB server URL, else `MEMGYM_CHROMA_URL` (chroma only).
        chroma_token: ChromaDB token, else `MEMGYM_CHROMA_TOKEN` (chroma only).

    Raises:
        ValueError: If the kind or the embedding name is unknown, or the URL
            or token is malformed.
    """
    if kind not in BACKEND_NAMES:
        raise unknown_backend(kind, BACKEND_NAMES)
    if embedding not in EMBEDDING_NAMES:
        raise ValueError(
            f"unknown embedding {embedding!r}; choose one of: {', '.join(EMBEDDING_NAMES)}"
        )
    if kind == "chroma" and resolve_chroma_url(chroma_url) is not None:
        chroma_location(chroma_url)  # raises on a malformed URL
        token = resolve_chroma_token(chroma_token)
        if token is not None:
            check_chroma_token(token)


def create_backend(
    kind: str = DEFAULT_BACKEND,
    *,
    embedding: str = DEFAULT_EMBEDDING,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
    collection_name: str | None = None,
) -> MemoryBackend:
    """Create a fresh memory backend for one sample and epoch.

    Args:
        kind: `"chroma"` (ChromaDB, vector search) or `"markdown"` (one
            Markdown file, BM25 keyword search).
        embedding: Embedding for the chroma backend (`"hashing"`, `"minilm"`,
            `"openai"`). The markdown backend searches by keywords and
            ignores it (a non-default value is logged as a warning).
        chroma_url: ChromaDB server URL, e.g. `http://localhost:8000`; when
            None, `MEMGYM_CHROMA_URL`; when neither is set, the in-process
            (embedded) client.
        chroma_token: Token for a server with token authentication; when
            None, `MEMGYM_CHROMA_TOKEN`.
        keep_memory: Leave the chroma collection in place when the backend is
            closed (the markdown backend always removes its file).
        collection_name: Chroma collection to use (an existing one is
            reopened); by default a fresh name unique to the eval, sample
            and epoch.

    Returns:
        The backend; the caller must `close()` it.

    Raises:
        ValueError: If the kind, the embedding name, the URL, the token or
            the collection name is invalid.
        inspect_memgym.memory.chroma_connection.ChromaServerError: If the
            server does not answer or refuses the token.
    """
    check_backend_choice(kind, embedding, chroma_url=chroma_url, chroma_token=chroma_token)
    if kind == "chroma":
        from inspect_memgym.memory.chroma_backend import ChromaBackend

        return ChromaBackend(
            client=chroma_client(chroma_url, chroma_token),
            collection_name=collection_name,
            embedding=embedding,
            keep=keep_memory,
            location=chroma_location(chroma_url),
        )
    if embedding != DEFAULT_EMBEDDING:
        logger.warning(
            "The markdown backend searches with BM25 and ignores embedding=%r.", embedding
        )
    if chroma_url is not None or collection_name is not None:
        logger.warning(
            "The markdown backend keeps its file locally; chroma_url and collection_name "
            "are ignored."
        )
    if keep_memory:
        logger.warning("The markdown backend always removes its file; keep_memory is ignored.")
    return MarkdownBackend()


def backend_location(kind: str, chroma_url: str | None = None) -> str:
    """Where a kind of backend will keep memory, for the task's log metadata.

    Args:
        kind: Backend name.
        chroma_url: ChromaDB server URL, else `MEMGYM_CHROMA_URL` (chroma only).

    Returns:
        `"embedded"` or the canonical server URL for chroma (never a token),
        `"local file"` for markdown.

    Raises:
        ValueError: If the URL is malformed.
    """
    return chroma_location(chroma_url) if kind == "chroma" else MARKDOWN_LOCATION


def describe_backend(backend: MemoryBackend) -> dict[str, Any]:
    """Where a backend keeps its memory, for the sample's log (never a token).

    Args:
        backend: A memory backend.

    Returns:
        `backend`, `embedding` and `location` (`"embedded"` or the server
        URL for chroma, the file path for markdown), plus `collection` and
        `keep_memory` for chroma.
    """
    record: dict[str, Any] = {"backend": backend.name, "embedding": backend.embedding_name}
    if isinstance(backend, MarkdownBackend):
        record.update(location=str(backend.path))
        return record
    from inspect_memgym.memory.chroma_backend import ChromaBackend  # loaded with the backend

    if isinstance(backend, ChromaBackend):
        record.update(
            location=backend.location,
            collection=backend.collection_name,
            keep_memory=backend.keep,
        )
    return record

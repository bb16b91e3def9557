"""Embedding functions for the ChromaDB backend, by their task-parameter name.

The default, ``hashing`` (`hashing_embedding.HashingEmbedding`), is lexical and offline:
hashed character n-grams, identical on every machine. Semantic embeddings (ChromaDB's
MiniLM, OpenAI) are opt-in through `make_embedding`. The libraries behind each one load
only when a backend asks for it, so importing this module costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chromadb.api.types import Documents, EmbeddingFunction

EMBEDDING_NAMES = ("hashing", "minilm", "openai")
"""Valid values for the `embedding` task parameter."""

DEFAULT_EMBEDDING = "hashing"

OPENAI_EMBEDDING_MODEL = "text-embedding-3-small"


def make_embedding(name: str = DEFAULT_EMBEDDING) -> EmbeddingFunction[Documents]:
    """Create an embedding function by its task-parameter name.

    Args:
        name: `"hashing"` (default; offline, deterministic), `"minilm"`
            (ChromaDB's ONNX MiniLM; downloads its model on first use) or
            `"openai"` (`text-embedding-3-small`; needs `OPENAI_API_KEY`).

    Returns:
        A ChromaDB embedding function.

    Raises:
        ValueError: If the name is unknown, or the OpenAI key is missing.
    """
    if name == "hashing":
        from inspect_memgym.memory.hashing_embedding import HashingEmbedding

        return HashingEmbedding()
    if name == "minilm":
        from chromadb.utils.embedding_functions import DefaultEmbeddingFunction

        return DefaultEmbeddingFunction()
    if name == "openai":
        from chromadb.utils.embedding_functions import OpenAIEmbeddingFunction

        embedding: EmbeddingFunction[Documents] = OpenAIEmbeddingFunction(
            model_name=OPENAI_EMBEDDING_MODEL, api_key_env_var="OPENAI_API_KEY"
        )
        return embedding
    raise ValueError(f"Unknown embedding {name!r}; valid embeddings: {', '.join(EMBEDDING_NAMES)}")

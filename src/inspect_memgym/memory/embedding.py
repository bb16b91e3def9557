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
    raise ValueError(f"unknown embedding {name!r}; choose one of: {', '.join(EMBEDDING_NAMES)}")


MINILM_MODEL = "all-MiniLM-L6-v2"
"""The sentence-embedding model behind ``minilm`` (ChromaDB's ONNX build of it)."""


def check_embedding_available(name: str) -> None:
    """Make sure an embedding can run before any sample does: ``minilm`` needs its model.

    ChromaDB downloads the MiniLM model (about 80 MB) on first use; offline, every sample
    would then fail on its own. Here the download is tried once, up front.

    Args:
        name: The embedding's task-parameter name.

    Raises:
        ValueError: One line naming the model, where it is looked for, and what to do.
    """
    if name != "minilm":
        return
    try:
        from chromadb.utils.embedding_functions.onnx_mini_lm_l6_v2 import ONNXMiniLM_L6_V2

        model = ONNXMiniLM_L6_V2()
        model._download_model_if_not_exists()
    except Exception as error:  # any failure (network, disk, missing runtime) means no model
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise ValueError(
            f"embedding=minilm needs the {MINILM_MODEL} embedding model, which is not in "
            f"{ONNXMiniLM_L6_V2.DOWNLOAD_PATH} and could not be downloaded ({reason}); run once "
            "with network access to fetch it (about 80 MB), or use "
            '-T memory="{embedding: hashing}" (offline)'
        ) from None

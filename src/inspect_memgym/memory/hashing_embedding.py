"""The default embedding of the ChromaDB backend: hashed character n-grams.

`HashingEmbedding` is lexical: scikit-learn's `HashingVectorizer` over character n-grams.
It needs no model download, no network and no fitting, and gives identical vectors on
every machine, so runs are reproducible offline. This module imports numpy, scikit-learn
and ChromaDB; `embedding.make_embedding` imports it only when a chroma backend is created.
"""

from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Space
from chromadb.utils.embedding_functions import register_embedding_function
from sklearn.feature_extraction.text import HashingVectorizer

HASHING_FEATURES = 2048
HASHING_NGRAM_RANGE = (3, 5)


@register_embedding_function
class HashingEmbedding(EmbeddingFunction[Documents]):
    """Deterministic, offline embedding from hashed character n-grams.

    Each text becomes an L2-normalised, non-negative vector of `n_features`
    counts of its character n-grams (within word boundaries, lowercased), so
    cosine similarity measures shared spelling: entity names, numbers and
    attribute words.
    """

    def __init__(
        self,
        n_features: int = HASHING_FEATURES,
        ngram_min: int = HASHING_NGRAM_RANGE[0],
        ngram_max: int = HASHING_NGRAM_RANGE[1],
    ) -> None:
        """Create the embedding.

        Args:
            n_features: Vector dimension (number of hash buckets).
            ngram_min: Shortest character n-gram.
            ngram_max: Longest character n-gram.
        """
        if n_features < 1:
            raise ValueError(f"n_features must be positive, got {n_features}")
        if not 1 <= ngram_min <= ngram_max:
            raise ValueError(f"Need 1 <= ngram_min <= ngram_max, got ({ngram_min}, {ngram_max})")
        self.n_features = n_features
        self.ngram_min = ngram_min
        self.ngram_max = ngram_max
        self._vectorizer = HashingVectorizer(
            analyzer="char_wb",
            ngram_range=(ngram_min, ngram_max),
            n_features=n_features,
            alternate_sign=False,
            norm="l2",
            lowercase=True,
            dtype=np.float32,
        )

    def __call__(self, input: Documents) -> Embeddings:
        """Embed documents.

        Args:
            input: Texts to embed.

        Returns:
            One dense float32 vector of length `n_features` per text.
        """
        matrix = self._vectorizer.transform(list(input)).toarray()
        return [np.asarray(row, dtype=np.float32) for row in matrix]

    @staticmethod
    def name() -> str:
        """Name under which ChromaDB records this embedding in a collection."""
        return "memgym_hashing"

    def default_space(self) -> Space:
        """Distance used for new collections: cosine (vectors are L2-normalised)."""
        return "cosine"

    def supported_spaces(self) -> list[Space]:
        """Distances this embedding supports."""
        return ["cosine", "l2", "ip"]

    def get_config(self) -> dict[str, Any]:
        """Serialisable configuration, stored by ChromaDB with the collection."""
        return {
            "n_features": self.n_features,
            "ngram_min": self.ngram_min,
            "ngram_max": self.ngram_max,
        }

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "HashingEmbedding":
        """Rebuild the embedding from `get_config()` output.

        Args:
            config: Configuration as returned by `get_config`.

        Returns:
            An equivalent embedding.
        """
        HashingEmbedding.validate_config(config)
        return HashingEmbedding(
            n_features=int(config.get("n_features", HASHING_FEATURES)),
            ngram_min=int(config.get("ngram_min", HASHING_NGRAM_RANGE[0])),
            ngram_max=int(config.get("ngram_max", HASHING_NGRAM_RANGE[1])),
        )

    @staticmethod
    def validate_config(config: dict[str, Any]) -> None:
        """Reject configuration keys this embedding does not know.

        Args:
            config: Configuration to check.
        """
        unknown = set(config) - {"n_features", "ngram_min", "ngram_max"}
        if unknown:
            raise ValueError(f"Unknown HashingEmbedding config keys: {sorted(unknown)}")

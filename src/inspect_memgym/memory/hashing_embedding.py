"""The default embedding of the ChromaDB backend: hashed character n-grams.

`HashingEmbedding` is lexical: each text is the L2-normalised count vector of its hashed
character n-grams within word boundaries, exactly what scikit-learn's
``HashingVectorizer(analyzer="char_wb", alternate_sign=False, norm="l2", lowercase=True,
dtype=float32)`` gives (`tests/memory/test_memory_embedding.py` compares them bit for bit).
It needs no model download, no network and no fitting, and gives identical vectors on
every machine, so runs are reproducible offline.

It is computed here rather than by the vectorizer, for speed: a text's n-grams are those of
its words, and a memory's texts repeat the same words, so each word's hashed n-grams are
kept (`WordGrams`) and a text is one count over its words' buckets. A prose entry of 1,200
characters takes 0.06 ms instead of the vectorizer's 0.61 ms once its words are cached
(0.16 ms on first sight), a question 0.01 ms instead of 0.16 ms (benchmarks/RESULTS.md).
This module imports numpy, the mmh3 package's MurmurHash3 (the same hash scikit-learn's
``murmurhash3_32`` computes) and ChromaDB;
`embedding.make_embedding` imports it only when a chroma backend is created.
"""

import math
from typing import Any

import mmh3
import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Space
from chromadb.utils.embedding_functions import register_embedding_function

HASHING_FEATURES = 2048
HASHING_NGRAM_RANGE = (3, 5)
CACHED_WORDS = 50_000
"""Words whose hashed n-grams stay cached per n-gram setting (emptied when full)."""
_INT32_MIN = -(2**31)


class WordGrams:
    """The hash buckets of a word's character n-grams, cached per word.

    A word's n-grams are taken from the word padded with one space on each side, for every
    length from ``ngram_min`` to ``ngram_max``; a padded word no longer than a length gives
    itself, once, as its last n-gram. Each n-gram's bucket is the absolute value of its
    signed 32-bit MurmurHash3 (seed 0, UTF-8 bytes) modulo ``n_features``.
    """

    def __init__(self, n_features: int, ngram_min: int, ngram_max: int) -> None:
        """Start with no word cached.

        Args:
            n_features: Number of buckets.
            ngram_min: Shortest n-gram.
            ngram_max: Longest n-gram.
        """
        self.n_features = n_features
        self.ngram_min = ngram_min
        self.ngram_max = ngram_max
        self._buckets: dict[str, list[int]] = {}

    def counts(self, text: str) -> np.ndarray[Any, np.dtype[np.intp]]:
        """How many n-grams of the lowercased text fall in each bucket.

        Args:
            text: The text (split into words at whitespace).
        """
        buckets: list[int] = []
        for word in text.lower().split():
            buckets.extend(self._word(word))
        return np.bincount(np.asarray(buckets, dtype=np.intp), minlength=self.n_features)

    def _word(self, word: str) -> list[int]:
        found = self._buckets.get(word)
        if found is None:
            found = [self._bucket(mmh3.hash(gram, 0)) for gram in self._grams(word)]
            if len(self._buckets) >= CACHED_WORDS:
                self._buckets.clear()
            self._buckets[word] = found
        return found

    def _grams(self, word: str) -> list[str]:
        padded = f" {word} "
        length = len(padded)
        grams: list[str] = []
        for size in range(self.ngram_min, self.ngram_max + 1):
            if size >= length:  # the whole padded word, once, ends a short word's n-grams
                grams.append(padded)
                break
            grams.extend(padded[offset : offset + size] for offset in range(length - size + 1))
        return grams

    def _bucket(self, hashed: int) -> int:
        if hashed == _INT32_MIN:  # |-2**31| overflows a signed 32-bit integer
            return (2**31 - 1 - (self.n_features - 1)) % self.n_features
        return abs(hashed) % self.n_features


_SHARED_WORD_GRAMS: dict[tuple[int, int, int], WordGrams] = {}


def shared_word_grams(n_features: int, ngram_min: int, ngram_max: int) -> WordGrams:
    """The process's one `WordGrams` for these settings, shared by every embedding made.

    Each sample opens a memory of its own, so a cache per embedding hashes the same words
    again for every sample; a word's buckets depend only on the settings. The same scenario
    played by several policies or strategies (a validity grid, a sweep) now hashes its words
    once; samples of different scenarios share little (a standard entity_stream run of ten
    templates: 3,020 words hashed before, 2,930 after).

    Args:
        n_features: Number of buckets.
        ngram_min: Shortest n-gram.
        ngram_max: Longest n-gram.
    """
    key = (n_features, ngram_min, ngram_max)
    grams = _SHARED_WORD_GRAMS.get(key)
    if grams is None:
        grams = _SHARED_WORD_GRAMS[key] = WordGrams(n_features, ngram_min, ngram_max)
    return grams


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
        self._grams = shared_word_grams(n_features, ngram_min, ngram_max)

    def __call__(self, input: Documents) -> Embeddings:
        """Embed documents.

        Args:
            input: Texts to embed.

        Returns:
            One dense float32 vector of length `n_features` per text.
        """
        return [self._vector(text) for text in input]

    def _vector(self, text: str) -> np.ndarray[Any, np.dtype[np.float32]]:
        """A text's vector: bucket counts over their L2 norm (zeros for a text of no word).

        The arithmetic is the vectorizer's: float32 counts, their squares summed in double
        precision (exact: integers), each count divided by the norm in double precision and
        rounded once to float32.
        """
        counts = self._grams.counts(text)
        as_float32 = counts.astype(np.float32)
        norm = math.sqrt(float((as_float32 * as_float32).astype(np.float64).sum()))
        if norm == 0.0:
            return np.zeros(self.n_features, dtype=np.float32)
        return (counts / norm).astype(np.float32)

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

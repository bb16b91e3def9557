"""The memory search as it was before the search indexes, kept as the reference.

The backends now find verbatim and name-phrase matches through a text index
beside the collection and score BM25 one entry at a time; before, chroma
asked ChromaDB three queries per search (the nearest entries, and the nearest
among documents matching a `$regex` for the whole query and for its name
phrases), and markdown rebuilt rank_bm25's `BM25Okapi` over every entry and
ranked every entry. This module is that earlier code, unchanged in what it
does, so the tests can prove both searches give identical hits (and the
search-latency benchmark can time the two side by side). `prepare_query` and
`match_tier` are used from `inspect_memgym.memory.ranking`, which they did
not change.
"""

from __future__ import annotations

import math
from typing import Any

from chromadb.api.models.Collection import Collection
from chromadb.api.types import Documents, EmbeddingFunction
from rank_bm25 import BM25Okapi

from inspect_memgym.memory.backend import MemoryEntry, SearchHit
from inspect_memgym.memory.keyword_index import BM25_B, BM25_K1, tokenize
from inspect_memgym.memory.ranking import (
    NAME_BONUS,
    VERBATIM_BONUS,
    Candidate,
    RankingQuery,
    match_tier,
    prepare_query,
)

MINIMUM_VECTOR_CANDIDATES = 20
VECTOR_CANDIDATES_PER_HIT = 4
_REGEX_META_CHARACTERS = frozenset("\\.+*?()|[]{}^$#&-~")


def reference_rank(candidates: list[Candidate], query: RankingQuery, top_k: int) -> list[SearchHit]:
    """The ranking as it was: every candidate tiered, sorted, cut at `top_k`."""
    ranked: list[tuple[int, float, Candidate]] = []
    for candidate in candidates:
        tier = match_tier(candidate.content, query)
        similarity = min(1.0, max(0.0, candidate.similarity))
        if tier > 0 or similarity > 0.0:
            ranked.append((tier, similarity, candidate))
    ranked.sort(key=lambda item: (-item[0], -item[1], item[2].entry_id))
    bonus = {2: VERBATIM_BONUS, 1: NAME_BONUS}
    return [
        SearchHit(candidate.entry_id, candidate.content, bonus.get(tier, 0.0) + similarity)
        for tier, similarity, candidate in ranked[:top_k]
    ]


def reference_chroma_search(
    collection: Collection,
    embedding: EmbeddingFunction[Documents],
    query: str,
    top_k: int = 5,
) -> list[SearchHit]:
    """The chroma search as it was: up to three queries, two of them `$regex` filtered."""
    prepared = prepare_query(query)
    vector_pool = max(top_k * VECTOR_CANDIDATES_PER_HIT, MINIMUM_VECTOR_CANDIDATES)
    query_embedding = embedding.embed_query(input=[prepared.text])
    candidates: dict[int, Candidate] = {}

    def collect(limit: int, where_document: dict[str, Any] | None) -> int:
        result = collection.query(
            query_embeddings=query_embedding,
            n_results=limit,
            where_document=where_document,  # type: ignore[arg-type]
            include=["documents", "metadatas", "distances"],
        )
        documents = (result["documents"] or [[]])[0]
        metadatas = (result["metadatas"] or [[]])[0]
        distances = (result["distances"] or [[]])[0]
        for document, metadata, distance in zip(documents, metadatas, distances, strict=True):
            entry_id = int(metadata["entry_id"])
            similarity = 1.0 - float(distance)
            known = candidates.get(entry_id)
            if known is None or similarity > known.similarity:
                candidates[entry_id] = Candidate(entry_id, document, similarity)
        return len(documents)

    if collect(vector_pool, None) == vector_pool:
        collect(top_k, _contains_filter([prepared.text]))
        phrases = [phrase.lower() for phrase in prepared.name_phrases]
        if phrases and phrases != [prepared.text.lower()]:
            collect(top_k, _contains_filter(list(prepared.name_phrases)))
    return reference_rank(list(candidates.values()), prepared, top_k)


class ReferenceKeywordIndex(BM25Okapi):  # type: ignore[misc]
    """rank_bm25's BM25Okapi (k1 1.5, b 0.75) with Lucene's non-negative idf, as it was."""

    def __init__(self, corpus: list[list[str]]) -> None:
        super().__init__(corpus, k1=BM25_K1, b=BM25_B)

    def _calc_idf(self, document_frequencies: dict[str, int]) -> None:
        for word, frequency in document_frequencies.items():
            self.idf[word] = math.log(1 + (self.corpus_size - frequency + 0.5) / (frequency + 0.5))
        self.average_idf = sum(self.idf.values()) / max(1, len(self.idf))

    def similarities(self, query_tokens: list[str]) -> list[float]:
        ceiling = sum(self.idf.get(token, 0.0) for token in query_tokens) * (BM25_K1 + 1)
        if self.avgdl == 0 or ceiling <= 0:
            return [0.0] * self.corpus_size
        return [float(score) / ceiling for score in self.get_scores(query_tokens)]


def reference_markdown_search(
    entries: list[MemoryEntry],
    query: str,
    top_k: int = 5,
    index: ReferenceKeywordIndex | None = None,
) -> list[SearchHit]:
    """The markdown search as it was: BM25 over every entry, every entry ranked.

    Args:
        entries: The memory's entries in file order.
        query: Search text.
        top_k: Maximum number of hits.
        index: BM25 already built over these entries (the backend cached it between
            changes), else built here.
    """
    prepared = prepare_query(query)
    if not entries:
        return []
    if index is None:
        index = ReferenceKeywordIndex([tokenize(entry.content) for entry in entries])
    similarities = index.similarities(tokenize(prepared.text))
    candidates = [
        Candidate(entry.entry_id, entry.content, similarity)
        for entry, similarity in zip(entries, similarities, strict=True)
    ]
    return reference_rank(candidates, prepared, top_k)


def _contains_filter(phrases: list[str]) -> dict[str, Any]:
    clauses: list[dict[str, Any]] = [
        {"$regex": "(?i)" + _escape_regex(phrase)} for phrase in phrases
    ]
    return clauses[0] if len(clauses) == 1 else {"$or": clauses}


def _escape_regex(text: str) -> str:
    return "".join(
        "\\" + character if character in _REGEX_META_CHARACTERS else character for character in text
    )

"""The search engine of interactive mode: one instance's corpus, indexed for one sample.

Two backends rank under the suite's shared ranking contract (`memory.ranking`: the query
verbatim first, then its capitalised names, then similarity):

- ``bm25`` (default): keyword search over every document in memory (the markdown backend's
  BM25 with a non-negative idf), built in one pass;
- ``chroma``: the documents stored in a fresh ChromaDB collection of the chroma memory
  backend (its embedding, e.g. the offline ``hashing`` one), closed with the sample.

A `SearchSession` keeps every search made, so the driver knows what each turn returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.keyword_index import KeywordIndex, tokenize
from inspect_memgym.memory.ranking import Candidate, prepare_query, rank
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.research_qa.world import CorpusEntry

LONGEST_QUERY = 1_000
"""Characters a query may have."""


class CorpusIndex:
    """One instance's documents, searchable by BM25 or in a chroma collection."""

    def __init__(self, corpus: Sequence[CorpusEntry], backend: MemoryBackend | None = None):
        """Index a corpus (create inside a sample when ``backend`` is given).

        Args:
            corpus: The documents, in corpus order.
            backend: A fresh memory backend to store them in; None for BM25 in memory.
        """
        self.corpus = tuple(corpus)
        self.backend = backend
        self._keywords: KeywordIndex | None = None
        if backend is None:
            self._keywords = KeywordIndex()
            for position, entry in enumerate(self.corpus):
                self._keywords.add(position + 1, entry.searchable_text)
        else:
            for entry in self.corpus:
                backend.add(entry.searchable_text)

    @classmethod
    def open(
        cls, corpus: Sequence[CorpusEntry], search_backend: str, embedding: str
    ) -> CorpusIndex:
        """Index a corpus with the named backend.

        Args:
            corpus: The documents.
            search_backend: ``bm25`` or ``chroma`` (an in-process collection).
            embedding: Embedding of the ``chroma`` backend.
        """
        if search_backend == "bm25":
            return cls(corpus)
        return cls(corpus, MemorySettings("chroma", embedding).open())

    @property
    def name(self) -> str:
        """``bm25``, or ``chroma/<embedding>``."""
        if self.backend is None:
            return "bm25"
        return f"{self.backend.name}/{self.backend.embedding_name}"

    def search(self, query: str, top_k: int) -> list[CorpusEntry]:
        """The best-matching documents, best first.

        Args:
            query: Search text (not blank).
            top_k: Most documents returned.

        Raises:
            ValueError: If the query is blank.
        """
        prepared = prepare_query(query)
        if self.backend is not None:
            return [self.corpus[hit.entry_id - 1] for hit in self.backend.search(query, top_k)]
        assert self._keywords is not None
        similarities = self._keywords.similarities(tokenize(prepared.text))
        candidates = [
            Candidate(position + 1, entry.searchable_text, similarities.get(position + 1, 0.0))
            for position, entry in enumerate(self.corpus)
        ]
        return [self.corpus[hit.entry_id - 1] for hit in rank(candidates, prepared, top_k)]

    def close(self) -> None:
        """Release the backend, if any (idempotent)."""
        if self.backend is not None:
            self.backend.close()


@dataclass(frozen=True)
class SearchRecord:
    """One search made.

    Attributes:
        query: The query as given.
        results: The documents returned, best first.
    """

    query: str
    results: tuple[CorpusEntry, ...]


@dataclass
class SearchSession:
    """A sample's searches over its corpus.

    Attributes:
        index: The corpus index.
        top_k: Documents per search.
        history: Every search made, in order.
    """

    index: CorpusIndex
    top_k: int
    history: list[SearchRecord] = field(default_factory=list)

    def search(self, query: str) -> SearchRecord:
        """Search, and keep the record.

        Args:
            query: Search text.

        Raises:
            ValueError: If the query is blank or longer than `LONGEST_QUERY`.
        """
        if len(query) > LONGEST_QUERY:
            raise ValueError(f"The query is longer than {LONGEST_QUERY} characters.")
        record = SearchRecord(query, tuple(self.index.search(query, self.top_k)))
        self.history.append(record)
        return record

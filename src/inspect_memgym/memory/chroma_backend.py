"""ChromaDB memory backend: one collection per sample.

By default every backend lives in one process-wide in-memory ChromaDB
client (`chromadb.EphemeralClient`, telemetry off, created on first use).
Pass `client=` a `chromadb.HttpClient` (see
`inspect_memgym.memory.chroma_connection`) to keep collections on a ChromaDB
server instead; nothing else changes. Each backend owns a fresh collection
whose name is unique per eval, sample and epoch (see
`inspect_memgym.memory.collection_names`); `close()` deletes it unless the
backend was created with `keep=True`.

Against a server every ChromaDB call goes through `chroma_retry.call_with_retry`: a
transport error is retried with bounded, doubling waits, then becomes one line naming the
server and how to resume the run. `close()` never raises: a collection it cannot delete
(the server is gone) is logged, with the command that removes it later
(`inspect-memgym chroma-clean`), so the error that ended the sample is the one reported.

Each entry is one document whose id is the entry id and whose metadata
holds `entry_id`. Beside the collection the backend keeps a `TextIndex` of
every entry's text (filled from the collection, page by page, when it opens
one that already holds entries); it assumes it is the collection's only
writer while open, as entry ids already do.

Search follows `inspect_memgym.memory.ranking`: verbatim matches first, then
name-phrase matches, then the rest, each by vector similarity. It embeds the
query once and asks ChromaDB for the `vector_pool` nearest entries: usually
the only query. An entry more similar than the pool's least similar one is
in the pool, so the nearest `top_k` verbatim matches are all in the pool when
`top_k` of the pool's verbatim matches are more similar than that, or when
the text index finds no verbatim match outside the pool; likewise for
name-phrase matches. Otherwise the `top_k` nearest matches outside the pool are added:
- at most `MAX_ID_FILTER` of them in a collection of more than `LOCAL_SCORING_FROM`
  entries: scored from their stored vectors (one `get` by id) with the collection's
  distance computed here in float32, as ChromaDB does (the last bit can differ from
  ChromaDB's SIMD sum, about 1e-7, and entries at exactly equal distance may be chosen
  in another order). ChromaDB's own query restricted to a few ids walks most of its
  HNSW graph at that size (0.5-1.8 s per query at 100k entries, benchmarks/RESULTS.md);
- at most `MAX_ID_FILTER` in a smaller collection: by that query (a few ms there), so
  the hits are ChromaDB's to the last bit;
- more: by ChromaDB's `$regex` document filter, fast when the matches are that many.
The hits are the ones the earlier search gave, which asked for the nearest
verbatim and name-phrase matches every time with `$regex` filters that ChromaDB
evaluates by reading every document.
"""

import logging
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numpy as np
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, GetResult, QueryResult
from chromadb.errors import NotFoundError
from chromadb.utils.embedding_functions import DefaultEmbeddingFunction

from inspect_memgym.memory.backend import MemoryBackend, MemoryEntry, SearchHit
from inspect_memgym.memory.chroma_clean import KEEP_METADATA_KEY
from inspect_memgym.memory.chroma_connection import (
    EMBEDDED_LOCATION,
    ChromaServerError,
    embedded_client,
    is_embedded_client,
)
from inspect_memgym.memory.chroma_retry import call_with_retry
from inspect_memgym.memory.collection_names import check_collection_name, sample_collection_name
from inspect_memgym.memory.content import normalize_entry_content
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING, make_embedding
from inspect_memgym.memory.ranking import Candidate, RankingQuery, prepare_query, rank
from inspect_memgym.memory.text_index import TextIndex

logger = logging.getLogger(__name__)

Result = TypeVar("Result")

CUSTOM_CLIENT_LOCATION = "client"
"""Location recorded when a caller passes its own client without naming its location."""
MINIMUM_VECTOR_CANDIDATES = 20
VECTOR_CANDIDATES_PER_HIT = 4
MAX_ID_FILTER = 1000
"""Most missed matches scored from their stored vectors; more use a document filter."""
LOCAL_SCORING_FROM = 2000
"""Collections larger than this score missed matches from their stored vectors."""
GET_PAGE_SIZE = 5000
"""Entries fetched per `collection.get`: one get of a whole 100k-entry collection exceeds
SQLite's limit on query variables inside ChromaDB."""
CLEANUP_RETRY_DELAYS_SECONDS = (0.5, 1.0)
"""Waits before retrying a failed collection delete at close: short, the sample is over."""

# Characters that are meta in the Rust regex syntax ChromaDB uses; escaping
# them (and nothing else) is always valid there.
_REGEX_META_CHARACTERS = frozenset("\\.+*?()|[]{}^$#&-~")


def shared_client() -> ClientAPI:
    """The process-wide in-memory ChromaDB client, created on first use."""
    return embedded_client()


class ChromaBackend(MemoryBackend):
    """Memory entries as documents of one ChromaDB collection."""

    def __init__(
        self,
        client: ClientAPI | None = None,
        collection_name: str | None = None,
        embedding: str | EmbeddingFunction[Documents] = DEFAULT_EMBEDDING,
        keep: bool = False,
        location: str | None = None,
    ) -> None:
        """Create (or open) the collection.

        Args:
            client: ChromaDB client; defaults to the shared in-memory client.
                Pass a `chromadb.HttpClient` to use a server.
            collection_name: Collection to use; defaults to a fresh name unique
                to the current eval, sample and epoch. An existing collection
                is reopened and its entries kept.
            embedding: Embedding name for `make_embedding` (`"hashing"`,
                `"minilm"`, `"openai"`) or a ChromaDB embedding function.
            keep: Keep the collection when the backend is closed (by default
                `close()` deletes it).
            location: Where the client keeps its collections, for the log
                (e.g. the server URL); defaults to `"embedded"` for the shared
                client and `"client"` for a caller's own.

        Raises:
            ValueError: If `collection_name` breaks ChromaDB's naming rules.
        """
        if isinstance(embedding, str):
            self._embedding_name = embedding
            embedding_function = make_embedding(embedding)
        else:
            self._embedding_name = embedding.name()
            embedding_function = embedding
        self._embedding_function = embedding_function
        if location is None:
            embedded = client is None or is_embedded_client(client)
            location = EMBEDDED_LOCATION if embedded else CUSTOM_CLIENT_LOCATION
        self._location = location
        self._keep = keep
        self._client = client if client is not None else shared_client()
        self._collection_name = (
            check_collection_name(collection_name)
            if collection_name is not None
            else sample_collection_name()
        )
        self._collection: Collection = self._call(
            "open collection",
            lambda: self._client.get_or_create_collection(
                name=self._collection_name,
                embedding_function=embedding_function,  # type: ignore[arg-type]
                metadata={KEEP_METADATA_KEY: keep},
            ),
        )
        self._text_index = TextIndex()
        self._next_entry_id = self._index_stored_entries() + 1
        self._closed = False

    @property
    def name(self) -> str:
        """Backend kind: `"chroma"`."""
        return "chroma"

    @property
    def embedding_name(self) -> str:
        """Embedding used for similarity, e.g. `"hashing"`."""
        return self._embedding_name

    @property
    def collection_name(self) -> str:
        """Name of this backend's ChromaDB collection."""
        return self._collection_name

    @property
    def location(self) -> str:
        """Where the collection lives: `"embedded"` or the server URL (never a token)."""
        return self._location

    @property
    def keep(self) -> bool:
        """Whether `close()` leaves the collection in place."""
        return self._keep

    @property
    def closed(self) -> bool:
        """Whether `close()` has been called."""
        return self._closed

    def add(self, content: str) -> int:
        """Store a new entry and return its id."""
        text = normalize_entry_content(content)
        self._ensure_open()
        entry_id = self._next_entry_id
        self._call(
            "add an entry",
            lambda: self._collection.add(
                ids=[_document_id(entry_id)],
                documents=[text],
                metadatas=[{"entry_id": entry_id}],
            ),
        )
        self._text_index.put(entry_id, text)
        self._next_entry_id += 1
        return entry_id

    def replace(self, entry_id: int, content: str) -> None:
        """Replace the text of an existing entry."""
        text = normalize_entry_content(content)
        self.get(entry_id)  # raises KeyError when absent
        self._call(
            "replace an entry",
            lambda: self._collection.update(ids=[_document_id(entry_id)], documents=[text]),
        )
        self._text_index.put(entry_id, text)

    def delete(self, entry_id: int) -> None:
        """Remove one entry (KeyError if absent)."""
        self.get(entry_id)  # raises KeyError when absent
        self._call("delete an entry", lambda: self._collection.delete(ids=[_document_id(entry_id)]))
        if entry_id in self._text_index:
            self._text_index.remove(entry_id)

    def get(self, entry_id: int) -> MemoryEntry:
        """Fetch one entry (KeyError if absent)."""
        self._ensure_open()
        result = self._call(
            "read an entry",
            lambda: self._collection.get(ids=[_document_id(entry_id)], include=["documents"]),
        )
        documents = result["documents"] or []
        if not result["ids"] or not documents:
            raise KeyError(entry_id)
        return MemoryEntry(entry_id=entry_id, content=documents[0])

    def entries(self) -> list[MemoryEntry]:
        """All entries in insertion order."""
        self._ensure_open()
        entries = [
            MemoryEntry(entry_id=_metadata_entry_id(metadata), content=document)
            for page in self._pages(["documents", "metadatas"])
            for document, metadata in zip(
                page["documents"] or [], page["metadatas"] or [], strict=True
            )
        ]
        return sorted(entries, key=lambda entry: entry.entry_id)

    def count(self) -> int:
        """Number of stored entries."""
        self._ensure_open()
        return self._call("count entries", self._collection.count)

    def search(self, query: str, top_k: int = 5) -> list[SearchHit]:
        """Rank entries for a query (see `inspect_memgym.memory.ranking`)."""
        prepared = prepare_query(query)
        if top_k < 1:
            raise ValueError(f"top_k must be at least 1, got {top_k}")
        self._ensure_open()
        vector_pool = max(top_k * VECTOR_CANDIDATES_PER_HIT, MINIMUM_VECTOR_CANDIDATES)
        query_embedding = self._embed_query(prepared.text)
        candidates: dict[int, Candidate] = {}
        # ChromaDB returns min(n_results, entries) hits: fewer than asked means all of them
        if self._collect(candidates, prepared, query_embedding, vector_pool) == vector_pool:
            self._collect_missed_matches(candidates, prepared, query_embedding, top_k)
        return rank(candidates.values(), prepared, top_k)

    def close(self) -> None:
        """Delete the collection, unless created with `keep=True` (idempotent, never raises).

        A collection that cannot be deleted (the server is gone) is logged, not raised: the
        error that ended the sample, if any, stays the one reported.
        """
        if self._closed:
            return
        self._closed = True
        if self._keep:
            return
        try:
            call_with_retry(
                lambda: self._client.delete_collection(self._collection_name),
                server=self._location,
                action=f"delete collection {self._collection_name}",
                delays=CLEANUP_RETRY_DELAYS_SECONDS,
            )
        except (ValueError, NotFoundError):  # already gone
            return
        except Exception as error:
            reason = "the server did not answer" if isinstance(error, ChromaServerError) else error
            logger.warning(
                "Could not delete the ChromaDB collection %s at %s (%s); remove what a "
                "crashed run left with `inspect-memgym chroma-clean`.",
                self._collection_name,
                self._location,
                reason,
            )

    def _call(self, action: str, operation: Callable[[], Result]) -> Result:
        """Run one ChromaDB call; against a server, retry transport errors (bounded)."""
        if self._location == EMBEDDED_LOCATION:
            return operation()
        return call_with_retry(
            operation, server=self._location, action=f"{action} in {self._collection_name}"
        )

    def _embed_query(self, text: str) -> Embeddings | None:
        """The query's embedding, computed once for all of a search's queries.

        ChromaDB embeds query texts with the collection's embedding function, except its
        default (MiniLM) one, which it resolves itself: then None, and each query passes
        its text.
        """
        if isinstance(self._embedding_function, DefaultEmbeddingFunction):
            return None
        return self._embedding_function.embed_query(input=[text])

    def _collect(
        self,
        candidates: dict[int, Candidate],
        query: RankingQuery,
        query_embedding: Embeddings | None,
        limit: int,
        among: list[int] | None = None,
        where_document: dict[str, Any] | None = None,
    ) -> int:
        """Add the nearest entries to the candidates; returns how many ChromaDB returned.

        Args:
            candidates: Candidates so far, by entry id.
            query: Prepared query.
            query_embedding: The query's embedding (None: ChromaDB embeds the text).
            limit: Most entries to return.
            among: Only these entries (by id), if given.
            where_document: Only documents passing this ChromaDB filter, if given.
        """
        result: QueryResult = self._call(
            "search",
            lambda: self._collection.query(
                query_embeddings=query_embedding,
                query_texts=[query.text] if query_embedding is None else None,
                ids=None if among is None else [_document_id(entry_id) for entry_id in among],
                n_results=limit,
                where_document=where_document,  # type: ignore[arg-type]
                include=["distances"],
            ),
        )
        identifiers = result["ids"][0]
        distances = (result["distances"] or [[]])[0]
        for identifier, distance in zip(identifiers, distances, strict=True):
            entry_id = int(identifier)
            similarity = 1.0 - float(distance)
            known = candidates.get(entry_id)
            if known is None or similarity > known.similarity:
                content = self._text_index.content(entry_id)
                candidates[entry_id] = Candidate(entry_id, content, similarity)
        return len(identifiers)

    def _collect_missed_matches(
        self,
        candidates: dict[int, Candidate],
        query: RankingQuery,
        query_embedding: Embeddings | None,
        top_k: int,
    ) -> None:
        """Add the nearest verbatim and name-phrase matches, unless the pool already has them.

        The pool holds the nearest entries, so an entry with a similarity above the pool's
        lowest is in the pool. The nearest `top_k` matches (of the query, or of a name
        phrase) are all in the pool when every match is, or when `top_k` matches in the pool
        are more similar than the pool's lowest; otherwise the missed matches are added.
        """
        floor = min(candidate.similarity for candidate in candidates.values())
        pooled = [
            candidate.content.lower()
            for candidate in candidates.values()
            if candidate.similarity > floor
        ]
        missed: list[tuple[set[int], list[str]]] = []
        if sum(1 for content in pooled if query.lowered in content) < top_k:
            verbatim = self._text_index.containing(query.lowered)
            if not verbatim.issubset(candidates):
                missed.append((verbatim, [query.text]))
        phrases = list(query.name_phrases)
        distinct = bool(phrases) and phrases != [query.lowered]  # else the same matches
        named_in_pool = sum(1 for content in pooled if any(phrase in content for phrase in phrases))
        if distinct and named_in_pool < top_k:
            named = self._text_index.containing_any(phrases)
            if not named.issubset(candidates):
                missed.append((named, phrases))
        if not missed:
            return
        # the text index holds every entry: ChromaDB's count() costs ms at 100k entries
        from_vectors = query_embedding is not None and len(self._text_index) > LOCAL_SCORING_FROM
        for matches, match_phrases in missed:
            self._collect_matches(
                candidates, query, query_embedding, top_k, matches, match_phrases, from_vectors
            )

    def _collect_matches(
        self,
        candidates: dict[int, Candidate],
        query: RankingQuery,
        query_embedding: Embeddings | None,
        top_k: int,
        matches: set[int],
        phrases: list[str],
        from_vectors: bool,
    ) -> None:
        """Add the `top_k` nearest matches, unless every match is a candidate already.

        At most `MAX_ID_FILTER` missed matches are scored from their stored vectors
        (`from_vectors`) or by ChromaDB's query restricted to their ids; more by ChromaDB
        with the document filter the earlier search used (it selects the same entries).
        """
        outside = sorted(matches.difference(candidates))
        if not outside:
            return
        if from_vectors and query_embedding is not None and len(outside) <= MAX_ID_FILTER:
            scored = self._similarities(outside, query_embedding)
            nearest = sorted(scored, key=lambda pair: -pair[1])[:top_k]
            _add_candidates(
                candidates,
                [
                    Candidate(entry_id, self._text_index.content(entry_id), similarity)
                    for entry_id, similarity in nearest
                ],
            )
        elif len(matches) <= MAX_ID_FILTER:
            self._collect(candidates, query, query_embedding, top_k, among=sorted(matches))
        else:
            where_document = _contains_filter(phrases)
            self._collect(candidates, query, query_embedding, top_k, where_document=where_document)

    def _similarities(
        self, entry_ids: list[int], query_embedding: Embeddings
    ) -> list[tuple[int, float]]:
        """Each entry's similarity to the query (1 - ChromaDB's distance), from stored vectors."""
        result = self._call(
            "read entry vectors",
            lambda: self._collection.get(
                ids=[_document_id(entry_id) for entry_id in entry_ids], include=["embeddings"]
            ),
        )
        vectors = np.asarray(result["embeddings"], dtype=np.float32)
        if vectors.size == 0:
            return []
        query_vector = np.asarray(query_embedding[0], dtype=np.float32)
        distances = _distances(vectors, query_vector, self._space())
        return [
            (int(identifier), 1.0 - float(distance))
            for identifier, distance in zip(result["ids"], distances, strict=True)
        ]

    def _space(self) -> str:
        """The collection's distance: `cosine`, `l2` or `ip`."""
        configuration = self._collection.configuration or {}
        hnsw = configuration.get("hnsw") or {}
        return str(hnsw.get("space") or "l2")

    def _index_stored_entries(self) -> int:
        """Fill the text index from the collection; returns the highest stored entry id."""
        highest = 0
        if self._call("count entries", self._collection.count) == 0:
            return highest
        for page in self._pages(["documents", "metadatas"]):
            for document, metadata in zip(
                page["documents"] or [], page["metadatas"] or [], strict=True
            ):
                entry_id = _metadata_entry_id(metadata)
                self._text_index.put(entry_id, document)
                highest = max(highest, entry_id)
        return highest

    def _pages(self, include: list[str]) -> Iterator[GetResult]:
        """The whole collection, `GET_PAGE_SIZE` entries per `get`."""
        offset = 0

        def read_page() -> GetResult:
            return self._collection.get(
                include=include,  # type: ignore[arg-type]
                limit=GET_PAGE_SIZE,
                offset=offset,
            )

        while True:
            page = self._call("read entries", read_page)
            yield page
            if len(page["ids"]) < GET_PAGE_SIZE:
                return
            offset += GET_PAGE_SIZE

    def _ensure_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"Memory collection {self._collection_name} is closed.")


def _document_id(entry_id: int) -> str:
    return str(entry_id)


def _metadata_entry_id(metadata: Any) -> int:
    return int(metadata["entry_id"])


def _add_candidates(candidates: dict[int, Candidate], found: list[Candidate]) -> None:
    """Add entries to the candidates, keeping the higher similarity of an entry seen twice."""
    for candidate in found:
        known = candidates.get(candidate.entry_id)
        if known is None or candidate.similarity > known.similarity:
            candidates[candidate.entry_id] = candidate


def _distances(vectors: np.ndarray, query: np.ndarray, space: str) -> np.ndarray:
    """ChromaDB's distance of each row to the query, in float32 (cosine normalises both)."""
    if space == "cosine":
        vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True).astype(np.float32)
        query = query / np.float32(np.linalg.norm(query))
        return np.asarray(np.float32(1.0) - vectors @ query, dtype=np.float32)
    if space == "ip":
        return np.asarray(np.float32(1.0) - vectors @ query, dtype=np.float32)
    difference = vectors - query
    return np.asarray(np.einsum("ij,ij->i", difference, difference), dtype=np.float32)


def _contains_filter(phrases: list[str]) -> dict[str, Any]:
    """ChromaDB document filter: contains any phrase, case-insensitively."""
    clauses: list[dict[str, Any]] = [
        {"$regex": "(?i)" + _escape_regex(phrase)} for phrase in phrases
    ]
    return clauses[0] if len(clauses) == 1 else {"$or": clauses}


def _escape_regex(text: str) -> str:
    return "".join(
        "\\" + character if character in _REGEX_META_CHARACTERS else character for character in text
    )

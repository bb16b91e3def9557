"""ChromaDB memory backend: one collection per sample.

By default every backend lives in one process-wide in-memory ChromaDB
client (`chromadb.EphemeralClient`, telemetry off, created on first use) and
owns a fresh collection named `memgym-<uuid4 hex>`, deleted by `close()`.
Pass `client=chromadb.HttpClient(...)` to keep collections on a ChromaDB
server instead; nothing else changes.

Each entry is one document whose id is the entry id and whose metadata
holds `entry_id`. Search gathers candidates with three queries (nearest
vectors; nearest among documents containing the query verbatim; nearest
among documents containing one of its name phrases) and ranks them with
`inspect_memgym.memory.ranking`.
"""

import contextlib
import threading
import uuid
from typing import Any

import chromadb
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import Documents, EmbeddingFunction, QueryResult
from chromadb.config import Settings
from chromadb.errors import NotFoundError

from inspect_memgym.memory.backend import MemoryBackend, MemoryEntry, SearchHit
from inspect_memgym.memory.content import normalize_entry_content
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING, make_embedding
from inspect_memgym.memory.ranking import Candidate, RankingQuery, prepare_query, rank

COLLECTION_PREFIX = "memgym-"
MINIMUM_VECTOR_CANDIDATES = 20
VECTOR_CANDIDATES_PER_HIT = 4

# Characters that are meta in the Rust regex syntax ChromaDB uses; escaping
# them (and nothing else) is always valid there.
_REGEX_META_CHARACTERS = frozenset("\\.+*?()|[]{}^$#&-~")

_shared_client: ClientAPI | None = None
_shared_client_lock = threading.Lock()


def shared_client() -> ClientAPI:
    """The process-wide in-memory ChromaDB client, created on first use."""
    global _shared_client
    with _shared_client_lock:
        if _shared_client is None:
            _shared_client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
        return _shared_client


class ChromaBackend(MemoryBackend):
    """Memory entries as documents of one ChromaDB collection."""

    def __init__(
        self,
        client: ClientAPI | None = None,
        collection_name: str | None = None,
        embedding: str | EmbeddingFunction[Documents] = DEFAULT_EMBEDDING,
    ) -> None:
        """Create (or open) the collection.

        Args:
            client: ChromaDB client; defaults to the shared in-memory client.
                Pass a `chromadb.HttpClient` to use a server.
            collection_name: Collection to use; defaults to a fresh
                `memgym-<uuid4 hex>`. An existing collection is reopened and
                its entries kept. `close()` deletes it either way.
            embedding: Embedding name for `make_embedding` (`"hashing"`,
                `"minilm"`, `"openai"`) or a ChromaDB embedding function.
        """
        if isinstance(embedding, str):
            self._embedding_name = embedding
            embedding_function = make_embedding(embedding)
        else:
            self._embedding_name = embedding.name()
            embedding_function = embedding
        self._client = client if client is not None else shared_client()
        self._collection_name = collection_name or f"{COLLECTION_PREFIX}{uuid.uuid4().hex}"
        self._collection: Collection = self._client.get_or_create_collection(
            name=self._collection_name,
            embedding_function=embedding_function,  # type: ignore[arg-type]
        )
        self._next_entry_id = self._highest_stored_entry_id() + 1
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
    def closed(self) -> bool:
        """Whether `close()` has been called."""
        return self._closed

    def add(self, content: str) -> int:
        """Store a new entry and return its id."""
        text = normalize_entry_content(content)
        self._ensure_open()
        entry_id = self._next_entry_id
        self._collection.add(
            ids=[_document_id(entry_id)],
            documents=[text],
            metadatas=[{"entry_id": entry_id}],
        )
        self._next_entry_id += 1
        return entry_id

    def replace(self, entry_id: int, content: str) -> None:
        """Replace the text of an existing entry."""
        text = normalize_entry_content(content)
        self.get(entry_id)  # raises KeyError when absent
        self._collection.update(ids=[_document_id(entry_id)], documents=[text])

    def get(self, entry_id: int) -> MemoryEntry:
        """Fetch one entry (KeyError if absent)."""
        self._ensure_open()
        result = self._collection.get(ids=[_document_id(entry_id)], include=["documents"])
        documents = result["documents"] or []
        if not result["ids"] or not documents:
            raise KeyError(entry_id)
        return MemoryEntry(entry_id=entry_id, content=documents[0])

    def entries(self) -> list[MemoryEntry]:
        """All entries in insertion order."""
        self._ensure_open()
        result = self._collection.get(include=["documents", "metadatas"])
        entries = [
            MemoryEntry(entry_id=_metadata_entry_id(metadata), content=document)
            for document, metadata in zip(
                result["documents"] or [], result["metadatas"] or [], strict=True
            )
        ]
        return sorted(entries, key=lambda entry: entry.entry_id)

    def count(self) -> int:
        """Number of stored entries."""
        self._ensure_open()
        return self._collection.count()

    def search(self, query: str, top_k: int = 5) -> list[SearchHit]:
        """Rank entries for a query (see `inspect_memgym.memory.ranking`)."""
        prepared = prepare_query(query)
        if top_k < 1:
            raise ValueError(f"top_k must be at least 1, got {top_k}")
        stored = self.count()
        if stored == 0:
            return []
        vector_pool = min(stored, max(top_k * VECTOR_CANDIDATES_PER_HIT, MINIMUM_VECTOR_CANDIDATES))
        candidates: dict[int, Candidate] = {}
        self._collect(candidates, prepared, vector_pool, None)
        self._collect(candidates, prepared, min(stored, top_k), _contains_filter([prepared.text]))
        phrases = [phrase.lower() for phrase in prepared.name_phrases]
        if phrases and phrases != [prepared.text.lower()]:  # else the same query as above
            name_filter = _contains_filter(list(prepared.name_phrases))
            self._collect(candidates, prepared, min(stored, top_k), name_filter)
        return rank(candidates.values(), prepared, top_k)

    def close(self) -> None:
        """Delete the collection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(ValueError, NotFoundError):  # already gone
            self._client.delete_collection(self._collection_name)

    def _collect(
        self,
        candidates: dict[int, Candidate],
        query: RankingQuery,
        limit: int,
        where_document: dict[str, Any] | None,
    ) -> None:
        result: QueryResult = self._collection.query(
            query_texts=[query.text],
            n_results=limit,
            where_document=where_document,  # type: ignore[arg-type]
            include=["documents", "metadatas", "distances"],
        )
        documents = (result["documents"] or [[]])[0]
        metadatas = (result["metadatas"] or [[]])[0]
        distances = (result["distances"] or [[]])[0]
        for document, metadata, distance in zip(documents, metadatas, distances, strict=True):
            entry_id = _metadata_entry_id(metadata)
            similarity = 1.0 - float(distance)
            known = candidates.get(entry_id)
            if known is None or similarity > known.similarity:
                candidates[entry_id] = Candidate(entry_id, document, similarity)

    def _highest_stored_entry_id(self) -> int:
        if self._collection.count() == 0:
            return 0
        result = self._collection.get(include=["metadatas"])
        return max(_metadata_entry_id(metadata) for metadata in result["metadatas"] or [])

    def _ensure_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"Memory collection {self._collection_name} is closed.")


def _document_id(entry_id: int) -> str:
    return str(entry_id)


def _metadata_entry_id(metadata: Any) -> int:
    return int(metadata["entry_id"])


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

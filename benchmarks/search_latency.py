"""Memory search latency: p50/p95 of `backend.search(query, 5)` at 1k, 10k and 100k entries.

Usage: python benchmarks/search_latency.py [--sizes 1000,10000,100000] [--queries 200]
       [--backends embedded,server,markdown]

Backends: chroma with the embedded (in-process) client, chroma against a ChromaDB server
started here on loopback (`chroma run`, as the tests do) and markdown (BM25). Each backend
grows one memory from 0 to each size in turn and is timed at every size with the same
queries.

Entries are realistic memory notes: one paragraph of an entity_stream document, prefixed with
the entity's name (median about 450 characters), across all 10 templates. Queries name an
entity and an attribute, e.g. "Tundra Foundry gross margin", for entities that are stored.

Chroma entries are inserted in batches straight into the backend's collection in the
backend's own format (document id = entry id, metadata `entry_id`), then the backend is
reopened on that collection: `MemoryBackend` has no batch add, and adding 100k entries one
at a time would take far longer than searching them. Markdown entries go through
`backend.add`. Insertion times are printed alongside.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from inspect_memgym.entity_stream.world.documents import entity_document
from inspect_memgym.entity_stream.world.generate import generate_entities
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.memory.content import normalize_entry_content
from inspect_memgym.memory.factory import create_backend

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chroma_server import running_chroma_server  # the tests' server launcher

TOP_K = 5
ENTITIES_PER_WORLD = 60
CHROMA_BATCH = 1000
WARMUP_QUERIES = 5


@dataclass(frozen=True)
class Note:
    """One memory entry and a query about its entity."""

    text: str
    query: str


def notes(count: int) -> list[Note]:
    """`count` memory entries: entity_stream document paragraphs, deterministic."""
    result: list[Note] = []
    seed = 0
    while len(result) < count:
        for template_name in TEMPLATE_NAMES:
            template = get_template(template_name)
            rng = random.Random(f"{template_name}-{seed}")
            for entity in generate_entities(template, ENTITIES_PER_WORLD, rng):
                document = entity_document(template, entity, [], rng)
                paragraphs = document.split("\n\n")[1:]  # drop the header
                attributes = list(entity.values)
                for paragraph in paragraphs:
                    query = f"{entity.name} {rng.choice(attributes).replace('_', ' ')}"
                    text = normalize_entry_content(f"{entity.name}: {paragraph}")[:2000]
                    result.append(Note(text, query))
        seed += 1
    return result[:count]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def time_searches(backend: MemoryBackend, queries: list[str]) -> tuple[float, float, float]:
    """(p50, p95, first search) in milliseconds; the first search is timed apart (index build)."""
    started = time.perf_counter()
    backend.search(queries[0], TOP_K)
    first = (time.perf_counter() - started) * 1000
    for query in queries[1 : 1 + WARMUP_QUERIES]:
        backend.search(query, TOP_K)
    timings: list[float] = []
    for query in queries:
        started = time.perf_counter()
        hits = backend.search(query, TOP_K)
        timings.append((time.perf_counter() - started) * 1000)
        assert hits, query
    return percentile(timings, 0.5), percentile(timings, 0.95), first


def grow_chroma(backend: ChromaBackend, batch: list[Note], first_id: int) -> None:
    """Add entries straight to the collection, in the backend's own document format."""
    collection = backend._collection  # the benchmark's only use of internals: batch insert
    for start in range(0, len(batch), CHROMA_BATCH):
        chunk = batch[start : start + CHROMA_BATCH]
        ids = range(first_id + start, first_id + start + len(chunk))
        collection.add(
            ids=[str(entry_id) for entry_id in ids],
            documents=[note.text for note in chunk],
            metadatas=[{"entry_id": entry_id} for entry_id in ids],
        )


def run_backend(
    label: str, sizes: list[int], all_notes: list[Note], queries: int, chroma_url: str | None
) -> Iterator[str]:
    kind = "markdown" if label == "markdown" else "chroma"
    backend = create_backend(kind, chroma_url=chroma_url)
    stored = 0
    try:
        for size in sizes:
            batch = all_notes[stored:size]
            started = time.perf_counter()
            if isinstance(backend, ChromaBackend):
                grow_chroma(backend, batch, stored + 1)
                name = backend.collection_name
                backend = create_backend(kind, chroma_url=chroma_url, collection_name=name)
            else:
                for note in batch:
                    backend.add(note.text)
            insert_seconds = time.perf_counter() - started
            stored = size
            assert backend.count() == size
            rng = random.Random(size)
            chosen = [note.query for note in rng.sample(all_notes[:size], queries)]
            p50, p95, first = time_searches(backend, chosen)
            yield (
                f"| {label} | {size:,} | {p50:.1f} | {p95:.1f} | {first:.0f} | "
                f"{insert_seconds:.1f} ({len(batch):,} entries) |"
            )
    finally:
        backend.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--backends", default="embedded,server,markdown")
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes.split(","))
    started = time.perf_counter()
    all_notes = notes(sizes[-1])
    lengths = [len(note.text) for note in all_notes]
    print(
        f"{len(all_notes):,} entries generated in {time.perf_counter() - started:.1f} s; "
        f"median {statistics.median(lengths):.0f} characters"
    )
    print("| backend | entries | p50 ms | p95 ms | first search ms | insert s |")
    print("|---|---|---|---|---|---|")
    for label in args.backends.split(","):
        with ExitStack() as stack:
            chroma_url = None
            if label == "server":
                directory = Path(stack.enter_context(tempfile.TemporaryDirectory()))
                chroma_url = stack.enter_context(running_chroma_server(directory)).url
            for line in run_backend(label, sizes, all_notes, args.queries, chroma_url):
                print(line, flush=True)


if __name__ == "__main__":
    main()

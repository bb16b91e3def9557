"""Memory search latency: p50/p95 of `backend.search(query, 5)` at 1k, 10k and 100k entries.

Usage: python benchmarks/search_latency.py [--sizes 1000,10000,100000] [--queries 100]
       [--backends embedded,server,markdown] [--before GIT_REVISION] [--cycles 10] [--smoke]

`--smoke` runs a few searches on 300 entries (embedded and markdown), to check the script
still works; its figures mean nothing.

Backends: chroma with the embedded (in-process) client, chroma against a ChromaDB server
started here on loopback (`chroma run`, as the tests do) and markdown (BM25). Each backend
grows one memory from 0 to each size in turn and is timed at every size with the same
queries. Per query, in an order that rotates from query to query, it times:
- `floor` (chroma only): a raw `collection.query(query_texts=[query], n_results=5)` on the
  same collection — what any search over ChromaDB pays at least;
- `before` (with `--before`): the search of that git revision of this repository, on the
  same data (its `chroma_backend`, `markdown_backend` and `ranking` modules are loaded from
  `git show`, so it is the earlier code itself, not a re-creation);
- `after`: the search of this checkout.
It also counts the queries on which `before` and `after` returned different entries, and
prints `after` against `floor` (p50 and p95 ratios, measured in the same run): the target at
100k entries is a p95 at most twice the raw query's.

Markdown also runs `--cycles` rounds of "add one entry, then search" on copies of the file
(before and after alternating): the add's latency, and the search right after it (the
earlier backend rebuilt its BM25 index after every change).

Entries are realistic memory notes: one paragraph of an entity_stream document, prefixed with
the entity's name (median about 450 characters), across all 10 templates. Queries name an
entity and an attribute, e.g. "Tundra Foundry gross margin", for entities that are stored.

Chroma entries are inserted in batches straight into the backend's collection in the
backend's own format (document id = entry id, metadata `entry_id`), then the backend is
reopened on that collection (which rebuilds its text index, page by page): `MemoryBackend`
has no batch add, and adding 100k entries one at a time would take far longer than searching
them. Markdown entries go through `backend.add`. Insertion and reopening times are printed.
"""

from __future__ import annotations

import argparse
import importlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from inspect_memgym.entity_stream.world.documents import entity_document
from inspect_memgym.entity_stream.world.generate import generate_entities
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.memory.content import normalize_entry_content
from inspect_memgym.memory.factory import create_backend
from inspect_memgym.memory.hashing_embedding import HashingEmbedding
from inspect_memgym.memory.markdown_backend import MarkdownBackend

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "tests"))
from chroma_server import running_chroma_server  # noqa: E402 (the tests' server launcher)

TOP_K = 5
ENTITIES_PER_WORLD = 60
CHROMA_BATCH = 1000
WARMUP_QUERIES = 5
BEFORE_PACKAGE = "memgym_search_before"
BEFORE_MODULES = ("ranking", "chroma_backend", "markdown_backend")
"""The modules whose earlier version `--before` loads (the others did not change)."""

Search = Callable[[str], object]


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


def load_before(revision: str, directory: Path) -> dict[str, ModuleType]:
    """The earlier revision's search modules, importable beside this checkout's."""
    package = directory / BEFORE_PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text('"""Search modules of an earlier revision."""\n')
    for name in BEFORE_MODULES:
        source = subprocess.run(
            ["git", "show", f"{revision}:src/inspect_memgym/memory/{name}.py"],
            cwd=REPOSITORY,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for other in BEFORE_MODULES:
            source = source.replace(f"inspect_memgym.memory.{other}", f"{BEFORE_PACKAGE}.{other}")
        (package / f"{name}.py").write_text(source)
    sys.path.insert(0, str(directory))
    return {name: importlib.import_module(f"{BEFORE_PACKAGE}.{name}") for name in BEFORE_MODULES}


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def milliseconds(function: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = function()
    return (time.perf_counter() - started) * 1000, result


def time_side_by_side(searches: dict[str, Search], queries: list[str]) -> dict[str, Any]:
    """Per method: first search, p50 and p95 in ms; and how often before and after differ."""
    first = {
        label: milliseconds(lambda s=search: s(queries[0]))[0] for label, search in searches.items()
    }
    for query in queries[1 : 1 + WARMUP_QUERIES]:
        for search in searches.values():
            search(query)
    labels = list(searches)
    timings: dict[str, list[float]] = {label: [] for label in labels}
    differing = 0
    for number, query in enumerate(queries):
        hits: dict[str, Any] = {}
        shift = number % len(labels)
        for label in labels[shift:] + labels[:shift]:
            elapsed, hits[label] = milliseconds(lambda s=searches[label], q=query: s(q))
            timings[label].append(elapsed)
        assert hits["after"], query
        differing += "before" in hits and _entries(hits["before"]) != _entries(hits["after"])
    return {
        "first": first,
        "p50": {label: percentile(values, 0.5) for label, values in timings.items()},
        "p95": {label: percentile(values, 0.95) for label, values in timings.items()},
        "differing": differing if "before" in searches else None,
    }


def _entries(hits: Any) -> list[int]:
    """The entry ids of a search's hits, best first (scores may differ in the last bits)."""
    return [hit.entry_id for hit in hits]


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


def add_then_search_cycles(
    directory: Path, before: dict[str, ModuleType] | None, notes_to_add: list[Note]
) -> dict[str, dict[str, float]]:
    """p50 ms of one add and of the search right after it, on copies of the memory file."""
    backends: dict[str, Any] = {}
    copies: list[Path] = []
    kinds: dict[str, Any] = {"after": MarkdownBackend}
    if before is not None:
        kinds["before"] = before["markdown_backend"].MarkdownBackend
    for label, kind in kinds.items():
        copy = Path(tempfile.mkdtemp(prefix="memgym-bench-"))
        shutil.copy(directory / "memory.md", copy / "memory.md")
        copies.append(copy)
        backends[label] = kind(directory=copy)
        backends[label].search(notes_to_add[0].query, TOP_K)  # parsed and indexed, as in use
    adds: dict[str, list[float]] = {label: [] for label in backends}
    searches: dict[str, list[float]] = {label: [] for label in backends}
    for number, note in enumerate(notes_to_add):
        for label in list(backends)[number % 2 :] + list(backends)[: number % 2]:
            backend = backends[label]
            adds[label].append(milliseconds(lambda b=backend, n=note: b.add(n.text))[0])
            searches[label].append(
                milliseconds(lambda b=backend, n=note: b.search(n.query, TOP_K))[0]
            )
    for copy in copies:
        shutil.rmtree(copy, ignore_errors=True)
    return {
        label: {"add": statistics.median(adds[label]), "search": statistics.median(searches[label])}
        for label in backends
    }


def run_backend(
    label: str,
    sizes: list[int],
    all_notes: list[Note],
    arguments: argparse.Namespace,
    chroma_url: str | None,
    before: dict[str, ModuleType] | None,
) -> Iterator[str]:
    kind = "markdown" if label == "markdown" else "chroma"
    backend: MemoryBackend = create_backend(kind, chroma_url=chroma_url)
    extra = all_notes[sizes[-1] :]
    stored = 0
    try:
        for size in sizes:
            batch = all_notes[stored:size]
            started = time.perf_counter()
            if isinstance(backend, ChromaBackend):
                grow_chroma(backend, batch, stored + 1)
                grown = time.perf_counter() - started
                name = backend.collection_name
                opened, backend = milliseconds(
                    lambda n=name: create_backend(kind, chroma_url=chroma_url, collection_name=n)
                )
                growth = f"insert {grown:.1f} s, open {opened / 1000:.1f} s"
            else:
                for note in batch:
                    backend.add(note.text)
                grown = time.perf_counter() - started
                growth = f"add {grown / len(batch) * 1e6:.0f} µs/entry"
            stored = size
            assert backend.count() == size
            searches: dict[str, Search] = {"after": lambda q, b=backend: b.search(q, TOP_K)}
            if isinstance(backend, ChromaBackend):
                client = backend._client
                collection = client.get_collection(name, embedding_function=HashingEmbedding())
                searches["floor"] = lambda q, c=collection: c.query(
                    query_texts=[q], n_results=TOP_K
                )
                if before is not None:
                    opened_before, earlier = milliseconds(
                        lambda c=client, n=name: before["chroma_backend"].ChromaBackend(
                            client=c, collection_name=n, keep=True
                        )
                    )
                    growth += f", open before {opened_before / 1000:.1f} s"
                    searches["before"] = lambda q, b=earlier: b.search(q, TOP_K)
            elif before is not None:
                assert isinstance(backend, MarkdownBackend)
                earlier = before["markdown_backend"].MarkdownBackend(directory=backend.directory)
                searches["before"] = lambda q, b=earlier: b.search(q, TOP_K)
            rng = random.Random(size)
            chosen = [note.query for note in rng.sample(all_notes[:size], arguments.queries)]
            result = time_side_by_side(searches, chosen)
            for method in ("floor", "before", "after"):
                if method in searches:
                    yield (
                        f"| {label} | {size:,} | {method} | {result['p50'][method]:.1f} | "
                        f"{result['p95'][method]:.1f} | {result['first'][method]:.0f} | |"
                    )
            if "floor" in searches:
                ratios = {
                    name: result[name]["after"] / max(result[name]["floor"], 1e-9)
                    for name in ("p50", "p95")
                }
                yield (
                    f"|  |  |  |  |  |  | after / floor: p50 {ratios['p50']:.2f}, "
                    f"p95 {ratios['p95']:.2f} |"
                )
            differing = result["differing"]
            same = "" if differing is None else f"; hits differ on {differing}/{len(chosen)}"
            yield f"|  |  |  |  |  |  | {growth}{same} |"
            if isinstance(backend, MarkdownBackend) and arguments.cycles > 0:
                cycle_notes = extra[: arguments.cycles]
                cycles = add_then_search_cycles(backend.directory, before, cycle_notes)
                for method, figures in cycles.items():
                    yield (
                        f"|  |  |  |  |  |  | add-then-search {method}: add "
                        f"{figures['add']:.2f} ms, search {figures['search']:.1f} ms |"
                    )
    finally:
        backend.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--backends", default="embedded,server,markdown")
    parser.add_argument("--before", default=None, help="git revision to time side by side")
    parser.add_argument("--cycles", type=int, default=10, help="markdown add-then-search rounds")
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks the script")
    arguments = parser.parse_args()
    if arguments.smoke:
        arguments.sizes, arguments.queries, arguments.cycles = "300", 8, 2
        arguments.backends = "embedded,markdown"
    sizes = sorted(int(size) for size in arguments.sizes.split(","))
    started = time.perf_counter()
    all_notes = notes(sizes[-1] + arguments.cycles)
    lengths = [len(note.text) for note in all_notes]
    print(
        f"{len(all_notes):,} entries generated in {time.perf_counter() - started:.1f} s; "
        f"median {statistics.median(lengths):.0f} characters"
    )
    print("| backend | entries | search | p50 ms | p95 ms | first ms | growth |")
    print("|---|---|---|---|---|---|---|")
    with ExitStack() as stack:
        before = None
        if arguments.before is not None:
            directory = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            before = load_before(arguments.before, directory)
        for label in arguments.backends.split(","):
            with ExitStack() as server_stack:
                chroma_url = None
                if label == "server":
                    directory = Path(server_stack.enter_context(tempfile.TemporaryDirectory()))
                    chroma_url = server_stack.enter_context(running_chroma_server(directory)).url
                for line in run_backend(label, sizes, all_notes, arguments, chroma_url, before):
                    print(line, flush=True)


if __name__ == "__main__":
    main()

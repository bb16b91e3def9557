"""How a process's resident memory grows with the samples it runs, per memory backend.

    python benchmarks/memory_growth.py [--evals 6] [--collections 300] [--smoke]

Part 1: one process runs the same entity_stream eval (lite, seed 0, ten templates,
``memgym/perfect``) ``--evals`` times with each backend, each backend in a fresh
interpreter, and prints the resident memory (``VmRSS``) and the number of objects the
garbage collector tracks after each eval. The first eval pays imports and caches; the
growth per eval after it is what a long run (``validate``, ``sweep``, many samples) adds
per ten samples. Part 2 times ChromaDB alone: an embedded client creates a collection, adds
one entry, queries it and deletes it, ``--collections`` times, and prints the growth per
collection, beside the same loop that never adds (an empty collection).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES

RESIDENT_MB = """
def resident_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
"""
"""The probes' reading of the process's resident memory, in MB."""

EVALS_PROBE = (
    RESIDENT_MB
    + """
import gc, json, sys, tempfile
from inspect_ai import eval as inspect_eval
from inspect_memgym.entity_stream.task import entity_stream
backend, evals, templates = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = []
with tempfile.TemporaryDirectory() as log_dir:
    for _ in range(evals):
        inspect_eval(
            entity_stream(tier="lite", seeds=[0], templates=templates, memory=backend),
            model="memgym/perfect", display="none", log_dir=log_dir,
        )
        gc.collect()
        rows.append([resident_mb(), len(gc.get_objects())])
print(json.dumps(rows))
"""
)

CHROMA_PROBE = (
    RESIDENT_MB
    + """
import gc, json, sys
import chromadb
from chromadb.config import Settings
collections, add = int(sys.argv[1]), sys.argv[2] == "add"
client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
first = None
for number in range(collections + 1):
    collection = client.create_collection(f"growth-{number}", embedding_function=None)
    if add:
        collection.add(ids=["one"], documents=["one entry"], embeddings=[[0.5] * 384])
        collection.query(query_embeddings=[[0.5] * 384], n_results=1)
    client.delete_collection(f"growth-{number}")
    if number == 0:
        gc.collect()
        first = resident_mb()
gc.collect()
print(json.dumps([first, resident_mb()]))
"""
)

TEMPLATES = ",".join(TEMPLATE_NAMES)


def probe(source: str, *arguments: str) -> object:
    """Run a probe in a fresh interpreter; its one JSON line."""
    done = subprocess.run(
        [sys.executable, "-c", source, *arguments], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evals", type=int, default=6)
    parser.add_argument("--collections", type=int, default=300)
    parser.add_argument("--smoke", action="store_true", help="2 evals of one template")
    args = parser.parse_args()
    evals = 2 if args.smoke else args.evals
    templates = "company" if args.smoke else TEMPLATES
    collections = 20 if args.smoke else args.collections
    samples = len(templates.split(","))
    print(f"entity_stream lite, seed 0, {samples} samples per eval, {evals} evals per process")
    print("| backend | after eval 1 | after the last | per eval after the first | objects |")
    print("|---|---:|---:|---:|---:|")
    for backend in ("chroma", "markdown"):
        rows = probe(EVALS_PROBE, backend, str(evals), templates)
        assert isinstance(rows, list)
        (first, first_objects), (last, last_objects) = rows[0], rows[-1]
        per_eval = (last - first) / (len(rows) - 1)
        print(
            f"| {backend} | {first:.0f} MB | {last:.0f} MB | {per_eval:+.1f} MB "
            f"| {first_objects:,} -> {last_objects:,} |"
        )
    print(f"\nChromaDB embedded, {collections} collections created and deleted")
    for label, add in (("one entry added and queried", "add"), ("left empty", "empty")):
        first, last = probe(CHROMA_PROBE, str(collections), add)  # type: ignore[misc]
        print(f"- {label}: {(last - first) / collections:+.2f} MB per collection")


if __name__ == "__main__":
    main()

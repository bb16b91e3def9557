"""research_qa interactive search: index build and query time, and whether each hop is found.

Usage: PYTHONPATH=src python benchmarks/research_qa_search.py [--seeds 3] [--hops 4]

For each backend (bm25; chroma with the offline hashing embedding) and stream length, builds
the index of each seed's corpus, then asks every hop's question by name, as the scripted
researcher does (``policy_play.next_query``), and records whether the hop's supporting
document is among the 5 results. Prints the median build ms per instance, the median ms
per query, and the share of hops found. Chroma at 1M tokens is skipped unless asked for
(``--chroma-1m``): it stores documents one at a time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from inspect_memgym.research_qa.policy_play import next_query
from inspect_memgym.research_qa.search_index import CorpusIndex
from inspect_memgym.research_qa.world import build_corpus, generate_instance

SIZES = (10_000, 100_000, 1_000_000)
RESULTS = 5


def measure(backend: str, seed: int, hops: int, tokens: int) -> tuple[float, list[float], int]:
    """Build ms, query ms each, hops found."""
    instance = generate_instance(seed, hops, tokens)
    corpus = build_corpus(instance)
    started = time.perf_counter()
    index = CorpusIndex.open(corpus, backend, "hashing")
    build_ms = (time.perf_counter() - started) * 1000
    supporting = {doc.fact_ids[0]: doc.doc_id for doc in instance.documents() if doc.is_supporting}
    known: list[str] = []
    query_ms, found = [], 0
    try:
        for hop in instance.chain:
            query = next_query(instance, known)
            assert query is not None
            started = time.perf_counter()
            results = index.search(query, RESULTS)
            query_ms.append((time.perf_counter() - started) * 1000)
            found += supporting[hop.fact_id] in {entry.doc_id for entry in results}
            known.append(hop.fact_id)
    finally:
        index.close()
    return build_ms, query_ms, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--hops", type=int, default=4)
    parser.add_argument("--chroma-1m", action="store_true")
    parser.add_argument(
        "--sizes", default=",".join(str(size) for size in SIZES), help="context tokens"
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    print(f"research_qa search, hops={args.hops}, seeds 0-{args.seeds - 1}, top {RESULTS}\n")
    print("| backend | tokens | documents | build ms (median) | query ms (median) | hops found |")
    print("|---|---:|---:|---:|---:|---:|")
    for backend in ("bm25", "chroma"):
        for tokens in sizes:
            if backend == "chroma" and tokens == SIZES[-1] and not args.chroma_1m:
                continue
            builds, queries, found = [], [], 0
            for seed in range(args.seeds):
                build_ms, query_ms, hit = measure(backend, seed, args.hops, tokens)
                builds.append(build_ms)
                queries += query_ms
                found += hit
            documents = len(build_corpus(generate_instance(0, args.hops, tokens)))
            print(
                f"| {backend} | {tokens:,} | {documents:,} | {statistics.median(builds):,.0f} | "
                f"{statistics.median(queries):.1f} | {found}/{args.seeds * args.hops} |",
                flush=True,
            )


if __name__ == "__main__":
    main()

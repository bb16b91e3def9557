"""research_qa generation speed: wall-clock ms per instance at 10k, 100k and 1M tokens.

Usage: PYTHONPATH=src python benchmarks/research_qa_generation.py [--runs 7] [--hops 4]

Each size generates the same few seeds ``--runs`` times; the figure per size is the median
over runs of the mean time per instance (time.perf_counter). The validity check is timed
separately: it is not part of generation. Target: at most 50 ms per instance at 100k tokens.
"""

from __future__ import annotations

import argparse
import statistics
import time

from inspect_memgym.research_qa.world import check_instance, generate_instance

SIZES = (10_000, 100_000, 1_000_000)
SEEDS = (0, 1, 2, 3, 4)
TARGET_MS_AT_100K = 50.0


def time_per_instance(hops: int, context_tokens: int, runs: int) -> list[float]:
    """Mean ms per instance over the seeds, once per run."""
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        for seed in SEEDS:
            generate_instance(seed, hops, context_tokens)
        timings.append((time.perf_counter() - started) * 1000 / len(SEEDS))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hops", type=int, default=4)
    parser.add_argument(
        "--sizes", default=",".join(str(size) for size in SIZES), help="context tokens"
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    generate_instance(0, args.hops)  # warm imports
    print(f"research_qa generation, hops={args.hops}, seeds {SEEDS}, {args.runs} runs")
    print(f"{'tokens':>10} {'median ms':>10} {'min ms':>8} {'documents':>10} {'check ms':>9}")
    for context_tokens in sizes:
        timings = time_per_instance(args.hops, context_tokens, args.runs)
        instance = generate_instance(SEEDS[0], args.hops, context_tokens)
        started = time.perf_counter()
        problems = check_instance(instance)
        check_ms = (time.perf_counter() - started) * 1000
        documents = sum(len(turn.documents) for turn in instance.turns)
        print(
            f"{instance.total_tokens:>10,} {statistics.median(timings):>10.1f} "
            f"{min(timings):>8.1f} {documents:>10,} {check_ms:>9.1f}"
            + ("" if not problems else f"  INVALID: {problems[:2]}")
        )
        if context_tokens == 100_000:
            verdict = "meets" if statistics.median(timings) <= TARGET_MS_AT_100K else "MISSES"
            print(f"{'':>10} {verdict} the {TARGET_MS_AT_100K:.0f} ms target at 100k tokens")


if __name__ == "__main__":
    main()

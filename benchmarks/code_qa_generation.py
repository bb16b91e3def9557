"""Instance generation time of the code_qa task, at MemGym's history sizes.

Usage: python benchmarks/code_qa_generation.py [--runs 7] [--sizes 10000,100000,1000000]
       [--profile 1000000]

For each size: median and best CPU milliseconds to generate one instance (seeds 0..runs-1,
no model calls), the same per 100,000 tokens (target: at most 100 ms), and what one
instance holds: history tokens (estimated over the memory files), memory files, repository
files and characters, and the JSON size. ``--profile`` prints the top functions of one
generation at the given size instead.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time

from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.kit.tokens import estimate_tokens

TARGET_MS_PER_100K = 100.0


def time_size(size: int, runs: int) -> None:
    timings = []
    for seed in range(runs):
        started = time.process_time()
        instance = generate_instance(seed, size)
        timings.append((time.process_time() - started) * 1000)
    median = statistics.median(timings)
    per_100k = median * 100_000 / size
    tokens = sum(estimate_tokens(text) for text in instance.memory_files.values())
    repo_characters = sum(len(source) for source in instance.repo_files.values())
    json_megabytes = len(json.dumps(instance.to_dict())) / 1e6
    print(
        f"| {size:,} | {median:.1f} | {min(timings):.1f} | {per_100k:.1f} "
        f"| {'yes' if per_100k <= TARGET_MS_PER_100K else 'no'} | {tokens:,} "
        f"| {len(instance.memory_files)} | {len(instance.repo_files)} | {repo_characters:,} "
        f"| {json_megabytes:.1f} |"
    )


def profile(size: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    generate_instance(0, size)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--profile", type=int, default=None)
    args = parser.parse_args()
    if args.profile:
        profile(args.profile)
        return
    print(
        "| context tokens | ms median | ms best | ms per 100k | within target | history tokens "
        "| memory files | repo files | repo characters | JSON MB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size in (int(part) for part in args.sizes.split(",")):
        time_size(size, args.runs)


if __name__ == "__main__":
    main()

"""Scenario generation in instructions: ours and MemoryGym's per standard scenario.

Usage: python benchmarks/generation_instructions.py [--tier standard] [--seeds 2]
       [--memorygym DIR]

CPU time on a shared machine moves with its load (`generation_speed.py` saw MemoryGym's
median between 58 and 127 ms a scenario on different days); the number of machine
instructions does not. Each side runs under ``valgrind --tool=callgrind`` twice, in fresh
interpreters with ``PYTHONHASHSEED=0``: once generating the scenarios and once with the same
imports and the same warm-up (every template generated once, seed 99) but no scenarios. The
difference over the number of scenarios is the instructions per scenario. Ours: every
template, seeds ``0 .. --seeds - 1``; MemoryGym (its source tree at ``--memorygym``, as in
`generation_speed.py`): its templates with seed 0, built as its ``bench.py`` builds them.
Needs valgrind; each side takes a few minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from generation_speed import DEFAULT_MEMORYGYM, load_memorygym_templates, memorygym_scenario

from inspect_memgym.entity_stream.world.scenario import generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.entity_stream.world.tiers import get_tier

WARM_SEED = 99
"""The seed of the warm-up scenario each template generates in both runs (not counted)."""
_COLLECTED = re.compile(r"Collected : (\d+)")


def _ours(tier: str, seeds: int, generate: bool) -> int:
    """Warm every template, then generate the grid if asked; the scenario count."""
    for template in TEMPLATE_NAMES:
        generate_scenario(template, tier, WARM_SEED)
    jobs = [(template, seed) for seed in range(seeds) for template in TEMPLATE_NAMES]
    if generate:
        for template, seed in jobs:
            generate_scenario(template, tier, seed)
    return len(jobs)


def _theirs(tier: str, tree: str, generate: bool) -> int:
    """MemoryGym's templates warmed, then seed 0 of each if asked; the scenario count."""
    templates = load_memorygym_templates(tree)
    if isinstance(templates, str):
        raise SystemExit(templates)
    sizes = get_tier(tier)
    for template in templates:
        memorygym_scenario(template, sizes, WARM_SEED)
    if generate:
        for template in templates:
            memorygym_scenario(template, sizes, 0)
    return len(templates)


def _instructions(arguments: list[str], scratch: Path) -> int:
    """Instructions callgrind counts for this script run with ``arguments`` (a fresh process)."""
    command = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={scratch / 'callgrind.out'}",
        sys.executable,
        __file__,
        *arguments,
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    result = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    found = _COLLECTED.search(result.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no instruction count:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def _per_scenario(side: list[str], scratch: Path) -> tuple[float, int]:
    """Instructions per scenario of one side (its run minus its baseline), and the count."""
    baseline = _instructions([*side, "--child", "baseline"], scratch)
    counted = _instructions([*side, "--child", "generate"], scratch)
    scenarios = int(side[side.index("--count") + 1])
    return (counted - baseline) / scenarios, scenarios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tier", default="standard")
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--memorygym", default=DEFAULT_MEMORYGYM, help="its source tree")
    parser.add_argument("--side", choices=("ours", "memorygym"), help=argparse.SUPPRESS)
    parser.add_argument("--child", choices=("baseline", "generate"), help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        generate = args.child == "generate"
        if args.side == "ours":
            _ours(args.tier, args.seeds, generate)
        else:
            _theirs(args.tier, args.memorygym, generate)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: it counts the instructions")
    common = ["--tier", args.tier, "--seeds", str(args.seeds), "--memorygym", args.memorygym]
    ours_count = len(TEMPLATE_NAMES) * args.seeds
    with tempfile.TemporaryDirectory(prefix="generation-instructions-") as folder:
        scratch = Path(folder)
        ours, count = _per_scenario(
            [*common, "--side", "ours", "--count", str(ours_count)], scratch
        )
        print(f"ours: {ours / 1e6:.2f} M instructions per {args.tier} scenario ({count} scenarios)")
        templates = load_memorygym_templates(args.memorygym)
        if isinstance(templates, str):
            print(f"MemoryGym: skipped ({templates})")
            return
        theirs, count = _per_scenario(
            [*common, "--side", "memorygym", "--count", str(len(templates))], scratch
        )
    print(f"MemoryGym: {theirs / 1e6:.2f} M instructions per scenario ({count} scenarios)")
    print(f"MemoryGym / ours: {theirs / ours:.1f}x the instructions")


if __name__ == "__main__":
    main()

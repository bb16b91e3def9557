"""What importing the plugin's entry point costs an Inspect command.

    python benchmarks/entry_point_import.py [--runs 15]

Inspect imports the ``inspect_memgym`` entry point (``inspect_memgym._registry``) whenever
it loads plugins. Each run is a fresh interpreter that first imports Inspect (as Inspect has
when it loads the entry point), then times the entry point's import. Prints the minimum,
median and maximum over runs (wall clock and CPU), how many of the suite's own modules the
import loaded, and the heavy libraries it loaded (none expected).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = """
import json, sys, time
import inspect_ai, inspect_ai.model, inspect_ai.solver, inspect_ai.scorer, inspect_ai.tool
before = set(sys.modules)
started, started_cpu = time.perf_counter(), time.process_time()
import inspect_memgym._registry
seconds, cpu = time.perf_counter() - started, time.process_time() - started_cpu
heavy = sorted(name for name in ("chromadb", "sklearn", "nltk", "numpy", "scipy", "pandas",
               "matplotlib", "pyarrow") if name in sys.modules)
own = [name for name in set(sys.modules) - before if name.startswith("inspect_memgym")]
print(json.dumps({"seconds": seconds, "cpu": cpu, "own": len(own), "heavy": heavy}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    seconds, cpu, own, heavy = [], [], set(), set()
    for _ in range(args.runs):
        output = subprocess.run(
            [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
        ).stdout
        measured = json.loads(output.strip().splitlines()[-1])
        seconds.append(measured["seconds"])
        cpu.append(measured["cpu"])
        own.add(measured["own"])
        heavy.update(measured["heavy"])
    print(
        f"entry point import over {args.runs} runs: min {min(seconds):.3f} s, "
        f"median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s; CPU median "
        f"{statistics.median(cpu):.3f} s; own modules loaded: "
        f"{', '.join(str(count) for count in sorted(own))}; "
        f"heavy libraries loaded: {', '.join(sorted(heavy)) or 'none'}"
    )


if __name__ == "__main__":
    main()

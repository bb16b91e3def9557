"""What importing the plugin's entry point costs an Inspect command.

    python benchmarks/entry_point_import.py [--runs 15]

Inspect imports the ``inspect_memgym`` entry point (``inspect_memgym._registry``) whenever
it loads plugins. Each run is a fresh interpreter that first imports Inspect (as Inspect has
when it loads the entry point), then times the entry point's import. Prints the minimum,
median and maximum over runs, and the heavy libraries the import loaded (none expected).
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
started = time.perf_counter()
import inspect_memgym._registry
seconds = time.perf_counter() - started
heavy = sorted(name for name in ("chromadb", "sklearn", "nltk", "numpy", "scipy", "pandas",
               "matplotlib", "pyarrow") if name in sys.modules)
print(json.dumps({"seconds": seconds, "heavy": heavy}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    seconds, heavy = [], set()
    for _ in range(args.runs):
        output = subprocess.run(
            [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
        ).stdout
        measured = json.loads(output.strip().splitlines()[-1])
        seconds.append(measured["seconds"])
        heavy.update(measured["heavy"])
    print(
        f"entry point import over {args.runs} runs: min {min(seconds):.3f} s, "
        f"median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s; "
        f"heavy libraries loaded: {', '.join(sorted(heavy)) or 'none'}"
    )


if __name__ == "__main__":
    main()

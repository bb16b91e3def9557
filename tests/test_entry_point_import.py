"""Loading the plugin costs every Inspect command next to nothing.

Inspect imports the ``inspect_memgym`` entry point (``_registry``) whenever it loads its
plugins, for every task of every package. The heavy libraries (ChromaDB, scikit-learn,
NLTK, numpy, scipy, pandas, matplotlib) must load only when a task or command needs them.
The test checks WHAT the import loads, in a fresh interpreter that has already imported
Inspect (as Inspect has when it loads the entry point). How long it takes is measured by
``benchmarks/entry_point_import.py`` (it records the median): a wall-clock bound here would
turn a busy CI machine red.
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY_LIBRARIES = (
    "chromadb",
    "sklearn",
    "nltk",
    "numpy",
    "scipy",
    "pandas",
    "matplotlib",
    "pyarrow",
    "rank_bm25",
    "huggingface_hub",
    "torch",
    "onnxruntime",
    "tiktoken",
)
PROBE = f"""
import json, sys
import inspect_ai, inspect_ai.model, inspect_ai.solver, inspect_ai.scorer, inspect_ai.tool
import inspect_memgym._registry
heavy = [name for name in {HEAVY_LIBRARIES!r} if name in sys.modules]
print(json.dumps({{"heavy": heavy, "registry": "inspect_memgym._registry" in sys.modules}}))
"""


def test_entry_point_loads_no_heavy_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True
    )
    measured = json.loads(result.stdout.strip().splitlines()[-1])
    assert measured["registry"] is True
    assert measured["heavy"] == []

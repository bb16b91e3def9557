"""Loading the plugin costs every Inspect command next to nothing.

Inspect imports the ``inspect_memgym`` entry point (``_registry``) whenever it loads its
plugins, for every task of every package. The heavy libraries (ChromaDB, NLTK, numpy,
pandas, matplotlib) must load only when a task or command needs them.
The test checks WHAT the import loads, in a fresh interpreter that has already imported
Inspect (as Inspect has when it loads the entry point): no heavy library, none of what only
running a task needs (validity suites, scorers' bodies, drivers, policies, adversaries), and
no more of the suite's own modules than `MAX_OWN_MODULES`. How long it takes is measured by
``benchmarks/entry_point_import.py`` (it records the median): a wall-clock bound here would
turn a busy CI machine red.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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
RUN_ONLY_SUFFIXES = (
    ".validity_suite",
    ".sample_scorer",
    ".driver",
    ".policy_play",
    ".adversaries",
    ".scenario_content",
)
"""Modules a task, scorer or suite imports when it is called, never the entry point."""
RUN_ONLY_MODULES = (
    "inspect_memgym.code_qa.grading",
    "inspect_memgym.code_qa.world.generate",
    "inspect_memgym.conversation.grading",
    "inspect_memgym.conversation.self_evolution",
    "inspect_memgym.conversation.world.catalogue",
    "inspect_memgym.feedback.grading",
    "inspect_memgym.procedures.grading",
    "inspect_memgym.procedures.world.generate",
    "inspect_memgym.research_qa.grading",
    "inspect_memgym.research_qa.options",
    "inspect_memgym.research_qa.world",
)
"""Gradings and world generators: the scorers declare their metrics from the light
``summary_keys`` modules and the task signatures read light defaults, so these load on call."""
MAX_OWN_MODULES = 150
"""The entry point loaded 416 of the suite's modules before the task functions, scorers and
solvers imported what they run on call (205 after; 324 in the round before); 212 before the
scorers' keys and the tasks' defaults left the gradings and world generators, 145 after."""
PROBE = f"""
import json, sys
import inspect_ai, inspect_ai.model, inspect_ai.solver, inspect_ai.scorer, inspect_ai.tool
before = set(sys.modules)
import inspect_memgym._registry
heavy = [name for name in {HEAVY_LIBRARIES!r} if name in sys.modules]
own = sorted(name for name in set(sys.modules) - before if name.startswith("inspect_memgym"))
print(json.dumps({{"heavy": heavy, "own": own}}))
"""


@pytest.fixture(scope="module")
def measured() -> dict[str, list[str]]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True
    )
    loaded: dict[str, list[str]] = json.loads(result.stdout.strip().splitlines()[-1])
    return loaded


def test_entry_point_loads_no_heavy_library(measured: dict[str, list[str]]) -> None:
    assert "inspect_memgym._registry" in measured["own"]
    assert measured["heavy"] == []


def test_entry_point_loads_nothing_only_a_run_needs(measured: dict[str, list[str]]) -> None:
    assert [name for name in measured["own"] if name.endswith(RUN_ONLY_SUFFIXES)] == []
    assert len(measured["own"]) <= MAX_OWN_MODULES


def test_entry_point_loads_no_grading_or_world_generator(measured: dict[str, list[str]]) -> None:
    assert [name for name in RUN_ONLY_MODULES if name in measured["own"]] == []

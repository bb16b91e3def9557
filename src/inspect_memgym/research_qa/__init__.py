"""research_qa: multi-hop deep research over a fictional world (after MemGym-DR).

Each instance is a question whose answer needs a chain of facts found over several search
turns; every turn's pages are evicted by the next one, so the facts found early must be
remembered. Instances are generated deterministically from a seed (``world/``), or read from
MemGym-DR's released rows. See this folder's README.md for where each concept lives.
"""

BENCHMARK_NAME = "research_qa"
"""The benchmark's name in task and sample metadata, and the name of its driver."""

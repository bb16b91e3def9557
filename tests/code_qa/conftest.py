"""Generated instances shared by the code_qa tests: a 10k grid and a few 100k instances."""

from __future__ import annotations

import pytest

from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import CodeQAInstance

GRID_SEEDS = range(30)
LARGE_SEEDS = (0, 1, 2)


@pytest.fixture(scope="session")
def grid() -> list[CodeQAInstance]:
    """Seeds 0..29 at the default 10,000 tokens."""
    return [generate_instance(seed) for seed in GRID_SEEDS]


@pytest.fixture(scope="session")
def large_grid() -> list[CodeQAInstance]:
    """Seeds 0..2 at 100,000 tokens."""
    return [generate_instance(seed, 100_000) for seed in LARGE_SEEDS]

"""Every generated instance of the grid passes every validity check."""

from __future__ import annotations

import pytest

from inspect_memgym.research_qa.world import HOP_RANGE, check_instance, generate_instance

GRID_SEEDS = range(25)


@pytest.mark.parametrize("hops", list(HOP_RANGE))
def test_grid_at_10k_tokens_is_valid(hops: int) -> None:
    problems = {}
    for seed in GRID_SEEDS:
        instance = generate_instance(seed, hops)
        if found := check_instance(instance):
            problems[instance.instance_id] = found
    assert problems == {}


@pytest.mark.parametrize(("seed", "hops"), [(0, 3), (7, 4), (13, 5), (24, 6)])
def test_instances_at_100k_tokens_are_valid(seed: int, hops: int) -> None:
    assert check_instance(generate_instance(seed, hops, 100_000)) == []

"""research_qa samples: generated instances, or MemGym-DR's released rows.

A sample's input is the question and its target the gold answer; its id is the instance's
(``research_qa-h4-s0007``, stable across runs and context lengths). Its metadata names the
instance (`references`) rather than holding it, with the run options and what a reader of
the log wants at a glance (hops, source, length, eviction). The question and gold of a
generated instance do not depend on its length, so the dataset is built from the shortest
form of each instance; the driver generates the full one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.research_qa import BENCHMARK_NAME
from inspect_memgym.research_qa.driver import INSTANCE_KEY, OPTIONS_KEY
from inspect_memgym.research_qa.options import RunOptions
from inspect_memgym.research_qa.references import (
    generated_reference,
    released_rows,
    resolve_location,
    row_reference,
)
from inspect_memgym.research_qa.world import GENERATOR_VERSION, ResearchInstance, generate_instance
from inspect_memgym.research_qa.world.generate import SMALLEST_CONTEXT_TOKENS
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY


def research_sample(
    instance: ResearchInstance,
    reference: dict[str, Any],
    options: RunOptions,
    context_tokens: int,
    sample_id: str | None = None,
) -> Sample:
    """One Inspect sample for one instance.

    Args:
        instance: The instance (any length: only its question, gold and shape are used).
        reference: How the driver finds the instance.
        options: The run options.
        context_tokens: The stream length the sample plays.
        sample_id: The sample id (default: the instance id).
    """
    eviction = options.eviction or instance.eviction_policy
    return Sample(
        id=sample_id or instance.instance_id,
        input=instance.question,
        target=instance.gold.text,
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            INSTANCE_KEY: reference,
            OPTIONS_KEY: options.to_dict(),
            "hops": instance.num_hops,
            "source": instance.source,
            "seed": instance.seed,
            "context_tokens": context_tokens,
            "mode": options.mode,
            "eviction": eviction.mode,
            "window": eviction.window_size,
            "answer_kind": instance.gold.kind,
            "generator_version": instance.generator_version,
        },
    )


def generated_dataset(
    seeds: Sequence[int], hops: Sequence[int], context_tokens: int, options: RunOptions
) -> MemoryDataset:
    """One sample per (seed, hops), seeds outer (so ``--limit`` mixes the chain lengths).

    Args:
        seeds: Instance seeds.
        hops: Chain lengths.
        context_tokens: Stream length.
        options: Run options.
    """
    samples = [
        research_sample(
            generate_instance(seed, chain_length, SMALLEST_CONTEXT_TOKENS),
            generated_reference(seed, chain_length, context_tokens),
            options,
            context_tokens,
        )
        for seed in seeds
        for chain_length in hops
    ]
    name = f"{BENCHMARK_NAME}-v{GENERATOR_VERSION}-{context_tokens}"
    return MemoryDataset(samples, name=name)


def memgym_dataset(location: str, options: RunOptions) -> MemoryDataset:
    """One sample per row of a MemGym-DR JSONL file (a path or any fsspec URL).

    Args:
        location: The file.
        options: Run options (an eviction given there overrides each row's own).

    Raises:
        ValueError: If the file is missing, unreadable, malformed or empty (one line).
    """
    resolved = resolve_location(location)
    rows = released_rows(resolved)
    if not rows:
        raise ValueError(f"the dataset {location} has no rows")
    seen: set[str] = set()
    samples = []
    for position, instance in enumerate(rows):
        sample_id = instance.instance_id
        if sample_id in seen:
            sample_id = f"{sample_id}-{position}"
        seen.add(sample_id)
        samples.append(
            research_sample(
                instance,
                row_reference(resolved, position),
                options,
                instance.context_tokens,
                sample_id,
            )
        )
    return MemoryDataset(samples, name=f"{BENCHMARK_NAME}-memgym", location=location)

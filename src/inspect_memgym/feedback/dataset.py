"""Feedback samples: generated worlds, or the datasets of MemoryBench's released records.

One sample per world (or dataset) and feedback kind, so one run can compare verbal,
implicit and both feedback on the same worlds (the headline is grouped by ``feedback``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.feedback import BENCHMARK_NAME
from inspect_memgym.feedback.episode_loading import OPTIONS_KEY, WORLD_KEY, RunOptions
from inspect_memgym.feedback.memorybench_files import load_memorybench_records
from inspect_memgym.feedback.memorybench_records import MemoryBenchRecord
from inspect_memgym.feedback.records_episode import RECORDS_KEY, records_payload
from inspect_memgym.feedback.world.generate import FEEDBACK_GENERATOR_VERSION, generate_world
from inspect_memgym.feedback.world.model import FeedbackWorld
from inspect_memgym.feedback.world.simulator import FeedbackMode
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

WORLD_INPUT = (
    "Serve the staff of {organisation}: learn its {items} hidden conventions and facts from "
    "{feedback} feedback on {training} training requests ({protocol}), then answer {test} "
    "test requests after every step."
)
RECORDS_INPUT = (
    "Learn from {feedback} feedback on {training} training rows of MemoryBench's "
    "{dataset} ({protocol}), then answer its {test} test rows after every step."
)


def world_sample(world: FeedbackWorld, options: RunOptions) -> Sample:
    """One sample for one world and feedback kind.

    Args:
        world: The world.
        options: The run options (their ``feedback`` is this sample's kind).
    """
    return Sample(
        id=f"{world.world_id}-{options.feedback}",
        input=WORLD_INPUT.format(
            organisation=world.organisation.name,
            items=len(world.items),
            feedback=options.feedback,
            training=len(world.training),
            protocol=options.protocol,
            test=len(world.test),
        ),
        target="",
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            WORLD_KEY: world.to_dict(),
            OPTIONS_KEY: options.to_dict(),
            "feedback": options.feedback,
            "protocol": options.protocol,
            "tier": world.tier,
            "seed": world.seed,
            "generator_version": FEEDBACK_GENERATOR_VERSION,
        },
    )


def generated_dataset(
    tier: str, seeds: Sequence[int], modes: Sequence[FeedbackMode], options: RunOptions
) -> MemoryDataset:
    """One sample per seed and feedback kind.

    Args:
        tier: Tier name.
        seeds: World seeds.
        modes: Feedback kinds.
        options: The run options (``feedback`` is set per sample).
    """
    samples = [
        world_sample(world, replace(options, feedback=mode))
        for world in (generate_world(tier, seed) for seed in seeds)
        for mode in modes
    ]
    return MemoryDataset(samples, name=f"feedback-{tier}")


def records_dataset(
    location: str | Sequence[str], modes: Sequence[FeedbackMode], options: RunOptions
) -> MemoryDataset:
    """One sample per dataset of MemoryBench records and feedback kind.

    Args:
        location: Path or URL of a file or folder, or a train and a test file
            (`memorybench_files.load_memorybench_records`).
        modes: Feedback kinds.
        options: The run options.

    Raises:
        ValueError: If the file cannot be read or parsed, or a dataset lacks a train or a
            test row.
    """
    by_dataset: dict[str, list[MemoryBenchRecord]] = {}
    named = location if isinstance(location, str) else ",".join(location)
    for record in load_memorybench_records(location):
        by_dataset.setdefault(record.dataset_name, []).append(record)
    samples = []
    for name, records in by_dataset.items():
        splits = {record.split for record in records}
        if not {"train", "test"} <= splits:
            raise ValueError(
                f"MemoryBench dataset {name!r} in {named} needs train and test rows (train "
                'and test files or folders, a {"train": [...], "test": [...]} file or a split '
                "column); found splits "
                f"{sorted(str(split) for split in splits)}"
            )
        payload = records_payload(name, records)
        for mode in modes:
            sample_options = replace(options, feedback=mode)
            samples.append(_records_sample(name, payload, records, sample_options))
    return MemoryDataset(samples, name="feedback-memorybench", location=named)


def _records_sample(
    name: str, payload: dict[str, object], records: list[MemoryBenchRecord], options: RunOptions
) -> Sample:
    training = sum(1 for record in records if record.split == "train")
    return Sample(
        id=f"memorybench-{name}-{options.feedback}",
        input=RECORDS_INPUT.format(
            feedback=options.feedback,
            training=training,
            dataset=name,
            protocol=options.protocol,
            test=len(records) - training,
        ),
        target="",
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            RECORDS_KEY: payload,
            OPTIONS_KEY: options.to_dict(),
            "feedback": options.feedback,
            "protocol": options.protocol,
            "tier": "memorybench",
            "dataset_name": name,
        },
    )

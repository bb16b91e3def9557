"""code_qa samples: one generated instance per seed, at the history size asked for.

Each sample's input is the task's description; its metadata names the instance (seed,
history size, generator version), the protocol options and how phase one will group the
history, so a bad combination of options is refused when the task is built.
"""

from __future__ import annotations

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.code_qa import BENCHMARK_NAME
from inspect_memgym.code_qa.instances import (
    CONTEXT_TOKENS_KEY,
    GENERATOR_VERSION_KEY,
    OPTIONS_KEY,
    SEED_KEY,
)
from inspect_memgym.code_qa.protocol import EVICTED, ProtocolOptions
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

SAMPLE_INPUT = (
    "{task_prompt}\n\nThe task's history ({files} memory files, about {tokens:,} tokens) is "
    "taken into memory, then {questions} questions about the task are asked "
    "(instance {instance_id}, protocol {protocol})."
)


def code_qa_sample(instance: CodeQAInstance, options: ProtocolOptions) -> Sample:
    """One Inspect sample for one instance.

    Args:
        instance: The instance.
        options: The run's protocol options.

    Raises:
        ValueError: If the options cannot group this instance's history.
    """
    groups = options.ingest_groups_of(instance) if options.protocol == EVICTED else []
    return Sample(
        id=instance.instance_id,
        input=SAMPLE_INPUT.format(
            task_prompt=instance.task_prompt,
            files=len(instance.memory_files),
            tokens=sum(estimate_tokens(text) for text in instance.memory_files.values()),
            questions=len(instance.qa_pairs),
            instance_id=instance.instance_id,
            protocol=options.protocol,
        ),
        target="",
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            SEED_KEY: instance.seed,
            CONTEXT_TOKENS_KEY: instance.context_tokens,
            GENERATOR_VERSION_KEY: instance.generator_version,
            OPTIONS_KEY: options.to_dict(),
            "domain": instance.domain,
            "questions": len(instance.qa_pairs),
            "memory_files": len(instance.memory_files),
            "ingest_groups": len(groups),
        },
    )


def generated_dataset(
    seeds: list[int], context_tokens: int, options: ProtocolOptions
) -> MemoryDataset:
    """One sample per seed.

    Args:
        seeds: Instance seeds.
        context_tokens: History size of every instance.
        options: The run's protocol options.

    Raises:
        ValueError: For a size out of range, or options that cannot group a history.
    """
    samples = [code_qa_sample(generate_instance(seed, context_tokens), options) for seed in seeds]
    return MemoryDataset(samples, name=f"code_qa-{context_tokens}")

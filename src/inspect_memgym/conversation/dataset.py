"""Conversation samples: generated users, or users loaded from AMemGym's data.json."""

from __future__ import annotations

from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.conversation import BENCHMARK_NAME
from inspect_memgym.conversation.driver import OPTIONS_KEY, SCENARIO_KEY
from inspect_memgym.conversation.world.amemgym_format import scenarios_from_amemgym
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.randomness import CONVERSATION_GENERATOR_VERSION
from inspect_memgym.kit.dataset_files import read_json_source
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

SAMPLE_INPUT = (
    "Converse with {name} over {periods} periods ({sessions} sessions), remembering how "
    "their situation changes, then answer {questions} advice questions after every period "
    "({tier} tier, user {scenario_id})."
)


def conversation_sample(scenario: ConversationScenario, options: dict[str, Any]) -> Sample:
    """One Inspect sample for one user.

    Args:
        scenario: The user.
        options: Run options the driver reads (``diagnostics``, ``upper_bound``).
    """
    return Sample(
        id=scenario.scenario_id,
        input=SAMPLE_INPUT.format(
            name=scenario.persona.name,
            periods=len(scenario.periods),
            sessions=sum(len(period.sessions) for period in scenario.periods),
            questions=len(scenario.questions),
            tier=scenario.tier,
            scenario_id=scenario.scenario_id,
        ),
        target="",
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            SCENARIO_KEY: scenario.to_dict(),
            OPTIONS_KEY: dict(options),
            "tier": scenario.tier,
            "seed": scenario.seed,
            "source": scenario.source,
            "generator_version": CONVERSATION_GENERATOR_VERSION,
        },
    )


def generated_dataset(tier: str, seeds: list[int], options: dict[str, Any]) -> MemoryDataset:
    """One sample per seed.

    Args:
        tier: Tier name.
        seeds: User seeds.
        options: Run options for the driver.
    """
    samples = [conversation_sample(generate_user(tier, seed), options) for seed in seeds]
    return MemoryDataset(samples, name=f"conversation-{tier}")


def amemgym_dataset(
    location: str, options: dict[str, Any], rounds_initial: int, rounds_update: int
) -> MemoryDataset:
    """One sample per user of an AMemGym data.json (a local path or any fsspec URL).

    Args:
        location: Path or URL of the file.
        options: Run options for the driver.
        rounds_initial: User messages per session in the initial period.
        rounds_update: User messages per session in later periods.

    Raises:
        ValueError: If the file cannot be read, is not JSON, or breaks the schema.
    """
    data = read_json_source(location, "AMemGym dataset")
    scenarios = scenarios_from_amemgym(data, rounds_initial, rounds_update)
    return MemoryDataset(
        [conversation_sample(scenario, options) for scenario in scenarios],
        name="conversation-amemgym",
        location=location,
    )

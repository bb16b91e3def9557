"""Turn generated scenarios into Inspect samples."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.scenario_content import content_of
from inspect_memgym.entity_stream.state import ISOLATION_KEY
from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.kit.seeds import resolve_names
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

SAMPLE_INPUT = (
    "Read a stream of {events} events about {entities} {entity_plural} with a budget of "
    "{write_budget} memory writes, then answer {questions} questions ({template}, {tier} tier, "
    "seed {seed})."
)


def sample_metadata(scenario: Scenario, memory_isolation: bool = True) -> dict[str, Any]:
    """A task sample's metadata: the scenario's name and settings, not its content.

    The solver, driver and scorer regenerate the content from the seed
    (`scenario_content.scenario_content`).

    Args:
        scenario: A generated scenario.
        memory_isolation: Ask every question again with no memory.
    """
    template = get_template(scenario.template)
    return {
        BENCHMARK_KEY: BENCHMARK_NAME,
        DRIVER_KEY: BENCHMARK_NAME,
        ISOLATION_KEY: memory_isolation,
        "template": scenario.template,
        "tier": scenario.tier,
        "seed": scenario.seed,
        "generator_version": scenario.version,
        "write_budget": scenario.write_budget,
        "entity_plural": template.entity_plural,
    }


def scenario_metadata(scenario: Scenario, memory_isolation: bool = True) -> dict[str, Any]:
    """A scenario's full metadata: `sample_metadata` plus its content.

    What ``inspect-memgym generate`` writes: ``events``, ``questions`` (with gold answers)
    and ``known_names`` besides the sample metadata.

    Args:
        scenario: A generated scenario.
        memory_isolation: Ask every question again with no memory.
    """
    content = content_of(scenario)
    return {
        **sample_metadata(scenario, memory_isolation),
        "events": content.events,
        "questions": content.questions,
        "known_names": content.known_names,
    }


def scenario_sample(
    scenario: Scenario, memory_isolation: bool = True, with_content: bool = False
) -> Sample:
    """One Inspect sample for a scenario.

    Args:
        scenario: A generated scenario.
        memory_isolation: Ask every question again with no memory.
        with_content: Put the scenario's content in the metadata too (`scenario_metadata`);
            task samples leave it out (`sample_metadata`).
    """
    template = get_template(scenario.template)
    return Sample(
        id=scenario.sample_id,
        input=SAMPLE_INPUT.format(
            events=len(scenario.events),
            entities=len(scenario.world.entities),
            entity_plural=template.entity_plural,
            write_budget=scenario.write_budget,
            questions=len(scenario.questions),
            template=scenario.template,
            tier=scenario.tier,
            seed=scenario.seed,
        ),
        target="\n".join(f"{q.qid}: {q.gold.text}" for q in scenario.questions),
        metadata=(scenario_metadata if with_content else sample_metadata)(
            scenario, memory_isolation
        ),
    )


def resolve_templates(templates: str | Sequence[str] | None) -> list[str]:
    """Template names from a task argument: None (all), a comma list or a sequence.

    Args:
        templates: The argument.

    Raises:
        ValueError: For an unknown name or an empty selection.
    """
    return resolve_names(templates, TEMPLATE_NAMES, "template", "templates")


def entity_stream_dataset(
    templates: list[str],
    tier: str,
    seeds: list[int],
    write_budget: int | None = None,
    memory_isolation: bool = True,
) -> MemoryDataset:
    """Samples for every (template, seed) pair, seeds outermost.

    Seed by seed, every template once: ``--limit 10`` runs seed 0 of all ten templates
    rather than ten seeds of the first.

    Args:
        templates: Template names.
        tier: Tier name.
        seeds: Seeds.
        write_budget: Override of the tier's write budget.
        memory_isolation: Ask every question again with no memory.
    """
    samples = [
        scenario_sample(generate_scenario(template, tier, seed, write_budget), memory_isolation)
        for seed in seeds
        for template in templates
    ]
    return MemoryDataset(samples, name=f"entity_stream-{tier}")

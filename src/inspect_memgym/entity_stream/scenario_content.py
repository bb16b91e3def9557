"""A sample's scenario content (events, questions, known names), regenerated from its seed.

A task sample's metadata names its scenario (template, tier, seed, generator version) but does
not carry the scenario's content: about 150 KB per standard sample, which Inspect would copy
for every metric of every sample, condense into the log twice and snapshot at sample start.
The solver, the driver, the scorer and the scripted policies read the content here instead:
generation is deterministic, so the same seed gives the same content in any process, and it
is generated once per process and scenario (a few milliseconds) and then served from a cache.
Samples that carry the content themselves (``inspect-memgym generate`` writes it out) are
read as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_memgym.entity_stream.world.rng import GENERATOR_VERSION
from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.kit.bounded_cache import BoundedCache

CONTENT_KEYS = ("events", "questions", "known_names")
"""The scenario content a sample's metadata may carry (``scenario_metadata``) or leave out."""
CACHED_SCENARIOS = 256
"""Scenarios whose content stays cached per process (an official grid has 100)."""


@dataclass(frozen=True)
class ScenarioContent:
    """What a scenario holds beyond its name; shared, so never modified.

    Attributes:
        events: The event stream (``Event.to_dict`` form), in order.
        questions: The questions (``Question.to_dict`` form), with their gold answers.
        known_names: Every entity name of the world plus the never-seen names asked about.
    """

    events: list[dict[str, Any]]
    questions: list[dict[str, Any]]
    known_names: list[str]


def known_names(scenario: Scenario) -> list[str]:
    """Every entity name of the world plus the never-seen names asked about.

    Args:
        scenario: A generated scenario.
    """
    names = scenario.world.names()
    for question in scenario.questions:
        if question.qtype == "abstention":
            names.append(str(question.params["entity"]))
    return names


def content_of(scenario: Scenario) -> ScenarioContent:
    """A generated scenario's content.

    Args:
        scenario: A generated scenario.
    """
    return ScenarioContent(
        events=[event.to_dict() for event in scenario.events],
        questions=[question.to_dict() for question in scenario.questions],
        known_names=known_names(scenario),
    )


def scenario_content(metadata: dict[str, Any]) -> ScenarioContent:
    """The content of the scenario a sample's metadata names.

    Args:
        metadata: Sample metadata with ``template``, ``tier``, ``seed`` and
            ``generator_version``, and possibly the content itself (`CONTENT_KEYS`).

    Raises:
        ValueError: If the metadata carries no content and was made by another generator
            version (its content cannot be regenerated here).
    """
    if all(key in metadata for key in CONTENT_KEYS):
        return ScenarioContent(
            events=metadata["events"],
            questions=metadata["questions"],
            known_names=metadata["known_names"],
        )
    version = str(metadata.get("generator_version", GENERATOR_VERSION))
    if version != GENERATOR_VERSION:
        raise ValueError(
            f"sample made by entity_stream generator {version}, this is {GENERATOR_VERSION}: "
            "its scenario cannot be regenerated"
        )
    template, tier, seed = str(metadata["template"]), str(metadata["tier"]), int(metadata["seed"])
    return _generated.get(
        (template, tier, seed), lambda: content_of(generate_scenario(template, tier, seed))
    )


_generated = BoundedCache[ScenarioContent](CACHED_SCENARIOS)
"""Content of freshly generated scenarios (the write budget does not change content)."""

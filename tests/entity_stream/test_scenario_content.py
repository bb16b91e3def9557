"""Task samples name their scenario; its regenerated content is what generate writes."""

from __future__ import annotations

import pytest

from inspect_memgym.entity_stream.dataset import (
    entity_stream_dataset,
    sample_metadata,
    scenario_metadata,
)
from inspect_memgym.entity_stream.scenario_content import CONTENT_KEYS, scenario_content
from inspect_memgym.entity_stream.world.scenario import generate_scenario


@pytest.mark.parametrize(
    ("template", "tier", "seed"), [("company", "lite", 0), ("city", "multi", 3)]
)
def test_regenerated_content_is_the_generated_content(template: str, tier: str, seed: int) -> None:
    scenario = generate_scenario(template, tier, seed, write_budget=7)
    full = scenario_metadata(scenario)
    small = sample_metadata(scenario)
    assert {key: value for key, value in full.items() if key not in CONTENT_KEYS} == small
    content = scenario_content(small)
    assert content.events == full["events"]
    assert content.questions == full["questions"]
    assert content.known_names == full["known_names"]
    assert len(content.events) > len(content.questions) > 0


def test_task_samples_carry_no_content_and_metadata_with_content_is_read_as_is() -> None:
    [sample] = list(entity_stream_dataset(["sport"], "lite", [1]))
    assert sample.metadata is not None
    assert not set(CONTENT_KEYS) & set(sample.metadata)
    given = {**sample.metadata, "events": [], "questions": [], "known_names": ["Only"]}
    assert scenario_content(given).known_names == ["Only"]


def test_content_of_another_generator_version_is_refused() -> None:
    [sample] = list(entity_stream_dataset(["sport"], "lite", [1]))
    assert sample.metadata is not None
    with pytest.raises(ValueError, match="cannot be regenerated"):
        scenario_content({**sample.metadata, "generator_version": "0"})

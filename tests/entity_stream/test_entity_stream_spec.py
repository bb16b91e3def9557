"""entity_stream's driver and scorer read a sample's metadata through one typed spec."""

from __future__ import annotations

import pytest

from inspect_memgym.entity_stream.dataset import sample_metadata
from inspect_memgym.entity_stream.sample_spec import EntityStreamSpec
from inspect_memgym.entity_stream.world.scenario import generate_scenario


def test_the_spec_reads_what_the_dataset_writes() -> None:
    metadata = sample_metadata(generate_scenario("city", "lite", 3), memory_isolation=False)
    spec = EntityStreamSpec.of_metadata(metadata)
    assert spec.scenario == {"template": "city", "tier": "lite", "seed": 3}
    assert (spec.write_budget, spec.entity_plural) == (metadata["write_budget"], "cities")
    assert spec.memory_isolation is False
    assert spec.generator_version == metadata["generator_version"]
    assert spec.strategy == "agentic"


def test_a_sample_missing_its_write_budget_fails_in_one_line() -> None:
    metadata = sample_metadata(generate_scenario("city", "lite", 3))
    del metadata["write_budget"]
    with pytest.raises(ValueError) as refused:
        EntityStreamSpec.of_metadata(metadata)
    assert str(refused.value) == (
        "sample metadata does not fit EntityStreamSpec: write_budget: Field required"
    )

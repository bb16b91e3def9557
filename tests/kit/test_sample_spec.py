"""Sample specs: a benchmark's typed view of a sample's metadata, read with ``metadata_as``."""

from __future__ import annotations

from typing import Any

import pytest
from inspect_ai.model import ModelName
from inspect_ai.solver import TaskState
from pydantic import ValidationError

from inspect_memgym.code_qa.instances import CodeQASpec
from inspect_memgym.feedback.episode_loading import FeedbackSpec
from inspect_memgym.locomo.dataset import LocomoSpec
from inspect_memgym.longmemeval.dataset import LongMemEvalSpec
from inspect_memgym.procedures.world_loading import ProceduresSpec
from inspect_memgym.research_qa.driver import ResearchSpec

LOCOMO_METADATA: dict[str, Any] = {
    "benchmark": "locomo",
    "source": "/data/locomo10.json",
    "conversation_id": "conv-26",
    "locomo_options": {"seed": 3, "judge": False, "categories": [1, 4]},
    "questions": 7,
    "adversarial_without_wrong_option": [],
}


def state_with(metadata: dict[str, Any]) -> TaskState:
    """A task state holding ``metadata`` (nothing else is read)."""
    return TaskState(ModelName("memgym/perfect"), "sample", 1, "input", [], metadata=metadata)


def test_a_spec_reads_the_keys_it_names_and_ignores_the_rest() -> None:
    spec = LocomoSpec.of_state(state_with(LOCOMO_METADATA))
    assert spec.source == "/data/locomo10.json" and spec.conversation_id == "conv-26"
    assert spec.locomo_options.seed == 3 and spec.locomo_options.categories == (1, 4)
    assert spec.locomo_options.memory_isolation is True  # the default the driver used
    assert spec.questions == 7
    assert LocomoSpec.of_metadata(LOCOMO_METADATA) == spec


def test_a_spec_is_frozen() -> None:
    spec = LocomoSpec.of_metadata(LOCOMO_METADATA)
    with pytest.raises(ValidationError):
        spec.source = "elsewhere"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("metadata", "field"),
    [
        ({**LOCOMO_METADATA, "locomo_options": {"seed": "three"}}, "locomo_options.seed"),
        ({key: value for key, value in LOCOMO_METADATA.items() if key != "source"}, "source"),
    ],
)
def test_a_bad_metadata_field_fails_with_one_line_naming_it(
    metadata: dict[str, Any], field: str
) -> None:
    for read in (
        lambda: LocomoSpec.of_state(state_with(metadata)),
        lambda: LocomoSpec.of_metadata(metadata),
    ):
        with pytest.raises(ValueError) as raised:
            read()
        message = str(raised.value)
        assert "\n" not in message
        assert message.startswith(f"sample metadata does not fit LocomoSpec: {field}: ")


def test_a_sample_without_metadata_fails_with_one_line() -> None:
    with pytest.raises(ValueError, match=r"^sample metadata does not fit LongMemEvalSpec: [^\n]*$"):
        LongMemEvalSpec.of_state(state_with({}))
    with pytest.raises(ValueError, match=r"^sample metadata does not fit CodeQASpec: seed: "):
        CodeQASpec.of_metadata(None)


def test_every_benchmark_spec_reads_its_own_sample_metadata_keys() -> None:
    code_qa = CodeQASpec.of_metadata(
        {"seed": 4, "context_tokens": 10_000, "code_qa_options": {"protocol": "full_context"}}
    )
    assert code_qa.code_qa_options.protocol == "full_context" and code_qa.seed == 4
    research = ResearchSpec.of_metadata(
        {"instance": {"source": "generated", "seed": 1, "hops": 3, "context_tokens": 2_000}}
    )
    assert research.instance["hops"] == 3 and research.research_options.mode == "scripted"
    procedures = ProceduresSpec.of_metadata(
        {"procedures_world": {"template": "t", "tier": "smoke", "seed": 2, "task_id": "x"}}
    )
    assert procedures.procedures_world.seed == 2 and procedures.max_turns == 20
    feedback = FeedbackSpec.of_metadata({"world": {"world_id": "w"}})
    with pytest.raises(ValueError, match="this feedback sample has no feedback_options"):
        feedback.run_options()

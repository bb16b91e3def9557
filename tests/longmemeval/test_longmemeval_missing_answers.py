"""A LongMemEval answer a pass did not give scores exactly what a decline scores.

A limit that cuts the sample, or a verdict with no yes/no word, leaves a pass without a
gradable answer. Left out of the figures, that was free abstention: a model that stalled
(or made its judge unreadable) where it could not answer chose which questions count. Now
such an answer is a decline (`scoring.reached`): wrong on an answerable question, right on
an ``_abs`` one, in the accuracy and on both sides of ``memory_delta``; only
``not_reached`` and ``judge_unreadable`` tell them apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass
from inspect_memgym.longmemeval.task import longmemeval
from longmemeval_sample import write_longmemeval
from missing_answers import same_but_counts, sample_values

SCORER = "longmemeval_scorer"
GOLD = "21 days"
DECLINE = "Not mentioned in the conversation."
HUGE = ModelUsage(input_tokens=10, output_tokens=1_000_000, total_tokens=1_000_010)
SMALL = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)


@pytest.fixture(scope="module")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_longmemeval(tmp_path_factory.mktemp("longmemeval") / "longmemeval_oracle.json")


def answering(without_memory: str | None) -> Any:
    """Gold with memory; without it ``without_memory``, or (None) a call past the token limit."""

    def outputs(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        empty = current_pass() == NO_MEMORY_PASS
        reply = (without_memory or "I stalled.") if empty else GOLD
        output = ModelOutput.from_content("mockllm/model", reply)
        output.usage = HUGE if empty and without_memory is None else SMALL
        return output

    return outputs


def run(data_file: Path, log_dir: Path, model: Any, **limits: int) -> dict[str, dict[str, float]]:
    [log] = eval(
        longmemeval(dataset=str(data_file), question_types="temporal-reasoning"),
        model=model,
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir=str(log_dir),
        **limits,
    )
    return sample_values(log, SCORER)


@pytest.mark.usefixtures("offline_token_counts")
def test_a_sample_cut_before_its_answer_scores_the_decline(data_file: Path, tmp_path: Path) -> None:
    cut = run(data_file, tmp_path / "cut", "memgym/perfect", message_limit=1)
    declined = run(data_file, tmp_path / "declined", "memgym/decliner")
    assert set(cut) == {"a1b2c3d4", "a1b2c3d4_abs"}
    for sample_id, figures in cut.items():
        assert figures["not_reached"] == 1.0 and declined[sample_id]["not_reached"] == 0.0
        assert same_but_counts(figures, declined[sample_id]), sample_id
    assert cut["a1b2c3d4"]["accuracy"] == 0.0 and cut["a1b2c3d4_abs"]["accuracy"] == 1.0
    assert cut["a1b2c3d4"]["memory_delta"] == 0.0  # in Δ, not left out


@pytest.mark.usefixtures("offline_token_counts")
def test_a_cut_no_memory_pass_scores_the_decline_there(data_file: Path, tmp_path: Path) -> None:
    stalled = run(
        data_file,
        tmp_path / "stall",
        get_model("mockllm/model", custom_outputs=answering(None)),
        token_limit=100_000,
    )
    declined = run(
        data_file,
        tmp_path / "decline",
        get_model("mockllm/model", custom_outputs=answering(DECLINE)),
    )
    answerable = stalled["a1b2c3d4"]
    assert answerable["not_reached"] == 1.0 and answerable["accuracy"] == 1.0
    assert answerable["memory_delta"] == 1.0 and answerable["no_memory"] == 0.0
    for sample_id, figures in stalled.items():
        assert same_but_counts(figures, declined[sample_id]), sample_id

"""A LoCoMo answer a pass did not give scores exactly what the decline scores.

The driver asks every question with memory, then every question without it; a limit that
cuts the sample leaves the rest of a pass unanswered. Left out of the figures (as before),
a model that stalled where it could not answer chose which questions count; now each
missing answer is graded as "Not mentioned in the conversation" (`scoring.reached`), in
the F1, every category, the official figures and both sides of ``memory_delta``: only
``not_reached`` tells the runs apart.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass
from inspect_memgym.locomo.task import locomo
from locomo_sample import write_locomo
from missing_answers import same_but_counts, sample_values

SCORER = "locomo_scorer"
DECLINE = "Not mentioned in the conversation"
GOLD_REPLY = "Lisbon"
SMALL = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
STALL_AT = 50_000
"""Usage of a stalling call: past the token limit, so its answer is never recorded."""


def replies(with_memory: str, without_memory: str) -> Any:
    """One reply per pass: ``stall`` makes a call whose usage passes the token limit."""

    def outputs(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        chosen = without_memory if current_pass() == NO_MEMORY_PASS else with_memory
        output = ModelOutput.from_content("mockllm/model", DECLINE if chosen == "stall" else chosen)
        tokens = STALL_AT if chosen == "stall" else 15
        output.usage = ModelUsage(input_tokens=10, output_tokens=tokens - 10, total_tokens=tokens)
        return output

    return outputs


def figures(locomo_file: Path, log_dir: Path, with_memory: str, without_memory: str) -> EvalLog:
    [log] = eval(
        locomo(dataset=str(locomo_file), agent="none"),
        model=get_model("mockllm/model", custom_outputs=replies(with_memory, without_memory)),
        display="none",
        log_dir=str(log_dir / f"{with_memory}-{without_memory}"),
        token_limit=STALL_AT // 2,
    )
    assert log.status == "success", log.error
    return log


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize(
    ("stalled", "declined"),
    [
        (("stall", "stall"), (DECLINE, DECLINE)),  # cut at the first answer
        ((GOLD_REPLY, "stall"), (GOLD_REPLY, DECLINE)),  # cut in the no-memory pass
    ],
)
def test_a_cut_pass_scores_its_decline(
    stalled: tuple[str, str], declined: tuple[str, str], tmp_path: Path
) -> None:
    locomo_file = write_locomo(tmp_path / "locomo10.json")
    cut_log = figures(locomo_file, tmp_path, *stalled)
    cut, honest = (
        sample_values(cut_log, SCORER),
        sample_values(figures(locomo_file, tmp_path, *declined), SCORER),
    )
    for sample_id, value in cut.items():
        assert value["not_reached"] > 0 and honest[sample_id]["not_reached"] == 0.0
        assert same_but_counts(value, honest[sample_id]), sample_id
        assert not math.isnan(value["f1"])
    sample = (cut_log.samples or [])[0]
    rows = sample.scores[SCORER].metadata["questions"]  # type: ignore[index]
    assert all(row.get("not_reached") is True for row in rows)

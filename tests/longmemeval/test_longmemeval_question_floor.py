"""LongMemEval's memoryless floor: a question-only prior buys no memory delta.

Counts with small answers are common ("How many times …"), so "3" to every such question
is judged right on some of them with no memory at all. A model that gives that prior with
memory shown and declines with memory empty showed a memory delta while never reading
memory; with each answerable question's floor at the prior's credit (fitted on the file's
other questions, `longmemeval.question_floor`), it shows none: a question the prior gets
right is decided without memory and leaves Δ, as an abstention question does.
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass
from inspect_memgym.longmemeval.question_floor import prior_floors
from inspect_memgym.longmemeval.records import parse_longmemeval
from inspect_memgym.longmemeval.task import longmemeval
from longmemeval_sample import longmemeval_raw, write_longmemeval

SCORER = "longmemeval_scorer"
ANSWERS = [3, 3, 2, 3, 4, 3, 3, 5, 3, 2, 3, 3]
"""Eight of twelve counts are 3: the prior's reply to "How many …" is "3"."""
DECLINE = "Not mentioned in the conversation."
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)


def counting_file(path: Path) -> Path:
    template = longmemeval_raw()[0]  # a temporal-reasoning question with its history
    raw = []
    for index, answer in enumerate(ANSWERS):
        item = copy.deepcopy(template)
        item["question_id"] = f"count{index:02d}"
        item["question"] = f"How many times did I visit place number {index}?"
        item["answer"] = answer
        raw.append(item)
    return write_longmemeval(path, raw)


def prior_switch(
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    """ "3" with memory shown, a decline with memory empty; memory never read."""
    reply = DECLINE if current_pass() == NO_MEMORY_PASS else "3"
    output = ModelOutput.from_content("mockllm/model", reply)
    output.usage = USAGE
    return output


def test_the_floor_is_the_leave_one_out_prior_credit(tmp_path: Path) -> None:
    path = counting_file(tmp_path / "counts.json")
    records = parse_longmemeval(json.loads(path.read_text()))
    floors = prior_floors(records)
    assert [floors[f"count{index:02d}"] for index in range(len(ANSWERS))] == [
        1.0 if answer == 3 else 0.0 for answer in ANSWERS
    ]


@pytest.mark.usefixtures("offline_token_counts")
def test_a_prior_switch_gains_no_memory_delta(tmp_path: Path) -> None:
    path = counting_file(tmp_path / "counts.json")
    [log] = eval(
        longmemeval(dataset=str(path)),
        model=get_model("mockllm/model", custom_outputs=prior_switch),
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success", log.error
    values: list[dict[str, Any]] = []
    for sample in log.samples or []:
        assert sample.scores is not None
        value = sample.scores[SCORER].value
        assert isinstance(value, dict)
        values.append(value)
    accuracy = sum(value["accuracy"] for value in values) / len(values)
    assert accuracy == pytest.approx(8 / 12)  # the prior's credit is real ...
    # ... and not memory's: a question the prior gets right is decided without memory and
    # leaves Δ (as an abstention question does); on the others the switch gains nothing
    deltas = [value["memory_delta"] for value in values]
    assert [math.isnan(delta) for delta in deltas] == [answer == 3 for answer in ANSWERS]
    assert all(delta == 0.0 for delta in deltas if not math.isnan(delta))
    assert sum(value["memory_delta_raw"] for value in values) == 8.0  # unfloored, it was

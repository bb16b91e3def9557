"""Mem0's real path: its LLM extracts facts, and that LLM is the Inspect ``memory`` role.

The memory role is a scripted model that answers Mem0's extraction prompt with one fact in
Mem0's JSON shape; the fact, not the raw input, is what the answer is shown, and the
extraction call is a model event of the sample under the ``memory`` role.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.event import ModelEvent
from inspect_ai.log import resolve_sample_attachments
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.strategies import drivers
from inspect_memgym.strategies.registry import strategy_solver
from inspect_memgym.strategies.strategy import MemoryStrategy

FACT = "Lives in Lisbon since March 2025"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)


def extraction(
    messages: Sequence[ChatMessage],
    tools: Sequence[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", json.dumps({"memory": [{"text": FACT}]}))
    output.usage = USAGE
    return output


def reply(
    messages: Sequence[ChatMessage],
    tools: Sequence[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", "Lisbon.")
    output.usage = USAGE
    return output


async def move_then_ask(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    await strategy.observe("Guess what, I finally moved to Lisbon in March!")
    await strategy.flush()
    state.metadata["answer"] = await strategy.answer("Where do I live?", "Where do I live?")
    state.metadata["held"] = await strategy.recall()
    return state


def test_the_memory_role_extracts_what_mem0_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(drivers._DRIVERS, "move_then_ask", move_then_ask)
    options = {"system": "mem0", "system_config": '{"infer": true}', "short_term_window": 0}
    [log] = eval(
        Task(
            dataset=[Sample(input="x", id="one", metadata={"driver": "move_then_ask"})],
            solver=strategy_solver("system", options),
        ),
        model=get_model("mockllm/model", custom_outputs=reply),
        model_roles={"memory": get_model("mockllm/model", custom_outputs=extraction)},
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    [sample] = [resolve_sample_attachments(sample) for sample in log.samples or []]
    assert sample.metadata["held"] == FACT  # the extracted fact, not the raw input
    events = [event for event in sample.events if isinstance(event, ModelEvent)]
    assert [event.role for event in events] == ["memory", None]
    answer_prompt = events[-1].input[0].text
    assert FACT in answer_prompt and "finally moved" not in answer_prompt

"""The no-memory pass sees exactly the memory pass's prompt with an empty memory.

Both answer calls of one sample are captured: same messages, except that the memory
section of the system prompt shows nothing. So ``memory_delta`` measures memory and
nothing else, under every strategy with a memory section, in both modes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.inspect_internals import BoundStoreModel
from inspect_memgym.research_qa.prompts import FIRST_SEARCH
from inspect_memgym.research_qa.state import PHASE_ANSWER, PHASE_SEARCH
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.strategies.call_context import ModelCallContext

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
NOTES = "Kept: the chain so far."
_context = BoundStoreModel(ModelCallContext)


def answers_of(tmp_path: Path, **task_args: Any) -> list[list[ChatMessage]]:
    captured: list[list[ChatMessage]] = []

    def reply(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        phase = _context.get().phase
        if phase == PHASE_ANSWER:
            captured.append(messages)
        if phase == PHASE_SEARCH and FIRST_SEARCH in messages[-1].text:
            output = ModelOutput.for_tool_call("mockllm/model", "web_search", {"query": "founded"})
        elif phase == PHASE_SEARCH:
            output = ModelOutput.from_content("mockllm/model", "READY")
        else:
            output = ModelOutput.from_content("mockllm/model", NOTES)
        output.usage = USAGE
        return output

    task = research_qa(seed=2, hops=3, context_tokens=1_000, **task_args)
    [log] = eval(
        task,
        model=get_model("mockllm/model", custom_outputs=reply),
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples and log.samples[0].error is None
    return captured


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize(
    ("task_args", "memory", "empty"),
    [
        ({}, NOTES, "(empty)"),
        ({"mode": "interactive"}, NOTES, "(empty)"),
        ({"agent": "rag", "memory": "markdown"}, NOTES, "(none)\n</memory>"),
    ],
    ids=["notes", "notes-interactive", "rag"],
)
def test_the_no_memory_prompt_is_the_memory_prompt_with_an_empty_memory(
    tmp_path: Path, task_args: dict[str, Any], memory: str | None, empty: str | None
) -> None:
    with_memory, without = answers_of(tmp_path, **task_args)
    assert [message.role for message in without] == [message.role for message in with_memory]
    assert without[-1].text == with_memory[-1].text  # the same question and documents
    if memory is None:
        assert without[0].text == with_memory[0].text
        return
    assert without[0].text != with_memory[0].text
    assert empty is not None and without[0].text.endswith(empty)
    # the same system prompt and memory heading: only what memory holds differs
    assert with_memory[0].text.startswith(without[0].text.removesuffix(empty))

"""Every strategy's no-memory answer is its own answer call with an empty memory.

Run in a real Inspect sample with a scripted mockllm: a fresh strategy (nothing kept) answers
a prompt, then answers it without memory; it takes in documents and a message, and answers
without memory again, then with memory. The three empty-memory calls must be identical
(system prompt, memory section, messages, tools), and the call with memory must differ:
the memory-isolated pass differs from the answer by what memory holds and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo

from inspect_memgym.strategies import drivers
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.registry import STRATEGY_NAMES, strategy_solver
from inspect_memgym.strategies.strategy import MemoryStrategy

MODEL = "mockllm/model"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
DOCUMENTS = ("Report A: the Orrin bridge opened in 1931.", "Report B: the Vell tower is tall.")
MESSAGE = "Which of these should I visit first?"
QUESTION = "When did the Orrin bridge open?"
PROMPT = f"{QUESTION}\n\nReply with the year only."

Shown = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]
"""A call as the model sees it: (role, text) of each message, and each tool's JSON."""


@dataclass
class Script:
    """Writes a note when it may, reads memory once per answer when it can (agentic), and
    records the last call of each answer to the prompt (the one it answers with text)."""

    asked: list[Shown] = field(default_factory=list)

    def __call__(
        self,
        input: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        names = [tool.name for tool in tools]
        continuing = isinstance(input[-1], ChatMessageTool)
        if "memory_write" in names and not continuing:
            return tool_call("memory_write", {"content": "1931"})
        if "memory_read" in names and not continuing:
            return tool_call("memory_read", {})
        output = ModelOutput.from_content(MODEL, "Orrin bridge: 1931.")
        if any(PROMPT in message.text for message in input):
            self.asked.append(
                (
                    tuple((message.role, message.text) for message in input),
                    tuple(tool.model_dump_json() for tool in tools),
                )
            )
        output.usage = USAGE
        return output


def tool_call(function: str, arguments: dict[str, Any]) -> ModelOutput:
    call = ToolCall(id=f"call-{function}", function=function, arguments=arguments)
    output = ModelOutput.from_message(ChatMessageAssistant(content="", tool_calls=[call]))
    output.usage = USAGE
    return output


async def empty_then_full(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    set_phase("question", "q1")
    await strategy.answer(PROMPT, QUESTION)
    await strategy.answer_without_memory(PROMPT, QUESTION)
    for document in DOCUMENTS:
        await strategy.observe(document)
    await strategy.respond(MESSAGE)
    await strategy.flush()
    before = strategy.kept()
    set_phase("question", "q1")
    await strategy.answer_without_memory(PROMPT, QUESTION)
    await strategy.answer(PROMPT, QUESTION)
    state.metadata["unchanged"] = before == strategy.kept()
    return state


@pytest.fixture(autouse=True)
def script_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(drivers._DRIVERS, "empty_then_full", empty_then_full)


def run(agent: str, tmp_path: Path) -> tuple[Script, dict[str, Any]]:
    script = Script()
    task = Task(
        dataset=[Sample(input="script", id="script", metadata={"driver": "empty_then_full"})],
        solver=strategy_solver(agent, {}),
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": script},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.error is None
    return script, sample.metadata


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize("agent", STRATEGY_NAMES)
def test_the_no_memory_call_is_the_answer_call_with_an_empty_memory(
    agent: str, tmp_path: Path
) -> None:
    script, metadata = run(agent, tmp_path)
    fresh, empty_before, empty_after, full = script.asked
    assert fresh == empty_before == empty_after
    assert metadata["unchanged"] is True
    if agent != "none":
        assert full != empty_after  # memory shows up in the call with memory

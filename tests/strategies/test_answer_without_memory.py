"""Every strategy's memory-isolated answer is its own answer call with an empty memory.

Two evals per strategy, through ``inspect_ai.eval`` with a scripted mockllm model: one
where the strategy takes in inputs, stores something and answers with and without memory;
one where a fresh strategy answers at once. The pass without memory must show the model
exactly what the fresh strategy's answer shows (messages and tools), so ``memory_delta``
measures memory and nothing else; and it must change nothing the strategy holds.
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
from inspect_ai.util import store_as

from inspect_memgym.strategies import drivers
from inspect_memgym.strategies.call_context import ModelCallContext, set_phase
from inspect_memgym.strategies.registry import STRATEGY_NAMES, strategy_solver
from inspect_memgym.strategies.strategy import Briefing, MemoryStrategy

MODEL = "mockllm/model"
BRIEFING = Briefing(
    system_prompt="You help one user.",
    memory_brief="Keep what the user says about their life.",
    memory_label="What you know about the user",
)
INPUTS = ("I keep bees on the roof.", "My sister Ada visits in May.", "I moved to Lyon.")
PROMPT = "Where does the user live? Answer in one word."
QUERY = "Where does the user live?"
WITH_MEMORY, WITHOUT_MEMORY, FRESH = "with-memory", "without-memory", "fresh"
UPDATE_NOTE = "The user keeps bees, has a sister Ada and lives in Lyon."
WRITE_TOOLS = ("memory_write",)


@dataclass
class Call:
    """One model call as the scripted model saw it."""

    phase: str
    messages: list[tuple[str, str]]
    tools: list[str]


@dataclass
class ScriptedModel:
    """Stores a note on every memory update and answers every question the same way."""

    calls: list[Call] = field(default_factory=list)

    def __call__(
        self,
        input: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        phase = store_as(ModelCallContext).phase
        names = [tool.name for tool in tools]
        self.calls.append(Call(phase, [(m.role, m.text) for m in input], names))
        writes = [name for name in names if name in WRITE_TOOLS]
        if phase in (WITH_MEMORY, WITHOUT_MEMORY, FRESH) or isinstance(input[-1], ChatMessageTool):
            return _output("Lyon")
        if writes:
            return _output([(writes[0], {"content": UPDATE_NOTE})])
        return _output(UPDATE_NOTE if phase == "memory_update" else "Noted.")


def _output(script: str | list[tuple[str, dict[str, Any]]]) -> ModelOutput:
    if isinstance(script, str):
        output = ModelOutput.from_content(MODEL, script)
    else:
        calls = [
            ToolCall(id=f"call-{number}", function=function, arguments=arguments)
            for number, (function, arguments) in enumerate(script)
        ]
        output = ModelOutput.from_message(
            ChatMessageAssistant(content="", tool_calls=calls, model=MODEL)
        )
    output.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    return output


async def take_in_then_answer_both_ways(state: TaskState, agent: MemoryStrategy) -> TaskState:
    agent.brief(BRIEFING)
    for text in INPUTS:
        await agent.observe(text)
    await agent.respond("Thanks for listening.")
    await agent.flush()
    kept = agent.kept()
    set_phase(WITH_MEMORY)
    await agent.answer(PROMPT, QUERY)
    set_phase(WITHOUT_MEMORY)
    await agent.answer_without_memory(PROMPT, QUERY)
    state.metadata["kept_before"] = [kept.tokens, kept.entries]
    after = agent.kept()
    state.metadata["kept_after"] = [after.tokens, after.entries]
    return state


async def answer_at_once(state: TaskState, agent: MemoryStrategy) -> TaskState:
    agent.brief(BRIEFING)
    set_phase(FRESH)
    await agent.answer(PROMPT, QUERY)
    return state


@pytest.fixture(autouse=True)
def test_drivers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(drivers._DRIVERS, "take_in", take_in_then_answer_both_ways)
    monkeypatch.setitem(drivers._DRIVERS, "at_once", answer_at_once)


def run(strategy: str, driver: str, tmp_path: Path) -> tuple[ScriptedModel, dict[str, Any]]:
    model = ScriptedModel()
    task = Task(
        dataset=[Sample(input="script", id=driver, metadata={"driver": driver})],
        solver=strategy_solver(
            strategy, {"system": "mem0"} if strategy == "system" else None, backend="markdown"
        ),
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": model},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None and log.samples[0].error is None
    return model, log.samples[0].metadata


def first_call(model: ScriptedModel, phase: str) -> Call:
    return next(call for call in model.calls if call.phase == phase)


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
def test_the_pass_without_memory_is_the_answer_of_an_empty_memory(
    strategy: str, tmp_path: Path
) -> None:
    used, metadata = run(strategy, "take_in", tmp_path)
    fresh, _ = run(strategy, "at_once", tmp_path)
    without = first_call(used, WITHOUT_MEMORY)
    expected = first_call(fresh, FRESH)
    assert without.messages == expected.messages
    assert without.tools == expected.tools
    assert metadata["kept_after"] == metadata["kept_before"]  # nothing the strategy holds changed
    if strategy != "none":
        # the strategy did keep something, and its answer with memory showed it
        assert metadata["kept_before"][0] > 0
        assert first_call(used, WITH_MEMORY).messages != without.messages or strategy == "agentic"

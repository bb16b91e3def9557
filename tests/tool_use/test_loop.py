"""The shared tool loop, through a real eval with a scripted mockllm model.

The counts land in the sample's store (`ToolUse`), where the viewer and the log show them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalSample
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageUser,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import Tool, ToolCall, ToolDef, ToolError, tool

from inspect_memgym.tool_use.counts import REPEATED_CALL, REPEATED_WRITE, TOOL_CALL_AS_TEXT, ToolUse
from inspect_memgym.tool_use.loop import tool_loop

MODEL = "mockllm/model"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)


@tool
def add_line() -> Tool:
    async def execute(line: int) -> str:
        """Add a line.

        Args:
            line: A line number, at least 1.
        """
        if line < 1:
            raise ToolError(f"line must be at least 1, got {line}")
        return f"added {line}"

    return execute


def _calls(*calls: tuple[str, dict[str, Any]]) -> ModelOutput:
    message = ChatMessageAssistant(
        content="",
        tool_calls=[
            ToolCall(id=f"call-{n}", function=f, arguments=a) for n, (f, a) in enumerate(calls)
        ],
        model=MODEL,
    )
    return ModelOutput(
        model=MODEL,
        choices=[ChatCompletionChoice(message=message, stop_reason="tool_calls")],
        usage=USAGE,
    )


def _text(text: str) -> ModelOutput:
    message = ChatMessageAssistant(content=text, model=MODEL)
    return ModelOutput(
        model=MODEL,
        choices=[ChatCompletionChoice(message=message, stop_reason="stop")],
        usage=USAGE,
    )


@solver
def loop_once(max_turns: int) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        messages: list[ChatMessage] = [ChatMessageUser(content="add lines")]
        end = await tool_loop(get_model(), messages, [ToolDef(add_line())], max_turns)
        state.metadata["end"] = {"turns": end.turns, "calls": end.tool_calls, "stop": end.stop}
        state.messages = messages
        return state

    return solve


def _run(outputs: list[ModelOutput], log_dir: Path, max_turns: int = 6) -> EvalSample:
    task = Task(dataset=[Sample(input="x")], solver=loop_once(max_turns))
    (log,) = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": outputs},
        display="none",
        log_dir=str(log_dir),
    )
    assert log.status == "success" and log.samples
    return log.samples[0]


def _use(sample: EvalSample) -> dict[str, int]:
    prefix = f"{ToolUse.__name__}:"
    counts = {k.removeprefix(prefix): v for k, v in sample.store.items() if k.startswith(prefix)}
    return {field: counts.get(field, 0) for field in ToolUse.model_fields if field != "store"}


def test_numeric_strings_reach_an_integer_parameter(tmp_path: Path) -> None:
    sample = _run([_calls(("add_line", {"line": "3"})), _text("done")], tmp_path)
    assert sample.metadata["end"] == {"turns": 2, "calls": 1, "stop": "reply"}
    assert "added 3" in str(sample.messages)
    use = _use(sample)
    assert (use["turns"], use["native_calls"], use["refused_calls"], use["text_calls"]) == (
        2,
        1,
        0,
        0,
    )


def test_a_call_written_as_text_is_counted_and_labelled_not_run(tmp_path: Path) -> None:
    sample = _run([_text('```json\n{"name": "add_line", "arguments": {"line": 2}}\n```')], tmp_path)
    assert sample.metadata["end"]["stop"] == "reply"
    assert "added 2" not in str(sample.messages)
    assert _use(sample)["text_calls"] == 1
    labels = [e for e in sample.events if e.event == "info" and e.source == TOOL_CALL_AS_TEXT]
    assert len(labels) == 1


def test_the_same_refused_call_twice_ends_the_loop(tmp_path: Path) -> None:
    refused = _calls(("add_line", {"line": 0}))
    sample = _run([refused, refused, refused, _text("never reached")], tmp_path)
    assert sample.metadata["end"] == {"turns": 2, "calls": 2, "stop": "repeated_call"}
    use = _use(sample)
    assert (use["refused_calls"], use["repeated_calls"]) == (2, 1)
    assert any(e.event == "info" and e.source == REPEATED_CALL for e in sample.events)


def test_a_different_refusal_or_an_accepted_call_keeps_the_loop_going(tmp_path: Path) -> None:
    outputs = [
        _calls(("add_line", {"line": 0})),
        _calls(("add_line", {"line": -1})),
        _calls(("add_line", {"line": 0})),
        _calls(("add_line", {"line": 1})),
        _calls(("add_line", {"line": 2})),
        _text("done"),
    ]
    sample = _run(outputs, tmp_path)
    assert sample.metadata["end"] == {"turns": 6, "calls": 5, "stop": "reply"}
    assert _use(sample)["repeated_calls"] == 0


def test_the_same_call_to_the_same_result_twice_ends_the_loop(tmp_path: Path) -> None:
    same = _calls(("add_line", {"line": 1}))
    sample = _run([same, same, _text("never reached")], tmp_path)
    assert sample.metadata["end"] == {"turns": 2, "calls": 2, "stop": "repeated_call"}
    assert _use(sample)["refused_calls"] == 0


def test_a_call_cut_off_in_its_json_still_counts_as_written_as_text(tmp_path: Path) -> None:
    sample = _run([_text('{"name": "add_line", "arguments": {"line": 12')], tmp_path)
    assert _use(sample)["text_calls"] == 1


def test_the_turn_cap_ends_the_loop(tmp_path: Path) -> None:
    sample = _run([_calls(("add_line", {"line": n})) for n in range(1, 5)], tmp_path, max_turns=3)
    assert sample.metadata["end"] == {"turns": 3, "calls": 3, "stop": "turn_limit"}


def test_the_opt_in_provider_runs_calls_written_as_text(tmp_path: Path) -> None:
    written = _text('Sure.\n```json\n{"name": "add_line", "arguments": {"line": 2}}\n```')
    task = Task(dataset=[Sample(input="x")], solver=loop_once(4))
    (log,) = eval(
        task,
        model=f"text-tool-calls/{MODEL}",
        model_args={"custom_outputs": [written, _text("done")]},
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples
    sample = log.samples[0]
    assert log.eval.model == f"text-tool-calls/{MODEL}"
    assert "added 2" in str(sample.messages)
    use = _use(sample)
    assert (use["native_calls"], use["parsed_text_calls"], use["text_calls"]) == (1, 1, 0)


def test_the_provider_needs_a_model_to_wrap() -> None:
    with pytest.raises(ValueError, match="text-tool-calls/<provider>/<model>"):
        get_model("text-tool-calls/gpt")


def test_copies_of_a_call_in_one_reply_run_once(tmp_path: Path) -> None:
    copies = _calls(("add_line", {"line": 4}), ("add_line", {"line": 4}), ("add_line", {"line": 5}))
    sample = _run([copies, _text("done")], tmp_path)
    assert sample.metadata["end"] == {"turns": 2, "calls": 2, "stop": "reply"}
    results = [m for m in sample.messages if m.role == "tool"]
    assert [m.tool_call_id for m in results] == ["call-0", "call-2", "call-1"]
    assert "Not run again: the same call as call-0" in results[2].text
    use = _use(sample)
    assert (use["native_calls"], use["duplicate_calls"], use["refused_calls"]) == (3, 1, 0)


def test_a_python_call_written_as_text_is_counted_with_its_syntax(tmp_path: Path) -> None:
    sample = _run([_text("I will add it.\nadd_line(2)")], tmp_path)
    assert "added 2" not in str(sample.messages)
    assert _use(sample)["text_calls"] == 1
    (label,) = [e for e in sample.events if e.event == "info" and e.source == TOOL_CALL_AS_TEXT]
    assert label.data == {
        "label": TOOL_CALL_AS_TEXT,
        "calls": ["add_line"],
        "shapes": ["bare"],
        "syntaxes": ["python"],
    }


def test_the_opt_in_provider_binds_a_python_calls_positional_arguments(tmp_path: Path) -> None:
    written = _text('```python\nadd_line(2)\nadd_line(line="3")\n```')
    task = Task(dataset=[Sample(input="x")], solver=loop_once(4))
    (log,) = eval(
        task,
        model=f"text-tool-calls/{MODEL}",
        model_args={"custom_outputs": [written, _text("done")]},
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples
    results = [m.text for m in log.samples[0].messages if m.role == "tool"]
    assert results == ["added 2", "added 3"]
    use = _use(log.samples[0])
    assert (use["native_calls"], use["parsed_text_calls"], use["text_calls"]) == (2, 2, 0)


@tool
def memory_write() -> Tool:
    stored: list[str] = []

    async def execute(content: str) -> str:
        """Store an entry.

        Args:
            content: Text to store.
        """
        stored.append(content)
        return f"Stored as entry {len(stored)}."  # a new id each time: not a repeated call

    return execute


@solver
def write_loop() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        messages: list[ChatMessage] = [ChatMessageUser(content="store the rule")]
        end = await tool_loop(get_model(), messages, [ToolDef(memory_write())], 8)
        state.metadata["end"] = {"turns": end.turns, "calls": end.tool_calls, "stop": end.stop}
        return state

    return solve


def test_a_write_repeated_in_consecutive_replies_is_counted_and_labelled(tmp_path: Path) -> None:
    rule = _calls(("memory_write", {"content": "Answer in the account's currency."}))
    other = _calls(("memory_write", {"content": "Ada: 41"}))
    outputs = [rule, rule, rule, other, rule, _text("done")]
    task = Task(dataset=[Sample(input="x")], solver=write_loop())
    (log,) = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": outputs},
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples
    sample = log.samples[0]
    assert sample.metadata["end"] == {"turns": 6, "calls": 5, "stop": "reply"}
    assert _use(sample)["repeated_writes"] == 2
    labels = [e.data for e in sample.events if e.event == "info" and e.source == REPEATED_WRITE]
    assert labels == [{"label": REPEATED_WRITE, "calls": ["memory_write"]}] * 2

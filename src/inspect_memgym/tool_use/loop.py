"""The one tool loop every tool-using part of the suite runs.

A loop gives the model turns with tools on offer until it replies without a tool call, the
caller's condition is met (e.g. an answer was submitted), the model repeats its calls to the
same results, or the turn cap. On the way it:

* accepts a numeric string where a tool takes an integer (``start_line="1"``), which
  Inspect's argument validation would otherwise refuse;
* counts what became of every call in the sample's `ToolUse` (native, parsed from text by
  the opt-in provider, refused);
* notices a reply that wrote an offered tool's call as text (`text_calls`: JSON or a Python
  call such as ``memory_search("Ada", 20)``), also one cut off before it closed: counted as
  ``tool_call_as_text`` and recorded in the transcript, never run;
* runs a call repeated within one reply once and answers the copies with a pointer to its
  result (``duplicate_calls``): the same search twenty times over would fill the context;
* ends the loop when a turn repeats the previous turn's calls and gets the same results
  (``repeated_call``: most often the same refused call again), rather than spend the
  remaining turns going round in circles;
* counts and labels a write that repeats, verbatim, a write of the reply before
  (``repeated_write``: the same note stored in reply after reply, each time under a new
  entry id); it runs as asked, and the loop goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from inspect_ai.log import transcript
from inspect_ai.model import ChatMessage, ChatMessageTool, Model, ModelOutput, execute_tools
from inspect_ai.tool import ToolCall, ToolDef

from inspect_memgym.kit.inspect_internals import untracked_store_changes
from inspect_memgym.tool_use.call_rules import (
    DUPLICATE_CALL,
    call_key,
    integer_from_text,
    repeated_writes,
    write_keys,
)
from inspect_memgym.tool_use.counts import (
    REPEATED_CALL,
    REPEATED_WRITE,
    TOOL_CALL_AS_TEXT,
    current_tool_use,
)
from inspect_memgym.tool_use.text_calls import text_tool_calls, tool_signature, written_calls

PARSED_TEXT_CALLS_KEY = "text_tool_calls_parsed"
"""``ModelOutput.metadata`` key where the ``text-tool-calls`` provider counts the calls it
parsed from a reply's text."""

Stop = Literal["reply", "done", "repeated_call", "turn_limit"]
"""Why a loop ended: a reply without a tool call, the caller's condition, the same calls
with the same results twice in a row, or the turn cap."""


@dataclass(frozen=True)
class LoopEnd:
    """How a tool loop ended.

    Attributes:
        turns: Model turns used.
        tool_calls: Tool calls run.
        stop: Why it ended.
        reply: The last reply's text when it ended on a reply without a tool call, else "".
    """

    turns: int
    tool_calls: int
    stop: Stop
    reply: str


async def tool_loop(
    model: Model,
    messages: list[ChatMessage],
    tools: Sequence[ToolDef],
    max_turns: int,
    done: Callable[[], bool] | None = None,
) -> LoopEnd:
    """Run model turns and their tool calls on ``messages`` (extended in place).

    Args:
        model: The model that acts.
        messages: The conversation so far; every turn's messages are appended.
        tools: The tools on offer.
        max_turns: Most model turns.
        done: Checked after each turn's tool calls; True ends the loop.
    """
    use = current_tool_use()
    turn_before: list[tuple[str, str, str]] = []
    writes_before: set[tuple[str, str]] = set()
    turns = calls = 0
    while turns < max_turns:
        turns += 1
        output = await model.generate(messages, tools=list(tools))
        messages.append(output.message)
        note_model_turn(output, tools)
        tool_calls = output.message.tool_calls or []
        if not tool_calls:
            return LoopEnd(turns, calls, "reply", output.completion)
        unique, copies = _split_copies(tool_calls)
        writes_before = _note_repeated_writes(unique, writes_before)
        asked = output.message.model_copy(update={"tool_calls": unique})
        with untracked_store_changes():  # the caller's span records the net store change
            result = await execute_tools([*messages[:-1], asked], list(tools))
        messages.extend(result.messages)
        messages.extend(
            ChatMessageTool(
                content=DUPLICATE_CALL.format(call_id=first),
                tool_call_id=copy.id,
                function=copy.function,
            )
            for copy, first in copies
        )
        calls += len(unique)
        results = [m for m in result.messages if isinstance(m, ChatMessageTool)]
        use.add(
            duplicate_calls=len(copies), refused_calls=sum(m.error is not None for m in results)
        )
        turn = _turn_signature(tool_calls, results)
        if turn == turn_before:
            use.add(repeated_calls=1)
            transcript().info(
                {"label": REPEATED_CALL, "calls": [name for name, _, _ in turn]},
                source=REPEATED_CALL,
            )
            return LoopEnd(turns, calls, "repeated_call", "")
        turn_before = turn
        if done is not None and done():
            return LoopEnd(turns, calls, "done", "")
    return LoopEnd(turns, calls, "turn_limit", "")


def note_model_turn(output: ModelOutput, tools: Sequence[ToolDef]) -> None:
    """Count a model turn with tools on offer, and make its calls ready to run.

    Counts the turn and its calls in the sample's `ToolUse`; a reply without a tool call that
    writes calls of offered tools as text is counted and recorded as ``tool_call_as_text``.
    Numeric strings given for integer parameters become integers (in place).

    Args:
        output: The turn's output.
        tools: The tools that were on offer.
    """
    use = current_tool_use()
    tool_calls = output.message.tool_calls or []
    use.add(
        turns=1,
        native_calls=len(tool_calls),
        parsed_text_calls=_parsed_text_calls(output) if tool_calls else 0,
    )
    if tool_calls:
        for call in tool_calls:
            _accept_numeric_strings(call, tools)
        return
    offered = [tool_signature(tool) for tool in tools]
    written = written_calls(output.completion, offered)
    if not written:
        return
    use.add(text_calls=written)
    found = text_tool_calls(output.completion, offered)
    transcript().info(
        {
            "label": TOOL_CALL_AS_TEXT,
            "calls": [call.function for call in found],
            "shapes": [call.shape for call in found],
            "syntaxes": [call.syntax for call in found],
        },
        source=TOOL_CALL_AS_TEXT,
    )


def _note_repeated_writes(
    calls: Sequence[ToolCall], writes_before: set[tuple[str, str]]
) -> set[tuple[str, str]]:
    """Count and label the writes that repeat one of the reply before; this reply's writes.

    Args:
        calls: The reply's calls, copies within it left out.
        writes_before: The writes of the reply before (`call_rules.write_keys`).
    """
    pairs = [(call.function, call.arguments) for call in calls]
    repeated = repeated_writes(pairs, writes_before)
    if repeated:
        current_tool_use().add(repeated_writes=len(repeated))
        transcript().info({"label": REPEATED_WRITE, "calls": [*repeated]}, source=REPEATED_WRITE)
    return write_keys(pairs)


def _parsed_text_calls(output: ModelOutput) -> int:
    value = (output.metadata or {}).get(PARSED_TEXT_CALLS_KEY, 0)
    return value if isinstance(value, int) else 0


def _split_copies(calls: Sequence[ToolCall]) -> tuple[list[ToolCall], list[tuple[ToolCall, str]]]:
    """The calls to run, and each copy of an earlier call with that call's id."""
    first_ids: dict[tuple[str, str], str] = {}
    unique: list[ToolCall] = []
    copies: list[tuple[ToolCall, str]] = []
    for call in calls:
        key = call_key(call.function, call.arguments)
        if key in first_ids:
            copies.append((call, first_ids[key]))
        else:
            first_ids[key] = call.id
            unique.append(call)
    return unique, copies


def _turn_signature(
    calls: Sequence[ToolCall], results: Sequence[ChatMessageTool]
) -> list[tuple[str, str, str]]:
    """Each call's tool, arguments and result (its refusal, if refused)."""
    outcome = {
        message.tool_call_id: message.error.message if message.error else message.text
        for message in results
    }
    return [
        (*call_key(call.function, call.arguments), outcome.get(call.id, ""))
        for call in calls
        if call.id in outcome
    ]


def _accept_numeric_strings(call: ToolCall, tools: Sequence[ToolDef]) -> None:
    """Turn ``"12"`` into ``12`` for the tool's integer parameters (in place)."""
    tool = next((tool for tool in tools if tool.name == call.function), None)
    if tool is None or not isinstance(call.arguments, dict):
        return
    properties = tool.parameters.properties
    for name, value in list(call.arguments.items()):
        parameter = properties.get(name)
        number = integer_from_text(value)
        if parameter is None or number is None:
            continue
        types = {parameter.type, *(option.type for option in parameter.anyOf or [])}
        if "integer" in types:
            call.arguments[name] = number

"""What an agent may send to `environment.MemoryEnv.step`, read into one `Turn`.

Three shapes are accepted:

* one tool call: ``{"tool": "memory_write", "arguments": {"content": "..."}}`` (arguments
  may also be a JSON string, as models write them);
* a reply without a tool call, which ends the stage: ``{"reply": "DONE"}``;
* an OpenAI chat-completions assistant message, i.e. one model turn with any number of tool
  calls: ``{"role": "assistant", "content": ..., "tool_calls": [{"id", "type": "function",
  "function": {"name", "arguments"}}]}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class ActionError(ValueError):
    """An action of none of the accepted shapes (the agent's mistake)."""


@dataclass(frozen=True)
class Call:
    """One tool call.

    Attributes:
        name: Tool name.
        arguments: Arguments, or None when the given arguments could not be read (the
            call is refused with `argument_error`).
        call_id: The caller's id for the call ("" to have one assigned).
        argument_error: Why the arguments could not be read.
    """

    name: str
    arguments: dict[str, Any] | None
    call_id: str = ""
    argument_error: str = ""


@dataclass(frozen=True)
class Turn:
    """One agent turn: tool calls, or with none a reply.

    Attributes:
        calls: The tool calls, in order.
        text: The turn's text (the reply when there is no call).
    """

    calls: list[Call] = field(default_factory=list)
    text: str = ""


def read_action(action: object) -> Turn:
    """The turn an action stands for.

    Args:
        action: One of the accepted shapes.

    Raises:
        ActionError: For anything else, or a ``tool`` and a ``reply`` in one action.
    """
    if not isinstance(action, Mapping):
        raise ActionError(f"An action is a dict, got {type(action).__name__}.")
    if "tool_calls" in action or action.get("role") == "assistant":
        calls = [_openai_call(item) for item in action.get("tool_calls") or []]
        return Turn(calls=calls, text=_text(action.get("content")))
    if "tool" in action and "reply" in action:
        raise ActionError(
            "An action is a tool call or a reply, not both: send {'tool': name, 'arguments': "
            "{...}}, or {'reply': text} alone to end the stage."
        )
    if "tool" in action:
        name = action["tool"]
        if not isinstance(name, str):
            raise ActionError("An action's 'tool' is a tool name.")
        return Turn(calls=[_call(name, action.get("arguments", {}), "")])
    if "reply" in action:
        return Turn(text=_text(action["reply"]))
    raise ActionError(
        "An action is {'tool': name, 'arguments': {...}}, {'reply': text} or an assistant "
        f"message with 'tool_calls'; got keys {sorted(map(str, action))}."
    )


def _openai_call(item: object) -> Call:
    if not isinstance(item, Mapping) or not isinstance(item.get("function"), Mapping):
        raise ActionError("A tool call is {'id', 'type': 'function', 'function': {...}}.")
    function = item["function"]
    name = function.get("name")
    if not isinstance(name, str):
        raise ActionError("A tool call's function needs a 'name'.")
    return _call(name, function.get("arguments", {}), str(item.get("id") or ""))


def _call(name: str, arguments: object, call_id: str) -> Call:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as error:
            return Call(name, None, call_id, f"Arguments are not valid JSON: {error.msg}.")
    if not isinstance(arguments, Mapping):
        return Call(name, None, call_id, "Arguments must be a JSON object.")
    return Call(name, dict(arguments), call_id)


def _text(content: object) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # OpenAI content parts
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, Mapping))
    return str(content)

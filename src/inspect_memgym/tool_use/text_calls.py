"""Tool calls that a model wrote as text instead of calling the tool.

Small open models asked with ``tools`` often answer with the call spelled out in their reply:
bare JSON (``{"name": "memory_write", "arguments": {...}}``), the same inside a fenced code
block, or inside ``<tool_call>`` tags their chat template asks for but the server did not
parse. Nothing of it reaches a tool. `text_tool_calls` finds such calls that name an offered
tool, so the tool loop can count them (``tool_call_as_text``) and the opt-in provider can turn
them into real calls. Pure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any, Literal

Shape = Literal["tagged", "fenced", "bare"]
"""How a call was written: in ``<tool_call>`` tags, in a fenced code block, or bare JSON."""

_TAGGED = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.DOTALL)
_FENCED = re.compile(r"```[a-zA-Z]*\s*(.*?)```", re.DOTALL)
_WRAPPERS: tuple[tuple[re.Pattern[str], Shape], ...] = ((_TAGGED, "tagged"), (_FENCED, "fenced"))
_DECODER = json.JSONDecoder()
_ARGUMENT_KEYS = ("arguments", "parameters", "args", "input")


@dataclass(frozen=True)
class TextToolCall:
    """One tool call found in a reply's text.

    Attributes:
        function: The offered tool it names.
        arguments: Its arguments (an unparseable argument string is kept under ``__text__``).
        shape: How it was written.
        span: Where it sits in the text (start, end).
    """

    function: str
    arguments: dict[str, Any]
    shape: Shape
    span: tuple[int, int]


def text_tool_calls(text: str, offered: Collection[str]) -> list[TextToolCall]:
    """Every call in a reply's text that names an offered tool, in order.

    A call is a JSON object with the tool's name under ``name`` (or ``function``, or
    ``function.name``) and its arguments under ``arguments``, ``parameters``, ``args`` or
    ``input`` (an object, or a string holding one). An object without arguments counts only
    when it names the tool under ``name`` and holds nothing else.

    Args:
        text: The reply's text.
        offered: Names of the tools on offer.
    """
    if not offered or "{" not in text:
        return []
    found: list[TextToolCall] = []
    for start, end, value in _json_objects(text):
        call = _as_call(value, offered)
        if call is not None:
            found.append(TextToolCall(call[0], call[1], _shape(text, start), (start, end)))
    return found


def mentions_a_call(text: str, offered: Collection[str]) -> bool:
    """Whether a text starts a call of an offered tool, parseable or not.

    A reply cut off inside a call (a long argument that ran into the token limit) holds no
    JSON object, but ``"name": "memory_write"`` is there: it still reached no tool.

    Args:
        text: The reply's text.
        offered: Names of the tools on offer.
    """
    return any(
        re.search(r'"(?:name|function)"\s*:\s*"' + re.escape(name) + '"', text) for name in offered
    )


def written_calls(text: str, offered: Collection[str]) -> int:
    """How many calls of offered tools a reply wrote as text (one for a call cut off).

    Args:
        text: The reply's text.
        offered: Names of the tools on offer.
    """
    return len(text_tool_calls(text, offered)) or int(mentions_a_call(text, offered))


def without_calls(text: str, calls: Collection[TextToolCall]) -> str:
    """The reply's text with the calls (and the tags and fences around them) taken out.

    Args:
        text: The reply's text.
        calls: Calls found in it by `text_tool_calls`.
    """
    rest = text
    for call in sorted(calls, key=lambda found: found.span[0], reverse=True):
        start, end = call.span
        rest = rest[:start] + rest[end:]
    rest = re.sub(r"<tool_call>\s*(?:</tool_call>)?", "", rest)
    rest = re.sub(r"```[a-zA-Z]*\s*```", "", rest)
    return rest.strip()


def _json_objects(text: str) -> Iterator[tuple[int, int, Any]]:
    """Every top-level JSON object in a text: (start, end, value)."""
    position = text.find("{")
    while position != -1:
        try:
            value, end = _DECODER.raw_decode(text, position)
        except json.JSONDecodeError:
            position = text.find("{", position + 1)
            continue
        yield position, end, value
        position = text.find("{", end)


def _as_call(value: Any, offered: Collection[str]) -> tuple[str, dict[str, Any]] | None:
    """(tool, arguments) when a JSON value is a call of an offered tool."""
    if not isinstance(value, dict):
        return None
    name = value.get("name")
    nested = value.get("function")
    if isinstance(nested, dict):
        return _as_call(nested, offered)
    if name is None and isinstance(nested, str):
        name = nested
    if not isinstance(name, str) or name not in offered:
        return None
    for key in _ARGUMENT_KEYS:
        if key in value:
            return name, _arguments(value[key])
    if set(value) == {"name"}:
        return name, {}
    return None


def _arguments(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            parsed = json.loads(raw)
        except json.JSONDecodeError:
            return {"__text__": raw}
        return parsed if isinstance(parsed, dict) else {"__text__": raw}
    return {"__text__": json.dumps(raw)}


def _shape(text: str, position: int) -> Shape:
    for pattern, shape in _WRAPPERS:
        if any(match.start(1) <= position < match.end(1) for match in pattern.finditer(text)):
            return shape
    return "bare"

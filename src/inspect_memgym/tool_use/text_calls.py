"""Tool calls that a model wrote as text instead of calling the tool.

Small open models asked with ``tools`` often answer with the call spelled out in their reply,
in one of two syntaxes:

* JSON: ``{"name": "memory_write", "arguments": {...}}``;
* a Python call: ``memory_search("Ada", 20)`` or ``memory_write(content="Ada: 41")``,
  positional arguments bound to the tool's parameters in the order of its schema, keyword
  arguments by name, every argument a literal (read with ``ast``, never evaluated);

each bare, inside a fenced code block, or inside ``<tool_call>`` tags their chat template
asks for but the server did not parse. Nothing of it reaches a tool. `text_tool_calls` finds
such calls that name an offered tool, so the tool loop can count them (``tool_call_as_text``)
and the opt-in provider can turn them into real calls. Prose that names a tool without call
syntax (``use memory_search to find it``, ``memory_search(query)``) is not a call. Pure.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Shape = Literal["tagged", "fenced", "bare"]
"""How a call was written: in ``<tool_call>`` tags, in a fenced code block, or bare."""
Syntax = Literal["json", "python"]
"""The call's own syntax: a JSON object, or a Python call ``name(...)``."""

_TAGGED = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.DOTALL)
_FENCED = re.compile(r"```[a-zA-Z]*\s*(.*?)```", re.DOTALL)
_WRAPPERS: tuple[tuple[re.Pattern[str], Shape], ...] = ((_TAGGED, "tagged"), (_FENCED, "fenced"))
_DECODER = json.JSONDecoder()
_ARGUMENT_KEYS = ("arguments", "parameters", "args", "input")
_JSON_CONSTANTS = {"true": True, "false": False, "null": None}
_QUOTES = ('"""', "'''", '"', "'")
_STRAIGHT_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
"""Typographic quotes as the straight ones a call means (one character for one: spans hold)."""
EXTRA_POSITIONAL = "__positional__"
"""Argument key of positional arguments beyond the tool's parameters (the tool refuses it)."""


@dataclass(frozen=True)
class ToolSignature:
    """What binding a call written as text needs to know of an offered tool.

    Attributes:
        name: Tool name.
        parameters: Its parameter names in the order of its schema (None: not known, so
            positional arguments stay unbound, under `EXTRA_POSITIONAL`).
        required: Parameters without a default.
    """

    name: str
    parameters: tuple[str, ...] | None = None
    required: frozenset[str] = frozenset()


class ParameterSchema(Protocol):
    """A tool's parameter schema as Inspect's ``ToolParams`` holds it (read-only here)."""

    @property
    def properties(self) -> Mapping[str, Any]:
        """Each parameter's schema, by name, in the schema's order."""
        ...

    @property
    def required(self) -> Collection[str]:
        """Parameters without a default."""
        ...


class DescribedTool(Protocol):
    """A tool with a name and a parameter schema (Inspect's ``ToolInfo`` or ``ToolDef``)."""

    @property
    def name(self) -> str:
        """Tool name."""
        ...

    @property
    def parameters(self) -> ParameterSchema:
        """Its parameter schema."""
        ...


def tool_signature(tool: DescribedTool) -> ToolSignature:
    """The signature of an offered tool, from its schema.

    Args:
        tool: An Inspect ``ToolInfo`` or ``ToolDef``.
    """
    return ToolSignature(
        tool.name, tuple(tool.parameters.properties), frozenset(tool.parameters.required)
    )


Offered = Collection[str | ToolSignature]
"""The tools on offer: their names, or their signatures (needed to bind positional arguments)."""


@dataclass(frozen=True)
class TextToolCall:
    """One tool call found in a reply's text.

    Attributes:
        function: The offered tool it names.
        arguments: Its arguments (an unparseable argument string is kept under ``__text__``).
        shape: How it was written.
        span: Where it sits in the text (start, end).
        syntax: The call's own syntax.
    """

    function: str
    arguments: dict[str, Any]
    shape: Shape
    span: tuple[int, int]
    syntax: Syntax = "json"


def text_tool_calls(text: str, offered: Offered) -> list[TextToolCall]:
    """Every call in a reply's text that names an offered tool, in order.

    A JSON call is an object with the tool's name under ``name`` (or ``function``, or
    ``function.name``) and its arguments under ``arguments``, ``parameters``, ``args`` or
    ``input`` (an object, or a string holding one). An object without arguments counts only
    when it names the tool under ``name`` and holds nothing else.

    A Python call is the tool's name followed by parenthesised arguments that are all
    literals (strings, numbers, lists, dicts, ``True``/``False``/``None`` and JSON's
    ``true``/``false``/``null``); a single object whose keys are parameter names is the
    arguments themselves (``memory_write({"content": "..."})``). A call without arguments
    counts only for a tool known to have no required parameter: ``call memory_write() to
    store it`` is prose.

    A call written inside another one's arguments (a stored note that quotes a call) is part
    of that call, not a call of its own.

    Args:
        text: The reply's text.
        offered: The tools on offer, by name or signature.
    """
    signatures = _signatures(offered)
    if not signatures:
        return []
    found = sorted(
        [*_json_calls(text, signatures), *_python_calls(text, signatures)],
        key=lambda call: call.span[0],
    )
    outermost: list[TextToolCall] = []
    for call in found:
        if not outermost or call.span[0] >= outermost[-1].span[1]:
            outermost.append(call)
    return outermost


def mentions_a_call(text: str, offered: Offered) -> bool:
    """Whether a text starts a call of an offered tool, parseable or not.

    A reply cut off inside a call (a long argument that ran into the token limit) holds no
    whole call, but ``"name": "memory_write"`` is there, or ``memory_write(content="...``
    with no closing parenthesis: it still reached no tool.

    Args:
        text: The reply's text.
        offered: The tools on offer, by name or signature.
    """
    names = list(_signatures(offered))
    straight = text.translate(_STRAIGHT_QUOTES)
    return any(
        re.search(r'"(?:name|function)"\s*:\s*"' + re.escape(name) + '"', text) for name in names
    ) or any(
        _call_source(straight, match.end() - 1) is None for match in _cut_openings(straight, names)
    )


def written_calls(text: str, offered: Offered) -> int:
    """How many calls of offered tools a reply wrote as text (one for a call cut off).

    Args:
        text: The reply's text.
        offered: The tools on offer, by name or signature.
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


def _signatures(offered: Offered) -> dict[str, ToolSignature]:
    return {
        tool.name: tool
        for tool in (ToolSignature(entry) if isinstance(entry, str) else entry for entry in offered)
    }


def _json_calls(text: str, signatures: Mapping[str, ToolSignature]) -> Iterator[TextToolCall]:
    if "{" not in text:
        return
    for start, end, value in _json_objects(text):
        call = _as_call(value, signatures)
        if call is not None:
            yield TextToolCall(call[0], call[1], _shape(text, start), (start, end))


def _python_calls(text: str, signatures: Mapping[str, ToolSignature]) -> Iterator[TextToolCall]:
    """Every ``name(...)`` of an offered tool whose arguments are literals.

    Typographic quotes (curly double or single quotes around an argument, as some chat
    templates and word processors turn them) are read as straight ones.
    """
    text = text.translate(_STRAIGHT_QUOTES)
    for match in _openings(text, list(signatures)):
        source = _call_source(text, match.end() - 1)
        if source is None:
            continue
        arguments_source, end = source
        arguments = _python_arguments(arguments_source, signatures[match.group(1)])
        if arguments is not None:
            span = (match.start(), end)
            yield TextToolCall(match.group(1), arguments, _shape(text, span[0]), span, "python")


def _openings(text: str, names: list[str]) -> Iterator[re.Match[str]]:
    """Each tool name followed by an opening parenthesis, not part of a longer name."""
    if not names or "(" not in text:
        return iter(())
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.finditer(r"(?<!\w)(" + alternatives + r")\s*\(", text)


def _cut_openings(text: str, names: list[str]) -> Iterator[re.Match[str]]:
    """Openings that go on as a call's arguments do: a string or ``keyword=``."""
    for match in _openings(text, names):
        if re.match(r"\s*(?:[rRbBuU]?[\"']|\w+\s*=)", text[match.end() :]):
            yield match


def _call_source(text: str, opening: int) -> tuple[str, int] | None:
    """The parenthesised arguments from ``opening`` on, and where they end.

    Quotes and brackets are followed so that a parenthesis inside a string does not close
    the call; a raw line break inside a one-line string is escaped (models write them).
    None when the text ends first (a call cut off).
    """
    source: list[str] = []
    depth = 0
    quote = ""
    position = opening
    while position < len(text):
        character = text[position]
        if quote:
            if character == "\\":
                source.append(text[position : position + 2])
                position += 2
                continue
            if text.startswith(quote, position):
                source.append(quote)
                position += len(quote)
                quote = ""
                continue
            source.append("\\n" if character == "\n" and len(quote) == 1 else character)
            position += 1
            continue
        quote = next((mark for mark in _QUOTES if text.startswith(mark, position)), "")
        if quote:
            source.append(quote)
            position += len(quote)
            continue
        depth += character in "([{"
        depth -= character in ")]}"
        source.append(character)
        position += 1
        if depth == 0:
            return "".join(source), position
    return None


def _python_arguments(source: str, signature: ToolSignature) -> dict[str, Any] | None:
    """The arguments of ``name(...)`` bound to the tool's parameters; None if not a call."""
    try:
        expression = ast.parse("call" + source, mode="eval").body
    except (SyntaxError, ValueError):
        return None
    if not isinstance(expression, ast.Call):
        return None
    if any(isinstance(value, ast.Starred) for value in expression.args):
        return None
    if any(keyword.arg is None for keyword in expression.keywords):
        return None
    if not expression.args and not expression.keywords:
        return {} if signature.parameters is not None and not signature.required else None
    values = [_literal(value) for value in expression.args]
    keywords = {str(keyword.arg): _literal(keyword.value) for keyword in expression.keywords}
    if any(value is _NOT_LITERAL for value in [*values, *keywords.values()]):
        return None
    return {**_bind_positional(values, signature), **keywords}


def _bind_positional(values: list[Any], signature: ToolSignature) -> dict[str, Any]:
    """Positional values bound in schema order; one object of parameter names is the arguments.

    ``memory_write({"content": "Ada: 41"})`` passes its arguments as one object, as the JSON
    shape does.
    """
    names = signature.parameters or ()
    if len(values) == 1 and _names_arguments(values[0], names):
        return dict(values[0])
    bound: dict[str, Any] = dict(zip(names, values, strict=False))
    extra = values[len(names) :]
    if extra:
        bound[EXTRA_POSITIONAL] = extra
    return bound


def _names_arguments(value: Any, names: tuple[str, ...]) -> bool:
    """Whether a value is an object whose keys are all parameter names."""
    return isinstance(value, dict) and bool(value) and set(value) <= set(names)


_NOT_LITERAL = object()


def _literal(node: ast.expr) -> Any:
    """A literal argument's value (JSON-serialisable), else `_NOT_LITERAL`."""
    if isinstance(node, ast.Name) and node.id in _JSON_CONSTANTS:
        return _JSON_CONSTANTS[node.id]
    try:
        value = ast.literal_eval(node)
        json.dumps(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL
    return value


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


def _as_call(value: Any, offered: Mapping[str, ToolSignature]) -> tuple[str, dict[str, Any]] | None:
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

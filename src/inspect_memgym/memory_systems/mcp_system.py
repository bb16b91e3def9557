"""Any memory system with an MCP server, over stdio, through Inspect's own MCP client.

The server is started per sample with ``command`` (the agent's ``mcp_command``) and stays
connected until the sample ends. Four of its tools are used, by name (``tools`` renames
them for a server that names them differently):

- ``add`` (default ``add_memory``): one call per input, its text in the tool's first
  required string parameter;
- ``search`` (``search_memory``): the query in its first required string parameter, the
  number of hits in ``limit``, ``top_k`` or ``k`` if it takes one;
- ``reset`` (``delete_all_memories``) and ``list`` (``list_memories``): optional.

Every tool that takes ``user_id``, ``scope``, ``namespace`` or ``session_id`` is given the
sample's scope in it. A search result may be a JSON list (of strings, or of objects with
``memory``, ``text`` or ``content``, and optionally ``score`` and ``id``), a JSON object
holding such a list under ``results`` or ``memories``, or plain text, one memory per line.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from inspect_ai.tool import Tool, ToolDef, ToolResult, mcp_server_stdio

from inspect_memgym.memory_systems.system import MemoryItem, MemorySystem, Scope, SystemHit

DEFAULT_TOOLS = {
    "add": "add_memory",
    "search": "search_memory",
    "reset": "delete_all_memories",
    "list": "list_memories",
}
"""The tool of each operation, unless ``tools`` renames it."""
REQUIRED_OPERATIONS = ("add", "search")
SCOPE_PARAMETERS = ("user_id", "scope", "namespace", "session_id")
COUNT_PARAMETERS = ("limit", "top_k", "k")
RESULT_LISTS = ("results", "memories")
TEXT_FIELDS = ("memory", "text", "content")


class McpSystem(MemorySystem):
    """A memory system behind an MCP server the adapter starts over stdio."""

    name = "mcp"

    def __init__(
        self,
        command: str | Sequence[str],
        tools: Mapping[str, str] | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        """Choose the server and its tools (it starts on the first call).

        Args:
            command: The command and arguments that start the server (``python`` runs
                with the suite's own interpreter).
            tools: Tool names by operation (``add``, ``search``, ``reset``, ``list``).
            env: Extra environment variables of the server.
            cwd: The server's working directory.

        Raises:
            ValueError: If the command is empty or an operation is unknown.
        """
        parts = [command] if isinstance(command, str) else list(command)
        if not parts or not parts[0]:
            raise ValueError("mcp_command is empty")
        unknown = sorted(set(tools or {}) - set(DEFAULT_TOOLS))
        if unknown:
            raise ValueError(
                f"system_config tools: unknown operation {', '.join(unknown)} "
                f"(operations: {', '.join(DEFAULT_TOOLS)})"
            )
        executable = sys.executable if parts[0] in ("python", "python3") else parts[0]
        self.command = [executable, *parts[1:]]
        self.tool_names = {**DEFAULT_TOOLS, **(tools or {})}
        self._server = mcp_server_stdio(
            name="memory system",
            command=self.command[0],
            args=self.command[1:],
            env=dict(env) if env else None,
            cwd=cwd,
        )
        self._tools: dict[str, Tool] | None = None

    async def add(self, items: Sequence[MemoryItem], scope: Scope) -> None:
        """Call the add tool once per input.

        Args:
            items: The inputs, oldest first.
            scope: Whose memory they join.
        """
        for item in items:
            await self._call("add", item.render(), scope)

    async def search(self, query: str, scope: Scope, k: int) -> list[SystemHit]:
        """Call the search tool and read its hits.

        Args:
            query: The question or message.
            scope: Whose memories are searched.
            k: At most this many hits (passed on if the tool takes a count).
        """
        return parse_hits(await self._call("search", query, scope, k))[:k]

    async def reset(self, scope: Scope) -> None:
        """Call the reset tool, if the server has one.

        Args:
            scope: Whose memories are deleted.
        """
        if await self._has("reset"):
            await self._call("reset", None, scope)

    async def list_all(self, scope: Scope) -> list[SystemHit] | None:
        """Call the list tool, if the server has one.

        Args:
            scope: Whose memories are listed.
        """
        if not await self._has("list"):
            return None
        return parse_hits(await self._call("list", None, scope))

    async def connect(self) -> None:
        """Start the server and read its tools (before the sample's first operation)."""
        await self._connected()

    async def close(self) -> None:
        """Stop the server (if it was started)."""
        if self._tools is not None:
            self._tools = None
            await self._server.__aexit__(None, None, None)

    def describe(self) -> dict[str, Any]:
        """The server's command and the tools used."""
        return {"system": self.name, "command": self.command, "tools": self.tool_names}

    async def _has(self, operation: str) -> bool:
        return self.tool_names[operation] in await self._connected()

    async def _connected(self) -> dict[str, Tool]:
        if self._tools is None:
            await self._server.__aenter__()
            tools = {ToolDef(tool).name: tool for tool in await self._server.tools()}
            missing = [
                self.tool_names[operation]
                for operation in REQUIRED_OPERATIONS
                if self.tool_names[operation] not in tools
            ]
            if missing:
                await self._server.__aexit__(None, None, None)
                raise ValueError(
                    f"MCP memory server {' '.join(self.command)!r} has no tool "
                    f"{', '.join(missing)} (its tools: {', '.join(sorted(tools))}); "
                    'name yours in a JSON file holding {"tools": {"add": ..., "search": ...}} '
                    "given as the agent's system_config: -T agent=\"{name: system, system: mcp, "
                    'mcp_command: ..., system_config: tools.json}"'
                )
            self._tools = tools
        return self._tools

    async def _call(self, operation: str, text: str | None, scope: Scope, k: int = 0) -> str:
        tool = (await self._connected())[self.tool_names[operation]]
        arguments = tool_arguments(ToolDef(tool), text, scope, k)
        return result_text(await tool(**arguments))


def tool_arguments(tool: ToolDef, text: str | None, scope: Scope, k: int) -> dict[str, Any]:
    """The arguments of one call, from the tool's parameter schema.

    Args:
        tool: The tool's definition.
        text: The input or query (None for reset and list).
        scope: The sample's scope.
        k: The number of hits wanted (0: none asked).

    Raises:
        ValueError: If the tool needs a text and takes no string parameter.
    """
    properties = tool.parameters.properties
    arguments: dict[str, Any] = {}
    for name in SCOPE_PARAMETERS:
        if name in properties:
            arguments[name] = scope.user_id
    if k:
        for name in COUNT_PARAMETERS:
            if name in properties:
                arguments[name] = k
                break
    if text is not None:
        candidates = [
            name
            for name in [*tool.parameters.required, *properties]
            if name not in arguments and properties[name].type == "string"
        ]
        if not candidates:
            raise ValueError(f"MCP tool {tool.name!r} takes no text parameter")
        arguments[candidates[0]] = text
    return arguments


def result_text(result: ToolResult) -> str:
    """A tool's result as text (its text parts joined).

    Args:
        result: What the tool returned.
    """
    if isinstance(result, str):
        return result
    parts = result if isinstance(result, list) else [result]
    return "\n".join(str(getattr(part, "text", "")) for part in parts)


def parse_hits(text: str) -> list[SystemHit]:
    """The memories in a search or list result, in the order given.

    Args:
        text: The tool's result text: JSON (a list, or an object holding one under
            ``results`` or ``memories``) or plain lines.
    """
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError:
        return [SystemHit(line.strip()) for line in text.splitlines() if line.strip()]
    if isinstance(parsed, dict):
        parsed = next((parsed[key] for key in RESULT_LISTS if key in parsed), [parsed])
    if not isinstance(parsed, list):
        return [SystemHit(str(parsed))]
    return [_hit(entry) for entry in parsed]


def _hit(entry: Any) -> SystemHit:
    if not isinstance(entry, dict):
        return SystemHit(str(entry))
    text = next((entry[key] for key in TEXT_FIELDS if key in entry), json.dumps(entry))
    score = entry.get("score")
    identifier = entry.get("id")
    return SystemHit(
        str(text),
        score=float(score) if isinstance(score, (int, float)) else None,
        memory_id=None if identifier is None else str(identifier),
    )

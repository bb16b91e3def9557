"""How the MCP adapter reads a server's results and fills a tool's arguments."""

from __future__ import annotations

from inspect_ai.tool import ToolDef, ToolParam, ToolParams

from inspect_memgym.memory_systems.mcp_system import parse_hits, tool_arguments
from inspect_memgym.memory_systems.system import Scope, SystemHit


def test_results_in_every_accepted_shape() -> None:
    assert parse_hits('["a", "b"]') == [SystemHit("a"), SystemHit("b")]
    assert parse_hits('{"results": [{"memory": "a", "score": 0.5, "id": 7}]}') == [
        SystemHit("a", 0.5, "7")
    ]
    assert parse_hits('{"memories": [{"text": "a"}, {"content": "b"}]}') == [
        SystemHit("a"),
        SystemHit("b"),
    ]
    assert parse_hits("first memory\n\n second memory ") == [
        SystemHit("first memory"),
        SystemHit("second memory"),
    ]
    assert parse_hits("[]") == []


def definition(**parameters: str) -> ToolDef:
    async def execute() -> str:
        return ""

    return ToolDef(
        execute,
        name="search",
        description="search",
        parameters=ToolParams(
            properties={name: ToolParam(type=kind) for name, kind in parameters.items()},
            required=list(parameters),
        ),
    )


def test_arguments_follow_the_schema() -> None:
    scope = Scope("u1", "r1")
    assert tool_arguments(
        definition(q="string", namespace="string", top_k="integer"), "hi", scope, 3
    ) == {
        "namespace": "u1",
        "top_k": 3,
        "q": "hi",
    }
    assert tool_arguments(definition(user_id="string"), None, scope, 0) == {"user_id": "u1"}

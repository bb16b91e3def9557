"""Every memory-system adapter against the contract: samples kept apart, reset, listing.

The adapters are real: Mem0 OSS (one shared ``AsyncMemory`` for every sample, kept apart
by its ``user_id``/``run_id`` filters), the example MCP server over stdio through Inspect's
MCP client, a LangGraph store, and the worked example adapter. Sixteen samples run at once
through ``inspect_ai.eval`` (four for MCP, whose samples each start a server), each storing a
code word of its own among words every sample stores; no sample's search may return another's.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.solver import Generate, TaskState, solver

from inspect_memgym.memory_systems.mcp_system import McpSystem
from inspect_memgym.memory_systems.registry import choose_system
from inspect_memgym.memory_systems.system import MemoryItem, Scope

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MCP_COMMAND = f"python {EXAMPLES / 'mcp_memory_server.py'}"
SAMPLES = 16
SAMPLES_AT_ONCE = {"mcp": 4}
"""Fewer samples where each opens a server process of its own (four processes at once); one
server keeping sixteen samples' scopes apart is `test_one_mcp_server_keeps_sixteen_scopes_apart`."""
ADAPTERS: dict[str, dict[str, Any]] = {
    "mem0": {"name": "mem0"},
    "mcp": {"name": "mcp", "mcp_command": MCP_COMMAND},
    "langgraph": {"name": "langgraph"},
    "example": {"name": f"{EXAMPLES / 'keyword_memory_system.py'}:KeywordMemory"},
}


def code_word(number: int) -> str:
    return f"zq{number:02d}x"


@solver
def store_then_search(adapter: dict[str, Any]):  # type: ignore[no-untyped-def]
    """Store this sample's code word among shared words, yield, then search and list."""
    choice = choose_system(**adapter)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        system = choice.open(embedding="hashing")
        number = int(str(state.sample_id))
        scope = Scope(f"user-{number}", f"{number}-e1")
        try:
            await system.add(
                [
                    MemoryItem("user", f"My code word is {code_word(number)}, keep it safe."),
                    MemoryItem("assistant", "I will keep your code word safe."),
                ],
                scope,
            )
            await asyncio.sleep(0.05)  # every sample has stored before any searches
            hits = await system.search("what is my code word", scope, 30)
            listed = await system.list_all(scope)
            await system.reset(scope)
            after = await system.list_all(scope)
        finally:
            await system.close()
        state.metadata.update(
            hits=[hit.text for hit in hits],
            listed=None if listed is None else [hit.text for hit in listed],
            after_reset=None if after is None else [hit.text for hit in after],
        )
        return state

    return solve


@pytest.mark.parametrize("adapter", sorted(ADAPTERS))
def test_samples_at_once_never_see_each_other(adapter: str, tmp_path: Path) -> None:
    count = SAMPLES_AT_ONCE.get(adapter, SAMPLES)
    samples = [Sample(input="store", id=str(number)) for number in range(count)]
    [log] = eval(
        Task(dataset=samples, solver=store_then_search(ADAPTERS[adapter])),
        model="mockllm/model",
        max_samples=count,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    assert log.samples is not None and len(log.samples) == count
    for sample in log.samples:
        own = code_word(int(str(sample.id)))
        hits = sample.metadata["hits"]
        assert any(own in hit for hit in hits)
        others = [code_word(n) for n in range(count) if code_word(n) != own]
        assert not any(word in hit for hit in hits for word in others)
        assert len(sample.metadata["listed"]) == 2
        assert sample.metadata["after_reset"] == []


def test_one_mcp_server_keeps_sixteen_scopes_apart() -> None:
    async def play() -> list[list[str]]:
        system = McpSystem(["python", str(EXAMPLES / "mcp_memory_server.py")])
        scopes = [Scope(f"user-{n}", f"{n}-e1") for n in range(SAMPLES)]
        try:
            for number, scope in enumerate(scopes):
                await system.add([MemoryItem("user", f"code word {code_word(number)}")], scope)
            return [
                [hit.text for hit in await system.search("code word", scope, 30)]
                for scope in scopes
            ]
        finally:
            await system.close()

    found = asyncio.run(play())
    assert found == [[f"user: code word {code_word(n)}"] for n in range(SAMPLES)]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"name": None},
            'agent=system needs its system: -T agent="{name: system, system: <name>}"',
        ),
        ({"name": "nope"}, "unknown memory system 'nope'"),
        ({"name": "mcp"}, '-T agent="{name: system, system: mcp, mcp_command: <command>}"'),
        ({"name": "mem0", "mcp_command": "x"}, "mcp_command is an option of system=mcp only"),
        ({"name": "mem0", "system_config": "{not json"}, "system_config is not valid JSON"),
        ({"name": "mem0", "system_config": "[1]"}, "no such file"),
        ({"name": "mem0", "system_config": '["a"]'}, "no such file"),
        ({"name": "mem0", "system_config": '{"a": 1} '}, ""),
        ({"name": "missing.py:Thing"}, "memory system file not found: missing.py"),
        ({"name": "no_such_module_here:Thing"}, "cannot import memory system module"),
        ({"name": "inspect_memgym.memory_systems.system:Scope"}, "is not a MemorySystem subclass"),
        (
            {"name": f"{EXAMPLES / 'keyword_memory_system.py'}:Nope"},
            f"no class Nope in {EXAMPLES / 'keyword_memory_system.py'}",
        ),
    ],
)
def test_bad_choices_are_one_line(arguments: dict[str, Any], message: str) -> None:
    if not message:
        assert choose_system(**arguments).options == {"a": 1}
        return
    with pytest.raises(ValueError) as raised:
        choose_system(**arguments)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_an_option_the_adapter_does_not_take_is_refused_when_opened() -> None:
    choice = choose_system(
        f"{EXAMPLES / 'keyword_memory_system.py'}:KeywordMemory", system_config='{"colour": 1}'
    )
    with pytest.raises(ValueError, match="unexpected keyword argument 'colour'"):
        choice.open(embedding="hashing")


def test_a_server_without_the_tools_names_them(tmp_path: Path) -> None:
    async def play() -> None:
        system = McpSystem(
            ["python", str(EXAMPLES / "mcp_memory_server.py")], tools={"add": "remember"}
        )
        try:
            await system.add([MemoryItem("user", "x")], Scope("u", "r"))
        finally:
            await system.close()

    with pytest.raises(ValueError, match=r"has no tool remember .*its tools: add_memory") as error:
        asyncio.run(play())
    assert str(error.value).endswith(
        "given as the agent's system_config: "
        '-T agent="{name: system, system: mcp, mcp_command: ..., system_config: tools.json}"'
    )


def test_the_suite_interpreter_runs_a_python_server() -> None:
    assert McpSystem(["python", "server.py"]).command[0] == sys.executable

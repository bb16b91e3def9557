"""An episode counts what became of its tool calls as the Inspect tool loop counts them."""

from __future__ import annotations

from typing import Any

from inspect_memgym.environments import MemoryEnv


def _write(content: str) -> dict[str, Any]:
    return {"tool": "memory_write", "arguments": {"content": content}}


def _play_to_the_end(env: MemoryEnv) -> dict[str, Any]:
    while True:
        _, _, terminated, truncated, info = env.step({"reply": "I do not know."})
        if terminated or truncated:
            return info


def test_calls_written_as_text_repeated_writes_copies_and_refusals_are_counted() -> None:
    env = MemoryEnv("entity_stream", tier="lite", max_turns=6)
    env.reset(seed=0)
    env.step(_write("Ada: 41"))
    env.step(_write("Ada: 41"))  # the same note again: a repeated write
    env.step(
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": "a",
                    "type": "function",
                    "function": {"name": "memory_read", "arguments": "{}"},
                },
                {
                    "id": "b",
                    "type": "function",
                    "function": {"name": "memory_read", "arguments": "{}"},
                },
            ],
        }
    )  # a copy in the same turn, not run again
    env.step({"tool": "memory_forget", "arguments": {}})  # no such tool: refused
    env.step({"reply": 'memory_write(content="Bo: 7")'})  # written, not called: ends the stage
    info = _play_to_the_end(env)
    use = info["tool_use"]
    assert use["native_calls"] == 5
    assert use["duplicate_calls"] == 1
    assert use["repeated_writes"] == 1
    assert use["refused_calls"] == 1
    assert use["text_calls"] == 1
    assert use["repeated_calls"] == 0
    assert use["turns"] >= 6


def test_prose_naming_a_tool_is_not_a_call_and_a_repeat_ends_a_stage() -> None:
    env = MemoryEnv("entity_stream", tier="lite", max_turns=4)
    env.reset(seed=0)
    env.step({"tool": "memory_read", "arguments": {}})
    env.step({"tool": "memory_read", "arguments": {}})  # same calls, same results
    env.step({"reply": "I would use memory_write to keep it."})
    info = _play_to_the_end(env)
    assert info["tool_use"]["repeated_calls"] == 1
    assert info["tool_use"]["text_calls"] == 0
    assert info["tool_use"]["repeated_writes"] == 0


def test_a_new_episode_starts_from_zero() -> None:
    env = MemoryEnv("entity_stream", tier="lite")
    env.reset(seed=0)
    env.step({"reply": 'memory_write(content="x")'})
    env.reset(seed=0)
    info = _play_to_the_end(env)
    assert info["tool_use"]["text_calls"] == 0

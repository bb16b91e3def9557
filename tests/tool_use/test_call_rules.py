"""The tool loop's rules that need no Inspect: which calls write, and which repeat a write."""

from __future__ import annotations

from inspect_memgym.memory.tool_specs import MEMORY_EDIT, MEMORY_TOOL_SPECS, MEMORY_WRITE
from inspect_memgym.tool_use.call_rules import WRITE_TOOLS, repeated_writes, write_keys


def test_the_write_tools_are_the_memory_tools_that_spend_the_budget() -> None:
    assert {spec.name for spec in MEMORY_TOOL_SPECS} >= WRITE_TOOLS
    assert {MEMORY_WRITE.name, MEMORY_EDIT.name} == WRITE_TOOLS


def test_only_a_verbatim_write_of_the_reply_before_is_a_repeat() -> None:
    before = write_keys(
        [
            ("memory_write", {"content": "Ada: 41"}),
            ("memory_search", {"query": "Ada"}),
            ("memory_edit", {"old_text": "41", "new_text": "42"}),
        ]
    )
    reply = [
        ("memory_write", {"content": "Ada: 41"}),
        ("memory_write", {"content": "Ada: 41."}),
        ("memory_search", {"query": "Ada"}),
        ("memory_edit", {"new_text": "42", "old_text": "41"}),
    ]
    assert repeated_writes(reply, before) == ["memory_write", "memory_edit"]
    assert repeated_writes(reply, set()) == []

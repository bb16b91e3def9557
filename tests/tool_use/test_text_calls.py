"""Tool calls written as text: found when they name an offered tool, in every shape."""

from __future__ import annotations

from inspect_memgym.tool_use.text_calls import text_tool_calls, without_calls

OFFERED = ("memory_write", "memory_read")


def test_a_bare_call_is_found_with_its_arguments() -> None:
    text = 'I will store it. {"name": "memory_write", "arguments": {"content": "Ada: 41"}}'
    (call,) = text_tool_calls(text, OFFERED)
    assert (call.function, call.arguments, call.shape) == (
        "memory_write",
        {"content": "Ada: 41"},
        "bare",
    )
    assert without_calls(text, [call]) == "I will store it."


def test_fenced_and_tagged_calls_are_told_apart() -> None:
    fenced = '```json\n{"name": "memory_read", "arguments": {"start_line": 1}}\n```'
    tagged = '<tool_call>\n{"name": "memory_read", "parameters": {}}\n</tool_call>'
    assert [c.shape for c in text_tool_calls(fenced, OFFERED)] == ["fenced"]
    assert [c.shape for c in text_tool_calls(tagged, OFFERED)] == ["tagged"]
    assert without_calls(fenced, text_tool_calls(fenced, OFFERED)) == ""
    assert without_calls(tagged, text_tool_calls(tagged, OFFERED)) == ""


def test_several_calls_and_nested_function_objects() -> None:
    text = (
        '{"function": {"name": "memory_write", "arguments": "{\\"content\\": \\"a\\"}"}}\n'
        '{"name": "memory_write", "args": {"content": "b"}}'
    )
    calls = text_tool_calls(text, OFFERED)
    assert [c.arguments for c in calls] == [{"content": "a"}, {"content": "b"}]


def test_objects_that_are_not_calls_of_offered_tools_are_ignored() -> None:
    assert text_tool_calls('{"name": "memory_update", "arguments": {}}', OFFERED) == []
    assert text_tool_calls('{"answer": "memory_write"}', OFFERED) == []
    assert text_tool_calls('{"name": "memory_write", "note": 1}', OFFERED) == []
    assert text_tool_calls("DONE", OFFERED) == []
    assert text_tool_calls('{"name": "memory_write", "arguments": {}}', ()) == []


def test_an_unparseable_argument_string_is_kept_not_dropped() -> None:
    (call,) = text_tool_calls('{"name": "memory_write", "arguments": "not json"}', OFFERED)
    assert call.arguments == {"__text__": "not json"}


def test_a_broken_object_before_a_call_does_not_hide_it() -> None:
    text = '{"name": oops} then {"name": "memory_read", "arguments": {}}'
    assert [c.function for c in text_tool_calls(text, OFFERED)] == ["memory_read"]

"""Tool calls written as text: found when they name an offered tool, in every shape and syntax."""

from __future__ import annotations

from inspect_ai.tool import Tool, ToolDef, tool

from inspect_memgym.tool_use.text_calls import (
    EXTRA_POSITIONAL,
    ToolSignature,
    text_tool_calls,
    tool_signature,
    without_calls,
    written_calls,
)

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


SIGNATURES = (
    ToolSignature("memory_write", ("content",), frozenset({"content"})),
    ToolSignature("memory_read", ("start_line", "num_lines")),
    ToolSignature("memory_search", ("query", "top_k"), frozenset({"query"})),
)


def test_a_python_call_binds_positional_arguments_in_schema_order() -> None:
    (call,) = text_tool_calls('memory_search("Acme account currency", 20)', SIGNATURES)
    assert (call.function, call.arguments, call.syntax, call.shape) == (
        "memory_search",
        {"query": "Acme account currency", "top_k": 20},
        "python",
        "bare",
    )


def test_keyword_arguments_bind_by_name_and_prose_around_is_kept() -> None:
    text = 'I will store the rule.\nmemory_write(content="Ada Lovelace: age 41")'
    (call,) = text_tool_calls(text, SIGNATURES)
    assert call.arguments == {"content": "Ada Lovelace: age 41"}
    assert without_calls(text, [call]) == "I will store the rule."


def test_several_fenced_python_calls_in_one_reply() -> None:
    text = (
        "```python\n"
        "memory_write(content='Ada: 41')\n"
        'memory_search(query="Ada", top_k=3)\n'
        "memory_read()\n"
        "```"
    )
    calls = text_tool_calls(text, SIGNATURES)
    assert [(c.function, c.arguments, c.shape) for c in calls] == [
        ("memory_write", {"content": "Ada: 41"}, "fenced"),
        ("memory_search", {"query": "Ada", "top_k": 3}, "fenced"),
        ("memory_read", {}, "fenced"),
    ]
    assert without_calls(text, calls) == ""


def test_prose_that_names_a_tool_without_call_syntax_is_not_a_call() -> None:
    for prose in (
        "I could use memory_search or memory_write, but the answer is EUR.",
        "Use memory_search(query) to look it up.",
        "Call memory_write() to store it.",
        'my_memory_search("Ada") is not an offered tool.',
        'memory_write(content="Ada" + age)',
        'memory_delete("Ada")',
    ):
        assert text_tool_calls(prose, SIGNATURES) == [], prose
        assert written_calls(prose, SIGNATURES) == 0, prose


def test_python_literals_are_read_not_run() -> None:
    text = (
        'memory_write(content="Ada (née Byron):\nage 41", )\n'
        "memory_search(query='x', top_k=true)\n"
        'memory_search(__import__("os").system("echo no"))'
    )
    calls = text_tool_calls(text, SIGNATURES)
    assert [c.arguments for c in calls] == [
        {"content": "Ada (née Byron):\nage 41"},
        {"query": "x", "top_k": True},
    ]


def test_a_call_quoted_inside_another_calls_argument_is_part_of_it() -> None:
    python = "memory_write(content='Next: memory_search(\"Ada\")')"
    json_call = '{"name": "memory_write", "arguments": {"content": "memory_search(\\"Ada\\")"}}'
    assert [c.function for c in text_tool_calls(python, SIGNATURES)] == ["memory_write"]
    assert [c.syntax for c in text_tool_calls(json_call, SIGNATURES)] == ["json"]


def test_one_object_of_parameter_names_is_the_arguments() -> None:
    text = 'memory_search({"query": "Ada", "top_k": 2})\nmemory_write({"note": "x"})'
    assert [c.arguments for c in text_tool_calls(text, SIGNATURES)] == [
        {"query": "Ada", "top_k": 2},
        {"content": {"note": "x"}},
    ]


def test_positional_arguments_beyond_the_schema_or_without_one_stay_unbound() -> None:
    (extra,) = text_tool_calls('memory_write("a", "b")', SIGNATURES)
    assert extra.arguments == {"content": "a", EXTRA_POSITIONAL: ["b"]}
    (unknown,) = text_tool_calls('memory_search("Ada", 20)', (*OFFERED, "memory_search"))
    assert unknown.arguments == {EXTRA_POSITIONAL: ["Ada", 20]}


def test_a_python_call_cut_off_counts_once_and_an_open_parenthesis_in_prose_does_not() -> None:
    assert written_calls('Storing it. memory_write(content="Ada Lovelace, born 18', SIGNATURES) == 1
    assert written_calls('memory_write("Ada Lovelace, born 18', SIGNATURES) == 1
    assert written_calls("I used memory_search (twice) and it's fine", SIGNATURES) == 0
    assert written_calls("see memory_search(it's there", SIGNATURES) == 0


def test_a_tool_signature_is_read_from_the_schema() -> None:
    assert tool_signature(ToolDef(_search())) == ToolSignature(
        "memory_search", ("query", "top_k"), frozenset({"query"})
    )


@tool(name="memory_search")
def _search() -> Tool:
    async def execute(query: str, top_k: int = 5) -> str:
        """Search.

        Args:
            query: What to look for.
            top_k: How many.
        """
        return query * top_k

    return execute


def test_typographic_quotes_are_read_as_straight_ones() -> None:
    curly_double = "memory_write(content=\u201cAda: 41\u201d)"
    curly_single = "Storing: memory_write(\u2018Bo: 7\u2019)"
    (double,) = text_tool_calls(curly_double, SIGNATURES)
    (single,) = text_tool_calls(curly_single, SIGNATURES)
    assert double.arguments == {"content": "Ada: 41"}
    assert single.arguments == {"content": "Bo: 7"}
    assert single.span == (len("Storing: "), len(curly_single))
    assert written_calls("memory_write(content=\u201cAda: 41 and then", SIGNATURES) == 1
    assert written_calls("He said \u201cmemory_write\u201d (the tool) helps.", SIGNATURES) == 0

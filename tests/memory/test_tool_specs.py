"""The tools' descriptions and schemas are one: what Inspect offers is what tool_specs says."""

from __future__ import annotations

import pytest
from inspect_ai.tool import Tool, ToolDef

from inspect_memgym.entity_stream.answer_submission import SUBMIT_ANSWER
from inspect_memgym.entity_stream.submit_answer import submit_answer
from inspect_memgym.memory.delete_tool import memory_delete
from inspect_memgym.memory.markdown_backend import MarkdownBackend
from inspect_memgym.memory.tool_specs import MEMORY_DELETE, MEMORY_TOOL_SPECS, ToolSpec
from inspect_memgym.memory.tools import memory_tools


def _pairs(backend: MarkdownBackend) -> list[tuple[Tool, ToolSpec]]:
    return [
        *zip(memory_tools(backend), MEMORY_TOOL_SPECS, strict=True),
        (memory_delete(backend), MEMORY_DELETE),
        (submit_answer(), SUBMIT_ANSWER),
    ]


@pytest.mark.parametrize("index", range(6))
def test_the_inspect_tool_offers_exactly_the_spec(index: int) -> None:
    with MarkdownBackend() as backend:
        tool, spec = _pairs(backend)[index]
        offered = ToolDef(tool)
    assert offered.name == spec.name
    assert offered.description == spec.description
    assert offered.parameters.model_dump(exclude_none=True) == spec.parameters


def test_integer_arguments_are_read_from_the_schema() -> None:
    read, search = MEMORY_TOOL_SPECS[2], MEMORY_TOOL_SPECS[3]
    assert read.integer_arguments() == {"start_line", "num_lines"}
    assert search.integer_arguments() == {"top_k"}
    assert search.openai()["function"]["name"] == "memory_search"

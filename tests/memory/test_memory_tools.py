"""The memory tools, called as Inspect runs them: async, against the sample store."""

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import pytest
from inspect_ai.tool import Tool, ToolDef, ToolError
from inspect_ai.util import store_as

from inspect_memgym.kit.inspect_internals import start_sample_store
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.factory import BACKEND_NAMES, create_backend
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.memory.operation_log import OPERATION_KEYS
from inspect_memgym.memory.tools import memory_tools, status_line


class Tools:
    """The four tools of one backend, callable synchronously."""

    def __init__(self, backend: MemoryBackend) -> None:
        self.backend = backend
        self.write, self.edit, self.read, self.search = memory_tools(backend)

    @staticmethod
    def call(tool: Tool, **arguments: Any) -> str:
        result = asyncio.run(tool(**arguments))
        assert isinstance(result, str)
        return result

    @staticmethod
    def refusal(tool: Tool, **arguments: Any) -> str:
        with pytest.raises(ToolError) as caught:
            asyncio.run(tool(**arguments))
        return caught.value.message


@pytest.fixture
def ledger() -> MemoryLedger:
    """A fresh sample store, as Inspect sets it for each sample, with a budget of 30."""
    start_sample_store()
    ledger = store_as(MemoryLedger)
    ledger.write_budget = 30
    return ledger


@pytest.fixture
def tools(ledger: MemoryLedger) -> Iterator[Tools]:
    backend = create_backend("markdown")
    yield Tools(backend)
    backend.close()


@pytest.fixture(params=BACKEND_NAMES)
def tools_on_each_backend(request: pytest.FixtureRequest, ledger: MemoryLedger) -> Iterator[Tools]:
    backend = create_backend(request.param)
    yield Tools(backend)
    backend.close()


def last_operation() -> dict[str, Any]:
    return store_as(MemoryLedger).operations[-1]


def test_tool_names_and_parameter_descriptions(tools: Tools) -> None:
    definitions = [ToolDef(tool) for tool in memory_tools(tools.backend)]
    assert [definition.name for definition in definitions] == [
        "memory_write",
        "memory_edit",
        "memory_read",
        "memory_search",
    ]
    parameters = {
        definition.name: {
            name: schema.description for name, schema in definition.parameters.properties.items()
        }
        for definition in definitions
    }
    assert set(parameters["memory_write"]) == {"content"}
    assert set(parameters["memory_edit"]) == {"old_text", "new_text"}
    assert set(parameters["memory_read"]) == {"start_line", "num_lines"}
    assert set(parameters["memory_search"]) == {"query", "top_k"}
    assert "2,000 characters" in str(parameters["memory_write"]["content"])
    assert all(all(descriptions.values()) for descriptions in parameters.values())
    assert "Costs 1 write" in definitions[0].description
    assert "Free." in definitions[2].description and "Free." in definitions[3].description


def test_write_stores_and_charges(tools_on_each_backend: Tools, ledger: MemoryLedger) -> None:
    tools = tools_on_each_backend
    reply = tools.call(tools.write, content="Argon Labs\n\n\nrevenue: 10M")
    assert reply == "Stored as entry 1. 29 of 30 writes left."
    assert (
        tools.call(tools.write, content="Bolt Corp") == "Stored as entry 2. 28 of 30 writes left."
    )
    assert tools.backend.get(1).content == "Argon Labs\nrevenue: 10M"
    assert store_as(MemoryLedger).writes_used == 2
    assert status_line(tools.backend) == "Memory: 2 entries stored, 28 of 30 writes left."


def test_write_refused_when_budget_exhausted(tools: Tools, ledger: MemoryLedger) -> None:
    ledger.write_budget = 2
    tools.call(tools.write, content="one")
    assert tools.call(tools.write, content="two") == "Stored as entry 2. 0 of 2 writes left."
    message = tools.refusal(tools.write, content="three")
    assert message == "Write budget exhausted; nothing stored. 0 of 2 writes left."
    assert tools.backend.count() == 2
    assert store_as(MemoryLedger).writes_used == 2
    assert status_line(tools.backend) == "Memory: 2 entries stored, 0 of 2 writes left."


def test_write_refuses_over_length_and_empty(tools: Tools, ledger: MemoryLedger) -> None:
    message = tools.refusal(tools.write, content="x" * 2001)
    assert message == (
        "Content is 2,001 characters; the limit is 2,000 per entry. Nothing stored. "
        "30 of 30 writes left."
    )
    message = tools.refusal(tools.write, content=" \n\n\x00 ")
    assert message == "Nothing to store: content is empty. 30 of 30 writes left."
    # the limit applies after normalisation, and exactly 2,000 characters fit
    assert tools.call(tools.write, content="  " + "y" * 2000 + "\n\n") == (
        "Stored as entry 1. 29 of 30 writes left."
    )
    assert store_as(MemoryLedger).writes_used == 1
    assert status_line(tools.backend) == "Memory: 1 entry stored, 29 of 30 writes left."


def test_edit_costs_one_write_outside_corrections(tools: Tools, ledger: MemoryLedger) -> None:
    tools.call(tools.write, content="Argon Labs revenue: 10M")
    reply = tools.call(tools.edit, old_text="10M", new_text="12M")
    assert reply == "Edited entry 1 (cost 1 write). 28 of 30 writes left."
    assert tools.backend.get(1).content == "Argon Labs revenue: 12M"


def test_edit_is_free_during_a_correction(
    tools_on_each_backend: Tools, ledger: MemoryLedger
) -> None:
    tools = tools_on_each_backend
    tools.call(tools.write, content="Argon Labs inventory turnover: 35.88")
    ledger.free_edits_left = 1
    reply = tools.call(tools.edit, old_text="35.88", new_text="42.87")
    assert reply == "Edited entry 1 (free: correction in progress). 29 of 30 writes left."
    current = store_as(MemoryLedger)
    assert (current.free_edits_left, current.writes_used) == (0, 1)
    assert tools.backend.get(1).content == "Argon Labs inventory turnover: 42.87"
    assert tools.backend.search("Argon Labs turnover")[0].content.endswith("42.87")
    # the free edit is used up: the next one is paid
    reply = tools.call(tools.edit, old_text="42.87", new_text="42.9")
    assert reply == "Edited entry 1 (cost 1 write). 28 of 30 writes left."


def test_edit_not_found_charges_nothing(tools: Tools, ledger: MemoryLedger) -> None:
    tools.call(tools.write, content="Argon Labs revenue: 10M")
    ledger.free_edits_left = 1
    message = tools.refusal(tools.edit, old_text="argon labs", new_text="x")
    assert message == (
        "old_text was not found in any entry (matching is exact and case-sensitive); "
        "nothing charged. 29 of 30 writes left."
    )
    current = store_as(MemoryLedger)
    assert (current.writes_used, current.free_edits_left) == (1, 1)
    record = current.operations[-1]
    assert (record["ok"], record["cost"], record["tool"]) == (False, 0, "memory_edit")


def test_edit_refuses_ambiguous_text(tools: Tools, ledger: MemoryLedger) -> None:
    tools.call(tools.write, content="Argon Labs revenue: 10M")
    tools.call(tools.write, content="Bolt Corp revenue: 10M, staff 10")
    tools.call(tools.write, content="Cirrus Inc staff: 7")
    message = tools.refusal(tools.edit, old_text="revenue: 10M", new_text="revenue: 11M")
    assert message.startswith("old_text appears in several entries (1, 2); include more")
    assert message.endswith("Nothing charged. 27 of 30 writes left.")
    message = tools.refusal(tools.edit, old_text="10", new_text="11")
    assert "several entries (1, 2)" in message
    tools.call(tools.write, content="aaa")
    message = tools.refusal(tools.edit, old_text="aa", new_text="b")
    assert message.startswith("old_text appears 2 times in entry 4; include more")
    assert store_as(MemoryLedger).writes_used == 4


def test_edit_refuses_bad_results_and_exhausted_budget(tools: Tools, ledger: MemoryLedger) -> None:
    ledger.write_budget = 2
    tools.call(tools.write, content="abc")
    tools.call(tools.write, content="z" * 1990 + " marker")
    message = tools.refusal(tools.edit, old_text="abc", new_text="\n\n")
    assert message == "The edit would leave entry 1 empty; nothing charged. 0 of 2 writes left."
    message = tools.refusal(tools.edit, old_text="marker", new_text="m" * 20)
    assert message == (
        "The edited entry 2 would be 2,011 characters; the limit is 2,000. Nothing charged. "
        "0 of 2 writes left."
    )
    message = tools.refusal(tools.edit, old_text="", new_text="x")
    assert message == "old_text is empty; nothing charged. 0 of 2 writes left."
    message = tools.refusal(tools.edit, old_text="abc", new_text="abc")
    assert message == "The edit would not change entry 1; nothing charged. 0 of 2 writes left."
    message = tools.refusal(tools.edit, old_text="abc", new_text="abd")
    assert message == (
        "Write budget exhausted; edits cost 1 write outside corrections. Nothing changed. "
        "0 of 2 writes left."
    )
    assert tools.backend.get(1).content == "abc"
    ledger.free_edits_left = 1
    assert tools.call(tools.edit, old_text="abc", new_text="abd") == (
        "Edited entry 1 (free: correction in progress). 0 of 2 writes left."
    )


def test_read_pages_through_rendered_lines(tools: Tools, ledger: MemoryLedger) -> None:
    assert tools.call(tools.read) == "Memory is empty."
    tools.call(tools.write, content="one\ntwo")
    tools.call(tools.write, content="three")
    assert tools.call(tools.read) == (
        "Memory lines 1-7 of 7 (2 entries).\n## entry 1\none\ntwo\n\n## entry 2\nthree\n"
    )
    assert tools.call(tools.read, start_line=5, num_lines=2) == (
        "Memory lines 5-6 of 7 (2 entries).\n## entry 2\nthree"
    )
    assert last_operation()["returned"] == [2]
    assert tools.call(tools.read, start_line=3, num_lines=500).startswith(
        "Memory lines 3-7 of 7 (2 entries).\ntwo\n"
    )
    assert last_operation()["returned"] == [1, 2]


def test_read_pages_default_to_200_lines(tools: Tools, ledger: MemoryLedger) -> None:
    for index in range(70):
        tools.backend.add(f"entry {index}")  # 3 lines each: 210 lines
    first_page = tools.call(tools.read)
    assert first_page.split("\n")[0] == "Memory lines 1-200 of 210 (70 entries)."
    assert len(first_page.split("\n")) == 201
    assert tools.call(tools.read, start_line=201).split("\n")[0] == (
        "Memory lines 201-210 of 210 (70 entries)."
    )


def test_read_page_stops_before_inspect_output_limit(tools: Tools, ledger: MemoryLedger) -> None:
    for index in range(10):
        tools.backend.add(f"{index}" * 1900)  # 10 entries of 3 lines, one of 1,900 bytes
    page = tools.call(tools.read)
    # 7 full entries (21 lines, 13,391 bytes) and the 8th header fit; its content would not
    assert page.split("\n")[0] == "Memory lines 1-22 of 30 (10 entries)."
    assert len(page.encode("utf-8")) < 15_100
    assert last_operation()["returned"] == list(range(1, 9))
    assert tools.call(tools.read, start_line=23).split("\n")[0] == (
        "Memory lines 23-30 of 30 (10 entries)."
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"start_line": 8}, "start_line must be between 1 and 7, got 8."),
        ({"start_line": 0}, "start_line must be between 1 and 7, got 0."),
        ({"num_lines": 0}, "num_lines must be between 1 and 500, got 0."),
        ({"num_lines": 501}, "num_lines must be between 1 and 500, got 501."),
        ({"start_line": "2"}, "start_line must be an integer, got '2'."),
    ],
)
def test_read_range_errors(
    tools: Tools, ledger: MemoryLedger, arguments: dict[str, Any], message: str
) -> None:
    tools.call(tools.write, content="one\ntwo")
    tools.call(tools.write, content="three")
    assert tools.refusal(tools.read, **arguments) == message


def test_search_formats_hits(tools_on_each_backend: Tools, ledger: MemoryLedger) -> None:
    tools = tools_on_each_backend
    assert tools.call(tools.search, query="Argon") == 'No entries match "Argon".'
    tools.call(tools.write, content="Bolt Corp revenue: 12M")
    tools.call(tools.write, content="Argon Labs revenue: 10M")
    reply = tools.call(tools.search, query="Argon Labs revenue", top_k=1)
    assert re.fullmatch(
        r'1 results for "Argon Labs revenue":\n'
        r"## entry 2 \(score 2\.\d{3}\)\nArgon Labs revenue: 10M\n",
        reply,
    )
    assert last_operation()["returned"] == [2]
    reply = tools.call(tools.search, query="  revenue  ")
    assert reply.startswith('2 results for "revenue":\n## entry 1 (score 2.')
    assert "\n## entry 2 (score 2." in reply


def test_search_top_k_is_clamped_and_checked(tools: Tools, ledger: MemoryLedger) -> None:
    for index in range(25):
        tools.backend.add(f"Delta Works report {index}")
    reply = tools.call(tools.search, query="Delta Works", top_k=50)
    assert reply.startswith('20 results for "Delta Works":')
    record = last_operation()
    assert record["top_k"] == 20
    assert record["returned"] == list(range(1, 21))
    assert tools.call(tools.search, query="Delta Works").startswith('5 results for "Delta Works":')
    assert tools.refusal(tools.search, query="Delta", top_k=0) == (
        "top_k must be between 1 and 20, got 0."
    )
    assert tools.refusal(tools.search, query="Delta", top_k="3") == (
        "top_k must be an integer, got '3'."
    )
    assert tools.refusal(tools.search, query="Delta", top_k=True) == (
        "top_k must be an integer, got True."
    )
    assert tools.refusal(tools.search, query="  ") == "The search query is empty."


def test_every_operation_is_logged_uniformly(tools: Tools, ledger: MemoryLedger) -> None:
    ledger.event_index = 4
    tools.call(tools.write, content="Argon Labs revenue: 10M")
    tools.refusal(tools.write, content="")
    ledger.event_index = 5
    tools.call(tools.edit, old_text="10M", new_text="12M")
    tools.refusal(tools.edit, old_text="missing", new_text="x")
    tools.call(tools.read)
    tools.refusal(tools.read, start_line=99)
    tools.call(tools.search, query="Argon Labs")
    tools.refusal(tools.search, query="")
    operations = store_as(MemoryLedger).operations
    assert len(operations) == 8
    assert all(tuple(record) == OPERATION_KEYS for record in operations)
    assert all(isinstance(record["ms"], float) and record["ms"] >= 0 for record in operations)
    summary = [
        (record["event"], record["tool"], record["ok"], record["cost"], record["writes_left"])
        for record in operations
    ]
    assert summary == [
        (4, "memory_write", True, 1, 29),
        (4, "memory_write", False, 0, 29),
        (5, "memory_edit", True, 1, 28),
        (5, "memory_edit", False, 0, 28),
        (5, "memory_read", True, 0, 28),
        (5, "memory_read", False, 0, 28),
        (5, "memory_search", True, 0, 28),
        (5, "memory_search", False, 0, 28),
    ]
    write, refused_write, edit, refused_edit, read, refused_read, search, refused_search = (
        operations
    )
    assert (write["entry_id"], write["content"], write["error"]) == (
        1,
        "Argon Labs revenue: 10M",
        None,
    )
    assert refused_write["error"] == "Nothing to store: content is empty. 29 of 30 writes left."
    assert (edit["entry_id"], edit["old_text"], edit["new_text"], edit["content"]) == (
        1,
        "10M",
        "12M",
        "Argon Labs revenue: 12M",
    )
    assert refused_edit["entry_id"] is None
    assert refused_edit["error"].startswith("old_text was not found")
    assert (read["returned"], read["query"], read["top_k"]) == ([1], None, None)
    assert refused_read["error"] == "start_line must be between 1 and 3, got 99."
    assert (search["query"], search["top_k"], search["returned"]) == ("Argon Labs", 5, [1])
    assert (refused_search["error"], refused_search["returned"]) == (
        "The search query is empty.",
        None,
    )

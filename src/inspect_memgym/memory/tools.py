"""The memory tools the model uses: write, edit, read and search.

Each tool runs one operation of `memory.operations` (the implementation the training
environments share) on the sample's `MemoryBackend` and `MemoryLedger`, and says what it
does in the words of `memory.tool_specs`. Writes cost one unit of the write budget; edits
cost one unit except while a correction is being processed; reads and searches are free.
A refusal is a `ToolError` that says what was wrong and how many writes are left, and
charges nothing. Every call that reaches a tool, refused or not, appends one uniform record
to `MemoryLedger.operations`; calls that Inspect rejects before the tool runs (unknown tool,
unparseable or mistyped arguments) appear only in the transcript, as tool errors.
"""

from collections.abc import Callable
from typing import Any, TypeVar

from inspect_ai.tool import Tool, ToolError, tool

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.ledger import LedgerCounts, current_ledger, logged_operation
from inspect_memgym.memory.operations import (
    DEFAULT_SEARCH_RESULTS,
    MemoryRefusal,
    edit_entry,
    memory_status,
    read_memory,
    search_memory,
    write_entry,
)
from inspect_memgym.memory.tool_specs import (
    MEMORY_EDIT,
    MEMORY_READ,
    MEMORY_SEARCH,
    MEMORY_WRITE,
    ToolSpec,
)
from inspect_memgym.memory.tool_views import memory_edit_viewer, memory_write_viewer

Operation = Callable[[LedgerCounts, dict[str, Any]], str]
Function = TypeVar("Function", bound=Callable[..., Any])


def memory_tools(backend: MemoryBackend) -> list[Tool]:
    """The four memory tools bound to one backend.

    Args:
        backend: The sample's memory backend.

    Returns:
        `memory_write`, `memory_edit`, `memory_read` and `memory_search`.
    """
    return [
        memory_write(backend),
        memory_edit(backend),
        memory_read(backend),
        memory_search(backend),
    ]


def status_line(backend: MemoryBackend, stored: int | None = None) -> str:
    """One-line memory summary for prompts, e.g. `Memory: 12 entries stored, 18 of 30 writes left.`.

    Args:
        backend: The sample's memory backend.
        stored: Entries stored, if the caller knows (default: ask the backend).

    Returns:
        The summary (reads the current sample's ledger).
    """
    return memory_status(backend.count() if stored is None else stored, current_ledger())


@tool(viewer=memory_write_viewer())
def memory_write(backend: MemoryBackend) -> Tool:
    """Tool that stores a new memory entry (`tool_specs.MEMORY_WRITE`).

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_write` tool.
    """

    async def execute(content: str) -> str:
        return run_logged(
            MEMORY_WRITE.name, lambda ledger, record: write_entry(backend, ledger, record, content)
        )

    return described(execute, MEMORY_WRITE)


@tool(viewer=memory_edit_viewer())
def memory_edit(backend: MemoryBackend) -> Tool:
    """Tool that replaces text inside one memory entry (`tool_specs.MEMORY_EDIT`).

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_edit` tool.
    """

    async def execute(old_text: str, new_text: str) -> str:
        return run_logged(
            MEMORY_EDIT.name,
            lambda ledger, record: edit_entry(backend, ledger, record, old_text, new_text),
        )

    return described(execute, MEMORY_EDIT)


@tool
def memory_read(backend: MemoryBackend) -> Tool:
    """Tool that shows stored memory by line range (`tool_specs.MEMORY_READ`).

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_read` tool.
    """

    async def execute(start_line: int | None = None, num_lines: int | None = None) -> str:
        return run_logged(
            MEMORY_READ.name,
            lambda _, record: read_memory(backend, record, start_line, num_lines),
        )

    return described(execute, MEMORY_READ)


# Output is bounded (at most 20 entries of at most 2,000 characters), and
# Inspect's default 16 KiB truncation would cut hits off silently.
@tool(max_output=0)
def memory_search(backend: MemoryBackend) -> Tool:
    """Tool that searches stored memory (`tool_specs.MEMORY_SEARCH`).

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_search` tool.
    """

    async def execute(query: str, top_k: int = DEFAULT_SEARCH_RESULTS) -> str:
        return run_logged(
            MEMORY_SEARCH.name,
            lambda ledger, record: search_memory(backend, ledger, record, query, top_k),
        )

    return described(execute, MEMORY_SEARCH)


def described(execute: Function, spec: ToolSpec) -> Function:
    """A tool function that tells the model what `spec` says, through its docstring.

    Inspect reads a tool's description and its arguments' descriptions from the docstring
    of its function (Google style); `tests/memory/test_tool_specs.py` checks that what it
    reads is the spec, word for word.

    Args:
        execute: The tool's function.
        spec: Its description.
    """
    execute.__doc__ = tool_docstring(spec.description, spec.parameter_descriptions())
    return execute


def tool_docstring(description: str, parameters: dict[str, str]) -> str:
    """A Google-style docstring: the description, then an ``Args:`` section.

    Args:
        description: What the tool does.
        parameters: Each argument's description, by name (continuation lines indented).
    """
    lines = [description, "", "Args:"]
    for name, text in parameters.items():
        first, *rest = text.split("\n")
        lines.append(f"    {name}: {first}")
        lines.extend(f"        {line}" for line in rest)
    return "\n".join(lines)


def run_logged(tool_name: str, operation: Operation) -> str:
    """Run one operation with its record logged in the sample's ledger, success or not.

    Args:
        tool_name: The tool's name, recorded as the operation.
        operation: The operation, given the ledger and the record.

    Raises:
        ToolError: The operation's refusal, as Inspect shows it to the model.
    """
    with logged_operation(tool_name) as (ledger, record):
        try:
            return operation(ledger, record)
        except MemoryRefusal as refusal:
            raise ToolError(refusal.message) from None

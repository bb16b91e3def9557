"""The memory tools the model uses: write, edit, read and search.

Each tool works on the sample's `MemoryBackend` and on the `MemoryLedger` in
Inspect's store. Writes cost one unit of the write budget; edits cost one
unit except while a correction is being processed; reads and searches are
free. A refusal is a `ToolError` that says what was wrong and how many
writes are left, and charges nothing. Every call that reaches a tool, refused
or not, appends one uniform record to `MemoryLedger.operations`; calls that
Inspect rejects before the tool runs (unknown tool, unparseable or mistyped
arguments) appear only in the transcript, as tool errors.
"""

from collections.abc import Callable
from typing import Any

from inspect_ai.tool import Tool, ToolError, tool

from inspect_memgym.memory.backend import MemoryBackend, MemoryEntry
from inspect_memgym.memory.budget import WRITE_COST, can_afford, describe_budget, edit_cost
from inspect_memgym.memory.content import MAX_CONTENT_CHARS, normalize_content
from inspect_memgym.memory.ledger import MemoryLedger, current_ledger, logged_operation
from inspect_memgym.memory.tool_views import memory_edit_viewer, memory_write_viewer

DEFAULT_READ_LINES = 200
MAX_READ_LINES = 500
READ_OUTPUT_LIMIT_BYTES = 15_000
"""Page size cap for `memory_read`, below Inspect's default 16 KiB tool-output limit."""
DEFAULT_SEARCH_RESULTS = 5
MAX_SEARCH_RESULTS = 20
MAX_QUERY_CHARS = MAX_CONTENT_CHARS
"""Longest search query: no entry could contain a longer one verbatim."""


Operation = Callable[[MemoryLedger, dict[str, Any]], str]


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
    ledger = current_ledger()
    if stored is None:
        stored = backend.count()
    noun = "entry" if stored == 1 else "entries"
    return f"Memory: {stored} {noun} stored, {_budget(ledger)}"


@tool(viewer=memory_write_viewer())
def memory_write(backend: MemoryBackend) -> Tool:
    """Tool that stores a new memory entry.

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_write` tool.
    """

    async def execute(content: str) -> str:
        """Store a new entry in your memory. Costs 1 write from your write budget.

        Your memory is the only thing that persists between events, so pack what
        matters (names with their facts and values) into each entry. The reply
        gives the new entry's id and the writes left.

        Args:
            content: Text to store, at most 2,000 characters. Blank lines are
                collapsed so the entry is a single paragraph.
        """

        def operation(ledger: MemoryLedger, record: dict[str, Any]) -> str:
            text = normalize_content(_require_text(content, "content", ledger))
            if not text:
                raise ToolError(f"Nothing to store: content is empty. {_budget(ledger)}")
            if len(text) > MAX_CONTENT_CHARS:
                raise ToolError(
                    f"Content is {len(text):,} characters; the limit is {MAX_CONTENT_CHARS:,} "
                    f"per entry. Nothing stored. {_budget(ledger)}"
                )
            if not can_afford(WRITE_COST, ledger.writes_left):
                raise ToolError(f"Write budget exhausted; nothing stored. {_budget(ledger)}")
            entry_id = backend.add(text)
            ledger.writes_used = ledger.writes_used + WRITE_COST
            record.update(cost=WRITE_COST, entry_id=entry_id, content=text)
            return f"Stored as entry {entry_id}. {_budget(ledger)}"

        return _run_logged("memory_write", operation)

    return execute


@tool(viewer=memory_edit_viewer())
def memory_edit(backend: MemoryBackend) -> Tool:
    """Tool that replaces text inside one memory entry.

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_edit` tool.
    """

    async def execute(old_text: str, new_text: str) -> str:
        """Replace text in one memory entry, e.g. to apply a correction to a stored value.

        `old_text` must occur exactly once in exactly one entry; include enough
        surrounding text to make it unique. Costs 1 write, but is free while a
        correction notice is being processed. A refused edit costs nothing.

        Args:
            old_text: Exact text currently in the entry (case-sensitive).
            new_text: Replacement text (may be empty to delete old_text).
        """

        def operation(ledger: MemoryLedger, record: dict[str, Any]) -> str:
            old = _require_text(old_text, "old_text", ledger)
            new = _require_text(new_text, "new_text", ledger)
            record.update(old_text=old, new_text=new)
            if not old.strip():
                raise ToolError(f"old_text is empty; nothing charged. {_budget(ledger)}")
            entry = _single_match(backend.entries(), old, ledger)
            record.update(entry_id=entry.entry_id)
            edited = normalize_content(entry.content.replace(old, new, 1))
            if not edited:
                raise ToolError(
                    f"The edit would leave entry {entry.entry_id} empty; nothing charged. "
                    f"{_budget(ledger)}"
                )
            if len(edited) > MAX_CONTENT_CHARS:
                raise ToolError(
                    f"The edited entry {entry.entry_id} would be {len(edited):,} characters; "
                    f"the limit is {MAX_CONTENT_CHARS:,}. Nothing charged. {_budget(ledger)}"
                )
            if edited == entry.content:
                raise ToolError(
                    f"The edit would not change entry {entry.entry_id}; nothing charged. "
                    f"{_budget(ledger)}"
                )
            cost = edit_cost(ledger.free_edits_left)
            if not can_afford(cost, ledger.writes_left):
                raise ToolError(
                    f"Write budget exhausted; edits cost 1 write outside corrections. "
                    f"Nothing changed. {_budget(ledger)}"
                )
            backend.replace(entry.entry_id, edited)
            if cost == 0:
                ledger.free_edits_left = ledger.free_edits_left - 1
            else:
                ledger.writes_used = ledger.writes_used + cost
            record.update(cost=cost, content=edited)
            charge = "free: correction in progress" if cost == 0 else f"cost {cost} write"
            return f"Edited entry {entry.entry_id} ({charge}). {_budget(ledger)}"

        return _run_logged("memory_edit", operation)

    return execute


@tool
def memory_read(backend: MemoryBackend) -> Tool:
    """Tool that shows stored memory by line range.

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_read` tool.
    """

    async def execute(start_line: int | None = None, num_lines: int | None = None) -> str:
        """Read your memory, a range of lines at a time. Free.

        Memory is shown as lines: each entry is a `## entry <id>` header line,
        its content lines, then a blank line. The first reply line gives the
        range shown and the total, so you can page through long memories (a
        page also stops at about 15,000 characters; continue after its last line).

        Args:
            start_line: First line to show, counting from 1 (default 1).
            num_lines: Number of lines to show, 1 to 500 (default 200).
        """

        def operation(ledger: MemoryLedger, record: dict[str, Any]) -> str:
            first = 1 if start_line is None else _require_integer(start_line, "start_line")
            count = DEFAULT_READ_LINES if num_lines is None else num_lines
            count = _require_integer(count, "num_lines")
            if not 1 <= count <= MAX_READ_LINES:
                raise ToolError(f"num_lines must be between 1 and {MAX_READ_LINES}, got {count}.")
            entries = backend.entries()
            record.update(returned=[])
            if not entries:
                if first < 1:
                    raise ToolError(f"start_line must be at least 1, got {first}.")
                return "Memory is empty."
            lines = _render_lines(entries)
            if not 1 <= first <= len(lines):
                raise ToolError(f"start_line must be between 1 and {len(lines)}, got {first}.")
            shown = _fit_output(lines[first - 1 : first - 1 + count])
            last = first + len(shown) - 1
            record.update(returned=sorted({entry_id for entry_id, _ in shown}))
            header = f"Memory lines {first}-{last} of {len(lines)} ({len(entries)} entries)."
            return "\n".join([header, *(text for _, text in shown)])

        return _run_logged("memory_read", operation)

    return execute


# Output is bounded (at most 20 entries of at most 2,000 characters), and
# Inspect's default 16 KiB truncation would cut hits off silently.
@tool(max_output=0)
def memory_search(backend: MemoryBackend) -> Tool:
    """Tool that searches stored memory.

    Args:
        backend: The sample's memory backend.

    Returns:
        The `memory_search` tool.
    """

    async def execute(query: str, top_k: int = DEFAULT_SEARCH_RESULTS) -> str:
        """Search your memory for the entries that best match a query. Free.

        Entries containing the query verbatim, or a capitalised name from it
        (e.g. an entity name), come first; then the closest matches. Higher
        scores are better.

        Args:
            query: What to look for, e.g. an entity name or a name and an attribute
                (at most 2,000 characters).
            top_k: Number of entries to return, 1 to 20 (default 5; larger values are capped at 20).
        """

        def operation(ledger: MemoryLedger, record: dict[str, Any]) -> str:
            text = normalize_content(_require_text(query, "query", ledger))
            record.update(query=text)
            limit = _require_integer(top_k, "top_k")
            if limit < 1:
                raise ToolError(f"top_k must be between 1 and {MAX_SEARCH_RESULTS}, got {limit}.")
            limit = min(limit, MAX_SEARCH_RESULTS)
            record.update(top_k=limit)
            if not text:
                raise ToolError("The search query is empty.")
            if len(text) > MAX_QUERY_CHARS:
                raise ToolError(
                    f"The search query is {len(text):,} characters; the limit is "
                    f"{MAX_QUERY_CHARS:,}."
                )
            hits = backend.search(text, limit)
            record.update(returned=[hit.entry_id for hit in hits])
            if not hits:
                return f'No entries match "{text}".'
            lines = [f'{len(hits)} results for "{text}":']
            for hit in hits:
                lines.extend([f"## entry {hit.entry_id} (score {hit.score:.3f})", hit.content, ""])
            return "\n".join(lines)

        return _run_logged("memory_search", operation)

    return execute


def _run_logged(tool_name: str, operation: Operation) -> str:
    """Run a tool operation with its record logged in the ledger, success or not."""
    with logged_operation(tool_name) as (ledger, record):
        return operation(ledger, record)


def _budget(ledger: MemoryLedger) -> str:
    return describe_budget(ledger.writes_left, ledger.write_budget)


def _require_text(value: object, argument: str, ledger: MemoryLedger) -> str:
    if not isinstance(value, str):
        raise ToolError(
            f"{argument} must be a string, got {type(value).__name__}. {_budget(ledger)}"
        )
    return value


def _require_integer(value: object, argument: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        # a shortened repr: the refusal must not echo a huge argument back to the model
        raise ToolError(f"{argument} must be an integer, got {_shortened_repr(value)}.")
    return value


def _shortened_repr(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _single_match(entries: list[MemoryEntry], old_text: str, ledger: MemoryLedger) -> MemoryEntry:
    """The one entry containing old_text exactly once, else a ToolError."""
    matches = [(entry, _occurrences(entry.content, old_text)) for entry in entries]
    matches = [(entry, found) for entry, found in matches if found > 0]
    if not matches:
        raise ToolError(
            f"old_text was not found in any entry (matching is exact and case-sensitive); "
            f"nothing charged. {_budget(ledger)}"
        )
    if len(matches) > 1:
        identifiers = ", ".join(str(entry.entry_id) for entry, _ in matches)
        raise ToolError(
            f"old_text appears in several entries ({identifiers}); include more surrounding "
            f"text so it matches exactly one place. Nothing charged. {_budget(ledger)}"
        )
    entry, found = matches[0]
    if found > 1:
        raise ToolError(
            f"old_text appears {found} times in entry {entry.entry_id}; include more "
            f"surrounding text so it matches exactly one place. Nothing charged. "
            f"{_budget(ledger)}"
        )
    return entry


def _occurrences(text: str, fragment: str) -> int:
    """Occurrences of fragment in text, overlapping ones included."""
    found, position = 0, text.find(fragment)
    while position != -1:
        found += 1
        position = text.find(fragment, position + 1)
    return found


def _fit_output(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The leading lines that fit in one read page (always at least one)."""
    used = 0
    for index, (_, text) in enumerate(lines):
        used += len(text.encode("utf-8")) + 1
        if used > READ_OUTPUT_LIMIT_BYTES and index > 0:
            return lines[:index]
    return lines


def _render_lines(entries: list[MemoryEntry]) -> list[tuple[int, str]]:
    """Memory as (entry id, line) pairs: header, content lines, blank line."""
    lines: list[tuple[int, str]] = []
    for entry in entries:
        lines.append((entry.entry_id, f"## entry {entry.entry_id}"))
        lines.extend((entry.entry_id, line) for line in entry.content.split("\n"))
        lines.append((entry.entry_id, ""))
    return lines

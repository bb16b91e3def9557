"""What the memory tools tell the model: names, descriptions and argument schemas.

The one description of each tool, read by the Inspect tools (`memory.tools`, through each
tool function's docstring) and by the training environments, which offer the same tools to
a trainer in OpenAI's function format (`ToolSpec.openai`). A test checks that the schema
Inspect derives from each tool's signature is the schema written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_memgym.memory.operations import DEFAULT_SEARCH_RESULTS


@dataclass(frozen=True)
class ToolSpec:
    """One tool as a model sees it.

    Attributes:
        name: Tool name.
        description: What it does.
        parameters: JSON schema of its arguments (an object schema).
    """

    name: str
    description: str
    parameters: dict[str, Any]

    def parameter_descriptions(self) -> dict[str, str]:
        """Each argument's description, by name."""
        return {
            name: str(schema["description"])
            for name, schema in self.parameters["properties"].items()
        }

    def openai(self) -> dict[str, Any]:
        """The tool in OpenAI's chat-completions format (``{"type": "function", ...}``)."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }

    def integer_arguments(self) -> frozenset[str]:
        """Arguments that take an integer (a numeric string is accepted for them)."""
        found = set()
        for name, schema in self.parameters["properties"].items():
            types = [schema.get("type"), *(part.get("type") for part in schema.get("anyOf", []))]
            if "integer" in types:
                found.add(name)
        return frozenset(found)


def object_schema(
    properties: dict[str, dict[str, Any]], required: tuple[str, ...]
) -> dict[str, Any]:
    """A JSON object schema as Inspect writes a tool's parameters.

    Args:
        properties: Each argument's schema.
        required: Arguments without a default.
    """
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _optional_integer(description: str) -> dict[str, Any]:
    return {"description": description, "anyOf": [{"type": "integer"}, {"type": "null"}]}


MEMORY_WRITE = ToolSpec(
    name="memory_write",
    description=(
        "Store a new entry in your memory. Costs 1 write from your write budget.\n\n"
        "Your memory is the only thing that persists between events, so pack what\n"
        "matters (names with their facts and values) into each entry. The reply\n"
        "gives the new entry's id and the writes left."
    ),
    parameters=object_schema(
        {
            "content": {
                "type": "string",
                "description": (
                    "Text to store, at most 2,000 characters. Blank lines are\n"
                    "collapsed so the entry is a single paragraph."
                ),
            }
        },
        ("content",),
    ),
)
MEMORY_EDIT = ToolSpec(
    name="memory_edit",
    description=(
        "Replace text in one memory entry, e.g. to apply a correction to a stored value.\n\n"
        "`old_text` must occur exactly once in exactly one entry; include enough\n"
        "surrounding text to make it unique. Costs 1 write, but is free while a\n"
        "correction notice is being processed. A refused edit costs nothing."
    ),
    parameters=object_schema(
        {
            "old_text": {
                "type": "string",
                "description": "Exact text currently in the entry (case-sensitive).",
            },
            "new_text": {
                "type": "string",
                "description": "Replacement text (may be empty to delete old_text).",
            },
        },
        ("old_text", "new_text"),
    ),
)
MEMORY_READ = ToolSpec(
    name="memory_read",
    description=(
        "Read your memory, a range of lines at a time. Free.\n\n"
        "Memory is shown as lines: each entry is a `## entry <id>` header line,\n"
        "its content lines, then a blank line. The first reply line gives the\n"
        "range shown and the total, so you can page through long memories (a\n"
        "page also stops at about 15,000 characters; continue after its last line)."
    ),
    parameters=object_schema(
        {
            "start_line": _optional_integer("First line to show, counting from 1 (default 1)."),
            "num_lines": _optional_integer("Number of lines to show, 1 to 500 (default 200)."),
        },
        (),
    ),
)
MEMORY_SEARCH = ToolSpec(
    name="memory_search",
    description=(
        "Search your memory for the entries that best match a query. Free.\n\n"
        "Entries containing the query verbatim, or a capitalised name from it\n"
        "(e.g. an entity name), come first; then the closest matches. Higher\n"
        "scores are better."
    ),
    parameters=object_schema(
        {
            "query": {
                "type": "string",
                "description": (
                    "What to look for, e.g. an entity name or a name and an attribute\n"
                    "(at most 2,000 characters)."
                ),
            },
            "top_k": {
                "type": "integer",
                "description": (
                    "Number of entries to return, 1 to 20 (default 5; larger values are "
                    "capped at 20)."
                ),
                "default": DEFAULT_SEARCH_RESULTS,
            },
        },
        ("query",),
    ),
)
MEMORY_DELETE = ToolSpec(
    name="memory_delete",
    description=(
        "Delete the one memory entry containing old_text, e.g. a fact that is no longer true.\n\n"
        "`old_text` must occur exactly once in exactly one entry; include enough\n"
        "surrounding text to make it unique. The whole entry is removed. Free."
    ),
    parameters=object_schema(
        {
            "old_text": {
                "type": "string",
                "description": "Exact text of (part of) the entry to delete (case-sensitive).",
            }
        },
        ("old_text",),
    ),
)
MEMORY_TOOL_SPECS = (MEMORY_WRITE, MEMORY_EDIT, MEMORY_READ, MEMORY_SEARCH)
"""The four memory tools, in the order they are offered."""

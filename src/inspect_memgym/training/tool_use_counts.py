"""What became of an episode's tool calls, counted as the Inspect tasks count them.

The Inspect tool loop keeps a `tool_use.counts.ToolUse` per sample (turns, calls, calls
written as text, refusals, copies, repeated writes, loops ended on a repeated call). An
agent trained in `environment.MemoryEnv` meets the same failures — a small model writes
``memory_write("...")`` in its reply instead of calling it, or stores the same note turn
after turn — so the episode counts them with the same rules (`tool_use.text_calls`,
`tool_use.call_rules`) and ``step`` reports them at the episode's end (``info["tool_use"]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from inspect_memgym.memory.tool_specs import ToolSpec
from inspect_memgym.tool_use.call_rules import call_key, repeated_writes, write_keys
from inspect_memgym.tool_use.text_calls import ToolSignature, written_calls


@dataclass
class EpisodeToolUse:
    """An episode's tool calls, by what became of them (`tool_use.counts.ToolUse`'s keys).

    Attributes:
        turns: Agent turns.
        native_calls: Tool calls sent as calls.
        text_calls: Calls of offered tools written in a reply's text instead (none reached
            a tool; a reply cut off inside one counts one).
        refused_calls: Calls a tool refused (unknown tool, bad arguments, a refusal).
        duplicate_calls: Copies of a call made earlier in the same turn, not run again.
        repeated_calls: Stages ended because the turn repeated the previous turn's calls
            with the same results.
        repeated_writes: Write calls that repeat verbatim a write of the turn before.
    """

    turns: int = 0
    native_calls: int = 0
    text_calls: int = 0
    refused_calls: int = 0
    duplicate_calls: int = 0
    repeated_calls: int = 0
    repeated_writes: int = 0
    _writes_before: set[tuple[str, str]] = field(default_factory=set, repr=False)

    def note_turn(
        self,
        calls: Sequence[tuple[str, Mapping[str, Any] | None]],
        text: str,
        tools: Sequence[ToolSpec],
    ) -> None:
        """Count one turn: its calls, or the calls its reply wrote as text.

        Args:
            calls: The turn's calls (tool, arguments; None for unreadable arguments).
            text: The turn's text.
            tools: The tools on offer.
        """
        self.turns += 1
        self.native_calls += len(calls)
        if not calls:
            self.text_calls += written_calls(text, [signature_of(tool) for tool in tools])
            self._writes_before = set()
            return
        readable: dict[tuple[str, str], tuple[str, Mapping[str, Any]]] = {}
        for name, arguments in calls:
            if arguments is not None:
                readable.setdefault(call_key(name, arguments), (name, arguments))
        unique = list(readable.values())
        self.repeated_writes += len(repeated_writes(unique, self._writes_before))
        self._writes_before = write_keys(unique)

    def new_stage(self) -> None:
        """Forget the turn before: a stage opens a fresh context."""
        self._writes_before = set()

    def as_dict(self) -> dict[str, int]:
        """The counts by name."""
        return {name: value for name, value in asdict(self).items() if not name.startswith("_")}


def signature_of(tool: ToolSpec) -> ToolSignature:
    """What binding a call written as text needs to know of a tool.

    Args:
        tool: The tool on offer.
    """
    return ToolSignature(
        tool.name,
        tuple(tool.parameters.get("properties", {})),
        frozenset(tool.parameters.get("required", [])),
    )

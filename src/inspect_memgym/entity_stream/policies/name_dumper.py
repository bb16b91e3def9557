"""The name dumper: one entry per batch with every name padded with digits and units.

MemoryGym's storage check counted an entity as stored when its name and a digit appeared
in memory (flaw 2 in ``docs/peer-flaws.md``), so this entry scored "every entity stored". It
holds no real fact: its answers (the first name and a number found next to it in memory)
must score nothing.
"""

from __future__ import annotations

import re

from inspect_memgym.entity_stream.policies.base import REFUSAL, Policy
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.recall import recalled_content_lines
from inspect_memgym.entity_stream.policies.storing import (
    MAX_ENTRY_CHARS,
    candidate_names,
    pack_lines,
    write_entries,
)
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.simulation.actions import Action, call, finish

PADDING = " ".join(str(digit) for digit in range(10)) + " $ M % units"
"""What follows every name in the dump."""
SEARCH_TOP_K = 3
_NAME_THEN_NUMBER = re.compile(r"^(?P<name>\D+?)\s+(?P<number>\d+)")


def dump_line(name: str) -> str:
    """One dumped name: the name, the digits 0-9 and unit symbols.

    Args:
        name: Entity name.
    """
    return f"{name} {PADDING}"


def first_name_and_number(lines: list[str], preferred: list[str]) -> str | None:
    """The first recalled name (a preferred one if present) and the number right after it.

    Args:
        lines: Lines memory returned.
        preferred: Names from the question, tried first.
    """
    for wanted in [*preferred, None]:
        for line in lines:
            match = _NAME_THEN_NUMBER.match(line.strip())
            if match and (wanted is None or match.group("name") == wanted):
                return f"{match.group('name')} {match.group('number')}"
    return None


class NameDumperPolicy(Policy):
    """Dumps the batch's names with digits; answers with a name and a digit from memory."""

    name = "name_dumper"

    def on_ingest(self, view: EventView, template: Template) -> Action:
        """Write the batch's names, padded, as one entry."""
        lines = [dump_line(record["name"]) for record in view.payload["entities"]]
        return write_entries(view, pack_lines(lines, limit=MAX_ENTRY_CHARS))

    def on_change(self, view: EventView, template: Template) -> Action:
        """Ignore changes."""
        return finish()

    def on_question(self, view: EventView, template: Template) -> Action:
        """Search for the question's first name, then answer with a name and a number."""
        names = candidate_names(view.payload["params"], template)
        if not view.calls("memory_search"):
            query = names[0] if names else view.prompt
            return call("memory_search", query=query, top_k=SEARCH_TOP_K)
        answer = first_name_and_number(recalled_content_lines(view), names)
        return call("submit_answer", answer=answer or REFUSAL)


NAME_DUMPER = NameDumperPolicy()

"""The over-writer: tries every way the tools allow to exceed the budget and the size limit.

In every ingest and change event it issues, turn after turn: tiny writes (one per entity
fact) until the budget refuses, writes longer than an entry may be, edits outside
corrections (which cost a write), edits beyond a correction's free ones, and edits that
would push an entry past the size limit. It gives up on each kind of attempt only after a
few refusals in the event, and stops when every kind is spent. MemoryGym's simulation never
enforced its budget (flaw 7 in ``docs/peer-flaws.md``); here every one of these must be
refused or charged, and the writes used must never exceed the budget.
"""

from __future__ import annotations

from inspect_memgym.entity_stream.policies.base import REFUSAL, Policy
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.notation import encode_value
from inspect_memgym.entity_stream.policies.recall import recalled_content_lines
from inspect_memgym.entity_stream.policies.storing import MAX_ENTRY_CHARS, candidate_names
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.simulation.actions import Action, ToolRequest, call, finish
from inspect_memgym.simulation.transcript import ToolExchange

TINY_WRITES_PER_TURN = 3
REFUSALS_BEFORE_GIVING_UP = 3
"""Refusals of one kind of attempt in an event before that kind is given up."""
OVERSIZE_WRITE_ATTEMPTS = 3
EDIT_ATTEMPTS = 6
"""Plain edits per event: during a correction, three free ones and three beyond."""
OVERFLOW_EDIT_ATTEMPTS = 3
OVERSIZE_CHARS = MAX_ENTRY_CHARS + 500
EDIT_MARK = " *"
"""Appended by each plain edit, so every edit changes the entry."""
READ_LINES = 10
SEARCH_TOP_K = 3


def fact_lines(view: EventView, template: Template) -> list[str]:
    """One short line per fact the event states (``Name: label = value``).

    Args:
        view: An ingest, correction or contradiction event view.
        template: The template.
    """
    if view.kind == "ingest":
        return [
            f"{record['name']}: {spec.label} = {encode_value(spec, record['values'][spec.key])}"
            for record in view.payload["entities"]
            for spec in template.attributes
            if spec.key in record["values"]
        ]
    spec = template.attribute(str(view.payload["attribute"]))
    return [f"{view.payload['entity']}: {spec.label} = {encode_value(spec, view.payload['new'])}"]


def _argument_length(exchange: ToolExchange, argument: str) -> int:
    return len(str(exchange.arguments.get(argument, "")))


def _refused(exchanges: list[ToolExchange]) -> int:
    return sum(1 for exchange in exchanges if exchange.error is not None)


def edit_target(view: EventView) -> str | None:
    """Stored text to edit: the first fact written in this event, else a recalled line.

    Args:
        view: The event view.
    """
    for write in view.calls("memory_write"):
        content = str(write.arguments.get("content", ""))
        if write.error is None and len(content) <= MAX_ENTRY_CHARS:
            return content
    lines = recalled_content_lines(view)
    return lines[0] if lines else None


class OverWriterPolicy(Policy):
    """Attacks the budget and the size limit in every event; answers with what search finds."""

    name = "over_writer"

    def on_ingest(self, view: EventView, template: Template) -> Action:
        """Attack with this batch's facts."""
        return self.attack(view, fact_lines(view, template))

    def on_change(self, view: EventView, template: Template) -> Action:
        """Attack with the changed fact, editing beyond the free edits."""
        return self.attack(view, fact_lines(view, template))

    def attack(self, view: EventView, facts: list[str]) -> Action:
        """This turn's burst of budget and size-limit attempts, or finish when all are spent.

        Args:
            view: The event view (its exchanges say which attempts were made and refused).
            facts: Tiny facts to write, one write each.
        """
        writes = view.calls("memory_write")
        tiny = [w for w in writes if _argument_length(w, "content") <= MAX_ENTRY_CHARS]
        oversize = [w for w in writes if _argument_length(w, "content") > MAX_ENTRY_CHARS]
        edits = view.calls("memory_edit")
        overflow = [e for e in edits if _argument_length(e, "new_text") > MAX_ENTRY_CHARS]
        plain = [e for e in edits if _argument_length(e, "new_text") <= MAX_ENTRY_CHARS]
        requests: list[ToolRequest] = []
        if _refused(tiny) < REFUSALS_BEFORE_GIVING_UP:
            for content in facts[len(tiny) : len(tiny) + TINY_WRITES_PER_TURN]:
                requests.append(ToolRequest("memory_write", {"content": content}))
        if len(oversize) < OVERSIZE_WRITE_ATTEMPTS:
            oversize_content = (facts[0] if facts else "padding") + " " + "#" * OVERSIZE_CHARS
            requests.append(ToolRequest("memory_write", {"content": oversize_content}))
        target = edit_target(view)
        if target is None and not view.calls("memory_read"):
            requests.append(ToolRequest("memory_read", {"start_line": 1, "num_lines": READ_LINES}))
        elif target is not None:
            if len(plain) < EDIT_ATTEMPTS and _refused(plain) < REFUSALS_BEFORE_GIVING_UP:
                edit = {"old_text": target, "new_text": target + EDIT_MARK}
                requests.append(ToolRequest("memory_edit", edit))
            if len(overflow) < OVERFLOW_EDIT_ATTEMPTS:
                padded = target + " " + "#" * OVERSIZE_CHARS
                requests.append(
                    ToolRequest("memory_edit", {"old_text": target, "new_text": padded})
                )
        return Action(calls=requests) if requests else finish()

    def on_question(self, view: EventView, template: Template) -> Action:
        """Search for the question's first name and reply with the first line found."""
        names = candidate_names(view.payload["params"], template)
        if not view.calls("memory_search"):
            query = names[0] if names else view.prompt
            return call("memory_search", query=query, top_k=SEARCH_TOP_K)
        lines = recalled_content_lines(view)
        mentioning = [line for line in lines if any(name in line for name in names)]
        found = (mentioning or lines or [REFUSAL])[0]
        return call("submit_answer", answer=found)


OVER_WRITER = OverWriterPolicy()

"""Policies that store entities in their own notation and answer from what memory returns.

``perfect`` stores every entity and applies every change; ``strategic`` stores ~70% and
applies changes; ``random`` stores ~50% and applies changes; ``naive`` stores ~40% and
ignores changes. Which entities are kept is fixed by a hash of the policy and entity names,
so runs are reproducible. Subclasses choose kept entities differently
(:meth:`StoringPolicy.kept_records`) or shape the answer text
(:meth:`StoringPolicy.answer_text`), but always answer from what memory returned.
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.entity_stream.policies.base import REFUSAL, Policy
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.notation import change_line, encode_entity, line_name
from inspect_memgym.entity_stream.policies.recall import (
    fruitless_searches,
    next_read_start,
    recall_world,
    recalled_lines,
)
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.questions import QUESTION_TYPES, MissingFact
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.scoring.gold import GoldAnswer
from inspect_memgym.simulation.actions import Action, ToolRequest, call, finish

MAX_ENTRY_CHARS = 2_000
EDIT_HEADROOM_CHARS = 200
"""Room left in each packed entry so later corrections (new~old) still fit."""
SEARCH_TOP_K = 3
WIDE_SEARCH_TOP_K = 20
"""A second, wider search when the first did not return the entity's own line."""
READ_PAGE_LINES = 30
"""Lines per memory_read call: keeps each result well under Inspect's 16 KiB tool-output cap."""


def pack_lines(lines: list[str], limit: int = MAX_ENTRY_CHARS - EDIT_HEADROOM_CHARS) -> list[str]:
    """Greedily pack lines into entries of at most ``limit`` characters.

    Args:
        lines: Notation lines (each shorter than the limit).
        limit: Entry size limit.
    """
    entries: list[str] = []
    current = ""
    for line in lines:
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit and current:
            entries.append(current)
            current = line
        else:
            current = candidate
    if current:
        entries.append(current)
    return entries


def write_entries(view: EventView, entries: list[str]) -> Action:
    """Write the entries not written yet in this event; finish after all or a refusal.

    When the budget the policy has been shown holds every remaining entry, the writes go out
    together in one turn (they do not depend on each other, and a model may issue them as
    parallel tool calls; Inspect runs them in order). Otherwise one write per turn, so the
    first refusal ends the event with nothing more attempted.

    Args:
        view: The event view.
        entries: Every entry to write in this event, in order.
    """
    writes = view.calls("memory_write")
    if any(write.error for write in writes) or len(writes) >= len(entries):
        return finish()
    remaining = entries[len(writes) :]
    left = view.writes_left()
    if len(remaining) > 1 and left is not None and len(remaining) <= left:
        return Action(
            calls=[ToolRequest("memory_write", {"content": content}) for content in remaining]
        )
    return call("memory_write", content=remaining[0])


def candidate_names(params: Any, template: Template) -> list[str]:
    """Capitalised strings in a question's parameters that may be entity names.

    Args:
        params: The question parameters (any JSON-able structure).
        template: The template (its categories are not names).
    """
    found: list[str] = []

    def visit(value: Any) -> None:
        if isinstance(value, str):
            if value[:1].isupper() and value not in template.categories and value not in found:
                found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    visit(params)
    return found


class StoringPolicy(Policy):
    """Stores a share of entities and answers by recomputing from recalled facts.

    Args:
        name: Policy name.
        store_rate: Share of entities to store (1.0 stores all).
        apply_changes: Whether to apply correction notices and silent updates.
    """

    def __init__(self, name: str, store_rate: float, apply_changes: bool) -> None:
        self.name = name
        self.store_rate = store_rate
        self.apply_changes = apply_changes

    def keeps(self, entity_name: str) -> bool:
        """Whether this policy stores an entity.

        Args:
            entity_name: The entity's name.
        """
        return self.store_rate >= 1.0 or stable_fraction(self.name, entity_name) < self.store_rate

    def kept_records(self, view: EventView, template: Template) -> list[dict[str, Any]]:
        """The entity records of this ingest batch to store, in batch order.

        Args:
            view: The ingest event view (``payload["entities"]`` holds the records).
            template: The template.
        """
        return [record for record in view.payload["entities"] if self.keeps(record["name"])]

    def answer_text(self, answer: GoldAnswer, view: EventView, template: Template) -> str:
        """The text to submit for an answer recomputed from recalled facts.

        Args:
            answer: The answer computed from the world memory returned.
            view: The question event view.
            template: The template.
        """
        return REFUSAL if answer.kind == "abstain" else answer.text

    def on_ingest(self, view: EventView, template: Template) -> Action:
        """Write this batch's kept entities, packed (`write_entries`)."""
        kept = self.kept_records(view, template)
        return write_entries(view, pack_lines([encode_entity(template, record) for record in kept]))

    def on_change(self, view: EventView, template: Template) -> Action:
        """Find the entity's line and rewrite the changed value, keeping the old one."""
        if not self.apply_changes or view.calls("memory_edit"):
            return finish()
        entity = view.payload["entity"]
        if not view.calls("memory_search"):
            return call("memory_search", query=entity, top_k=SEARCH_TOP_K)
        line = next((text for text in recalled_lines(view) if line_name(text) == entity), None)
        if line is None:
            return finish()
        new_line = change_line(
            template, line, view.payload["attribute"], view.payload["new"], view.kind
        )
        if new_line is None:
            return finish()
        return call("memory_edit", old_text=line, new_text=new_line)

    def on_question(self, view: EventView, template: Template) -> Action:
        """Look up the needed entities, then recompute the answer from what came back.

        A needed entity's search is widened once, unless it found nothing at all.
        """
        question_type = QUESTION_TYPES[view.payload["qtype"]]
        params = view.payload["params"]
        widest_search: dict[str, int] = {}
        for exchange in view.calls("memory_search"):
            query = str(exchange.arguments.get("query"))
            top_k = int(exchange.arguments.get("top_k", SEARCH_TOP_K))
            widest_search[query] = max(widest_search.get(query, 0), top_k)
        if question_type.full_stream_only:
            start = next_read_start(view)
            if start is not None:
                return call("memory_read", start_line=start, num_lines=READ_PAGE_LINES)
        elif not view.exchanges:
            names = candidate_names(params, template)
            if names:
                return Action(
                    calls=[
                        ToolRequest("memory_search", {"query": name, "top_k": SEARCH_TOP_K})
                        for name in names
                    ]
                )
        try:
            answer = question_type.compute(params, recall_world(template, view))
        except MissingFact as missing:
            needed = missing.entity
            if (
                needed is not None
                and widest_search.get(needed, 0) < WIDE_SEARCH_TOP_K
                and needed not in fruitless_searches(view)
            ):
                top_k = SEARCH_TOP_K if needed not in widest_search else WIDE_SEARCH_TOP_K
                return call("memory_search", query=needed, top_k=top_k)
            return call("submit_answer", answer=REFUSAL)
        return call("submit_answer", answer=self.answer_text(answer, view, template))


PERFECT = StoringPolicy("perfect", store_rate=1.0, apply_changes=True)
STRATEGIC = StoringPolicy("strategic", store_rate=0.7, apply_changes=True)
RANDOM = StoringPolicy("random", store_rate=0.5, apply_changes=True)
NAIVE = StoringPolicy("naive", store_rate=0.4, apply_changes=False)
STALE_KEEPER = StoringPolicy("stale_keeper", store_rate=1.0, apply_changes=False)
"""Stores every entity and never applies a change: every answer over a corrected fact is the
stale one (an update_chain question gets exactly its stale chain's total)."""

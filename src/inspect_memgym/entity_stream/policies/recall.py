"""Rebuild the world a policy remembers from what its memory tools returned."""

from __future__ import annotations

import re
from collections.abc import Iterable

from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.notation import decode_entity
from inspect_memgym.entity_stream.world.model import Correction, Entity, Relation, Template, World

_READ_HEADER = re.compile(r"Memory lines (\d+)-(\d+) of (\d+)")
_TOOL_FRAMING = re.compile(
    r"^(?:## entry \d+|Memory lines \d+-\d+ of \d+|\d+ results? for \"|No entries match \"|"
    r"Memory is empty\.)"
)
"""Lines the read and search tools add around stored content."""
MEMORY_TOOLS = ("memory_search", "memory_read")


def recalled_lines(view: EventView) -> list[str]:
    """Every line the policy's searches and reads returned in this event, in order.

    Args:
        view: The event view.
    """
    lines: list[str] = []
    for exchange in view.exchanges:
        if exchange.function in MEMORY_TOOLS and exchange.error is None:
            lines.extend(exchange.result.splitlines())
    return lines


def recalled_content_lines(view: EventView) -> list[str]:
    """The stored content lines memory returned in this event, without the tools' framing.

    Args:
        view: The event view.
    """
    return [
        line.strip()
        for line in recalled_lines(view)
        if line.strip() and not _TOOL_FRAMING.match(line.strip())
    ]


def fruitless_searches(view: EventView) -> set[str]:
    """The queries whose searches in this event returned no stored content.

    A search that found nothing finds nothing wider either (more results of no match), so
    a policy does not widen it.

    Args:
        view: The event view.
    """
    return {
        str(exchange.arguments.get("query"))
        for exchange in view.calls("memory_search")
        if exchange.error is None
        and not any(
            line.strip() and not _TOOL_FRAMING.match(line.strip())
            for line in exchange.result.splitlines()
        )
    }


def recall_world(template: Template, view: EventView) -> World:
    """The world as far as the policy's memory returned it (the last copy of an entity wins).

    Args:
        template: The template.
        view: The event view.
    """
    return decode_world(template, recalled_lines(view))


def decode_world(template: Template, lines: Iterable[str]) -> World:
    """The world a set of notation lines describes (the last copy of an entity wins).

    Lines not in the notation are skipped.

    Args:
        template: The template.
        lines: Notation lines, oldest first.
    """
    entities: dict[str, Entity] = {}
    relations: dict[str, tuple[Relation, ...]] = {}
    changes: dict[str, tuple[Correction, ...]] = {}
    for line in lines:
        decoded = decode_entity(template, line)
        if decoded is None:
            continue
        entity, edges, history = decoded
        entities[entity.name] = entity
        relations[entity.name] = edges
        changes[entity.name] = history
    return World(
        template=template,
        entities=tuple(entities.values()),
        relations=tuple(edge for edges in relations.values() for edge in edges),
        corrections=tuple(change for history in changes.values() for change in history),
    )


def next_read_start(view: EventView) -> int | None:
    """The line to continue reading from, or None when the whole memory has been read.

    Args:
        view: The event view.
    """
    reads = [e for e in view.exchanges if e.function == "memory_read" and e.error is None]
    if not reads:
        return 1
    match = _READ_HEADER.search(reads[-1].result)
    if match is None:
        return None
    last, total = int(match.group(2)), int(match.group(3))
    return last + 1 if last < total else None

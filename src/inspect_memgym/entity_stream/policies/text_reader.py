"""What a scripted policy reads in plain text when a memory strategy plays the stream.

With a memory strategy other than agentic, a policy sees no tool results: what it knows is
the text of the model call (the strategy's memory section, recent inputs, raw documents a
strategy kept). Reading it stands in for an LLM's reading:

- its own notes: notation lines (`notation`), anywhere in the text (also inside JSON, and
  after a list marker where a strategy lists retrieved entries);
- documents: an entity document is recognised when its whole text is in the call (the
  public scenario says which entity it describes, as the payload does for agentic runs);
- change notices: a correction notice or update recognised by its whole text.

Texts are compared as memory stores them (`memory.content.normalize_content`: blank lines
collapsed, control characters dropped), so a document a strategy stored verbatim in a
memory backend and retrieved is recognised as the same document shown in the stream.

The policy then knows, for each entity, its line with every recognised change applied (if
it applies changes). Nothing is read that the text does not hold: a document cut short, or
one a strategy dropped, is unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from inspect_memgym.entity_stream.policies.notation import (
    change_line,
    decode_entity,
    encode_entity,
    encode_value,
)
from inspect_memgym.entity_stream.policies.recall import decode_world
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.world.model import Template, World
from inspect_memgym.entity_stream.world.scenario import ingest_documents
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.memory.content import normalize_content

_NOTATION = re.compile(r"[^\n\"|]+\|c=[^\n\"]+")
"""A notation line, also when it stands inside a JSON string."""
_LIST_MARKER = re.compile(r"^(?:[-*•]|\d+[.)])\s+")
"""A list marker a strategy may put before a retrieved entry ("- ", "* ", "3. ")."""
DOCUMENT_TITLE = " — "
"""Separates a document's style from the entity name in its first line."""


@dataclass(frozen=True)
class Notice:
    """A change notice of the stream.

    Attributes:
        text: The notice as printed.
        entity: Entity name.
        attribute: Attribute key.
        new: New value (JSON form).
        kind: ``correction`` or ``contradiction``.
    """

    text: str
    entity: str
    attribute: str
    new: Any
    kind: str


@dataclass(frozen=True)
class Reading:
    """What a policy knows from one model call's text.

    Attributes:
        stored: The notation lines found in the text, by entity (the last copy wins).
        current: What the policy holds per entity: stored lines and recognised documents,
            with recognised changes applied.
        noticed: Entities with a change notice in the text.
    """

    stored: dict[str, str]
    current: dict[str, str]
    noticed: frozenset[str]


@dataclass(frozen=True)
class StreamText:
    """The public texts of one scenario: entity documents and change notices, in order.

    Attributes:
        template: The scenario's template.
        documents: (document text, entity record) for every entity document, normalised
            as memory stores text.
        notices: Every correction notice and update (its text normalised likewise).
    """

    template: Template
    documents: tuple[tuple[str, dict[str, Any]], ...]
    notices: tuple[Notice, ...]

    def read(self, text: str, keeps: Any, applies_changes: bool) -> Reading:
        """What a policy knows from a text.

        Args:
            text: The model call's text.
            keeps: Callable ``(entity name) -> bool``: whether the policy keeps an entity.
            applies_changes: Whether the policy applies changes.
        """
        text = normalize_content(text)
        stored: dict[str, str] = {}
        for line in _NOTATION.findall(text):
            line = _LIST_MARKER.sub("", line.strip())
            decoded = decode_entity(self.template, line)
            if decoded is not None:
                stored[decoded[0].name] = line
        current = dict(stored)
        for document, record in self.documents:
            name = record["name"]
            if name not in current and keeps(name) and document in text:
                current[name] = encode_entity(self.template, record)
        noticed = frozenset(notice.entity for notice in self.notices if notice.text in text)
        if applies_changes:
            for notice in self.notices:
                if notice.entity in current and notice.text in text:
                    current[notice.entity] = self._changed(current[notice.entity], notice)
        return Reading(stored, current, noticed)

    def world(self, lines: list[str]) -> World:
        """The world a set of notation lines describes (the last copy of an entity wins).

        Args:
            lines: Notation lines.
        """
        return decode_world(self.template, lines)

    def _changed(self, line: str, notice: Notice) -> str:
        """The line with the notice applied, unless it already holds the new value."""
        decoded = decode_entity(self.template, line)
        spec = self.template.attribute(notice.attribute)
        if decoded is not None:
            held = decoded[0].values.get(notice.attribute)
            if held is not None and encode_value(spec, held) == encode_value(spec, notice.new):
                return line
        return change_line(self.template, line, notice.attribute, notice.new, notice.kind) or line


_cache = BoundedCache[StreamText](64)
"""Parsed stream texts by scenario (parsing on every call would dominate run time)."""


def stream_text(metadata: dict[str, Any]) -> StreamText:
    """The public texts of the sample's scenario, from its metadata (cached per scenario).

    Args:
        metadata: The sample's metadata (``template``, ``tier``, ``seed``; the events are
            its scenario's, `scenario_content`).
    """
    key = (str(metadata["template"]), str(metadata["tier"]), int(metadata["seed"]))
    return _cache.get(key, lambda: _parse(key[0], scenario_content(metadata).events))


def _parse(template: str, events: list[dict[str, Any]]) -> StreamText:
    documents: list[tuple[str, dict[str, Any]]] = []
    notices: list[Notice] = []
    for event in events:
        payload = event["payload"]
        if event["kind"] == "ingest":
            records = {record["name"]: record for record in payload["entities"]}
            for document in ingest_documents(event["text"]):
                title = document.split("\n", 1)[0]
                name = title.partition(DOCUMENT_TITLE)[2].strip()
                if name in records:
                    documents.append((normalize_content(document), records[name]))
        elif event["kind"] in ("correction", "contradiction"):
            notices.append(
                Notice(
                    normalize_content(event["text"]),
                    payload["entity"],
                    payload["attribute"],
                    payload["new"],
                    event["kind"],
                )
            )
    return StreamText(get_template(template), tuple(documents), tuple(notices))

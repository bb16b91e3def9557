"""The scripted policies' compact memory notation: one line per entity.

``Argon Labs|c=Fintech|a0=175720.5|a4=1234|a20=edge computing;payment rails|r0=Basalt Works``

``aN`` is the N-th attribute of the template, ``rN`` the N-th relation kind. A changed value
keeps its history: ``a0=200000.0~175720.5`` after a correction notice (new~old) and
``a0=200000.0^175720.5`` after a silent update (new^old). Policies parse only what their own
memory tools return, so anything lost in storage or search is lost to them too.
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.entity_stream.world.model import (
    AttributeSpec,
    Correction,
    Entity,
    Relation,
    Template,
    Value,
)
from inspect_memgym.kit.bounded_cache import BoundedCache

FIELD_SEPARATOR = "|"
CORRECTION_MARK = "~"
CONTRADICTION_MARK = "^"
LIST_SEPARATOR = ";"
SERIES_SEPARATOR = "/"
DecodedEntity = tuple[Entity, tuple[Relation, ...], tuple[Correction, ...]]
"""An entity parsed from a notation line, with its edges and its change history."""
_decoded_lines = BoundedCache[DecodedEntity | None](20_000)
"""Parsed lines by template and line: a policy re-reads the lines its memory returned on
every model call of an event, and a sample's lines repeat from call to call."""


def encode_value(spec: AttributeSpec, value: Any) -> str:
    """Write one value compactly (no unit, no thousands separators).

    Args:
        spec: The attribute.
        value: A JSON-form value (lists for text and series).
    """
    if spec.kind == "int":
        return str(int(value))
    if spec.kind == "float":
        return f"{float(value):.{spec.decimals}f}"
    if spec.kind == "text":
        return LIST_SEPARATOR.join(value)
    if spec.kind == "list_float":
        return SERIES_SEPARATOR.join(f"{float(item):.{spec.decimals}f}" for item in value)
    return str(value)


def decode_value(spec: AttributeSpec, text: str) -> Value:
    """Read one value written by :func:`encode_value`.

    Args:
        spec: The attribute.
        text: The encoded value.

    Raises:
        ValueError: If the text does not parse as the attribute's kind.
    """
    if spec.kind == "int":
        return int(text)
    if spec.kind == "float":
        return round(float(text), spec.decimals)
    if spec.kind == "text":
        return tuple(part for part in text.split(LIST_SEPARATOR) if part)
    if spec.kind == "list_float":
        return tuple(round(float(part), spec.decimals) for part in text.split(SERIES_SEPARATOR))
    return text


def encode_entity(template: Template, record: dict[str, Any]) -> str:
    """One line for an entity record from an ingest payload.

    Args:
        template: The template.
        record: ``{"name", "category", "values", "relations"}`` as in the payload.
    """
    fields = [record["name"], f"c={record['category']}"]
    for index, spec in enumerate(template.attributes):
        if spec.key in record["values"]:
            fields.append(f"a{index}={encode_value(spec, record['values'][spec.key])}")
    for index, relation in enumerate(template.relations):
        targets = record["relations"].get(relation.key, [])
        if targets:
            fields.append(f"r{index}={LIST_SEPARATOR.join(targets)}")
    return FIELD_SEPARATOR.join(fields)


def line_name(line: str) -> str:
    """The entity name a notation line starts with.

    Args:
        line: A notation line.
    """
    return line.split(FIELD_SEPARATOR, 1)[0].strip()


def change_line(template: Template, line: str, attribute: str, new: Any, kind: str) -> str | None:
    """The line with one attribute changed and its old value kept as history.

    Args:
        template: The template.
        line: The entity's current line.
        attribute: Attribute key.
        new: New value (JSON form).
        kind: ``"correction"`` or ``"contradiction"``.

    Returns:
        The new line, or None if the line does not hold the attribute.
    """
    index = next(i for i, spec in enumerate(template.attributes) if spec.key == attribute)
    spec = template.attributes[index]
    prefix = f"a{index}="
    fields = line.split(FIELD_SEPARATOR)
    for position, field in enumerate(fields):
        if field.startswith(prefix):
            current = field[len(prefix) :].split(CORRECTION_MARK)[0].split(CONTRADICTION_MARK)[0]
            mark = CORRECTION_MARK if kind == "correction" else CONTRADICTION_MARK
            fields[position] = f"{prefix}{encode_value(spec, new)}{mark}{current}"
            return FIELD_SEPARATOR.join(fields)
    return None


def decode_entity(template: Template, line: str) -> DecodedEntity | None:
    """Parse one notation line back into an entity, its edges and its change history.

    Parsed lines are kept (`BoundedCache`); the result is shared, not to be changed.

    Args:
        template: The template.
        line: A notation line.

    Returns:
        None if the line is not in the notation.
    """
    return _decoded_lines.get(
        (id(template), line), lambda: _parse_line(template, line), owner=template
    )


def _parse_line(template: Template, line: str) -> DecodedEntity | None:
    fields = line.strip().split(FIELD_SEPARATOR)
    if len(fields) < 2 or not fields[1].startswith("c="):
        return None
    name, category = fields[0].strip(), fields[1][2:]
    values: dict[str, Value] = {}
    relations: list[Relation] = []
    changes: list[Correction] = []
    try:
        for field in fields[2:]:
            code, separator, text = field.partition("=")
            if not separator or code[:1] not in ("a", "r") or not code[1:].isdigit():
                return None
            index = int(code[1:])
            if code.startswith("r"):
                kind = template.relations[index].key
                relations += [Relation(name, kind, t) for t in text.split(LIST_SEPARATOR) if t]
                continue
            spec = template.attributes[index]
            for mark, kind_name in (
                (CORRECTION_MARK, "correction"),
                (CONTRADICTION_MARK, "contradiction"),
            ):
                if mark in text:
                    text, old_text = text.split(mark, 1)
                    changes.append(
                        Correction(
                            name,
                            spec.key,
                            decode_value(spec, old_text),
                            decode_value(spec, text),
                            "correction" if kind_name == "correction" else "contradiction",
                        )
                    )
            values[spec.key] = decode_value(spec, text)
    except (ValueError, IndexError):
        return None
    return Entity(name=name, category=category, values=values), tuple(relations), tuple(changes)

"""What the fictional world may hold: entity kinds, typed attributes and relations.

Each relation is a function in the direction a chain follows it (a report has one author, an
organisation one director), so a chain from a named entity leads to exactly one answer.
Every statement, role phrase and question is a template here; ``{subject}`` and ``{object}``
take an entity's reference (``the Quillan Institute``, ``Vael Morrow``), ``{value}`` an
attribute's value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from inspect_memgym.kit.catalogues import load_entries, load_value

CATALOGUE = "schema.toml"
"""The data file beside this module the lists below are read from."""

EntityKind = Literal["person", "organisation", "place", "work", "event"]

ENTITY_KINDS: tuple[EntityKind, ...] = ("person", "organisation", "place", "work", "event")

START_KINDS: tuple[EntityKind, ...] = ("work", "event")
"""Kinds a question names as the start of its chain."""

SUBTYPES: dict[EntityKind, tuple[str, ...]] = load_value(
    dict[EntityKind, tuple[str, ...]], __name__, CATALOGUE, "subtypes"
)
"""Subtypes per kind; for organisations, works and events the word ends the name."""

KIND_NOUNS: dict[EntityKind, str] = load_value(
    dict[EntityKind, str], __name__, CATALOGUE, "kind_nouns"
)


@dataclass(frozen=True)
class AttributeSpec:
    """A typed attribute of one entity kind.

    Attributes:
        key: Identifier (e.g. ``"founding_year"``).
        entity_kind: The kind that carries it.
        label: Noun phrase (e.g. ``"founding year"``).
        statement: Sentence template with ``{subject}`` and ``{value}``.
        question: Question template with ``{subject}``.
        low: Smallest value (numbers only).
        high: Largest value (numbers only).
        choices: Value pool of a label attribute (empty for numbers).
        is_year: Whether the value is a calendar year.
    """

    key: str
    entity_kind: EntityKind
    label: str
    statement: str
    question: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    is_year: bool = False

    @property
    def is_label(self) -> bool:
        """Whether the value is a label from ``choices`` rather than a number."""
        return bool(self.choices)


@dataclass(frozen=True)
class RelationSpec:
    """A relation from one entity kind to another, functional in the chain's direction.

    Attributes:
        key: Identifier (e.g. ``"directed_by"``).
        subject_kind: Kind of the entity the chain comes from.
        object_kind: Kind of the entity the relation leads to.
        label: Noun for the object's role (e.g. ``"director"``).
        role: Noun phrase naming the object through the subject (``"the director of
            {subject}"``); nested to describe a chain without naming its entities.
        statement: Sentence template with ``{subject}`` and ``{object}``.
        question: Question template with ``{subject}``.
    """

    key: str
    subject_kind: EntityKind
    object_kind: EntityKind
    label: str
    role: str
    statement: str
    question: str


ATTRIBUTES: tuple[AttributeSpec, ...] = load_entries(
    AttributeSpec, __name__, CATALOGUE, "attributes"
)

RELATIONS: tuple[RelationSpec, ...] = load_entries(RelationSpec, __name__, CATALOGUE, "relations")

FIELDS: tuple[str, ...] = next(spec.choices for spec in ATTRIBUTES if spec.key == "field")
"""The pool of the one label attribute (an organisation's field)."""

ENTITY_ANSWER_KINDS: frozenset[EntityKind] = frozenset({"person", "place"})
"""Object kinds a chain may end on (the answer is then that entity's name)."""


def attributes_of(kind: EntityKind) -> tuple[AttributeSpec, ...]:
    """Every attribute an entity of a kind carries.

    Args:
        kind: Entity kind.
    """
    return tuple(spec for spec in ATTRIBUTES if spec.entity_kind == kind)


def relations_from(kind: EntityKind) -> tuple[RelationSpec, ...]:
    """Every relation a chain can follow out of an entity of a kind.

    Args:
        kind: Entity kind.
    """
    return tuple(spec for spec in RELATIONS if spec.subject_kind == kind)


STEPS: dict[str, AttributeSpec | RelationSpec] = {
    **{spec.key: spec for spec in ATTRIBUTES},
    **{spec.key: spec for spec in RELATIONS},
}
"""Every attribute and relation by key (the keys are unique across both)."""

SCHEMA_WORDS: frozenset[str] = frozenset(
    re.findall(
        r"[a-z]+",
        " ".join(
            [spec.label + " " + spec.statement + " " + spec.question for spec in ATTRIBUTES]
            + [
                spec.label + " " + spec.role + " " + spec.statement + " " + spec.question
                for spec in RELATIONS
            ]
        ).lower(),
    )
)
"""Every word of the statements and questions; invented names never equal one of them."""

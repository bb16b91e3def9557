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

EntityKind = Literal["person", "organisation", "place", "work", "event"]

ENTITY_KINDS: tuple[EntityKind, ...] = ("person", "organisation", "place", "work", "event")

START_KINDS: tuple[EntityKind, ...] = ("work", "event")
"""Kinds a question names as the start of its chain."""

SUBTYPES: dict[EntityKind, tuple[str, ...]] = {
    "person": ("researcher",),
    "organisation": ("Institute", "Foundation", "Laboratory", "Society", "Observatory", "Academy"),
    "place": ("city",),
    "work": ("Report", "Atlas", "Chronicle", "Treatise", "Compendium"),
    "event": ("Symposium", "Congress", "Colloquium", "Summit", "Convention"),
}
"""Subtypes per kind; for organisations, works and events the word ends the name."""

KIND_NOUNS: dict[EntityKind, str] = {
    "person": "person",
    "organisation": "organisation",
    "place": "city",
    "work": "work",
    "event": "event",
}

FIELDS: tuple[str, ...] = (
    "hydrology",
    "glaciology",
    "epigraphy",
    "seismology",
    "palynology",
    "limnology",
    "numismatics",
    "cartography",
    "dendrochronology",
    "volcanology",
    "metallurgy",
    "ornithology",
    "toponymy",
    "phonology",
)
"""The pool of the one label attribute (an organisation's field)."""


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


ATTRIBUTES: tuple[AttributeSpec, ...] = (
    AttributeSpec(
        "birth_year", "person", "birth year",
        "{subject} was born in the year {value}.",
        "In which year was {subject} born?", 1921, 1994, is_year=True,
    ),
    AttributeSpec(
        "publication_count", "person", "number of published papers",
        "{subject} has published {value} papers.",
        "How many papers has {subject} published?", 14, 390,
    ),
    AttributeSpec(
        "founding_year", "organisation", "founding year",
        "{subject} was founded in {value}.",
        "In which year was {subject} founded?", 1820, 2008, is_year=True,
    ),
    AttributeSpec(
        "staff_count", "organisation", "staff count",
        "{subject} employs {value} staff.",
        "How many staff does {subject} employ?", 35, 4800,
    ),
    AttributeSpec(
        "field", "organisation", "field of research",
        "{subject} specialises in {value}.",
        "In which field does {subject} specialise?", choices=FIELDS,
    ),
    AttributeSpec(
        "population", "place", "population",
        "{subject} has a population of {value}.",
        "What is the population of {subject}?", 4000, 950000,
    ),
    AttributeSpec(
        "charter_year", "place", "charter year",
        "{subject} received its town charter in {value}.",
        "In which year did {subject} receive its town charter?", 1150, 1890, is_year=True,
    ),
    AttributeSpec(
        "publication_year", "work", "year of publication",
        "{subject} was first published in {value}.",
        "In which year was {subject} first published?", 1890, 2023, is_year=True,
    ),
    AttributeSpec(
        "page_count", "work", "page count",
        "{subject} runs to {value} pages.",
        "How many pages does {subject} run to?", 48, 960,
    ),
    AttributeSpec(
        "event_year", "event", "year",
        "{subject} took place in the year {value}.",
        "In which year did {subject} take place?", 1950, 2024, is_year=True,
    ),
    AttributeSpec(
        "attendee_count", "event", "attendance",
        "{subject} drew {value} attendees.",
        "How many attendees did {subject} draw?", 60, 5200,
    ),
)  # fmt: skip

RELATIONS: tuple[RelationSpec, ...] = (
    RelationSpec(
        "written_by", "work", "person", "author", "the author of {subject}",
        "{object} wrote {subject}.", "Who wrote {subject}?",
    ),
    RelationSpec(
        "published_by", "work", "organisation", "publisher", "the publisher of {subject}",
        "{subject} was published by {object}.", "Which organisation published {subject}?",
    ),
    RelationSpec(
        "supervised_by", "person", "person", "doctoral supervisor",
        "the doctoral supervisor of {subject}",
        "{object} supervised the doctoral thesis of {subject}.",
        "Who supervised the doctoral thesis of {subject}?",
    ),
    RelationSpec(
        "employed_by", "person", "organisation", "employer", "the employer of {subject}",
        "{subject} holds a research post at {object}.",
        "Where does {subject} hold a research post?",
    ),
    RelationSpec(
        "born_in", "person", "place", "birthplace", "the birthplace of {subject}",
        "{subject} was born in the city of {object}.", "In which city was {subject} born?",
    ),
    RelationSpec(
        "directed_by", "organisation", "person", "director", "the director of {subject}",
        "{object} is the director of {subject}.", "Who is the director of {subject}?",
    ),
    RelationSpec(
        "founded_by", "organisation", "person", "founder", "the founder of {subject}",
        "{subject} was founded by {object}.", "Who founded {subject}?",
    ),
    RelationSpec(
        "located_in", "organisation", "place", "home city", "the home city of {subject}",
        "{subject} is headquartered in {object}.", "In which city is {subject} headquartered?",
    ),
    RelationSpec(
        "mayor", "place", "person", "mayor", "the mayor of {subject}",
        "{object} is the mayor of {subject}.", "Who is the mayor of {subject}?",
    ),
    RelationSpec(
        "hosted_by", "event", "organisation", "host", "the host of {subject}",
        "{subject} was hosted by {object}.", "Which organisation hosted {subject}?",
    ),
    RelationSpec(
        "held_in", "event", "place", "host city", "the host city of {subject}",
        "{subject} was held in the city of {object}.", "In which city was {subject} held?",
    ),
)  # fmt: skip

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

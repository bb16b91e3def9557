"""Typed data model of an entity_stream world: templates, entities, relations, corrections.

Everything here is plain, immutable data. Generators build these objects from a seed;
documents, questions, policies and scorers read them. Nothing imports Inspect.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, TypeVar

AttributeKind = Literal["int", "float", "text", "enum", "list_float", "date"]
"""The six attribute types a template may declare."""

Value = int | float | str | tuple[str, ...] | tuple[float, ...]
"""An attribute value: int, float, enum/date string, text fragments or a float series."""

NUMERIC_KINDS: tuple[AttributeKind, ...] = ("int", "float")

Memo = TypeVar("Memo")


@dataclass(frozen=True)
class AttributeSpec:
    """One attribute a template's entities may carry.

    Attributes:
        key: Identifier, snake_case (e.g. ``"revenue"``).
        label: Human phrase used in documents and questions (e.g. ``"annual revenue"``).
        kind: Value type.
        unit: Format pattern with a ``{value}`` placeholder (e.g. ``"${value}M"``,
            ``"{value}%"``, ``"{value} employees"``). For text, enum and date it is
            normally ``"{value}"``.
        low: Lower bound for int/float/list_float values (also the earliest year for dates).
        high: Upper bound for int/float/list_float values (also the latest year for dates).
        decimals: Decimal places for float and list_float values.
        choices: Enum values, or the fragment pool for text attributes.
        periods: Length of a list_float series (time periods).
        min_fragments: Fewest fragments a text value holds.
        max_fragments: Most fragments a text value holds.
    """

    key: str
    label: str
    kind: AttributeKind
    unit: str = "{value}"
    low: float = 0.0
    high: float = 0.0
    decimals: int = 0
    choices: tuple[str, ...] = ()
    periods: int = 0
    min_fragments: int = 2
    max_fragments: int = 5


@dataclass(frozen=True)
class RelationSpec:
    """A directed relation kind between two entities of the same template.

    Attributes:
        key: Identifier (e.g. ``"supplies_to"``).
        phrase: Verb phrase with the source as subject (e.g. ``"supplies to"``).
        passive: Phrase with the target as subject (e.g. ``"is supplied by"``).
    """

    key: str
    phrase: str
    passive: str


@dataclass(frozen=True)
class RatioSpec:
    """A ratio question pair: numerator / denominator attribute keys.

    Attributes:
        key: Identifier (e.g. ``"operating_margin"``).
        label: Human phrase (e.g. ``"operating margin"``).
        numerator: Attribute key of the numerator.
        denominator: Attribute key of the denominator.
    """

    key: str
    label: str
    numerator: str
    denominator: str


QuestionFamily = Literal["retrieval", "comprehension", "update", "abstention"]


@dataclass(frozen=True)
class Template:
    """A domain template: everything needed to generate worlds of one kind.

    Attributes:
        name: Template id (e.g. ``"company"``).
        entity_word: Singular noun for an entity (e.g. ``"company"``).
        entity_plural: Plural noun (e.g. ``"companies"``).
        attributes: 21-23 attribute specs.
        categories: 8-12 category names.
        relations: Exactly two relation kinds.
        ratios: 5-6 ratio pairs over numeric attributes.
        styles: 4 document styles (e.g. ``"Analyst brief"``).
        name_prefixes: Name pool first parts.
        name_suffixes: Name pool second parts (prefix x suffix gives ~600 names).
        question_weights: Mix of retrieval / comprehension / update / abstention questions.
        correction_timing: Range (fraction of batches) after which corrections arrive.
        correction_reasons: Phrases explaining a correction ("following an internal audit").
        noise_topics: Subjects of noise documents that carry no entity facts.
    """

    name: str
    entity_word: str
    entity_plural: str
    attributes: tuple[AttributeSpec, ...]
    categories: tuple[str, ...]
    relations: tuple[RelationSpec, RelationSpec]
    ratios: tuple[RatioSpec, ...]
    styles: tuple[str, ...]
    name_prefixes: tuple[str, ...]
    name_suffixes: tuple[str, ...]
    question_weights: dict[QuestionFamily, float]
    correction_timing: tuple[float, float]
    correction_reasons: tuple[str, ...]
    noise_topics: tuple[str, ...]

    def attribute(self, key: str) -> AttributeSpec:
        """Return the attribute spec with this key.

        Args:
            key: Attribute key.

        Raises:
            KeyError: If the template has no such attribute.
        """
        try:
            return self._attributes_by_key[key]
        except KeyError:
            raise KeyError(f"template {self.name!r} has no attribute {key!r}") from None

    @cached_property
    def _attributes_by_key(self) -> dict[str, AttributeSpec]:
        return {spec.key: spec for spec in self.attributes}

    def relation(self, key: str) -> RelationSpec:
        """Return the relation spec with this key.

        Args:
            key: Relation key.

        Raises:
            KeyError: If the template has no such relation.
        """
        for spec in self.relations:
            if spec.key == key:
                return spec
        raise KeyError(f"template {self.name!r} has no relation {key!r}")


@dataclass(frozen=True)
class Entity:
    """One entity with its current attribute values.

    Attributes:
        name: Unique display name.
        category: One of the template's categories.
        values: Attribute key to value, in the template's attribute order.
    """

    name: str
    category: str
    values: dict[str, Value]


@dataclass(frozen=True)
class Relation:
    """A directed edge ``source --kind--> target``."""

    source: str
    kind: str
    target: str


@dataclass(frozen=True)
class Correction:
    """A change of one fact after its entity was ingested.

    Attributes:
        entity: Entity name.
        attribute: Attribute key.
        old: Value before the change.
        new: Value after the change.
        kind: ``"correction"`` (an explicit notice) or ``"contradiction"`` (a silent
            restatement with a new value).
        reason: Why the value changed (used in the notice text).
    """

    entity: str
    attribute: str
    old: Value
    new: Value
    kind: Literal["correction", "contradiction"]
    reason: str = ""


@dataclass(frozen=True)
class World:
    """A complete structured world: the truth documents and questions derive from.

    ``entities`` hold values *after* every correction; ``corrections`` lists the changes
    in stream order, so the original values are recoverable.

    Attributes:
        template: The template the world was generated from.
        entities: Entities in ingest order, with final (post-correction) values.
        relations: Directed relation edges.
        corrections: Corrections and contradictions in stream order.
    """

    template: Template
    entities: tuple[Entity, ...]
    relations: tuple[Relation, ...] = ()
    corrections: tuple[Correction, ...] = ()
    _by_name: dict[str, Entity] = field(default_factory=dict, compare=False, repr=False)
    _last_change: dict[tuple[str, str], Correction] = field(
        default_factory=dict, compare=False, repr=False
    )
    _memo: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_name.update({entity.name: entity for entity in self.entities})
        self._last_change.update(
            {(change.entity, change.attribute): change for change in self.corrections}
        )

    def entity(self, name: str) -> Entity:
        """Return the entity with this name.

        Args:
            name: Entity name.

        Raises:
            KeyError: If no entity has this name.
        """
        return self._by_name[name]

    def find(self, name: str) -> Entity | None:
        """The entity with this name, or None.

        Args:
            name: Entity name.
        """
        return self._by_name.get(name)

    def has_entity(self, name: str) -> bool:
        """Whether an entity with this name exists.

        Args:
            name: Entity name.
        """
        return name in self._by_name

    def names(self) -> list[str]:
        """All entity names in ingest order."""
        return [entity.name for entity in self.entities]

    def targets(self, source: str, kind: str) -> list[str]:
        """Targets of ``source``'s edges of one relation kind, sorted by name.

        Args:
            source: Source entity name.
            kind: Relation key.
        """
        index = self._memo.get("targets")  # the memo's entry read directly: questions ask often
        if index is None:
            index = self.memo("targets", self._targets_index)
        return list(index.get((source, kind), ()))

    def _targets_index(self) -> dict[tuple[str, str], tuple[str, ...]]:
        index: dict[tuple[str, str], list[str]] = {}
        for edge in self.relations:
            index.setdefault((edge.source, edge.kind), []).append(edge.target)
        return {key: tuple(sorted(targets)) for key, targets in index.items()}

    def memo(self, key: Hashable, compute: Callable[[], Memo]) -> Memo:
        """``compute()``, computed once per world and key (worlds are never changed).

        Args:
            key: What is computed, with its arguments.
            compute: Computes it from this world alone.
        """
        try:
            found: Memo = self._memo[key]
        except KeyError:
            found = self._memo[key] = compute()
        return found

    def correction_for(self, entity: str, attribute: str) -> Correction | None:
        """The last correction or contradiction of one fact, if any.

        Args:
            entity: Entity name.
            attribute: Attribute key.
        """
        return self._last_change.get((entity, attribute))

"""The fictional knowledge graph: entities with typed attributes, and directed links.

Plain data built once per instance by ``world_builder``; documents, questions and gold
answers are all read from it, so every gold answer is computed, never written by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from inspect_memgym.research_qa.world.schema import EntityKind

AttributeValue = int | str
"""A number (year or count) or a label."""

ARTICLE_KINDS: frozenset[EntityKind] = frozenset({"organisation", "work", "event"})
"""Kinds whose names take ``the`` in running text (``the Quillan Institute``)."""


@dataclass(frozen=True)
class Entity:
    """One entity of the world.

    Attributes:
        entity_id: Unique id within the world (e.g. ``"E12"``).
        kind: Entity kind.
        name: The invented name (``Quillan Institute``, ``Vael Morrow``).
        subtype: Subtype (``Institute``, ``Report``, ``researcher``...).
        attributes: Every attribute of its kind, by key.
    """

    entity_id: str
    kind: EntityKind
    name: str
    subtype: str
    attributes: dict[str, AttributeValue] = field(default_factory=dict)

    @property
    def reference(self) -> str:
        """How running text names the entity (with ``the`` where English needs it)."""
        return f"the {self.name}" if self.kind in ARTICLE_KINDS else self.name


@dataclass(frozen=True)
class Link:
    """A directed relation between two entities.

    Attributes:
        subject_id: The entity the relation goes out of.
        relation: Relation key (see ``schema.RELATIONS``).
        object_id: The entity it leads to.
    """

    subject_id: str
    relation: str
    object_id: str


class KnowledgeGraph:
    """Entities by id and links by (subject, relation); each relation is a function."""

    def __init__(self) -> None:
        self.entities: dict[str, Entity] = {}
        self._links: dict[tuple[str, str], Link] = {}

    def add_entity(
        self, kind: EntityKind, name: str, subtype: str, attributes: dict[str, AttributeValue]
    ) -> Entity:
        """Create an entity with the next free id.

        Args:
            kind: Entity kind.
            name: Its name.
            subtype: Its subtype.
            attributes: Its attribute values by key.
        """
        entity = Entity(f"E{len(self.entities) + 1}", kind, name, subtype, attributes)
        self.entities[entity.entity_id] = entity
        return entity

    def add_link(self, subject_id: str, relation: str, object_id: str) -> Link:
        """Relate two entities.

        Args:
            subject_id: Subject entity id.
            relation: Relation key.
            object_id: Object entity id.

        Raises:
            ValueError: If the subject already has this relation (relations are functions).
        """
        if (subject_id, relation) in self._links:
            raise ValueError(f"{subject_id} already has a {relation} link")
        link = Link(subject_id, relation, object_id)
        self._links[(subject_id, relation)] = link
        return link

    @property
    def links(self) -> list[Link]:
        """Every link, in the order added."""
        return list(self._links.values())

    def target(self, subject_id: str, relation: str) -> Entity | None:
        """The entity a relation leads to from a subject, if the link exists.

        Args:
            subject_id: Subject entity id.
            relation: Relation key.
        """
        link = self._links.get((subject_id, relation))
        return None if link is None else self.entities[link.object_id]

    def follow(self, start_id: str, relations: Sequence[str]) -> Entity | None:
        """The entity reached by following relations from a start, or None if a link is missing.

        Args:
            start_id: Start entity id.
            relations: Relation keys, in order.
        """
        current: Entity | None = self.entities[start_id]
        for relation in relations:
            if current is None:
                return None
            current = self.target(current.entity_id, relation)
        return current

"""The parts of a research instance: documents, search turns, chain hops, facts and claims.

Plain, immutable, JSON-able data (``to_dict`` / ``from_dict`` on each). Turns are numbered
from 0 (as in MemGym-DR's rows); hops from 1.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.scoring.facts import Fact, fact_from_dict, fact_to_dict

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Record = TypeVar("Record", bound="DataclassInstance")

DocumentKind = Literal[
    "supporting",
    "near_miss",
    "same_entity",
    "conflicting_authority",
    "dead_end",
    "filler",
    "other",
]
"""What a document is for. ``other``: a released row's non-supporting document (the rows do
not record each document's kind)."""

FactType = Literal["bridge_fact", "terminal_fact", "temporal_fact", "numerical_fact"]
"""MemGym-DR's grounding fact types: a link to the next hop, or the final fact (a year is
temporal, a count numerical, a name or label terminal)."""


def flat_dict(record: DataclassInstance) -> dict[str, Any]:
    """A flat record's JSON-able form: its fields in order, tuples as lists.

    Args:
        record: A dataclass whose fields are plain values or tuples of them.
    """
    return {
        field.name: _listed(getattr(record, field.name)) for field in dataclasses.fields(record)
    }


def from_flat_dict(kind: type[Record], data: dict[str, Any]) -> Record:
    """A flat record rebuilt from `flat_dict` output (lists back to tuples).

    Args:
        kind: The record's dataclass.
        data: The dict form.
    """
    return kind(**{field.name: _tupled(data[field.name]) for field in dataclasses.fields(kind)})


def _listed(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _tupled(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Document:
    """One search result.

    Attributes:
        doc_id: Stable id within the instance (``t2-d0005``: turn, then position).
        title: Title.
        text: Body text.
        kind: What the document is for (never shown to the agent).
        turn_index: The turn whose results hold it.
        fact_ids: Ids of the facts it states (chain or distractor facts).
    """

    doc_id: str
    title: str
    text: str
    kind: DocumentKind
    turn_index: int
    fact_ids: tuple[str, ...] = ()

    @property
    def is_supporting(self) -> bool:
        """Whether it states a chain fact."""
        return self.kind == "supporting"

    @property
    def tokens(self) -> int:
        """Estimated tokens of title and text (what length control counts)."""
        return estimate_tokens(f"{self.title}\n{self.text}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return flat_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Document:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return from_flat_dict(cls, data)


@dataclass(frozen=True)
class SearchTurn:
    """One search turn: a sub-query and the documents it returns.

    Attributes:
        turn_index: 0-based turn number.
        hop: The 1-based hop whose sub-query the turn asks (0 if unknown).
        sub_query: What the turn searches for; never names an intermediate answer.
        sub_answer: The hop's answer (intermediate entity or final value).
        documents: The results, shuffled.
        is_red_herring: True if the turn holds no supporting document.
    """

    turn_index: int
    hop: int
    sub_query: str
    sub_answer: str
    documents: tuple[Document, ...]
    is_red_herring: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "turn_index": self.turn_index,
            "hop": self.hop,
            "sub_query": self.sub_query,
            "sub_answer": self.sub_answer,
            "documents": [document.to_dict() for document in self.documents],
            "is_red_herring": self.is_red_herring,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SearchTurn:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            data["turn_index"],
            data["hop"],
            data["sub_query"],
            data["sub_answer"],
            tuple(Document.from_dict(document) for document in data["documents"]),
            data["is_red_herring"],
        )


@dataclass(frozen=True)
class ChainHop:
    """One hop of the question's chain.

    Attributes:
        hop: 1-based hop number.
        relation: The relation or attribute key the hop follows ("" for released rows).
        sub_query: The hop's question, naming only what the question names.
        answer: The hop's answer: the intermediate entity's name or the final value.
        fact_id: The chain fact that answers it ("" if unknown).
        turn_index: The turn that asks its sub-query (-1 if unknown).
    """

    hop: int
    relation: str
    sub_query: str
    answer: str
    fact_id: str
    turn_index: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return flat_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChainHop:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return from_flat_dict(cls, data)


@dataclass(frozen=True)
class GroundingFact:
    """A chain fact with when it is seen and when it is used (MemGym-DR's grounding fact).

    Attributes:
        fact: Id, the statement (verbatim in its supporting document) and key tokens.
        fact_type: Bridge or final fact type.
        hop: The 1-based hop it answers (MemGym's ``needed_at_hop`` for released rows).
        source_title: Title of the supporting document.
        first_available_turn: The turn that first shows it.
        needed_at_turn: The turn where it is used to follow the chain.
        retention_span: ``needed_at_turn - first_available_turn``.
        is_discoverable: Whether it can be inferred without its document.
        intermediate_answer: The hop's answer it provides.
    """

    fact: Fact
    fact_type: FactType
    hop: int
    source_title: str
    first_available_turn: int
    needed_at_turn: int
    retention_span: int
    is_discoverable: bool
    intermediate_answer: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "fact": fact_to_dict(self.fact),
            "fact_type": self.fact_type,
            "hop": self.hop,
            "source_title": self.source_title,
            "first_available_turn": self.first_available_turn,
            "needed_at_turn": self.needed_at_turn,
            "retention_span": self.retention_span,
            "is_discoverable": self.is_discoverable,
            "intermediate_answer": self.intermediate_answer,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroundingFact:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            fact_from_dict(data["fact"]),
            data["fact_type"],
            data["hop"],
            data["source_title"],
            data["first_available_turn"],
            data["needed_at_turn"],
            data["retention_span"],
            data["is_discoverable"],
            data["intermediate_answer"],
        )


@dataclass(frozen=True)
class Distractor:
    """A distractor injected into a turn (MemGym-DR's distractor fact).

    Attributes:
        distractor_id: Unique id (``D1``...).
        source: MemGym's distractor source (``sibling_near_miss``, ``same_entity``,
            ``conflicting_authority``, ``dead_end``...).
        content: The document text.
        target_turn: The turn it is injected into.
        interferes_with: Id of the chain fact it could be confused with, if any.
        fact: The fact it states, if it states one (dead ends state none).
        doc_id: The document holding it ("" for released rows).
    """

    distractor_id: str
    source: str
    content: str
    target_turn: int
    interferes_with: str | None
    fact: Fact | None
    doc_id: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "distractor_id": self.distractor_id,
            "source": self.source,
            "content": self.content,
            "target_turn": self.target_turn,
            "interferes_with": self.interferes_with,
            "fact": None if self.fact is None else fact_to_dict(self.fact),
            "doc_id": self.doc_id,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Distractor:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        fact = data["fact"]
        return cls(
            data["distractor_id"],
            data["source"],
            data["content"],
            data["target_turn"],
            data["interferes_with"],
            None if fact is None else fact_from_dict(fact),
            data["doc_id"],
        )


@dataclass(frozen=True)
class Claim:
    """What a fact says, as structured data a reader can follow.

    Attributes:
        fact_id: The fact (chain ``F<n>`` or distractor ``D<n>``).
        subject: Name of the entity the fact is about.
        relation: Relation or attribute key.
        value: The object's name or the attribute value, as text.
        current: False when the text marks the claim as withdrawn or superseded.
    """

    fact_id: str
    subject: str
    relation: str
    value: str
    current: bool = True

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return flat_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Claim:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return from_flat_dict(cls, data)

"""Question types of the entity_stream task, registered on import.

Importing this package registers all 25 types in :data:`QUESTION_TYPES`;
:data:`QUESTION_TYPE_NAMES` lists them in their canonical order.
"""

from __future__ import annotations

from inspect_memgym.entity_stream.world.questions import (  # noqa: F401  (imported to register types)
    lookup,
    numeric,
    ranking,
    relations,
    temporal,
    text_match,
    update_chain,
)
from inspect_memgym.entity_stream.world.questions.model import Axis, MissingFact, Question
from inspect_memgym.entity_stream.world.questions.registry import (
    QUESTION_TYPES,
    QuestionType,
    build_question,
)

QUESTION_TYPE_NAMES: tuple[str, ...] = (
    "retrieval",
    "update",
    "contradiction",
    "abstention",
    "synthesis",
    "aggregation",
    "cross_category",
    "conditional",
    "ratio",
    "comparison",
    "multi_hop",
    "outlier",
    "delta",
    "counterfactual",
    "temporal_trend",
    "temporal_extreme",
    "text_match",
    "enum_filter",
    "multi_constraint",
    "relationship_lookup",
    "relationship_hop",
    "relationship_chain",
    "relationship_count",
    "relationship_filter",
    "update_chain",
)
"""Every question type, in canonical order."""

__all__ = [
    "QUESTION_TYPES",
    "QUESTION_TYPE_NAMES",
    "Axis",
    "MissingFact",
    "Question",
    "QuestionType",
    "build_question",
]

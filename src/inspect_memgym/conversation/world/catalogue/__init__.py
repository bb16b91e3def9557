"""The hand-written catalogue of state variables and advice questions, by key.

Each domain module (``food``, ``money``...) holds three variables and the one question that
depends on them; this package joins them in a fixed catalogue order. Nothing here is random:
generators pick from these tables with their own seeded streams.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from inspect_memgym.conversation.world.catalogue import (
    entertainment,
    family,
    fitness,
    food,
    gardening,
    health,
    hobbies,
    housing,
    learning,
    money,
    pets,
    social,
    tech,
    transport,
    travel,
    work,
)
from inspect_memgym.conversation.world.catalogue.follow_ups import FOLLOW_UPS
from inspect_memgym.conversation.world.catalogue_model import QuestionSpec, VariableSpec

SpecT = TypeVar("SpecT", VariableSpec, QuestionSpec)

__all__ = [
    "DOMAINS",
    "FOLLOW_UPS",
    "QUESTIONS",
    "VARIABLES",
    "get_question",
    "get_variable",
]

_VARIABLE_GROUPS: tuple[tuple[VariableSpec, ...], ...] = (
    food.VARIABLES,
    money.VARIABLES,
    fitness.VARIABLES,
    work.VARIABLES,
    housing.VARIABLES,
    family.VARIABLES,
    health.VARIABLES,
    hobbies.VARIABLES,
    travel.VARIABLES,
    tech.VARIABLES,
    learning.VARIABLES,
    social.VARIABLES,
    pets.VARIABLES,
    transport.VARIABLES,
    gardening.VARIABLES,
    entertainment.VARIABLES,
)

_QUESTION_GROUPS: tuple[tuple[QuestionSpec, ...], ...] = (
    food.QUESTIONS,
    money.QUESTIONS,
    fitness.QUESTIONS,
    work.QUESTIONS,
    housing.QUESTIONS,
    family.QUESTIONS,
    health.QUESTIONS,
    hobbies.QUESTIONS,
    travel.QUESTIONS,
    tech.QUESTIONS,
    learning.QUESTIONS,
    social.QUESTIONS,
    pets.QUESTIONS,
    transport.QUESTIONS,
    gardening.QUESTIONS,
    entertainment.QUESTIONS,
)


class CatalogueTable(dict[str, SpecT]):
    """Catalogue entries by key, in catalogue order.

    Building it fails on a duplicate key; looking up a missing key raises a `KeyError`
    that names the kind of entry.
    """

    def __init__(self, kind: str, entries: Iterable[SpecT]) -> None:
        """Index the entries by key.

        Args:
            kind: What the entries are (``variable``, ``question``), for the messages.
            entries: The entries, in catalogue order.

        Raises:
            ValueError: If two entries share a key.
        """
        super().__init__()
        self.kind = kind
        for entry in entries:
            if entry.key in self:
                raise ValueError(f"duplicate {kind} key {entry.key!r} in the catalogue")
            self[entry.key] = entry

    def __missing__(self, key: str) -> SpecT:
        raise KeyError(f"no catalogue {self.kind} {key!r}")


_ALL_VARIABLES = tuple(spec for group in _VARIABLE_GROUPS for spec in group)
_ALL_QUESTIONS = tuple(spec for group in _QUESTION_GROUPS for spec in group)

VARIABLES: CatalogueTable[VariableSpec] = CatalogueTable("variable", _ALL_VARIABLES)
"""Every state variable, keyed by key, in catalogue order."""

QUESTIONS: CatalogueTable[QuestionSpec] = CatalogueTable("question", _ALL_QUESTIONS)
"""Every advice question, keyed by key, in catalogue order."""

get_variable: Callable[[str], VariableSpec] = VARIABLES.__getitem__
"""The variable with this key (`KeyError` if the catalogue has none)."""

get_question: Callable[[str], QuestionSpec] = QUESTIONS.__getitem__
"""The question with this key (`KeyError` if the catalogue has none)."""

DOMAINS: tuple[str, ...] = tuple(dict.fromkeys(spec.domain for spec in _ALL_VARIABLES))
"""The life domains, in catalogue order."""

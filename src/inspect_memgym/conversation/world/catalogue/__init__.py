"""The hand-written catalogue of state variables and advice questions, by key.

Each life domain has a data file beside this module (``food.toml``, ``money.toml``...)
holding three variables and the one question that depends on them; this package reads them
once and joins them in a fixed catalogue order. Nothing here is random: generators pick from
these tables with their own seeded streams.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from inspect_memgym.conversation.world.catalogue_model import (
    DomainCatalogue,
    QuestionSpec,
    VariableSpec,
)
from inspect_memgym.kit.catalogues import load_catalogue, load_value

SpecT = TypeVar("SpecT", VariableSpec, QuestionSpec)

__all__ = [
    "DOMAINS",
    "DOMAIN_FILES",
    "FOLLOW_UPS",
    "QUESTIONS",
    "VARIABLES",
    "get_question",
    "get_variable",
]

DOMAIN_FILES: tuple[str, ...] = (
    "food",
    "money",
    "fitness",
    "work",
    "housing",
    "family",
    "health",
    "hobbies",
    "travel",
    "tech",
    "learning",
    "social",
    "pets",
    "transport",
    "gardening",
    "entertainment",
)
"""The domain files (``<domain>.toml``), in catalogue order."""

_DOMAIN_CATALOGUES: tuple[DomainCatalogue, ...] = tuple(
    load_catalogue(DomainCatalogue, __name__, f"{name}.toml") for name in DOMAIN_FILES
)

FOLLOW_UPS: tuple[str, ...] = load_value(tuple[str, ...], __name__, "follow_ups.toml", "follow_ups")
"""Follow-ups for the rounds after a session's opening message, in a fixed order."""


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


_ALL_VARIABLES = tuple(spec for domain in _DOMAIN_CATALOGUES for spec in domain.variables)
_ALL_QUESTIONS = tuple(spec for domain in _DOMAIN_CATALOGUES for spec in domain.questions)

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

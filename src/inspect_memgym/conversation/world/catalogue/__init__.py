"""The hand-written catalogue of state variables and advice questions, by key.

Each domain module (``food``, ``money``...) holds three variables and the one question that
depends on them; this package joins them in a fixed catalogue order. Nothing here is random:
generators pick from these tables with their own seeded streams.
"""

from __future__ import annotations

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


def _by_key(items: tuple[VariableSpec | QuestionSpec, ...], kind: str) -> list[str]:
    """The keys of ``items`` in order, failing on a duplicate.

    Args:
        items: Variables or questions.
        kind: What they are, for the message.

    Raises:
        ValueError: If two items share a key.
    """
    keys: list[str] = []
    for item in items:
        if item.key in keys:
            raise ValueError(f"duplicate {kind} key {item.key!r} in the catalogue")
        keys.append(item.key)
    return keys


_ALL_VARIABLES = tuple(spec for group in _VARIABLE_GROUPS for spec in group)
_ALL_QUESTIONS = tuple(spec for group in _QUESTION_GROUPS for spec in group)
_by_key(_ALL_VARIABLES, "variable")
_by_key(_ALL_QUESTIONS, "question")

VARIABLES: dict[str, VariableSpec] = {spec.key: spec for spec in _ALL_VARIABLES}
"""Every state variable, keyed by key, in catalogue order."""

QUESTIONS: dict[str, QuestionSpec] = {spec.key: spec for spec in _ALL_QUESTIONS}
"""Every advice question, keyed by key, in catalogue order."""

DOMAINS: tuple[str, ...] = tuple(dict.fromkeys(spec.domain for spec in _ALL_VARIABLES))
"""The life domains, in catalogue order."""


def get_variable(key: str) -> VariableSpec:
    """The variable with this key.

    Args:
        key: Variable key.

    Raises:
        KeyError: If the catalogue has no such variable.
    """
    try:
        return VARIABLES[key]
    except KeyError:
        raise KeyError(f"no catalogue variable {key!r}") from None


def get_question(key: str) -> QuestionSpec:
    """The question with this key.

    Args:
        key: Question key.

    Raises:
        KeyError: If the catalogue has no such question.
    """
    try:
        return QUESTIONS[key]
    except KeyError:
        raise KeyError(f"no catalogue question {key!r}") from None

"""Advice choices of a question: one per value combination the user lives through, plus others.

Every combination of the required variables that occurs in some period is a choice (so
every period's gold answer is on the list); further random combinations are added until the
question has the tier's minimum number of choices, and the order is shuffled by the seed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from inspect_memgym.conversation.world.catalogue import get_variable
from inspect_memgym.conversation.world.catalogue_model import QuestionSpec
from inspect_memgym.conversation.world.model import Choice


def advice_text(spec: QuestionSpec, required: Sequence[str], state: Sequence[str]) -> str:
    """The advice that fits one combination of values.

    Args:
        spec: The catalogue question.
        required: The required variable keys.
        state: One value per required variable.
    """
    parts = [spec.opener]
    parts.extend(
        get_variable(key).value(value).advice for key, value in zip(required, state, strict=True)
    )
    return " ".join(parts)


def question_choices(
    spec: QuestionSpec,
    required: Sequence[str],
    visited: Sequence[tuple[str, ...]],
    min_choices: int,
    rng: random.Random,
) -> tuple[Choice, ...]:
    """The shuffled choices of one question.

    Args:
        spec: The catalogue question.
        required: The required variable keys.
        visited: Value combinations the user has in some period (duplicates allowed).
        min_choices: Fewest choices.
        rng: Seeded RNG.
    """
    combinations = list(dict.fromkeys(visited))
    every = list(itertools.product(*(get_variable(key).value_names for key in required)))
    others = [combination for combination in every if combination not in combinations]
    rng.shuffle(others)
    combinations.extend(others[: max(0, min_choices - len(combinations))])
    rng.shuffle(combinations)
    return tuple(
        Choice(state=combination, text=advice_text(spec, required, combination))
        for combination in combinations
    )

"""A question's pool of advice choices: one per value combination of its variables.

Every combination of the required variables' values is a choice, whether or not the user
ever lives through it, so the pool says nothing about the user's path: which choices a
period shows is drawn around the gold answer (`presentation`).
"""

from __future__ import annotations

import itertools
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


def choice_pool(spec: QuestionSpec, required: Sequence[str]) -> tuple[Choice, ...]:
    """Every combination of the required values as a choice, in catalogue order.

    Args:
        spec: The catalogue question.
        required: The required variable keys.
    """
    combinations = itertools.product(*(get_variable(key).value_names for key in required))
    return tuple(
        Choice(state=combination, text=advice_text(spec, required, combination))
        for combination in combinations
    )

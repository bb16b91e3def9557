"""Probe order: which variables are probed, and each probe's value order, fixed per user."""

from __future__ import annotations

import hashlib

from inspect_memgym.conversation.world.model import ConversationScenario, StateVariable


def probed_variables(scenario: ConversationScenario) -> tuple[StateVariable, ...]:
    """Variables some question depends on, in scenario order (the ones worth probing).

    Args:
        scenario: The user.
    """
    needed = {key for question in scenario.questions for key in question.required}
    return tuple(variable for variable in scenario.variables if variable.key in needed)


def probe_values(scenario_id: str, variable: StateVariable) -> tuple[str, ...]:
    """A variable's values in a shuffled order fixed by the user and variable.

    Args:
        scenario_id: The user's id.
        variable: The variable.
    """

    def rank(value: str) -> bytes:
        return hashlib.sha256(f"{scenario_id}\x1f{variable.key}\x1f{value}".encode()).digest()

    return tuple(sorted(variable.values, key=rank))


def exposure_periods(scenario: ConversationScenario, key: str) -> list[int]:
    """Indices of the periods in which some session reveals a variable.

    Args:
        scenario: The user.
        key: Variable key.
    """
    return [
        period.index
        for period in scenario.periods
        if any(key in session.exposed for session in period.sessions)
    ]

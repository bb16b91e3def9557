"""Probes: which variables are probed, and the periods in which sessions reveal each.

What a probe shows in a period (its values in a fresh order) is `presentation`'s.
"""

from __future__ import annotations

from inspect_memgym.conversation.world.model import ConversationScenario, StateVariable


def probed_variables(scenario: ConversationScenario) -> tuple[StateVariable, ...]:
    """Variables some question depends on, in scenario order (the ones worth probing).

    Args:
        scenario: The user.
    """
    needed = {key for question in scenario.questions for key in question.required}
    return tuple(variable for variable in scenario.variables if variable.key in needed)


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

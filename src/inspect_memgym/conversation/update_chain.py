"""Update-aware multi-hop questions of conversation: which asked questions are ``update_chain``.

A question asked in a period is an ``update_chain`` question when its answer combines two or
more of the user's variables, at least one of which has changed since the user first
revealed it, and the period shows the *stale option*: the advice that fits every required
variable at its first value (the initial period's state), which is not the gold. A memory
that never applied a change answers with exactly that option; the answer is then wrong and
labelled ``outdated`` (`memory_holds.chose_outdated_option`). Every other asked question is
an ``advice`` question.

The kind is read from the user's structured data alone (the states of its periods and the
states of the options each period shows), so tagging changes no sample: the same users and
the same options, with a label on each graded row (``kind``, and ``stale``: the number the
stale option is shown under). Beside the headline, never in it, go the sample's
``update_chain_accuracy`` (the share of its update_chain questions answered right) and
``stale_chain_rate`` (the share answered with the stale option); both are undefined (NaN)
for a sample that asked none. Pure: no Inspect.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_memgym.conversation.world.model import (
    Choice,
    ConversationQuestion,
    ConversationScenario,
    Period,
)

UPDATE_CHAIN = "update_chain"
"""Kind of an asked question whose stale option (every required variable at its first
value) is shown and differs from the gold."""
ADVICE = "advice"
"""Kind of every other asked question."""
MIN_VARIABLES = 2
"""Fewest required variables an update_chain question combines."""


def stale_state(scenario: ConversationScenario, question: ConversationQuestion) -> tuple[str, ...]:
    """The question's required values as the user first revealed them (the initial period).

    Args:
        scenario: The user.
        question: The question.
    """
    first = scenario.periods[0].state
    return tuple(first[key] for key in question.required)


def stale_number(
    scenario: ConversationScenario,
    question: ConversationQuestion,
    period: Period,
    shown: Sequence[Choice],
) -> int | None:
    """The number the stale option is shown under, when the question is update_chain then.

    Args:
        scenario: The user.
        question: The question.
        period: The period it is asked in.
        shown: The options the period shows, in order (`presentation.presented_choices`).

    Returns:
        The 1-based number of the stale option, or None when the question combines fewer
        than `MIN_VARIABLES` variables, none of them has changed from its first value, or
        the period does not show the stale option.
    """
    if len(question.required) < MIN_VARIABLES:
        return None
    stale = stale_state(scenario, question)
    if stale == tuple(period.state[key] for key in question.required):
        return None
    states = [choice.state for choice in shown]
    return states.index(stale) + 1 if stale in states else None


def question_kind(stale: int | None) -> str:
    """The kind of an asked question, from its stale option number (`stale_number`).

    Args:
        stale: The stale option's number, or None.
    """
    return ADVICE if stale is None else UPDATE_CHAIN

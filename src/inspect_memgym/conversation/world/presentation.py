"""What each evaluation call shows: a question's options and a probe's values, per period.

In every period a question shows its gold choice and ``choices_shown - 1`` others drawn
uniformly from the rest of its pool (the whole pool when ``choices_shown`` is 0 or at least
the pool's size), in a uniformly random order; a probe shows a variable's values in a
uniformly random order. Each draw is seeded by (user, item, period), so the driver and the
grader compute the same presentation, and the order changes from period to period.

Why a draw around the gold: when a question's options were the fixed list of combinations
the user lived through, an option sharing values with many other options was the gold 34%
of the time against 25% by chance (consecutive states differ in one value, so the user's
path ties its combinations together). For generated users the gold combination is uniform
over the pool in every period (the generator treats every value alike), so a uniform draw
around it leaves the gold uniform among the options shown, whatever their texts, lengths,
positions or overlaps: no visible feature of the options can single it out.
"""

from __future__ import annotations

import random

from inspect_memgym.conversation.world.model import (
    Choice,
    ConversationQuestion,
    ConversationScenario,
    Period,
    StateVariable,
)
from inspect_memgym.conversation.world.randomness import presentation_stream


def presented_choices(
    scenario: ConversationScenario, question: ConversationQuestion, period: Period
) -> tuple[Choice, ...]:
    """The options a question shows in one period, in presentation order.

    Args:
        scenario: The user.
        question: The question.
        period: The period (its state says which choice is gold).

    Raises:
        ValueError: If no choice of the pool fits the period's state.
    """
    gold = question.gold_choice(period.state)
    rng = presentation_stream(scenario.scenario_id, question.qid, period.index)
    others = [choice for choice in question.choices if choice is not gold]
    shown = scenario.choices_shown
    if 0 < shown <= len(question.choices):
        others = rng.sample(others, shown - 1)
    options = [gold, *others]
    rng.shuffle(options)
    return tuple(options)


def presented_values(
    scenario: ConversationScenario, variable: StateVariable, period_index: int
) -> tuple[str, ...]:
    """A probe's values in one period, in presentation order.

    Args:
        scenario: The user.
        variable: The probed variable.
        period_index: The period.
    """
    rng: random.Random = presentation_stream(scenario.scenario_id, variable.key, period_index)
    values = list(variable.values)
    rng.shuffle(values)
    return tuple(values)


def gold_number(choices: tuple[Choice, ...], gold: Choice) -> int:
    """The 1-based number under which the gold choice is shown.

    Args:
        choices: The options shown, in order.
        gold: The gold choice.
    """
    return choices.index(gold) + 1

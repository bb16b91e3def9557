"""What each evaluation call shows: a question's options and a probe's values, per period.

In every period a question shows its gold choice and ``choices_shown - 1`` others, in a
uniformly random order; a probe shows a variable's values in a uniformly random order. Each
draw is seeded by (user, item, period), so the driver and the grader compute the same
presentation, and the order changes from period to period.

Which others: when the question's pool is every combination of two or more variables'
values and four options are shown (every generated user's questions), the four options form
a *block*: the variables split into two groups (and the rest, kept at the gold's values),
each group takes the gold's values or one other set of values, and the four options are the
four ways of combining them, the gold one corner. The block is drawn uniformly among those
with the gold as a corner; once a change makes the question's *stale combination* (every
required variable at the value the user first revealed, `update_chain`) differ from the
gold, it is drawn among the blocks holding the stale combination with the probability a
uniform draw would show it (``(choices_shown - 1) / (pool size - 1)``: 3 in 8 for two
variables, 3 in 26 for three), else among those not holding it. Any other pool (AMemGym's
released data) shows the gold and others drawn uniformly from the rest (the whole pool when
``choices_shown`` is 0 or at least the pool's size).

Why: for generated users the gold combination is uniform over the pool (the generator
treats every value alike), so a uniform draw around it leaves the gold uniform among the
options shown, whatever their texts, lengths, positions or overlaps. But an *update_chain*
question is one whose period shows the stale option, and the stale option shares the advice
of every unchanged variable with the gold: among uniformly drawn options the pair was the
one sharing most sentences, and a memoryless reader of sentence sharing picked the gold and
the stale option 31% of the time each (chance 25%; task version 5). In a block every corner
stands to the others as the gold does (one group changed, the other, or both), and the
relabelling of values that swaps two corners maps the draw onto itself, so the gold, and on
update_chain questions the stale option, is uniform among the options shown, whether the
stale option is shown or not.

Before version 3, when a question's options were the fixed list of combinations the user
lived through, an option sharing values with many other options was the gold 34% of the
time against 25% by chance.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from inspect_memgym.conversation.world.model import (
    Choice,
    ConversationQuestion,
    ConversationScenario,
    Period,
    StateVariable,
)
from inspect_memgym.conversation.world.randomness import presentation_stream

BLOCK_SIZE = 4
"""Options a block shows: two groups of variables, each at the gold's values or at others."""


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
    values = _block_values(scenario, question)
    if values:
        stale = question.gold_choice(scenario.periods[0].state)
        options = _drawn_block(question, gold, stale, values, rng)
    else:
        options = [gold, *_drawn_others(question, gold, scenario.choices_shown, rng)]
    rng.shuffle(options)
    return tuple(options)


def _drawn_others(
    question: ConversationQuestion, gold: Choice, shown: int, rng: random.Random
) -> list[Choice]:
    others = [choice for choice in question.choices if choice is not gold]
    if 0 < shown <= len(question.choices):
        others = rng.sample(others, shown - 1)
    return others


def _block_values(
    scenario: ConversationScenario, question: ConversationQuestion
) -> tuple[tuple[str, ...], ...]:
    """Each required variable's values when the question shows blocks, else ().

    Blocks are shown when a period shows `BLOCK_SIZE` options of a pool that is every
    combination of two or more variables' values, each variable having two or more.
    """
    if scenario.choices_shown != BLOCK_SIZE or len(question.required) < 2:
        return ()
    values = tuple(scenario.variable(key).values for key in question.required)
    if any(len(each) < 2 for each in values):
        return ()
    pool = {choice.state for choice in question.choices}
    if len(pool) != math.prod(len(each) for each in values):
        return ()
    return values if pool == set(itertools.product(*values)) else ()


def _drawn_block(
    question: ConversationQuestion,
    gold: Choice,
    stale: Choice,
    values: tuple[tuple[str, ...], ...],
    rng: random.Random,
) -> list[Choice]:
    """A block around the gold, holding a stale choice as often as a uniform draw would."""
    blocks = blocks_around(gold.state, values)
    if stale is gold:
        chosen = rng.choice(blocks)
    else:
        holding = [block for block in blocks if stale.state in block]
        rest = [block for block in blocks if stale.state not in block]
        stale_rate = (BLOCK_SIZE - 1) / (len(question.choices) - 1)
        chosen = rng.choice(holding if rng.random() < stale_rate or not rest else rest)
    by_state = {choice.state: choice for choice in question.choices}
    return [by_state[state] for state in chosen]


def blocks_around(
    gold: tuple[str, ...], values: Sequence[Sequence[str]]
) -> list[tuple[tuple[str, ...], ...]]:
    """Every block of four combinations with the gold as a corner, in a fixed order.

    A block splits the variables into two nonempty groups and the rest (kept at the gold's
    values); each group takes the gold's values or another value on every one of its
    variables, and the block's four corners are the four ways of combining the two.

    Args:
        gold: The gold combination (one value per variable).
        values: Each variable's values, in the same order.

    Returns:
        The blocks, each as its four combinations with the gold first.
    """
    blocks: list[tuple[tuple[str, ...], ...]] = []
    for roles in itertools.product((0, 1, 2), repeat=len(gold)):
        grouped = [role for role in roles if role]
        if 2 not in grouped or grouped[0] != 1:
            continue  # both groups nonempty, counted once (the first grouped variable in 1)
        first = [index for index, role in enumerate(roles) if role == 1]
        second = [index for index, role in enumerate(roles) if role == 2]
        for one in _other_values(gold, values, first):
            for two in _other_values(gold, values, second):
                blocks.append(
                    (gold, _with(gold, one), _with(gold, two), _with(_with(gold, one), two))
                )
    return blocks


def _other_values(
    gold: tuple[str, ...], values: Sequence[Sequence[str]], indexes: list[int]
) -> list[dict[int, str]]:
    """Every assignment of the variables at ``indexes`` differing from the gold on each."""
    choices = [[value for value in values[index] if value != gold[index]] for index in indexes]
    return [dict(zip(indexes, picked, strict=True)) for picked in itertools.product(*choices)]


def _with(state: tuple[str, ...], replaced: dict[int, str]) -> tuple[str, ...]:
    return tuple(replaced.get(index, value) for index, value in enumerate(state))


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

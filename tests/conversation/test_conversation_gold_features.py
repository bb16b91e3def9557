"""No visible feature of what a period shows singles out the gold (100 users per tier).

Nor, on update_chain questions, the gold or the stale option. And the invariants can fail:
with the gold moved to the first position, with each question's options fixed to the
combinations the user lives through (the design before version 3), or with the others drawn
uniformly around the gold (the design before version 6, on update_chain questions), they
flag the feature that gives it away.
"""

from __future__ import annotations

import itertools
import random

import pytest

from inspect_memgym.conversation import gold_features
from inspect_memgym.conversation.gold_features import feature_verdicts, update_chain_verdicts
from inspect_memgym.conversation.world.model import (
    Choice,
    ConversationQuestion,
    ConversationScenario,
    Period,
)
from inspect_memgym.validity.statistics import SMALLEST_TRIALS


def test_every_feature_is_within_chance_over_100_users_per_tier() -> None:
    # 100 small and 100 base users: 12,200 questions shown (validate counts 200 per tier)
    verdicts = feature_verdicts(100)
    assert len(verdicts) == 13
    failed = [verdict.line() for verdict in verdicts if not verdict.passed]
    assert not failed, failed
    assert all(f"over {SMALLEST_TRIALS}" not in verdict.detail for verdict in verdicts)
    # sentence sharing ties every option of a block (every question of two or more variables)
    tied = [verdict.detail for verdict in verdicts if "sentences" in verdict.name]
    assert tied == ["ties every option in all 12200 instances: singles out none"] * 2


def test_no_feature_finds_the_gold_or_the_stale_option_of_update_chain_questions() -> None:
    verdicts = update_chain_verdicts(100)
    assert len(verdicts) == 24  # 12 question features, each for the gold and the stale
    failed = [verdict.line() for verdict in verdicts if not verdict.passed]
    assert not failed, failed
    assert sum("clustered by user" in verdict.detail for verdict in verdicts) == 20


def gold_first(
    scenario: ConversationScenario, question: ConversationQuestion, period: Period
) -> tuple[Choice, ...]:
    gold = question.gold_choice(period.state)
    others = [choice for choice in question.choices if choice is not gold]
    return (gold, *others[:3])


def visited_only(
    scenario: ConversationScenario, question: ConversationQuestion, period: Period
) -> tuple[Choice, ...]:
    """The old design: the combinations the user lives through, padded to four, one order."""
    visited = [question.gold_choice(other.state) for other in scenario.periods]
    shown = list(dict.fromkeys(visited))
    shown += [choice for choice in question.choices if choice not in shown][: 4 - len(shown)]
    return tuple(sorted(shown, key=lambda choice: hash((scenario.scenario_id, choice.text))))


def uniform_draw(
    scenario: ConversationScenario, question: ConversationQuestion, period: Period
) -> tuple[Choice, ...]:
    """The design before version 6: the gold and three others drawn uniformly from the pool."""
    gold = question.gold_choice(period.state)
    rng = random.Random(f"{scenario.scenario_id}/{question.qid}/{period.index}")
    others = rng.sample([choice for choice in question.choices if choice is not gold], 3)
    options = [gold, *others]
    rng.shuffle(options)
    return tuple(options)


def test_a_uniform_draw_gives_the_gold_and_stale_pair_away_on_update_chain_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gold_features, "presented_choices", uniform_draw)
    verdicts = {verdict.name: verdict for verdict in update_chain_verdicts(100)}
    for target in ("gold", "stale"):
        name = "chance: sentences shared with the other options: the option with the most"
        assert not verdicts[f"{name} ({target})"].passed


@pytest.mark.parametrize(
    ("presentation", "flagged"),
    [
        (gold_first, "option listed at position 1"),
        (visited_only, "sentences shared with the other options: the option with the most"),
    ],
)
def test_a_giveaway_is_flagged(
    presentation: object, flagged: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gold_features, "presented_choices", presentation)
    verdicts = {verdict.name: verdict for verdict in feature_verdicts(20)}
    assert not verdicts[f"chance: {flagged}"].passed


def test_every_combination_is_in_the_pool() -> None:
    from inspect_memgym.conversation.world.generate import generate_user

    user = generate_user("small", 3)
    for question in user.questions:
        values = [user.variable(key).values for key in question.required]
        assert {choice.state for choice in question.choices} == set(itertools.product(*values))

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from inspect_memgym.conversation.world.calendar import period_bounds
from inspect_memgym.conversation.world.catalogue import get_variable
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.conversation.world.tiers import CONVERSATION_TIERS, get_conversation_tier

SEEDS = range(6)


@pytest.fixture(scope="module")
def users() -> dict[tuple[str, int], ConversationScenario]:
    return {
        (tier, seed): generate_user(tier, seed) for tier in CONVERSATION_TIERS for seed in SEEDS
    }


def test_same_seed_same_user_and_round_trip(users):
    for (tier, seed), user in users.items():
        again = generate_user(tier, seed)
        assert json.dumps(again.to_dict()) == json.dumps(user.to_dict())
        assert ConversationScenario.from_dict(user.to_dict()) == user
    assert users[("base", 0)].to_dict() != users[("base", 1)].to_dict()


def test_identical_across_processes_and_hash_seeds():
    code = (
        "import json, hashlib\n"
        "from inspect_memgym.conversation.world.generate import generate_user\n"
        "print(hashlib.sha256(json.dumps(generate_user('base', 3).to_dict()).encode()).hexdigest())"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for hash_seed in ("0", "12345")
    }
    assert len(digests) == 1


@pytest.mark.parametrize("tier_name", list(CONVERSATION_TIERS))
def test_sizes_follow_the_tier(users, tier_name):
    tier = get_conversation_tier(tier_name)
    for seed in SEEDS:
        user = users[(tier_name, seed)]
        assert len(user.questions) == tier.questions
        assert len(user.variables) == tier.variables
        assert len({v.key for v in user.variables}) == tier.variables
        assert all(len(q.required) == tier.variables_per_question for q in user.questions)
        assert len(user.periods) == tier.periods + 1
        changes_per_variable: Counter[str] = Counter()
        for period in user.periods[1:]:
            assert tier.min_changes <= len(period.changes) <= tier.max_changes
            for key, (old, new) in period.changes.items():
                assert old != new
                changes_per_variable[key] += 1
        assert max(changes_per_variable.values()) <= tier.max_changes_per_variable


@pytest.mark.parametrize("tier_name", list(CONVERSATION_TIERS))
def test_states_follow_the_changes(users, tier_name):
    for seed in SEEDS:
        user = users[(tier_name, seed)]
        for before, after in zip(user.periods, user.periods[1:], strict=False):
            expected = dict(before.state)
            for key, (old, new) in after.changes.items():
                assert before.state[key] == old
                expected[key] = new
            assert after.state == expected


def test_sessions_reveal_exactly_the_state(users):
    for (tier_name, _), user in users.items():
        tier = get_conversation_tier(tier_name)
        first = user.periods[0]
        revealed = {key for session in first.sessions for key in session.exposed}
        assert revealed == {v.key for v in user.variables}
        for period in user.periods:
            keys = [key for session in period.sessions for key in session.exposed]
            assert len(keys) == len(set(keys))
            if period.index > 0:
                assert set(keys) == set(period.changes)
            for session in period.sessions:
                assert 1 <= len(session.exposed) <= 3
                assert all(period.state[key] == value for key, value in session.exposed.items())
                rounds = tier.rounds_update if period.index else tier.rounds_initial
                assert session.rounds == rounds
                assert len(session.follow_ups) == rounds - 1
                assert (session.event is None) == (period.index == 0)


def test_openings_are_built_from_the_catalogue_and_name_no_value(users):
    for user in users.values():
        for period in user.periods:
            for session in period.sessions:
                for key, value in session.exposed.items():
                    spec = get_variable(key).value(value)
                    assert any(reveal in session.opening for reveal in spec.reveals)
                    if period.index:
                        assert any(event in session.opening for event in spec.events)
                lowered = session.opening.lower()
                for variable in user.variables:
                    for value in variable.values:
                        assert f" {value.lower()} " not in f" {lowered} "


def test_times_are_simulated_sorted_and_inside_their_period(users):
    for (tier_name, _), user in users.items():
        tier = get_conversation_tier(tier_name)
        previous = ""
        for period in user.periods:
            start, end = period_bounds(period.index, tier.months_per_period)
            assert (period.start, period.end) == (start.isoformat(), end.isoformat())
            for session in period.sessions:
                assert start.isoformat() <= session.time[:10] <= end.isoformat()
                assert session.time > previous
                previous = session.time
        assert user.periods[0].start == "2025-01-01"


def test_the_pool_is_every_combination_and_each_period_shows_the_gold(users):
    gold_positions: Counter[int] = Counter()
    for (tier_name, _), user in users.items():
        tier = get_conversation_tier(tier_name)
        assert user.choices_shown == tier.choices_shown
        for question in user.questions:
            states = [choice.state for choice in question.choices]
            assert len(states) == len(set(states)) == 3**tier.variables_per_question
            texts = [choice.text for choice in question.choices]
            assert len(texts) == len(set(texts))
            for period in user.periods:
                shown = presented_choices(user, question, period)
                assert len(shown) == tier.choices_shown
                assert len(set(shown)) == len(shown)
                assert set(shown) <= set(question.choices)
                gold = question.gold_choice(period.state)
                gold_positions[gold_number(shown, gold)] += 1
    # Shuffled: the gold answer is not stuck in one position.
    assert len(gold_positions) == 4
    assert max(gold_positions.values()) < 0.4 * sum(gold_positions.values())


def test_unknown_tier_is_refused():
    with pytest.raises(ValueError, match="unknown conversation tier 'huge'; choose one of"):
        generate_user("huge", 0)


def test_a_block_is_every_way_of_combining_two_groups_of_values() -> None:
    from inspect_memgym.conversation.world.presentation import blocks_around

    two = blocks_around(("a", "b"), [("a", "x", "y"), ("b", "u", "v")])
    assert all(block[0] == ("a", "b") for block in two)
    squares = {frozenset({("a", "b"), (x, "b"), ("a", y), (x, y)}) for x in "xy" for y in "uv"}
    assert {frozenset(block) for block in two} == squares
    # three variables: two single groups with one kept (3 x 4 blocks) or one and two (3 x 8)
    three = blocks_around(("a", "b", "c"), [("a", "x", "y"), ("b", "u", "v"), ("c", "p", "q")])
    assert len(three) == 36 == len({frozenset(block) for block in three})
    assert all(len(set(block)) == 4 for block in three)

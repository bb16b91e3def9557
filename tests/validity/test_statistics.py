"""`FeatureTally`: a visible feature that picks the gold above or below chance is caught."""

from __future__ import annotations

import random

import pytest

from inspect_memgym.validity.statistics import FeatureTally

CANDIDATES = ("a", "b", "c", "d")


def tally_of(picks_gold: float, trials: int = 400, seed: int = 0) -> FeatureTally:
    """A feature that picks one of four candidates, the gold with the given probability."""
    rng = random.Random(seed)
    tally = FeatureTally("test feature")
    for _ in range(trials):
        gold = rng.choice(CANDIDATES)
        others = [candidate for candidate in CANDIDATES if candidate != gold]
        picked = gold if rng.random() < picks_gold else rng.choice(others)
        tally.record([picked], CANDIDATES, gold)
    return tally


def test_a_fair_feature_stays_within_the_bound() -> None:
    verdict = tally_of(0.25).verdict()
    assert verdict.passed, verdict.detail
    assert verdict.name == "chance: test feature"


@pytest.mark.parametrize("rate", [0.43, 0.08])
def test_a_feature_that_points_at_or_away_from_the_gold_fails(rate: float) -> None:
    verdict = tally_of(rate).verdict()
    assert not verdict.passed, verdict.detail


def test_ties_count_as_a_random_pick_among_the_picked() -> None:
    tally = FeatureTally("two picked")
    tally.record(["a", "b"], CANDIDATES, "a")
    tally.record(["c", "d"], CANDIDATES, "a")
    assert tally.trials == 2
    assert tally.rate == pytest.approx(0.25)  # 1/2 then 0
    assert tally.chance == pytest.approx(0.25)


def test_picking_nothing_or_everyone_tells_nothing() -> None:
    tally = FeatureTally("uninformative")
    tally.record([], CANDIDATES, "a")
    tally.record(CANDIDATES, CANDIDATES, "a")
    assert tally.trials == 0


def test_too_few_instances_prove_nothing() -> None:
    verdict = tally_of(0.25, trials=50).verdict()
    assert not verdict.passed and "fewer than 200" in verdict.detail


def test_a_gold_outside_the_candidates_is_refused() -> None:
    with pytest.raises(ValueError, match="not candidates"):
        FeatureTally("bad").record(["a"], CANDIDATES, "z")

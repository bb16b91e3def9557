"""Statistical invariants over 200 generated standard worlds: no visible feature (position
shown, the file's noted default, value or reply length, alphabetical order, each aspect's
default) singles out the organisation's variant above or below one in four; and a world
whose truth is always the default fails them."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from inspect_memgym.feedback.invariants import TIER, feature_tallies, statistical_verdicts
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.model import FeedbackWorld


@cache
def worlds() -> list[FeedbackWorld]:
    """The 200 worlds `statistical_verdicts(200)` generates."""
    return [generate_world(TIER, seed) for seed in range(200)]


def test_no_visible_feature_singles_out_the_truth_over_200_worlds() -> None:
    tallies = feature_tallies(worlds())
    assert len(tallies) == 12 + 12  # 12 pooled features, each aspect's default
    failed = [tally.verdict().line() for tally in tallies if not tally.verdict().passed]
    assert failed == []
    assert all(tally.trials >= 200 and abs(tally.rate - 0.25) < 0.1 for tally in tallies)
    assert statistical_verdicts(2)[0].line().startswith("- FAIL")  # too few worlds to prove


def _default_always_right(world: FeedbackWorld) -> FeedbackWorld:
    """The world as issue 21 found it turned around: every truth is the default."""
    items = {item.item_id: item for item in world.items}
    test = tuple(
        request if request.control else replace(request, gold=items[request.aspect].exploration[0])
        for request in world.test
    )
    return replace(world, test=test)


def test_a_truth_that_is_always_the_default_fails_them() -> None:
    biased = [_default_always_right(world) for world in worlds()]
    tallies = {tally.feature: tally for tally in feature_tallies(biased)}
    noted = tallies["the value the file notes (its default)"]
    assert noted.trials >= 200 and noted.rate == 1.0 and not noted.verdict().passed
    for aspect in ("currency_format", "vendor_account", "length_limit"):
        tally = tallies[f"{aspect}: its default"]
        assert tally.trials == 200 and tally.rate == 1.0 and not tally.verdict().passed

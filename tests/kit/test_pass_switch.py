"""Switch adversaries: their names, and which behaviour each plays in which pass."""

from __future__ import annotations

from inspect_memgym.kit.answer_meter import (
    MEMORY_PASS,
    NO_MEMORY_PASS,
    UPPER_BOUND_PASS,
    current_pass,
    marked_pass,
)
from inspect_memgym.kit.pass_switch import (
    DECLINE_SWITCHES,
    SWITCH_POLICIES,
    SWITCHES,
    Switch,
    resolve_switch,
    switch_of,
)

BEHAVIOURS = {"decline": "decliner", "hedge": "hedger", "dump": "dumper", "guess": "guesser"}


def test_every_ordered_pair_of_behaviours_is_a_switch() -> None:
    assert len(SWITCHES) == 12 and len(SWITCH_POLICIES) == 12
    assert len(DECLINE_SWITCHES) == 6
    assert switch_of("switch_decline_hedge") == Switch("decline", "hedge")
    assert switch_of("switch_decline_decline") is None and switch_of("perfect") is None


def test_a_switch_plays_its_empty_behaviour_only_in_the_no_memory_pass() -> None:
    assert current_pass() is None
    assert resolve_switch("switch_decline_dump", BEHAVIOURS) == "decliner"  # an update call
    with marked_pass(NO_MEMORY_PASS):
        assert current_pass() == NO_MEMORY_PASS
        assert resolve_switch("switch_decline_dump", BEHAVIOURS) == "dumper"
        assert resolve_switch("perfect", BEHAVIOURS) == "perfect"
    for other in (MEMORY_PASS, UPPER_BOUND_PASS):
        with marked_pass(other):
            assert resolve_switch("switch_decline_dump", BEHAVIOURS) == "decliner"
    assert current_pass() is None

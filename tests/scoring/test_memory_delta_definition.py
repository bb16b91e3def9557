"""The shared memory-isolation definition: floors, identical replies, questions out of Δ."""

from __future__ import annotations

import math
from statistics import fmean

import pytest

from inspect_memgym.scoring.isolation import (
    DELTA_DEFINITION,
    ISOLATION_OFF,
    PairedAnswer,
    isolate,
    mean_credit,
    same_reply,
)


def test_a_wrong_no_memory_pick_counts_the_floor_so_answering_worse_buys_nothing() -> None:
    # a memoryless switch: declines with memory (0), a wrong pick without (-1/3 graded)
    pairs = [PairedAnswer(memory=0.0, no_memory=-1 / 3)] * 3
    isolated = isolate(pairs, mean_credit)
    assert (isolated.no_memory, isolated.memory_delta) == (0.0, 0.0)
    assert isolated.no_memory_raw == pytest.approx(-1 / 3)
    assert isolated.memory_delta_raw == pytest.approx(1 / 3)  # what the floor takes away
    assert isolated.floored == 3 and isolated.in_delta == 3


def test_delta_is_at_most_the_headline_over_the_floor_whatever_the_no_memory_pass_says() -> None:
    memory = [1.0, -1 / 3, 0.0, 1.0]
    for no_memory in ([-1 / 3] * 4, [0.0] * 4, [1.0, -1 / 3, -1 / 3, 1.0]):
        pairs = [PairedAnswer(m, n) for m, n in zip(memory, no_memory, strict=True)]
        assert isolate(pairs, mean_credit).memory_delta <= fmean(memory) + 1e-12


def test_an_identical_reply_adds_nothing_even_below_the_floor() -> None:
    # the same wrong pick in both passes: memory changed nothing, so Δ is exactly 0
    pairs = [PairedAnswer(memory=-1 / 3, no_memory=-1 / 3, same_reply=True)] * 2
    isolated = isolate(pairs, mean_credit)
    assert isolated.memory_delta == 0.0 and isolated.floored == 0


def test_a_question_a_decline_decides_leaves_delta() -> None:
    pairs = [
        PairedAnswer(memory=1.0, no_memory=0.0),
        # an abstention question: declining with memory, answering without
        PairedAnswer(memory=1.0, no_memory=0.0, floor=1.0),
    ]
    isolated = isolate(pairs, mean_credit)
    assert (isolated.no_memory, isolated.memory_delta) == (0.0, 1.0)
    assert isolated.memory_delta_raw == 1.0  # both questions, unfloored
    assert (isolated.in_delta, isolated.decline_decided) == (1, 1)
    only_abstention = isolate(pairs[1:], mean_credit)
    assert math.isnan(only_abstention.memory_delta)


def test_questions_not_answered_with_no_memory_leave_delta_and_none_turns_it_off() -> None:
    pairs = [PairedAnswer(1.0, 0.0), PairedAnswer(0.0, None)]
    isolated = isolate(pairs, mean_credit)
    assert (isolated.memory_delta, isolated.not_answered) == (1.0, 1)
    off = isolate([PairedAnswer(1.0, None)], mean_credit)
    assert off is ISOLATION_OFF
    assert all(math.isnan(value) for value in off.values().values())


def test_a_pass_may_count_its_own_costs() -> None:
    pairs = [PairedAnswer(1.0, 1.0), PairedAnswer(1.0, 0.0)]

    def halved(credits: dict[int, float]) -> float:
        return mean_credit(credits) / 2

    isolated = isolate(pairs, mean_credit, no_memory_headline=halved)
    assert (isolated.no_memory, isolated.memory_delta) == (0.25, 0.75)


def test_the_metadata_states_the_definition_and_the_counts() -> None:
    metadata = isolate([PairedAnswer(1.0, -1.0)], mean_credit).metadata()
    assert metadata == {
        "definition": DELTA_DEFINITION,
        "questions_in_delta": 1,
        "decline_decided": 0,
        "not_answered": 0,
        "floored": 1,
    }


def test_replies_pair_as_the_same_whitespace_and_case_aside() -> None:
    assert same_reply("In  Lisbon,\nin May.", "in lisbon, IN MAY.")
    assert not same_reply("In Lisbon.", "In Porto.")
    assert not same_reply("In Lisbon.", None)

"""entity_stream axes and composite: exact values from hand-made outcome lists."""

from __future__ import annotations

import math

import pytest

from inspect_memgym.entity_stream.axes import (
    AXIS_KEYS,
    AXIS_WEIGHTS,
    SCORE_KEYS,
    QuestionOutcome,
    accuracy_by_type,
    axis_scores,
    efficiency,
    fact_events,
    isolation,
)
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS as ATTRIBUTION_KEYS
from inspect_memgym.scoring.isolation import delta_key

AXIS_OF = {
    "retrieval": "breadth",
    "update": "maintenance",
    "contradiction": "maintenance",
    "abstention": "abstention",
    "synthesis": "reasoning",
    "ratio": "reasoning",
    "delta": "reasoning",
}


def outcomes(*marks: str) -> list[QuestionOutcome]:
    """``"retrieval+"`` is a correct retrieval answer, ``"ratio-"`` a wrong ratio answer."""
    made = []
    for mark in marks:
        qtype, verdict = mark[:-1], mark[-1]
        assert verdict in "+-"
        made.append(QuestionOutcome(qtype, AXIS_OF[qtype], verdict == "+"))
    return made


# breadth 3/4, maintenance 1/2 (update right, contradiction wrong), reasoning 2/5,
# abstention 1/2; 11 answerable questions, 6 of them correct.
MIXED = outcomes(
    "retrieval+",
    "retrieval+",
    "retrieval-",
    "retrieval+",
    "update+",
    "contradiction-",
    "synthesis+",
    "synthesis-",
    "ratio+",
    "ratio-",
    "delta-",
    "abstention+",
    "abstention-",
)


def test_weights_and_keys() -> None:
    assert AXIS_WEIGHTS == {
        "breadth": 0.30,
        "maintenance": 0.25,
        "reasoning": 0.25,
        "efficiency": 0.20,
    }
    assert sum(AXIS_WEIGHTS.values()) == pytest.approx(1.0)
    assert "abstention" not in AXIS_WEIGHTS
    assert SCORE_KEYS == (
        "composite",
        "breadth",
        "maintenance",
        "reasoning",
        "efficiency",
        "abstention",
        "no_memory",
        "memory_delta",
        "no_memory_raw",
        "memory_delta_raw",
        "memory_delta_breadth",
        "memory_delta_maintenance",
        "memory_delta_reasoning",
        "memory_delta_efficiency",
        "official_composite",
        "official_maintenance",
        "official_efficiency",
        "write_failure",
        "read_failure",
        "utilization_failure",
        "not_reached",
    )
    assert SCORE_KEYS[-4:-1] == ATTRIBUTION_KEYS


def test_mixed_outcomes_exact_axes() -> None:
    scores = axis_scores(MIXED, writes_used=22)
    assert set(scores) == set(AXIS_KEYS)
    assert scores["breadth"] == pytest.approx(0.75)
    assert scores["maintenance"] == pytest.approx(0.5)
    assert scores["reasoning"] == pytest.approx(0.4)
    assert scores["abstention"] == pytest.approx(0.5)
    assert scores["efficiency"] == pytest.approx(6 / 22)
    expected = 0.30 * 0.75 + 0.25 * 0.5 + 0.25 * 0.4 + 0.20 * 6 / 22
    assert scores["composite"] == pytest.approx(expected)
    assert scores["composite"] == pytest.approx(0.5045454545)


def test_all_correct_with_few_writes_is_perfect() -> None:
    perfect = [QuestionOutcome(o.qtype, o.axis, True) for o in MIXED]
    scores = axis_scores(perfect, writes_used=4)
    assert scores == {key: pytest.approx(1.0) for key in AXIS_KEYS}


# ---------------------------------------------------------------------------------------
# Efficiency: correct non-abstention answers / max(writes_used, answerable)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("writes_used", "expected"),
    [
        (0, 1.0),  # no writes charged: only answerable questions count
        (1, 1.0),
        (10, 1.0),  # exactly one write per answerable question is free
        (11, 10 / 11),
        (20, 0.5),  # twice as many writes: half
        (40, 0.25),
    ],
)
def test_efficiency_of_a_perfect_answerer(writes_used: int, expected: float) -> None:
    ten_right = outcomes(*(["retrieval+"] * 6 + ["synthesis+"] * 4))
    assert efficiency(ten_right, writes_used) == pytest.approx(expected)
    assert axis_scores(ten_right, writes_used)["efficiency"] == pytest.approx(expected)


def test_efficiency_counts_only_correct_non_abstention_answers() -> None:
    # 4 answerable (2 correct) + 3 abstention (all correct): 2 / max(3, 4).
    mixed = outcomes(
        "retrieval+", "retrieval-", "update+", "ratio-", "abstention+", "abstention+", "abstention+"
    )
    assert efficiency(mixed, writes_used=3) == pytest.approx(0.5)
    assert efficiency(mixed, writes_used=8) == pytest.approx(0.25)


def test_efficiency_zero_writes_zero_correct() -> None:
    assert efficiency(outcomes("retrieval-", "ratio-", "abstention+"), 0) == 0.0
    # no answerable question: the axis is absent, not 0
    assert math.isnan(efficiency([], 0))
    assert math.isnan(efficiency(outcomes("abstention+", "abstention+"), 0))


@pytest.mark.parametrize(
    ("writes_used", "fact_event_count", "expected"),
    [
        (2, 0, 0.5),  # one free write per answerable question only
        (2, 3, 1.0),  # smoke: a batch, a correction and an update for one question
        (3, 3, 1.0),
        (6, 3, 0.5),
        (10, 3, 3 / 10),
    ],
)
def test_a_write_per_fact_event_is_free_when_events_outnumber_questions(
    writes_used: int, fact_event_count: int, expected: float
) -> None:
    answers = outcomes("contradiction+", "abstention+")
    assert efficiency(answers, writes_used, fact_event_count) == pytest.approx(expected)


def test_fact_events_with_fewer_than_the_answerable_questions_change_nothing() -> None:
    ten_right = outcomes(*(["retrieval+"] * 6 + ["synthesis+"] * 4))
    for writes in (0, 10, 11, 20):
        assert efficiency(ten_right, writes, 7) == efficiency(ten_right, writes)


def test_fact_events_are_batches_corrections_and_updates() -> None:
    kinds = ["ingest", "correction", "contradiction", "question", "session_break", "ingest"]
    assert fact_events([{"kind": kind} for kind in kinds]) == 4


def test_more_writes_never_raise_efficiency() -> None:
    answers = outcomes("retrieval+", "retrieval+", "update-", "ratio+")
    values = [efficiency(answers, writes) for writes in range(0, 30)]
    assert values == sorted(values, reverse=True)
    assert values[0] == pytest.approx(0.75)


# ---------------------------------------------------------------------------------------
# Composite: absent axes left out, weights renormalised; abstention never in it
# ---------------------------------------------------------------------------------------


def test_absent_maintenance_is_left_out_and_weights_renormalised() -> None:
    answers = outcomes("retrieval+", "retrieval-", "ratio+", "ratio+", "ratio-", "ratio-")
    scores = axis_scores(answers, writes_used=12)
    breadth, reasoning, eff = 0.5, 0.5, 3 / 12
    assert scores["breadth"] == pytest.approx(breadth)
    assert scores["reasoning"] == pytest.approx(reasoning)
    assert scores["efficiency"] == pytest.approx(eff)
    assert math.isnan(scores["maintenance"])  # absent, not 0
    expected = (0.30 * breadth + 0.25 * reasoning + 0.20 * eff) / 0.75
    assert scores["composite"] == pytest.approx(expected)
    # Not the same as counting the missing axis as zero.
    assert scores["composite"] != pytest.approx(0.30 * breadth + 0.25 * reasoning + 0.20 * eff)


def test_only_breadth_questions() -> None:
    answers = outcomes("retrieval+", "retrieval+", "retrieval+", "retrieval-")
    scores = axis_scores(answers, writes_used=2)
    # breadth 0.75, efficiency 3 / max(2, 4) = 0.75.
    assert scores["composite"] == pytest.approx((0.30 * 0.75 + 0.20 * 0.75) / 0.50)
    assert math.isnan(scores["maintenance"]) and math.isnan(scores["reasoning"])


def test_the_smoke_tier_perfect_answerer_scores_one_on_the_axes_it_asks() -> None:
    # smoke: one contradiction and one abstention question; a document batch, a
    # correction and an update in the stream; a perfect packer uses 2 writes
    scores = axis_scores(outcomes("contradiction+", "abstention+"), 2, fact_event_count=3)
    assert scores["composite"] == 1.0
    assert scores["maintenance"] == 1.0 and scores["efficiency"] == 1.0
    assert math.isnan(scores["breadth"]) and math.isnan(scores["reasoning"])


def test_abstention_does_not_enter_the_composite() -> None:
    base = outcomes("retrieval+", "update-", "ratio+", "abstention-", "abstention-")
    flipped = [
        QuestionOutcome(o.qtype, o.axis, True) if o.axis == "abstention" else o for o in base
    ]
    without = [o for o in base if o.axis != "abstention"]
    low, high = axis_scores(base, 3), axis_scores(flipped, 3)
    assert low["abstention"] == 0.0
    assert high["abstention"] == 1.0
    assert low["composite"] == pytest.approx(high["composite"])
    assert axis_scores(without, 3)["composite"] == pytest.approx(low["composite"])
    expected = 0.30 * 1.0 + 0.25 * 0.0 + 0.25 * 1.0 + 0.20 * (2 / 3)
    assert low["composite"] == pytest.approx(expected)


def test_only_abstention_questions() -> None:
    scores = axis_scores(outcomes("abstention+", "abstention-"), writes_used=0)
    assert scores["abstention"] == pytest.approx(0.5)
    # no axis of the composite is asked: every one of them, and the composite, is absent
    assert math.isnan(scores["efficiency"])
    assert math.isnan(scores["composite"])


def test_every_axis_wrong_scores_zero() -> None:
    wrong = [QuestionOutcome(o.qtype, o.axis, False) for o in MIXED]
    assert axis_scores(wrong, 5) == {key: 0.0 for key in AXIS_KEYS}


def test_each_axis_moves_the_composite_by_its_weight() -> None:
    base = outcomes("retrieval-", "update-", "ratio-")
    for index, weight in ((0, 0.30), (1, 0.25), (2, 0.25)):
        answers = list(base)
        answers[index] = QuestionOutcome(answers[index].qtype, answers[index].axis, True)
        # One correct answer of three with 3 writes also gives efficiency 1/3.
        expected = weight + 0.20 / 3
        assert axis_scores(answers, 3)["composite"] == pytest.approx(expected)


# ---------------------------------------------------------------------------------------
# Accuracy by type
# ---------------------------------------------------------------------------------------


def test_accuracy_by_type() -> None:
    assert accuracy_by_type(MIXED) == {
        "abstention": pytest.approx(0.5),
        "contradiction": 0.0,
        "delta": 0.0,
        "ratio": pytest.approx(0.5),
        "retrieval": pytest.approx(0.75),
        "synthesis": pytest.approx(0.5),
        "update": 1.0,
    }
    assert list(accuracy_by_type(MIXED)) == sorted(accuracy_by_type(MIXED))
    assert accuracy_by_type([]) == {}


def test_isolation_is_the_difference_of_the_axes_or_nan_without_isolation() -> None:
    with_memory = axis_scores(MIXED, writes_used=22)
    without = [QuestionOutcome(o.qtype, o.axis, False) for o in MIXED]
    composite, deltas = isolation(MIXED, without, writes_used=22)
    assert composite.no_memory == 0.0
    assert composite.memory_delta == pytest.approx(with_memory["composite"])
    assert composite.memory_delta_raw == composite.memory_delta  # 0/1 credits: no floor lifts
    assert composite.decline_decided == sum(o.axis == "abstention" for o in MIXED)
    for axis in ("breadth", "maintenance", "reasoning", "efficiency"):
        assert deltas[delta_key(axis)] == pytest.approx(with_memory[axis])
    off, off_deltas = isolation(MIXED, None, writes_used=22)
    assert set(off_deltas) == {
        delta_key(a) for a in ("breadth", "maintenance", "reasoning", "efficiency")
    }
    assert all(math.isnan(value) for value in (*off.values().values(), *off_deltas.values()))

"""AMemGym's own memory score beside ours: the same ratio, with no floor and no clip.

Hand-built answers of the tiny user give exact figures per period and per sample; a
sandbagged upper bound played through the real task shows the two apart in
``test_conversation_adversaries`` (AMemGym's sign flipped, ours clipped and flagged).
"""

from __future__ import annotations

import math

import pytest

from inspect_memgym.conversation.grading import (
    MEMORY_SCORE,
    OFFICIAL_MEMORY_SCORE,
    SCORE_KEYS,
    grade_conversation,
)
from inspect_memgym.conversation.normalisation import (
    MIN_HEADROOM,
    amemgym_memory_score,
    official_memory_score,
)

from .test_conversation_grading import perfect_results, replace, wrong_choice
from .tiny_user import tiny_user

RANDOM = (1 / 4 + 1 / 5) / 2
"""The tiny user's random: its two questions show 4 and 5 options."""


def test_the_official_ratio_is_neither_floored_nor_clipped() -> None:
    # inside the range and with headroom, both are the same ratio
    assert official_memory_score(0.5, 0.25, 0.75) == amemgym_memory_score(0.5, 0.25, 0.75) == 0.5
    # an upper bound just above random: ours divides by MIN_HEADROOM, AMemGym by 0.05
    assert official_memory_score(0.5, 0.25, 0.3) == pytest.approx(5.0)
    assert amemgym_memory_score(0.5, 0.25, 0.3) == 1.0
    assert 0.25 / MIN_HEADROOM > 1.0
    # an upper bound below random flips the sign
    assert official_memory_score(0.5, 0.25, 0.0) == pytest.approx(-1.0)
    assert amemgym_memory_score(0.5, 0.25, 0.0) == 1.0
    # undefined: no upper bound, or an upper bound equal to random
    assert math.isnan(official_memory_score(0.5, 0.25, math.nan))
    assert math.isnan(official_memory_score(0.5, 0.25, 0.25))


def test_each_period_and_the_sample_carry_the_official_memory_score() -> None:
    scenario = tiny_user()
    results = perfect_results(scenario)
    # period 0: the upper-bound pass picked wrong options (upper bound 0 < random)
    for qid in ("q01", "q02"):
        results = replace(results, "upper_bound", 0, qid, wrong_choice(scenario, 0, qid))
    # period 1: one question wrong (accuracy 0.5), the upper bound right
    results = replace(results, "question", 1, "q01", wrong_choice(scenario, 1, "q01"))
    grading = grade_conversation(scenario, results)
    assert list(grading.value).index(OFFICIAL_MEMORY_SCORE) == SCORE_KEYS.index(MEMORY_SCORE) + 1
    periods = [(grade.memory_score, grade.official_memory_score) for grade in grading.periods]
    expected = [
        (1.0, (1 - RANDOM) / (0 - RANDOM)),  # ours floored and clipped; AMemGym's -3.44
        ((0.5 - RANDOM) / (1 - RANDOM),) * 2,
        (1.0, 1.0),
    ]
    assert periods == [pytest.approx(pair) for pair in expected]
    assert grading.value[MEMORY_SCORE] == pytest.approx((2 + (0.5 - RANDOM) / (1 - RANDOM)) / 3)
    official = ((1 - RANDOM) / -RANDOM + (0.5 - RANDOM) / (1 - RANDOM) + 1) / 3
    assert grading.value[OFFICIAL_MEMORY_SCORE] == pytest.approx(official)
    assert grading.value[OFFICIAL_MEMORY_SCORE] == pytest.approx(-0.6965, abs=1e-4)


def test_without_an_upper_bound_the_official_memory_score_is_nan() -> None:
    scenario = tiny_user()
    results = [row for row in perfect_results(scenario) if row.kind != "upper_bound"]
    grading = grade_conversation(scenario, results)
    assert math.isnan(grading.value[OFFICIAL_MEMORY_SCORE])
    assert all(math.isnan(grade.official_memory_score) for grade in grading.periods)

"""`scoring.evidence_points.measure_evidence`: a memory against evidence points, or no snapshot."""

from __future__ import annotations

import math

from inspect_memgym.scoring.evidence_points import (
    EvidenceTurn,
    evidence_points,
    measure_evidence,
    turn_frequencies,
)
from inspect_memgym.scoring.operation_scores import FAILURE_KEYS, NOT_STORED

TURN = EvidenceTurn("d1", "I adopted a beagle named Biscuit last spring.", ("Biscuit",))


def test_without_a_snapshot_every_figure_is_undefined() -> None:
    points = evidence_points([TURN], turn_frequencies([TURN.text]))
    measure = measure_evidence(points, None)
    assert not measure.measured and measure.counts is None and measure.held == set()
    assert all(value is None for value in measure.figures([NOT_STORED]).values())


def test_a_memory_that_keeps_the_turn_holds_its_point() -> None:
    points = evidence_points([TURN], turn_frequencies([TURN.text]))
    measure = measure_evidence(points, [TURN.text])
    assert measure.measured and measure.held == {"d1"}
    assert measure.scores["extraction_recall"] == 1.0
    figures = measure.figures([NOT_STORED, None])
    assert figures[FAILURE_KEYS[0]] == 0.5
    assert figures[FAILURE_KEYS[1]] is None
    assert all(math.isnan(measure.scores[key]) for key in ("precision", "hallucination"))

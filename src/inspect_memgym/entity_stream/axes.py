"""entity_stream axes and composite from per-question verdicts (pure arithmetic).

* breadth: accuracy on retrieval questions;
* maintenance: accuracy on update and contradiction questions;
* reasoning: accuracy pooled over every computed type;
* efficiency: correct non-abstention answers per write used, where up to one write per
  answerable question is free: ``correct / max(writes_used, answerable)``. A policy that
  packs its memory into no more writes than there are answerable questions and answers all
  of them reaches 1.0 (MemoryGym divided by the whole budget, so nobody could);
* abstention: accuracy on questions about never-seen entities (a diagnostic, not in the
  composite).

Composite = 0.30 breadth + 0.25 maintenance + 0.25 reasoning + 0.20 efficiency. If a
scenario has no question of some axis, that axis is left out and the weights of the others
are rescaled, so no axis is scored on an empty set.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.scoring.isolation import (
    ISOLATION_KEYS,
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    delta_key,
    isolate,
)

AXIS_WEIGHTS: dict[str, float] = {
    "breadth": 0.30,
    "maintenance": 0.25,
    "reasoning": 0.25,
    "efficiency": 0.20,
}
AXIS_KEYS: tuple[str, ...] = (
    "composite",
    "breadth",
    "maintenance",
    "reasoning",
    "efficiency",
    "abstention",
)
"""The composite and the axes, in display order."""
ISOLATED_AXES = ("breadth", "maintenance", "reasoning", "efficiency")
"""Axes that also get a memory delta (``memory_delta_<axis>``)."""
SCORE_KEYS: tuple[str, ...] = (
    *AXIS_KEYS,
    *ISOLATION_KEYS,
    *RAW_ISOLATION_KEYS,
    *(delta_key(axis) for axis in ISOLATED_AXES),
    *FAILURE_RATE_KEYS,
)
"""Keys of ``Score.value``, in display order: the axes, the memory-isolated scores (the
composite with no memory, and the deltas of the composite and of each axis), then the
failure-attribution rates (``entity_stream.attribution``; diagnostics, not in the
composite)."""
SUMMARY_KEYS: tuple[str, ...] = (*AXIS_KEYS, *ISOLATION_KEYS)
"""The keys with metrics (`scoring.metrics`): the composite, the axes and the composite's
memory isolation; the per-axis deltas and the failure rates stay in each sample's score."""


@dataclass(frozen=True)
class QuestionOutcome:
    """One question's verdict.

    Attributes:
        qtype: Question type.
        axis: breadth, maintenance, reasoning or abstention.
        correct: Whether the answer was judged correct.
    """

    qtype: str
    axis: str
    correct: bool


def _accuracy(outcomes: Sequence[QuestionOutcome]) -> float | None:
    if not outcomes:
        return None
    return sum(outcome.correct for outcome in outcomes) / len(outcomes)


def efficiency(outcomes: Sequence[QuestionOutcome], writes_used: int) -> float:
    """Correct non-abstention answers per write used, at most one free write per question.

    Args:
        outcomes: Every question's verdict.
        writes_used: Writes charged against the budget (writes and paid edits).
    """
    answerable = [outcome for outcome in outcomes if outcome.axis != "abstention"]
    if not answerable:
        return 0.0
    correct = sum(outcome.correct for outcome in answerable)
    return correct / max(writes_used, len(answerable))


def axis_scores(outcomes: Sequence[QuestionOutcome], writes_used: int) -> dict[str, float]:
    """Every axis key of ``SCORE_KEYS`` (all but the attribution rates) as a float.

    Args:
        outcomes: Every question's verdict.
        writes_used: Writes charged against the budget.
    """
    by_axis = {
        axis: _accuracy([outcome for outcome in outcomes if outcome.axis == axis])
        for axis in ("breadth", "maintenance", "reasoning", "abstention")
    }
    parts: dict[str, float | None] = {
        "breadth": by_axis["breadth"],
        "maintenance": by_axis["maintenance"],
        "reasoning": by_axis["reasoning"],
        "efficiency": efficiency(outcomes, writes_used),
    }
    present = {axis: value for axis, value in parts.items() if value is not None}
    weight_total = sum(AXIS_WEIGHTS[axis] for axis in present)
    composite = sum(AXIS_WEIGHTS[axis] * value for axis, value in present.items()) / weight_total
    abstention = by_axis["abstention"]
    return {
        "composite": composite,
        "breadth": parts["breadth"] if parts["breadth"] is not None else 0.0,
        "maintenance": parts["maintenance"] if parts["maintenance"] is not None else 0.0,
        "reasoning": parts["reasoning"] if parts["reasoning"] is not None else 0.0,
        "efficiency": parts["efficiency"] or 0.0,
        "abstention": abstention if abstention is not None else 0.0,
    }


def accuracy_by_type(outcomes: Sequence[QuestionOutcome]) -> dict[str, float]:
    """Accuracy per question type (only the types asked).

    Args:
        outcomes: Every question's verdict.
    """
    types = sorted({outcome.qtype for outcome in outcomes})
    return {
        qtype: sum(o.correct for o in outcomes if o.qtype == qtype)
        / sum(1 for o in outcomes if o.qtype == qtype)
        for qtype in types
    }


def isolation(
    outcomes: Sequence[QuestionOutcome],
    without_memory: Sequence[QuestionOutcome] | None,
    writes_used: int,
) -> tuple[Isolation, dict[str, float]]:
    """The composite's memory isolation (`scoring.isolation`), and each axis's delta.

    Every question is paired with its no-memory answer; an abstention question is decided
    by a decline, so it stays out of Δ (as it stays out of the composite). Efficiency
    counts the writes the memory pass used, and none for the no-memory pass.

    Args:
        outcomes: Every question's verdict with memory.
        without_memory: The same questions' verdicts with no memory (None: isolation off).
        writes_used: Writes charged against the budget in the memory pass.

    Returns:
        The composite's isolation, and ``memory_delta_<axis>`` per isolated axis (NaN
        without isolation).
    """
    pairs = [
        PairedAnswer(
            memory=float(outcome.correct),
            no_memory=None if without_memory is None else float(without_memory[index].correct),
            floor=1.0 if outcome.axis == "abstention" else 0.0,
        )
        for index, outcome in enumerate(outcomes)
    ]

    def scored(key: str, writes: int) -> Callable[[Mapping[int, float]], float]:
        def headline(credits: Mapping[int, float]) -> float:
            chosen = [
                QuestionOutcome(outcomes[index].qtype, outcomes[index].axis, credit == 1.0)
                for index, credit in credits.items()
            ]
            return axis_scores(chosen, writes)[key] if chosen else math.nan

        return headline

    composite = isolate(pairs, scored("composite", writes_used), scored("composite", 0))
    deltas = {
        delta_key(axis): isolate(pairs, scored(axis, writes_used), scored(axis, 0)).memory_delta
        for axis in ISOLATED_AXES
    }
    return composite, deltas

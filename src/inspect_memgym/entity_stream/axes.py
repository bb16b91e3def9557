"""entity_stream axes and composite from per-question verdicts (pure arithmetic).

* breadth: accuracy on retrieval questions;
* maintenance: accuracy on update and contradiction questions;
* reasoning: accuracy pooled over every computed type;
* efficiency: accuracy on the answerable (non-abstention) questions, divided by how many
  times over its free writes a policy went: ``accuracy / max(1, writes_used / free)``. The
  free writes are one per answerable question or one per event that brings facts (a
  document batch, a correction notice, an update), whichever is more, so a policy that
  packs what the stream told into that many writes and answers every question reaches 1.0
  (MemoryGym divided by the whole budget, so nobody could). On every tier but ``smoke`` the
  answerable questions outnumber those events, and this is ``correct / max(writes_used,
  answerable)``; ``smoke`` asks one answerable question about a stream of three such
  events, which even a perfect packer cannot store in one write;
* abstention: accuracy on questions about never-seen entities (a diagnostic, not in the
  composite).

Composite = 0.30 breadth + 0.25 maintenance + 0.25 reasoning + 0.20 efficiency. If a
scenario has no question of some axis (efficiency: no answerable question), that axis is
absent: NaN in ``Score.value`` (Inspect's metrics and the leaderboard skip it) and left out
of the composite, whose other weights are rescaled, so no axis is scored on an empty set
(the ``smoke`` tier asks no breadth and no reasoning question).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.scoring.isolation import (
    ISOLATION_KEYS,
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    delta_key,
    isolate,
)
from inspect_memgym.scoring.official import official_key
from inspect_memgym.scoring.reached import NOT_REACHED

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
FACT_EVENT_KINDS = frozenset({"ingest", "correction", "contradiction"})
"""Stream events that bring facts to store: each may need a write of its own."""
"""Axes that also get a memory delta (``memory_delta_<axis>``)."""
OFFICIAL_KEYS: tuple[str, ...] = (
    official_key("composite"),
    official_key("maintenance"),
    official_key("efficiency"),
)
"""MemoryGym's own composite and the two axes it defines otherwise (`entity_stream.official`),
beside ours."""
SCORE_KEYS: tuple[str, ...] = (
    *AXIS_KEYS,
    *ISOLATION_KEYS,
    *RAW_ISOLATION_KEYS,
    *(delta_key(axis) for axis in ISOLATED_AXES),
    *OFFICIAL_KEYS,
    *FAILURE_RATE_KEYS,
    NOT_REACHED,
)
"""Keys of ``Score.value``, in display order: the axes, the memory-isolated scores (the
composite with no memory, and the deltas of the composite and of each axis), MemoryGym's own
figures computed from the same verdicts (``official_*``), the failure-attribution rates
(``entity_stream.attribution``; diagnostics, not in the composite), then the questions a
limit cut off (`scoring.reached`)."""
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


def fact_events(events: Iterable[Mapping[str, Any]]) -> int:
    """How many events of a stream bring facts (`FACT_EVENT_KINDS`).

    Args:
        events: The scenario's events (each with its ``kind``).
    """
    return sum(event.get("kind") in FACT_EVENT_KINDS for event in events)


def efficiency(
    outcomes: Sequence[QuestionOutcome], writes_used: int, fact_event_count: int = 0
) -> float:
    """Accuracy on answerable questions, divided by how far the writes went past the free ones.

    Free writes: one per answerable question or per fact event, whichever is more.

    Args:
        outcomes: Every question's verdict.
        writes_used: Writes charged against the budget (writes and paid edits).
        fact_event_count: Events of the stream that bring facts (`fact_events`).

    Returns:
        The efficiency; NaN when no question is answerable (the axis is absent).
    """
    answerable = [outcome for outcome in outcomes if outcome.axis != "abstention"]
    if not answerable:
        return math.nan
    accuracy = sum(outcome.correct for outcome in answerable) / len(answerable)
    free_writes = max(len(answerable), fact_event_count)
    return accuracy / max(1.0, writes_used / free_writes)


def axis_scores(
    outcomes: Sequence[QuestionOutcome], writes_used: int, fact_event_count: int = 0
) -> dict[str, float]:
    """Every axis key of ``SCORE_KEYS`` (all but the attribution rates) as a float.

    An axis with no question is NaN and out of the composite (NaN if no axis is present).

    Args:
        outcomes: Every question's verdict.
        writes_used: Writes charged against the budget.
        fact_event_count: Events of the stream that bring facts (`fact_events`).
    """
    by_axis = {
        axis: _accuracy([outcome for outcome in outcomes if outcome.axis == axis])
        for axis in ("breadth", "maintenance", "reasoning", "abstention")
    }
    parts = {
        "breadth": _or_nan(by_axis["breadth"]),
        "maintenance": _or_nan(by_axis["maintenance"]),
        "reasoning": _or_nan(by_axis["reasoning"]),
        "efficiency": efficiency(outcomes, writes_used, fact_event_count),
    }
    present = {axis: value for axis, value in parts.items() if not math.isnan(value)}
    weight_total = sum(AXIS_WEIGHTS[axis] for axis in present)
    composite = (
        sum(AXIS_WEIGHTS[axis] * value for axis, value in present.items()) / weight_total
        if present
        else math.nan
    )
    return {"composite": composite, **parts, "abstention": _or_nan(by_axis["abstention"])}


def _or_nan(value: float | None) -> float:
    return math.nan if value is None else value


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
    without_memory: Sequence[QuestionOutcome | None] | None,
    writes_used: int,
    fact_event_count: int = 0,
) -> tuple[Isolation, dict[str, float]]:
    """The composite's memory isolation (`scoring.isolation`), and each axis's delta.

    Every question is paired with its no-memory answer; an abstention question is decided
    by a decline, so it stays out of Δ (as it stays out of the composite). Efficiency
    counts the writes the memory pass used, and none for the no-memory pass.

    Args:
        outcomes: Every question's verdict with memory.
        without_memory: The same questions' verdicts with no memory (None: isolation off;
            an entry is None for a question with no no-memory credit, which leaves the
            pair: the scorer gives one the no-memory pass did not answer the decline's
            verdict instead, `scoring.reached`).
        writes_used: Writes charged against the budget in the memory pass.
        fact_event_count: Events of the stream that bring facts (`fact_events`).

    Returns:
        The composite's isolation, and ``memory_delta_<axis>`` per isolated axis (NaN
        without isolation).
    """
    pairs = [
        PairedAnswer(
            memory=float(outcome.correct),
            no_memory=_credit(None if without_memory is None else without_memory[index]),
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
            return axis_scores(chosen, writes, fact_event_count)[key] if chosen else math.nan

        return headline

    composite = isolate(pairs, scored("composite", writes_used), scored("composite", 0))
    deltas = {
        delta_key(axis): isolate(pairs, scored(axis, writes_used), scored(axis, 0)).memory_delta
        for axis in ISOLATED_AXES
    }
    return composite, deltas


def _credit(outcome: QuestionOutcome | None) -> float | None:
    return None if outcome is None else float(outcome.correct)

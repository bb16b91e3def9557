"""Per-operation memory scores of one sample: what the memory holds against the gold points.

From the memory's items at the end of the sample and the sample's gold memory points
(`scoring.memory_points`), matched by `scoring.point_matching`:

* ``extraction_recall``: the share of target points (current primary and update values)
  some clause holds;
* ``weighted_recall``: the same, each point weighted by its importance;
* ``precision``: the share of the value claims (numbers and dates the memory asserts, values
  kept as history beside their current version left out) that are current values of a
  subject their clause names;
* ``hallucination``: the share of those claims no input ever stated;
* ``update_omission``: the share of current update points the memory does not hold;
* ``stale_kept``: the share of superseded points the memory still asserts without their
  current version;
* ``distractors_stored``: the share of distractor points the memory holds.

A share with nothing to count is NaN (no claims: no precision; no updates: no omission).
Each wrong answer may also get a memory failure label (`memory_failure`): ``outdated`` (it
states a superseded value of a fact it needs and not the current one), else ``not_stored``,
``not_retrieved`` or ``not_used``; a question a limit cut before the memory pass answered it
gets none. None of this enters any headline. Pure: no Inspect.

`measure_operations` returns them typed (`OperationMeasure`, its counts an
`OperationCounts`); a task's scorer writes what the memory holds as a `MemoryHolds` (or a
subclass adding the task's failure labels), whose `MemoryHolds.as_metadata` is the dict
under `MEMORY_HOLDS_KEY`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_memgym.kit.stored_record import StoredRecord
from inspect_memgym.scoring.failure_labels import READ_FAILURE, UTILIZATION_FAILURE, WRITE_FAILURE
from inspect_memgym.scoring.memory_points import DISTRACTOR, UPDATE, MemoryPoint
from inspect_memgym.scoring.point_matching import (
    CLAIM_VERDICTS,
    PointIndex,
    StatedValues,
    Vocabulary,
    read_clauses,
)

OPERATION_SCORES_KEY = "operation_scores"
"""`Score.metadata` key of the per-operation scores (a small dict: it stays in the sample
summaries Inspect writes, so `samples_df` reads it without loading whole samples)."""
MEMORY_HOLDS_KEY = "memory_holds"
"""`Score.metadata` key of what the memory holds (the snapshots) and the counts behind the
scores."""
OPERATION_SCORE_KEYS: tuple[str, ...] = (
    "extraction_recall",
    "weighted_recall",
    "precision",
    "hallucination",
    "update_omission",
    "stale_kept",
    "distractors_stored",
)
"""The per-sample figures, in display order (each averaged per run by a metric)."""
UPDATE_CHAIN_ACCURACY = "update_chain_accuracy"
"""Figure: the share of a sample's update-aware multi-hop questions answered right."""
STALE_CHAIN_RATE = "stale_chain_rate"
"""Figure: the share of those questions answered with the stale chain's answer."""
UPDATE_CHAIN_KEYS: tuple[str, ...] = (UPDATE_CHAIN_ACCURACY, STALE_CHAIN_RATE)
"""The figures of a task that asks update-aware multi-hop questions, in display order."""
OUTDATED = "outdated"
NOT_STORED = "not_stored"
NOT_RETRIEVED = "not_retrieved"
NOT_USED = "not_used"
MEMORY_FAILURE_LABELS: tuple[str, ...] = (NOT_STORED, NOT_RETRIEVED, NOT_USED, OUTDATED)
"""The memory failure labels of a wrong answer, in display order."""
FAILURE_KEYS: tuple[str, ...] = tuple(f"failed_{label}" for label in MEMORY_FAILURE_LABELS)
"""The per-sample share of questions with each memory failure label."""
OPERATION_METRIC_NAMES: dict[str, str] = {
    **{key: key for key in OPERATION_SCORE_KEYS},
    **{f"failed_{label}": f"{label}_rate" for label in MEMORY_FAILURE_LABELS},
}
"""The metric name of each figure's mean over a run (`scoring.metrics.memory_operations`):
the failure shares lead with their label (``not_stored_rate``), as ``failed_not_…`` cut
three of them to the same text at 80 columns (`kit.results_table`); logs written before
carry the figure's own name."""
_FROM_ATTRIBUTION: dict[str, str] = {
    WRITE_FAILURE: NOT_STORED,
    READ_FAILURE: NOT_RETRIEVED,
    UTILIZATION_FAILURE: NOT_USED,
}
MISSING_IDS_SHOWN = 10
"""Ids of missing target points listed in the metadata."""


@dataclass(frozen=True)
class OperationCounts(StoredRecord):
    """The counts behind one memory's per-operation scores (``counts`` in the metadata).

    Attributes:
        clauses: The clauses read from the memory's items.
        target_points: The target points (current primary and update values).
        held_targets: How many of them some clause holds.
        update_points: The current update points among the targets.
        superseded_points: The points no longer current.
        distractor_points: The distractor points.
        claims: Each claim verdict (`scoring.point_matching.CLAIM_VERDICTS`) to its count.
        missing_targets: Ids of the first target points no clause holds (at most
            `MISSING_IDS_SHOWN`).
    """

    clauses: int
    target_points: int
    held_targets: int
    update_points: int
    superseded_points: int
    distractor_points: int
    claims: dict[str, int]
    missing_targets: list[str]


@dataclass(frozen=True)
class OperationMeasure:
    """The per-operation scores of one memory, the counts behind them and what it holds.

    Attributes:
        scores: One float per `OPERATION_SCORE_KEYS` (NaN where undefined), in that order.
        counts: The counts behind them.
        held: Ids of the points the memory holds, for a task's own failure labels.
    """

    scores: dict[str, float]
    counts: OperationCounts
    held: set[str]


@dataclass(frozen=True)
class MemoryHolds(StoredRecord):
    """What one sample's memory holds, as its score's metadata shows it (`MEMORY_HOLDS_KEY`).

    A task that labels its questions' memory failures here declares a subclass adding a
    ``memory_failure`` field (its fields follow these in the metadata).

    Attributes:
        snapshots: The memory's snapshots, bounded (`memory.holdings.MemoryHoldings.stages`).
        counts: The counts behind the per-operation scores (None when nothing was measured:
            no snapshot, or no gold point; the metadata shows an empty dict).
    """

    snapshots: list[dict[str, Any]]
    counts: OperationCounts | None = None

    def as_metadata(self) -> dict[str, Any]:
        """The record as `MEMORY_HOLDS_KEY` keeps it: its fields in order, counts as a dict."""
        counts = {} if self.counts is None else self.counts.as_metadata()
        return {**super().as_metadata(), "counts": counts}


@dataclass(frozen=True)
class LabelledMemoryHolds(MemoryHolds):
    """What the memory of a one-question sample holds, with that question's failure label.

    Attributes:
        memory_failure: The question's memory failure label (None when right or unlabelled).
    """

    memory_failure: str | None = None


def measure_operations(
    points: Sequence[MemoryPoint],
    items: Iterable[str],
    stated: StatedValues,
    vocabulary: Vocabulary | None = None,
    number_claims: bool = True,
) -> OperationMeasure:
    """The per-operation scores of one memory, and the counts behind them.

    Args:
        points: The sample's gold points (``current`` set as at the memory's moment).
        items: What the memory holds (`memory.holdings.MemorySnapshot.items`).
        stated: Every number and date the inputs stated.
        vocabulary: Attribute -> value -> the phrases asserting it, for a task whose values
            come from a closed set (they count as value claims too).
        number_claims: Whether numbers and dates are value claims (False for a task whose
            points hold none: its memory's numbers are times and counts, not values).
    """
    index = PointIndex(points)
    clauses = read_clauses(items, {point.subject for point in points})
    held = index.held(clauses)
    stale = index.kept_stale(clauses)
    verdicts = index.claim_verdicts(clauses, stated) if number_claims else []
    if vocabulary:
        verdicts += index.phrase_verdicts(clauses, vocabulary, stated)
    targets = [point for point in points if point.is_target]
    updates = [point for point in targets if point.kind == UPDATE]
    superseded = [point for point in points if not point.current]
    distractors = [point for point in points if point.kind == DISTRACTOR]
    claims = [verdict for verdict in verdicts if verdict != "history"]
    missing = [point.point_id for point in targets if point.point_id not in held]
    scores = {
        "extraction_recall": _share(len(targets) - len(missing), len(targets)),
        "weighted_recall": _share(
            sum(point.importance for point in targets if point.point_id in held),
            sum(point.importance for point in targets),
        ),
        "precision": _share(claims.count("precise"), len(claims)),
        "hallucination": _share(claims.count("invented"), len(claims)),
        "update_omission": _share(
            sum(point.point_id not in held for point in updates), len(updates)
        ),
        "stale_kept": _share(len(stale), len(superseded)),
        "distractors_stored": _share(
            sum(point.point_id in held for point in distractors), len(distractors)
        ),
    }
    counts = OperationCounts(
        clauses=len(clauses),
        target_points=len(targets),
        held_targets=len(targets) - len(missing),
        update_points=len(updates),
        superseded_points=len(superseded),
        distractor_points=len(distractors),
        claims={verdict: verdicts.count(verdict) for verdict in CLAIM_VERDICTS},
        missing_targets=missing[:MISSING_IDS_SHOWN],
    )
    return OperationMeasure(scores, counts, held)


def json_figure(value: float) -> float | None:
    """A figure as a score's metadata keeps it: None where undefined, else 6 decimals.

    Args:
        value: A score or share (NaN where undefined).
    """
    return None if math.isnan(value) else round(value, 6)


def _share(part: float, whole: float) -> float:
    return part / whole if whole else math.nan


def memory_failure(
    correct: bool, attribution: str | None, states_outdated_value: bool, reached: bool = True
) -> str | None:
    """A question's memory failure label (None for a right answer or one with no label).

    A question the memory pass never answered (a limit cut the sample first, so the decline
    was graded in its place) gets no label: nobody asked the memory for it.

    Args:
        correct: Whether the answer was right.
        attribution: Its write / read / utilization label (`scoring.failure_labels`), if the
            task attributes failures.
        states_outdated_value: Whether the answer states a superseded value of a fact it
            needs and not the current one.
        reached: Whether the memory pass answered the question (False: no label).
    """
    if correct or not reached:
        return None
    if states_outdated_value:
        return OUTDATED
    return _FROM_ATTRIBUTION.get(attribution or "")


def failure_split(
    labels: Iterable[str | None],
    questions: int,
    told: Iterable[str] = MEMORY_FAILURE_LABELS,
) -> dict[str, float]:
    """The share of all questions with each memory failure label.

    A question the memory pass never reached is unlabelled but still counted in
    ``questions``, so the shares sum to (wrong answers the run reached) / questions.

    Args:
        labels: Each answer's label (None for a right, unlabelled or unreached one).
        questions: How many questions there were (0: every share is NaN).
        told: The labels the task can tell apart (the others' shares are NaN, not 0).
    """
    listed = list(labels)
    known = set(told)
    return {
        key: _share(listed.count(label), questions) if label in known else math.nan
        for key, label in zip(FAILURE_KEYS, MEMORY_FAILURE_LABELS, strict=True)
    }


def update_chain_figures(answers: Sequence[tuple[bool, bool]]) -> dict[str, float]:
    """A sample's accuracy on its update-aware multi-hop questions and its stale share.

    Args:
        answers: Per such question, whether it was answered right and whether with the
            stale chain's answer.

    Returns:
        `UPDATE_CHAIN_KEYS` to their shares, both NaN when the sample asked none.
    """
    if not answers:
        return dict.fromkeys(UPDATE_CHAIN_KEYS, math.nan)
    right = sum(correct for correct, _ in answers)
    stale = sum(stale for _, stale in answers)
    return {UPDATE_CHAIN_ACCURACY: right / len(answers), STALE_CHAIN_RATE: stale / len(answers)}

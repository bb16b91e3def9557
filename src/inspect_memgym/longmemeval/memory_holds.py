"""What a LongMemEval memory holds, scored per operation (`scoring.operation_scores`).

The gold points are the turns LongMemEval flags ``has_answer`` (`scoring.evidence_points`):
one point per flagged turn, its value the turn's key tokens (the answer's words the turn
states, else its rarest words), read from what the turn says (not from its role: a turn's
line names its role whatever it says). An abstention question (its id ends
with ``_abs``) has no answer to find: its sample has no points. The sample's one question
cites every point, so each has importance two.

The release marks turns, not values: no number or phrase a memory asserts can be told a gold
value or an invented one, so precision and hallucination are undefined (NaN); it does not
mark which flagged turn of a knowledge-update question supersedes another, nor any
distractor, so update omission, stale kept and distractors stored are undefined too. A
wrong answer (the judge's verdict) to a question with points is ``not_stored`` when the
memory does not hold one of them; a wrong answer whose evidence the memory holds, or an
unreadable verdict, has no label, and ``not_retrieved``, ``not_used`` and ``outdated`` are
NaN in the split. A question a limit cut before the memory pass answered it has no label
either, but its split counts it (shares 0, not NaN): the shares of a run are over all its
questions, reached or not.
"""

from __future__ import annotations

from inspect_memgym.longmemeval.records import LongMemEvalRecord
from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.scoring.evidence_points import (
    EvidenceTurn,
    evidence_points,
    measure_evidence,
    turn_frequencies,
)
from inspect_memgym.scoring.failure_labels import WRITE_FAILURE
from inspect_memgym.scoring.memory_points import MemoryPoint
from inspect_memgym.scoring.operation_scores import (
    LabelledMemoryHolds,
    memory_failure,
)

MEMORY_FAILURE = "memory_failure"
"""Key of the question row's memory failure label (None when right or unlabelled)."""


def record_points(record: LongMemEvalRecord) -> list[MemoryPoint]:
    """Every gold point of an instance: one per ``has_answer`` turn that has key tokens.

    Args:
        record: The instance.
    """
    if record.is_abstention:
        return []
    said = {
        f"{session.session_id}/t{index}": turn
        for session in record.sessions
        for index, turn in enumerate(session.turns)
    }
    turns = [
        EvidenceTurn(turn_id, turn.content, (record.answer,))
        for turn_id, turn in said.items()
        if turn.has_answer
    ]
    return evidence_points(turns, turn_frequencies(turn.content for turn in said.values()))


def memory_holds(
    record: LongMemEvalRecord,
    correct: bool | None,
    holdings: MemoryHoldings,
    reached: bool = True,
) -> tuple[dict[str, float | None], LabelledMemoryHolds]:
    """The per-operation scores and the snapshots of one sample, and its failure label.

    Args:
        record: The instance.
        correct: The judge's decision on the answer from memory (None: unreadable, or
            never given).
        holdings: The sample's snapshots.
        reached: Whether the memory pass answered (False: a limit cut it first; no label,
            but the split counts the question).

    Returns:
        The scores (None where undefined), and the snapshots with the counts and the
        question's ``memory_failure`` label (None when right or unlabelled).
    """
    points = record_points(record)
    snapshot = holdings.latest()
    measure = measure_evidence(points, None if snapshot is None else snapshot.items)
    label = None
    if measure.measured:
        missing = any(point.point_id not in measure.held for point in points)
        if points and correct is not None:
            label = memory_failure(correct, WRITE_FAILURE if missing else None, False, reached)
    labelled = [label] if points and (correct is not None or not reached) else []
    return measure.figures(labelled), LabelledMemoryHolds(holdings.stages, measure.counts, label)

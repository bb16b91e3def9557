"""What a LoCoMo memory holds, scored per operation (`scoring.operation_scores`).

The gold points are the turns LoCoMo's QA items cite as ``evidence`` (`scoring.evidence_points`):
one point per cited turn of an asked question with an answer (adversarial items are left
out: their evidence holds a look-alike, not their answer), its value the turn's key tokens
(the answer's words the turn states, else its rarest words), read from what the turn says
and the caption of a photo it shares (not from the speaker's name: a turn's line names its
speaker whatever it says). Its importance is one plus the number of asked questions citing
it.

The release marks turns, not values: no number or phrase a memory asserts can be told a gold
value or an invented one, so precision and hallucination are undefined (NaN); LoCoMo marks
no corrections and no distractors, so update omission, stale kept and distractors stored
are undefined too. Each wrong answer to a question with evidence points is ``not_stored``
when the memory does not hold one of them; a wrong answer whose evidence the memory holds
has no label (what the strategy retrieved for it is not recorded), and those two labels and
``outdated`` are NaN in the split. A question a limit cut before the memory pass answered it
has no label either; the split still counts it.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_memgym.locomo.records import Conversation, QuestionItem, Turn
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
    MemoryHolds,
    memory_failure,
)

MEMORY_FAILURE = "memory_failure"
"""Key of each question row's memory failure label (None when right or unlabelled)."""


def cited_turns(questions: Sequence[QuestionItem]) -> dict[str, list[str]]:
    """The turns the questions cite as evidence, each with the answers citing it.

    Args:
        questions: The asked questions (adversarial ones and those without an answer are
            left out).
    """
    cited: dict[str, list[str]] = {}
    for item in questions:
        if item.is_adversarial or item.answer is None:
            continue
        for turn_id in item.evidence:
            cited.setdefault(turn_id, []).append(item.answer)
    return cited


def conversation_points(
    conversation: Conversation, questions: Sequence[QuestionItem]
) -> list[MemoryPoint]:
    """Every gold point of a conversation: one per cited turn that has key tokens.

    Args:
        conversation: The conversation.
        questions: The asked questions.
    """
    said = {
        turn.dia_id: turn_said(turn) for session in conversation.sessions for turn in session.turns
    }
    cited = cited_turns(questions)
    turns = [
        EvidenceTurn(turn_id, said[turn_id], tuple(answers))
        for turn_id, answers in cited.items()
        if turn_id in said
    ]
    return evidence_points(turns, turn_frequencies(said.values()))


def turn_said(turn: Turn) -> str:
    """What a turn says, and on a line of its own the caption of the photo it shares.

    Args:
        turn: The turn.
    """
    return f"{turn.text}\n{turn.blip_caption}" if turn.blip_caption else turn.text


def memory_holds(
    conversation: Conversation,
    questions: Sequence[QuestionItem],
    correct: Sequence[bool],
    holdings: MemoryHoldings,
    reached: Sequence[bool] | None = None,
) -> tuple[list[str | None], dict[str, float | None], MemoryHolds]:
    """Each question's memory failure label, the per-operation scores and the snapshots.

    Args:
        conversation: The conversation.
        questions: The asked questions.
        correct: Whether each was answered right, in the same order.
        holdings: The sample's snapshots.
        reached: Whether the memory pass answered each, in the same order (None: every
            one); one a limit cut first gets no label.

    Returns:
        The labels (None when right, unlabelled, not reached or without evidence), the
        scores (None where undefined), and the snapshots with the counts.
    """
    points = conversation_points(conversation, questions)
    snapshot = holdings.latest()
    measure = measure_evidence(points, None if snapshot is None else snapshot.items)
    point_ids = {point.point_id for point in points}
    labels: list[str | None] = []
    labelled = []
    answered = [True] * len(questions) if reached is None else reached
    for item, right, asked in zip(questions, correct, answered, strict=True):
        needed = [] if item.is_adversarial else [t for t in item.evidence if t in point_ids]
        label = None
        if needed and measure.measured:
            missing = any(turn_id not in measure.held for turn_id in needed)
            label = memory_failure(right, WRITE_FAILURE if missing else None, False, asked)
        if needed:
            labelled.append(label)
        labels.append(label)
    return labels, measure.figures(labelled), MemoryHolds(holdings.stages, measure.counts)

"""What an entity_stream memory holds, scored per operation (`scoring.operation_scores`).

The memory's last snapshot (`memory.holdings`, taken when the stream ends, by the agentic
solver from its backend and by the strategy driver from the strategy) is matched to the
stream's gold points (`entity_stream.memory_points`); every input text counts as stated.
Each wrong answer gets a memory failure label: ``outdated`` when it states a value of a fact
it needs that a correction or contradiction had replaced before the question (and not the
new value), else its write / read / utilization attribution (the agentic path only; a
strategy's answers get no other label, and those shares are left out). A question a limit
cut before the memory pass answered it gets no label (its share counts it, unlabelled).
A wrong answer to an
update_chain question that is its stale chain's total (every corrected fact at its old
value: `rule_grading.STALE_CHAIN`) is ``outdated`` too; beside the per-operation scores go
``update_chain_accuracy`` and ``stale_chain_rate`` (the share of those questions answered
right, and with the stale chain), averaged per run by the same metric. Nothing here changes
a score value: it all goes in ``Score.metadata`` (``operation_scores``, ``memory_holds``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import replace
from typing import Any

from inspect_memgym.entity_stream.attribution import question_events
from inspect_memgym.entity_stream.graded import GradedQuestion
from inspect_memgym.entity_stream.memory_points import stream_points
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.question_plan import UPDATE_CHAIN
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.scoring.clauses import normalise_answer
from inspect_memgym.scoring.memory_points import MemoryPoint, mark_superseded
from inspect_memgym.scoring.number_mentions import find_mentions
from inspect_memgym.scoring.operation_scores import (
    OPERATION_SCORE_KEYS,
    OUTDATED,
    MemoryHolds,
    OperationCounts,
    failure_split,
    measure_operations,
    memory_failure,
)
from inspect_memgym.scoring.operation_scores import (
    update_chain_figures as shared_update_chain_figures,
)
from inspect_memgym.scoring.point_matching import Clause, clause_holds, stated_values
from inspect_memgym.scoring.reached import NOT_REACHED

MEMORY_FAILURE = "memory_failure"
"""Key of each question row's memory failure label (None when right or unlabelled)."""
OUTDATED_KEY = f"failed_{OUTDATED}"


def memory_holds(
    template: Template,
    events: Sequence[Mapping[str, Any]],
    questions: Sequence[Question],
    details: MutableSequence[GradedQuestion],
    holdings: MemoryHoldings,
    attributed: bool,
) -> tuple[dict[str, float | None], MemoryHolds]:
    """The per-operation scores and the snapshots of one sample; labels each detail.

    Args:
        template: The scenario's template.
        events: The scenario's events.
        questions: Every question of the scenario (their facts weigh the points).
        details: One graded detail per question (the decline's where a limit cut the
            memory pass: no label); each is replaced by its copy with the memory failure
            label (`GradedQuestion.memory_failure`).
        holdings: The sample's snapshots.
        attributed: Whether the details carry a write / read / utilization attribution.

    Returns:
        The scores (None where undefined), and the snapshots with the counts.
    """
    points = stream_points(template, events, questions)
    _label_failures(points, events, questions, details, attributed)
    labels = [detail.memory_failure for detail in details]
    split = failure_split(labels, len(details))
    if not attributed:
        split = {key: value if key == OUTDATED_KEY else math.nan for key, value in split.items()}
    snapshot = holdings.latest()
    if snapshot is None:
        scores: dict[str, float] = dict.fromkeys(OPERATION_SCORE_KEYS, math.nan)
        counts: OperationCounts | None = None
    else:
        measured = measure_operations(
            points, snapshot.items, stated_values(str(event["text"]) for event in events)
        )
        scores, counts = measured.scores, measured.counts
    chains = update_chain_figures(details)
    figures = {key: _json_number(value) for key, value in {**scores, **split, **chains}.items()}
    return figures, MemoryHolds(snapshots=holdings.stages, counts=counts)


def gave_stale_chain(detail: GradedQuestion) -> bool:
    """Whether a graded answer is wrong and the stale chain's (`rule_grading.STALE_CHAIN`).

    Args:
        detail: One question's graded detail.
    """
    return bool(detail.stale_chain) and not detail.correct


def update_chain_figures(details: Sequence[GradedQuestion]) -> dict[str, float]:
    """The accuracy on update_chain questions and the share answered with the stale chain.

    Both NaN when the sample scored no update_chain question.

    Args:
        details: Every scored question's detail.
    """
    chains = [detail for detail in details if detail.qtype == UPDATE_CHAIN]
    return shared_update_chain_figures(
        [(detail.correct, gave_stale_chain(detail)) for detail in chains]
    )


def _json_number(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 6)


def _label_failures(
    points: Sequence[MemoryPoint],
    events: Sequence[Mapping[str, Any]],
    questions: Sequence[Question],
    details: MutableSequence[GradedQuestion],
    attributed: bool,
) -> None:
    asked_at = question_events(events)
    by_id = {question.qid: question for question in questions}
    by_key: dict[tuple[str, str], list[tuple[int, MemoryPoint]]] = {}
    for position, point in enumerate(points):
        by_key.setdefault(point.key, []).append((position, point))
    for position, detail in enumerate(details):
        question = by_id[detail.qid]
        time = asked_at.get(question.qid, len(events))
        relevant = [
            point
            for _, point in sorted(
                entry
                for key in set(question.facts)
                for entry in by_key.get(key, [])
                if entry[1].time < time
            )
        ]
        outdated = gave_stale_chain(detail) or states_outdated_value(
            detail.answer, question, mark_superseded(relevant)
        )
        label = memory_failure(
            detail.correct,
            detail.attribution if attributed else None,
            outdated,
            reached=detail.declined_for != NOT_REACHED,
        )
        details[position] = replace(detail, memory_failure=label, labelled=True)


def states_outdated_value(answer: str, question: Question, points: Sequence[MemoryPoint]) -> bool:
    """Whether an answer states a replaced value of a fact the question needs, not its new one.

    Args:
        answer: The answer text.
        question: The question (its facts).
        points: The points as they stood when it was asked (`memory_points.points_before`;
            those of other facts may be left out).
    """
    needed = set(question.facts)
    relevant = [point for point in points if point.key in needed]
    if not any(not point.current for point in relevant):
        return False
    normalised = normalise_answer(answer)
    mentions = find_mentions(normalised)

    def stated(point: MemoryPoint) -> bool:
        """The answer read as one clause about the point's subject (it need not name it)."""
        clause = Clause(normalised, frozenset(), point.subject, mentions.numbers, mentions.dates)
        return clause_holds(clause, point)

    current = {point.key: point for point in relevant if point.current}
    return any(
        not point.current
        and stated(point)
        and not (point.key in current and stated(current[point.key]))
        for point in relevant
    )

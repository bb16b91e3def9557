"""What a research_qa memory holds, scored per operation (`scoring.operation_scores`).

The gold points come from the instance's structured claims (``ResearchInstance.claims``),
never from its documents' text:

* ``primary``: each chain fact (``F<k>``), weighted 2 when the answer needs it from memory
  (``memory_required_fact_ids``: its turn is gone when answering), else 1;
* ``distractor``: each other current claim a turn shows (a near-miss sibling's fact for the
  hop, another attribute of a candidate);
* superseded (``current`` False): each withdrawn claim (the conflicting authority's wrong
  value for a candidate's hop relation). Its current version is the chain fact (for the
  true candidate) or the sibling's near-miss fact: a memory keeping the withdrawn value
  without it keeps a stale value.

An attribute claim is about its entity (``Vael Morrow was born in the year 1941``: the
year is Vael Morrow's), matched by its number (exact: years and counts are integers) or
its label. A relation claim is held by a clause naming both entities, in either order
(``Vael Morrow wrote the Orrin Report``), as the task's own fact rule reads them. There are
no updates (a withdrawn claim is shown beside, not before, the current one), so
``update_omission`` is undefined. Every document of the instance, and every turn as the
driver shows it (its heading too), counts as stated.

The one question's failure label is ``outdated`` when the answer states a withdrawn value of
a chain entity's hop and not the current one, else the task's own write / read /
utilization label (`grading.failure_label`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.research_qa.prompts import turn_inputs
from inspect_memgym.research_qa.world import ResearchInstance
from inspect_memgym.research_qa.world.model import Claim
from inspect_memgym.research_qa.world.schema import ATTRIBUTES
from inspect_memgym.scoring.clauses import normalise_answer, shows_token
from inspect_memgym.scoring.memory_points import DISTRACTOR, PRIMARY, MemoryPoint
from inspect_memgym.scoring.operation_scores import (
    OPERATION_SCORE_KEYS,
    LabelledMemoryHolds,
    OperationCounts,
    failure_split,
    json_figure,
    measure_operations,
    memory_failure,
)
from inspect_memgym.scoring.point_matching import stated_values

ATTRIBUTE_KEYS = frozenset(spec.key for spec in ATTRIBUTES)
"""The claims whose value is an attribute (a number or a label), not another entity."""
MEMORY_REQUIRED_WEIGHT = 2.0
"""Importance of a chain fact the answer needs from memory (others weigh 1)."""


def instance_points(instance: ResearchInstance) -> list[MemoryPoint]:
    """Every gold point of a generated instance (none for a released row: no claims).

    Args:
        instance: The instance.
    """
    chain = set(instance.chain_fact_ids)
    required = set(instance.memory_required_fact_ids)
    times = {
        fact_id: document.turn_index
        for document in instance.documents()
        for fact_id in document.fact_ids
    }
    points = []
    for claim in instance.claims:
        if claim.fact_id in chain:
            kind, importance = PRIMARY, (MEMORY_REQUIRED_WEIGHT if claim.fact_id in required else 1)
        else:
            kind, importance = (DISTRACTOR if claim.current else PRIMARY), 1.0
        points.append(_claim_point(claim, kind, float(importance), times.get(claim.fact_id, 0)))
    return points


def _claim_point(claim: Claim, kind: Any, importance: float, time: int) -> MemoryPoint:
    """One claim as a point: an attribute's by its entity, a relation's by both names."""
    common: dict[str, Any] = {
        "point_id": claim.fact_id,
        "value": claim.value,
        "version": 1 if claim.current else 0,
        "time": time,
        "importance": importance,
        "kind": kind,
        "current": claim.current,
    }
    if claim.relation not in ATTRIBUTE_KEYS:
        return MemoryPoint(
            subject="",
            attribute=f"{claim.subject}/{claim.relation}",
            phrases=(claim.subject, claim.value),
            **common,
        )
    if claim.value.isdigit():
        return MemoryPoint(
            subject=claim.subject,
            attribute=claim.relation,
            numbers=(float(claim.value),),
            integer=True,
            **common,
        )
    return MemoryPoint(
        subject=claim.subject, attribute=claim.relation, phrases=(claim.value,), **common
    )


def instance_texts(instance: ResearchInstance) -> Iterable[str]:
    """Every input the instance can show: the question, each document, each turn as played.

    A scripted turn's heading ("Search turn 2 of 4") is an input too: its numbers are no
    memory's invention.
    """
    yield instance.question
    for document in instance.documents():
        yield f"{document.title}\n{document.text}"
    for turn in instance.turns:
        yield from turn_inputs(instance, turn.turn_index)


def states_withdrawn_value(instance: ResearchInstance, answer: str) -> bool:
    """Whether an answer states a withdrawn value of a chain hop, and not its current value.

    Args:
        instance: The instance.
        answer: The graded answer.
    """
    normalised = normalise_answer(answer)
    current = {
        (claim.subject, claim.relation): claim.value
        for claim in instance.claims
        if claim.current and claim.fact_id in set(instance.chain_fact_ids)
    }
    return any(
        not claim.current
        and (claim.subject, claim.relation) in current
        and shows_token(normalised, claim.value)
        and not shows_token(normalised, current[(claim.subject, claim.relation)])
        for claim in instance.claims
    )


def memory_holds(
    instance: ResearchInstance,
    answer: str,
    correct: bool,
    attribution: str | None,
    holdings: MemoryHoldings,
    reached: bool = True,
) -> tuple[dict[str, float | None], LabelledMemoryHolds]:
    """The per-operation scores and the snapshots of one sample.

    Args:
        instance: The instance.
        answer: The graded answer with memory.
        correct: Whether it scored 1.
        attribution: Its write / read / utilization label (None when right).
        holdings: The sample's snapshots.
        reached: Whether the memory pass answered (False: a limit cut it first, and the
            question gets no label; its shares count it, unlabelled).

    Returns:
        The scores (None where undefined), and the snapshots with the counts and the
        question's ``memory_failure``.
    """
    label = memory_failure(correct, attribution, states_withdrawn_value(instance, answer), reached)
    split = failure_split([label], 1)
    points = instance_points(instance)
    snapshot = holdings.latest()
    scores: dict[str, float] = dict.fromkeys(OPERATION_SCORE_KEYS, math.nan)
    counts: OperationCounts | None = None
    if snapshot is not None and points:
        measured = measure_operations(
            points, snapshot.items, stated_values(instance_texts(instance))
        )
        scores, counts = measured.scores, measured.counts
    figures = {key: json_figure(value) for key, value in {**scores, **split}.items()}
    return figures, LabelledMemoryHolds(holdings.stages, counts, label)

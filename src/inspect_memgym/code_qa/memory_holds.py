"""What a code_qa memory holds, scored per operation (`scoring.operation_scores`).

The gold points come from the instance's structured facts, never from the history's text:

* ``primary``: each grounding fact, held by a clause with every key token of it (the
  task's own claim rule, `code_qa.claims`), its numbers with the answers' tolerance;
  importance one plus the number of questions linking it;
* superseded (``current`` False): each ``superseded`` or ``retired`` distractor (an earlier
  plan, a budget that no longer applies), an older version of the fact it mimics: a memory
  keeping it without that fact keeps a stale value;
* ``distractor``: every other near-miss (another ticket, a ruled-out guess, a sibling
  function, a staging log line).

A code fact has no one subject to own a clause's values (``Juniper & Stone``, ``2426
accounts``): its key tokens together are the claim, so a number is its value only in a
clause holding all of them (`scoring.point_matching`). There are no updates. The inputs are
the memory files.

Each wrong answer to a question that needs memory gets a failure label: ``outdated`` when it
states a superseded or retired distractor of a linked fact (the task's ``misled_by``) and
not that fact; else ``not_stored`` when the memory does not hold one of its memory-only
linked facts, ``not_retrieved`` when what memory showed for the question (the row's
``shown_fact_ids``) lacks one, ``not_used`` otherwise. A question a limit cut before the
memory pass answered it gets no label, and its shares count it unlabelled.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from inspect_memgym.code_qa.question_rows import DECLINED_NOT_REACHED, QuestionRow
from inspect_memgym.code_qa.world.model import CodeQAInstance, Distractor
from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.scoring.clauses import normalise_answer
from inspect_memgym.scoring.failure_labels import READ_FAILURE, UTILIZATION_FAILURE, WRITE_FAILURE
from inspect_memgym.scoring.memory_points import DISTRACTOR, PRIMARY, MemoryPoint
from inspect_memgym.scoring.number_mentions import find_mentions
from inspect_memgym.scoring.operation_scores import (
    OPERATION_SCORE_KEYS,
    MemoryHolds,
    OperationCounts,
    failure_split,
    json_figure,
    measure_operations,
    memory_failure,
)
from inspect_memgym.scoring.point_matching import stated_values

SUPERSEDING_SOURCES = frozenset({"superseded", "retired"})
"""Distractor sources that are an older version of the fact they mimic."""


def instance_points(instance: CodeQAInstance) -> list[MemoryPoint]:
    """Every gold point of an instance.

    Args:
        instance: The instance.
    """
    weights = Counter(fact for pair in instance.qa_pairs for fact in pair.linked_fact_ids)
    facts = [
        _fact_point(
            grounding.fact_id,
            grounding.fact_id,
            grounding.fact.key_tokens,
            kind=PRIMARY,
            version=1,
            importance=1.0 + weights[grounding.fact_id],
        )
        for grounding in instance.grounding_facts
    ]
    return [*facts, *(_distractor_point(distractor) for distractor in instance.distractors)]


def _distractor_point(distractor: Distractor) -> MemoryPoint:
    if distractor.source in SUPERSEDING_SOURCES:
        return _fact_point(
            distractor.distractor_id,
            distractor.mimics,
            distractor.fact.key_tokens,
            kind=PRIMARY,
            version=0,
            current=False,
        )
    return _fact_point(
        distractor.distractor_id,
        distractor.distractor_id,
        distractor.fact.key_tokens,
        kind=DISTRACTOR,
        version=0,
    )


def _fact_point(
    point_id: str,
    attribute: str,
    key_tokens: Sequence[str],
    kind: Any,
    version: int,
    importance: float = 1.0,
    current: bool = True,
) -> MemoryPoint:
    """A fact as a point with no subject: every key token a phrase, its numbers numbers."""
    numbers = tuple(
        mention.value
        for token in key_tokens
        for mention in find_mentions(normalise_answer(token)).numbers
    )
    return MemoryPoint(
        point_id=point_id,
        subject="",
        attribute=attribute,
        value="; ".join(key_tokens),
        numbers=numbers,
        integer=all(number.is_integer() for number in numbers),
        phrases=tuple(key_tokens),
        version=version,
        importance=importance,
        kind=kind,
        current=current,
    )


def question_failure(instance: CodeQAInstance, row: QuestionRow, held: set[str]) -> str | None:
    """One question row's memory failure label (None when right or needing no memory).

    A row whose memory pass a limit cut (``declined``: `DECLINED_NOT_REACHED`) has none.

    Args:
        instance: The instance.
        row: A graded row of the memory pass.
        held: Ids of the points the memory holds.
    """
    pair = instance.question(row.grade.qa_id)
    needed = [
        fact_id for fact_id in pair.linked_fact_ids if not instance.fact(fact_id).discoverable
    ]
    if not needed:
        return None
    stale = {
        distractor.distractor_id: distractor.mimics
        for distractor in instance.distractors
        if distractor.source in SUPERSEDING_SOURCES and distractor.mimics in needed
    }
    facts_held = {fact.fact_id for fact in row.grade.facts if fact.held}
    outdated = any(
        stale[distractor_id] not in facts_held
        for distractor_id in row.grade.misled_by
        if distractor_id in stale
    )
    shown = set(row.shown_fact_ids)
    if any(fact_id not in held for fact_id in needed):
        attribution = WRITE_FAILURE
    elif any(fact_id not in shown for fact_id in needed):
        attribution = READ_FAILURE
    else:
        attribution = UTILIZATION_FAILURE
    return memory_failure(
        row.grade.correct, attribution, outdated, reached=row.declined != DECLINED_NOT_REACHED
    )


def shown_texts(instance: CodeQAInstance) -> list[str]:
    """Every text the strategy is shown: each memory file's name (its ingest header) and prose.

    A value a memory states is a hallucination only if none of these stated it; a raw store
    keeps the headers (``=== 2024-03-05_notes.md ===``) whose numbers are in the names.

    Args:
        instance: The instance.
    """
    return [*instance.memory_files, *instance.memory_files.values()]


def memory_holds(
    instance: CodeQAInstance, rows: Sequence[QuestionRow], holdings: MemoryHoldings
) -> tuple[dict[str, float | None], MemoryHolds, list[QuestionRow]]:
    """The per-operation scores and the snapshots of one sample, and its rows labelled.

    Args:
        instance: The instance.
        rows: The graded rows of the memory pass, every question's (a limit cut's too).
        holdings: The sample's snapshots.

    Returns:
        The scores (None where undefined), the snapshots with the counts, and the rows, each
        with its ``memory_failure`` (None without a snapshot, or where a limit cut the
        memory pass: the shares count that question, unlabelled).
    """
    snapshot = holdings.latest()
    scores: dict[str, float] = dict.fromkeys(OPERATION_SCORE_KEYS, math.nan)
    counts: OperationCounts | None = None
    held: set[str] = set()
    if snapshot is not None:
        measured = measure_operations(
            instance_points(instance),
            snapshot.items,
            stated_values(shown_texts(instance)),
        )
        scores, counts, held = measured.scores, measured.counts, measured.held
    labelled = [
        replace(row, memory_failure=question_failure(instance, row, held) if snapshot else None)
        for row in rows
    ]
    needing = [row for row in labelled if instance.question(row.grade.qa_id).requires_memory]
    split = failure_split((row.memory_failure for row in needing), len(needing))
    if snapshot is None:
        split = dict.fromkeys(split, math.nan)
    figures = {key: json_figure(value) for key, value in {**scores, **split}.items()}
    return figures, MemoryHolds(holdings.stages, counts), labelled

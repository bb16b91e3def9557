"""One code_qa sample's ``Score.value``, with its memory isolation.

``no_memory`` and ``memory_delta`` follow the shared definition (`scoring.isolation`) over
the questions that need memory: each no-memory credit counts at least the floor, 0 (what
declining, or a blind pick of fact or look-alike, earns), and a reply identical to the one
given with memory counts as graded. A question a pass did not answer (a limit cut it, or
every judge verdict on its answer was unreadable) comes in as the decline's grade
(`grading.decline_grade`), in every figure and on both sides of the isolation
(`scoring.reached`); the questions a limit cut are also counted under ``not_reached``. Pure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from inspect_memgym.code_qa.grading import (
    DISCOVERABLE_ACCURACY,
    HEADLINE,
    QuestionGrade,
    summarise_grades,
)
from inspect_memgym.scoring.isolation import Isolation, PairedAnswer, isolate, mean_credit
from inspect_memgym.scoring.reached import NOT_REACHED


def _number(value: float | None) -> float:
    return math.nan if value is None else value


def isolation(
    grades: Sequence[QuestionGrade], no_memory_grades: Mapping[str, QuestionGrade]
) -> Isolation:
    """``no_memory`` and ``memory_delta`` over the questions that need memory.

    Args:
        grades: The grades of the answers with memory.
        no_memory_grades: The grades of the no-memory answers, by question id (the
            decline's where that pass gave no gradable answer; empty with isolation off).
    """
    pairs = []
    for grade in grades:
        if not grade.requires_memory:
            continue
        without = no_memory_grades.get(grade.qa_id)
        pairs.append(
            PairedAnswer(
                memory=grade.credit,
                no_memory=None if without is None else without.credit,
                same_reply=without is not None and without.reply == grade.reply,
            )
        )
    return isolate(pairs, mean_credit)


def score_value(
    grades: Sequence[QuestionGrade], isolated: Isolation, not_reached: int = 0
) -> dict[str, float]:
    """One sample's ``Score.value``: `grading.SCORE_KEYS`, each a float (NaN for a kind not asked).

    Args:
        grades: The grades with memory of every question of the sample (the decline's
            where the memory pass gave no gradable answer).
        isolated: Their memory isolation (`isolation`).
        not_reached: Questions a limit cut off in either pass.

    Raises:
        ValueError: If there are no grades.
    """
    metrics = summarise_grades(grades)
    return {
        HEADLINE: _number(metrics.accuracy),
        DISCOVERABLE_ACCURACY: _number(metrics.discoverable_accuracy),
        "fact_recall": metrics.fact_recall,
        "critical_fact_recall": _number(metrics.critical_fact_recall),
        "memory_only_fact_recall": _number(metrics.memory_only_fact_recall),
        "discoverable_fact_recall": _number(metrics.discoverable_fact_recall),
        "noise_rejection": metrics.noise_rejection,
        **isolated.values(),
        NOT_REACHED: float(not_reached),
    }

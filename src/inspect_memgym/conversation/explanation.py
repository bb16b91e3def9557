"""The conversation score explanation: a per-period table and a question × period grid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.conversation.grading import QuestionGrade
from inspect_memgym.scoring.failure_labels import FAILURE_MARKS
from inspect_memgym.scoring.tables import format_number, markdown_table


def conversation_periods(periods: Sequence[Mapping[str, Any]]) -> str:
    """One row per period: the headline, accuracy, isolation, memory score, failures, parses.

    Args:
        periods: The per-period grades (``conversation_grading.period_rows``).
    """
    columns = (
        ("chance_corrected_accuracy", "corrected accuracy"),
        ("accuracy", "accuracy"),
        ("no_memory", "no memory"),
        ("memory_delta", "memory Δ"),
        ("memory_score", "memory score"),
        ("official_memory_score", "unclipped"),
        ("upper_bound", "upper bound"),
        ("write_failure", "write"),
        ("read_failure", "read"),
        ("utilization_failure", "use"),
    )
    rows = [
        [
            period.get("period"),
            *(format_number(period.get(key)) for key, _ in columns),
            period.get("parse_failures"),
        ]
        for period in periods
    ]
    return markdown_table(["period", *(label for _, label in columns), "parse"], rows)


def conversation_grid(questions: Sequence[QuestionGrade]) -> str:
    """Questions down, periods across: ✓ right, – not reached, W / R / U, ? or ✗ wrong.

    W / R / U is a wrong answer's failure label, ? an unparsed reply. A row a limit cut
    (``not_reached``: its answer, or its no-memory answer, is missing and scored as the
    decline) shows ✓ only when its answer was given and right.

    Args:
        questions: One row per (period, question) (``Grading.questions``).
    """
    periods = sorted({row.period for row in questions})
    qids = list(dict.fromkeys(row.qid for row in questions))
    marks = {(row.qid, row.period): _mark(row) for row in questions}
    rows = [[qid, *(marks.get((qid, period), "") for period in periods)] for qid in qids]
    return markdown_table(["question", *(str(period) for period in periods)], rows)


def _mark(row: QuestionGrade) -> str:
    if row.correct:
        return "✓"
    if row.not_reached:
        return "–"
    if row.parse_failure:
        return "?"
    return FAILURE_MARKS.get(str(row.failure), "✗")

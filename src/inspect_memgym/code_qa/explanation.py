"""The code_qa score explanation: one row per question, with and without memory.

A grade that is the decline's because the pass gave no gradable answer is marked with why
(``declined: not_reached`` or ``declined: judge_unreadable``).
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_memgym.code_qa.grading import QuestionGrade
from inspect_memgym.code_qa.question_rows import QuestionRow
from inspect_memgym.scoring.tables import markdown_table


def _facts_cell(grade: QuestionGrade, declined: str | None = None) -> str:
    """e.g. ``1/2 ✓`` (counted facts held / counted, ✓ when correct), ``hedge``, ``(judge)``.

    A grade the pass's missing answer left to the decline reads ``0/1 ✗ (declined: why)``.
    """
    counted = [fact for fact in grade.facts if fact.counted]
    held = sum(fact.held for fact in counted)
    mark = "✓" if grade.correct else "✗"
    hedge = " hedge" if grade.hedge else ""
    judged = " (judge)" if any(fact.decided_by == "judge" for fact in grade.facts) else ""
    source = f" (declined: {declined})" if declined else ""
    return f"{held}/{len(counted)} {mark}{hedge}{judged}{source}"


def code_qa_questions(rows: Sequence[QuestionRow]) -> str:
    """A table of every question: its kind, facts held, misleads, and the no-memory result.

    Args:
        rows: The per-question rows of the memory pass.
    """
    table = []
    for row in rows:
        grade = row.grade
        table.append(
            [
                grade.qa_id,
                grade.category,
                grade.difficulty + ("" if grade.requires_memory else " (apart)"),
                f"{len(row.shown_fact_ids)}/{len(grade.facts)}",
                _facts_cell(grade, row.declined),
                ", ".join(grade.misled_by) or "–",
                _facts_cell(row.no_memory, row.no_memory_declined) if row.no_memory else "–",
            ]
        )
    header = [
        "question",
        "category",
        "difficulty",
        "facts memory showed",
        "facts in the answer",
        "distractors stated",
        "without memory",
    ]
    return markdown_table(header, table)

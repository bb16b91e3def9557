"""One question of a code_qa sample as its score reports it: the grade, then the question.

The scorer builds a `QuestionRow` per question of the memory pass, `code_qa.memory_holds`
labels it (a new row with its ``memory_failure``), the explanation reads it, and
``as_metadata`` writes it into ``Score.metadata["questions"]``, the grade's fields first.
A grade a pass's missing answer left to the decline (`grading.decline_grade`) says why in
``declined`` (memory pass) or ``no_memory_declined``: `DECLINED_NOT_REACHED` or
`DECLINED_UNREADABLE`. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_memgym.code_qa.grading import QuestionGrade

DECLINED_NOT_REACHED = "not_reached"
"""Why a grade is the decline's: a limit cut the pass before the question was answered."""
DECLINED_UNREADABLE = "judge_unreadable"
"""Why a grade is the decline's: every judge verdict on the answer was unreadable."""


@dataclass(frozen=True)
class QuestionRow:
    """One question of the memory pass as the score reports it (``Score.metadata["questions"]``).

    Attributes:
        grade: The answer's grade.
        question: The question.
        gold: Its gold answer.
        answer: The answer as given (None when a limit cut the pass before it).
        shown_fact_ids: The linked facts that what memory showed for the question holds.
        no_memory: The grade of the no-memory answer (None with memory isolation off).
        memory_failure: Which memory operation failed a wrong answer that needs memory
            (`code_qa.memory_holds.question_failure`; None when right, unlabelled, not
            reached, or before the memory is scored).
        declined: Why ``grade`` is the decline's (`DECLINED_NOT_REACHED`,
            `DECLINED_UNREADABLE`); None when it is the answer's own.
        no_memory_declined: The same for ``no_memory``.
    """

    grade: QuestionGrade
    question: str
    gold: str
    answer: str | None
    shown_fact_ids: tuple[str, ...]
    no_memory: QuestionGrade | None
    memory_failure: str | None = None
    declined: str | None = None
    no_memory_declined: str | None = None

    def as_metadata(self) -> dict[str, Any]:
        """The row as the score's metadata keeps it: the grade's fields, then the rest."""
        return {
            **self.grade.to_dict(),
            "question": self.question,
            "gold": self.gold,
            "answer": self.answer,
            "shown_fact_ids": list(self.shown_fact_ids),
            "no_memory": self.no_memory.to_dict() if self.no_memory else None,
            "memory_failure": self.memory_failure,
            "declined": self.declined,
            "no_memory_declined": self.no_memory_declined,
        }

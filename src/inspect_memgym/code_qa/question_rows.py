"""One question of a code_qa sample as its score reports it: the grade, then the question.

The scorer builds a `QuestionRow` per answer with memory, `code_qa.memory_holds` labels it
(a new row with its ``memory_failure``), the explanation reads it, and ``as_metadata``
writes it into ``Score.metadata["questions"]``, the grade's fields first. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_memgym.code_qa.grading import QuestionGrade


@dataclass(frozen=True)
class QuestionRow:
    """One question of the memory pass as the score reports it (``Score.metadata["questions"]``).

    Attributes:
        grade: The answer's grade.
        question: The question.
        gold: Its gold answer.
        answer: The answer as given.
        shown_fact_ids: The linked facts that what memory showed for the question holds.
        no_memory: The grade of the no-memory answer (None without one).
        memory_failure: Which memory operation failed a wrong answer that needs memory
            (`code_qa.memory_holds.question_failure`; None when right, unlabelled, or before
            the memory is scored).
    """

    grade: QuestionGrade
    question: str
    gold: str
    answer: str
    shown_fact_ids: tuple[str, ...]
    no_memory: QuestionGrade | None
    memory_failure: str | None = None

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
        }

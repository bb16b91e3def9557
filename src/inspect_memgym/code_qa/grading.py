"""Scoring rules of MemGym-CodeQA, pure: fact recall per question, misled answers, aggregates.

A question's score is the share of its linked facts the answer holds (every key token of
the fact appears: ``scoring.facts.holds_fact``); it is correct at a score of at least 0.5.
An answer is misled by a confuser distractor when it holds the distractor's distinguishing
tokens but not the fact that distractor mimics. Aggregates follow MemGym's report:
accuracy, fact recall (overall, critical, memory-only, discoverable), noise rejection, and
accuracy per category and per difficulty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from inspect_memgym.code_qa.world.model import (
    DIFFICULTIES,
    FACT_CATEGORIES,
    CodeQAInstance,
    Difficulty,
    FactCategory,
    QAPair,
    Relevance,
)
from inspect_memgym.scoring.facts import holds_fact

CORRECT_THRESHOLD = 0.5
"""A question is answered correctly when at least this share of its linked facts is held."""


@dataclass(frozen=True)
class LinkedFactResult:
    """Whether an answer held one linked fact.

    Attributes:
        fact_id: The fact.
        category: Its category.
        relevance: Its relevance.
        discoverable: Whether the source also shows it.
        held: Whether the answer holds it.
    """

    fact_id: str
    category: FactCategory
    relevance: Relevance
    discoverable: bool
    held: bool


@dataclass(frozen=True)
class QuestionGrade:
    """The grade of one answer.

    Attributes:
        qa_id: The question.
        category: The question's category.
        difficulty: The question's difficulty.
        requires_memory: Whether a linked fact is memory-only.
        score: Share of linked facts held.
        correct: ``score >= CORRECT_THRESHOLD``.
        facts: Per linked fact, whether it was held.
        misled_by: Ids of the confuser distractors the answer was misled by.
    """

    qa_id: str
    category: FactCategory
    difficulty: Difficulty
    requires_memory: bool
    score: float
    correct: bool
    facts: tuple[LinkedFactResult, ...]
    misled_by: tuple[str, ...]

    @property
    def misled(self) -> bool:
        """Whether any confuser misled the answer."""
        return bool(self.misled_by)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (for a score's metadata)."""
        return {**asdict(self), "misled": self.misled}


def misleading_distractors(instance: CodeQAInstance, pair: QAPair, answer: str) -> tuple[str, ...]:
    """Ids of the question's confusers that misled an answer.

    Args:
        instance: The instance.
        pair: The question.
        answer: The answer text.
    """
    misled = []
    for distractor_id in pair.confuser_ids:
        distractor = instance.distractor(distractor_id)
        mimicked = instance.fact(distractor.mimics).fact
        if holds_fact(answer, distractor.fact) and not holds_fact(answer, mimicked):
            misled.append(distractor_id)
    return tuple(misled)


def grade_answer(instance: CodeQAInstance, qa_id: str, answer: str | None) -> QuestionGrade:
    """Grade one answer to one question.

    Args:
        instance: The instance.
        qa_id: The question.
        answer: The answer text (None or empty for no answer).

    Raises:
        KeyError: If the instance has no such question.
    """
    pair = instance.question(qa_id)
    text = answer or ""
    results = []
    for fact_id in pair.linked_fact_ids:
        grounding = instance.fact(fact_id)
        results.append(
            LinkedFactResult(
                fact_id=fact_id,
                category=grounding.category,
                relevance=grounding.relevance,
                discoverable=grounding.discoverable,
                held=bool(text) and holds_fact(text, grounding.fact),
            )
        )
    score = sum(result.held for result in results) / len(results)
    return QuestionGrade(
        qa_id=qa_id,
        category=pair.category,
        difficulty=pair.difficulty,
        requires_memory=pair.requires_memory,
        score=score,
        correct=score >= CORRECT_THRESHOLD,
        facts=tuple(results),
        misled_by=misleading_distractors(instance, pair, text) if text else (),
    )


@dataclass(frozen=True)
class CodeQAMetrics:
    """Aggregates over graded answers (of one instance or many).

    Recalls are pooled over every (question, linked fact) pair; a recall is None when no
    question links a fact of that kind.

    Attributes:
        questions: How many answers were graded.
        accuracy: Share of correct answers.
        fact_recall: Share of linked facts held.
        critical_fact_recall: The same, over critical facts.
        memory_only_fact_recall: The same, over facts only the history holds.
        discoverable_fact_recall: The same, over facts the source also shows.
        noise_rejection: Share of answers not misled by a confuser.
        category_accuracy: Accuracy per question category (categories asked only).
        difficulty_accuracy: Accuracy per difficulty (difficulties asked only).
    """

    questions: int
    accuracy: float
    fact_recall: float
    critical_fact_recall: float | None
    memory_only_fact_recall: float | None
    discoverable_fact_recall: float | None
    noise_rejection: float
    category_accuracy: dict[str, float]
    difficulty_accuracy: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return asdict(self)


def _recall(results: list[LinkedFactResult]) -> float | None:
    return sum(result.held for result in results) / len(results) if results else None


def _accuracy(grades: Sequence[QuestionGrade]) -> float:
    return sum(grade.correct for grade in grades) / len(grades)


def summarise_grades(grades: Sequence[QuestionGrade]) -> CodeQAMetrics:
    """Aggregate graded answers.

    Args:
        grades: Grades of one instance's answers, or of many instances'.

    Raises:
        ValueError: If there are no grades.
    """
    if not grades:
        raise ValueError("no graded answers to summarise")
    linked = [result for grade in grades for result in grade.facts]
    overall = _recall(linked)
    assert overall is not None
    return CodeQAMetrics(
        questions=len(grades),
        accuracy=_accuracy(grades),
        fact_recall=overall,
        critical_fact_recall=_recall([item for item in linked if item.relevance == "critical"]),
        memory_only_fact_recall=_recall([item for item in linked if not item.discoverable]),
        discoverable_fact_recall=_recall([item for item in linked if item.discoverable]),
        noise_rejection=sum(not grade.misled for grade in grades) / len(grades),
        category_accuracy={
            category: _accuracy([grade for grade in grades if grade.category == category])
            for category in FACT_CATEGORIES
            if any(grade.category == category for grade in grades)
        },
        difficulty_accuracy={
            difficulty: _accuracy([grade for grade in grades if grade.difficulty == difficulty])
            for difficulty in DIFFICULTIES
            if any(grade.difficulty == difficulty for grade in grades)
        },
    )

"""Scoring rules of MemGym-CodeQA, pure: fact recall per question, misled answers, aggregates.

A question's score is the share of its linked facts the answer holds (every key token of
the fact appears: ``scoring.facts.holds_fact``); it is correct at a score of at least 0.5.
Only an answer's first `ANSWER_CHARS` characters are graded, so pasting a whole memory
earns nothing beyond them. A linked fact the answer does not hold, although it holds part
of one of the fact's key tokens, is one the rules cannot decide (`undecided_facts`): a
judge may decide it, and its verdict is passed in. An answer is misled by a confuser
distractor when it holds the distractor's distinguishing tokens but not the fact that
distractor mimics. Aggregates follow MemGym's report: accuracy, fact recall (overall,
critical, memory-only, discoverable), noise rejection, and accuracy per category and per
difficulty; `score_value` turns them into a sample's ``Score.value``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from inspect_memgym.code_qa.world.model import (
    DIFFICULTIES,
    FACT_CATEGORIES,
    CodeQAInstance,
    Difficulty,
    FactCategory,
    QAPair,
    Relevance,
)
from inspect_memgym.scoring.facts import holds_fact, normalise_for_match
from inspect_memgym.scoring.isolation import ISOLATION_KEYS, isolation_values

CORRECT_THRESHOLD = 0.5
"""A question is answered correctly when at least this share of its linked facts is held."""
ANSWER_CHARS = 4_000
"""Answers are graded on their first this many characters (about 1,000 tokens)."""
HEADLINE = "accuracy"
SCORE_KEYS = (
    HEADLINE,
    "fact_recall",
    "critical_fact_recall",
    "memory_only_fact_recall",
    "noise_rejection",
    *ISOLATION_KEYS,
)
"""``Score.value`` keys, in display order."""
_WORD = re.compile(r"[a-z0-9][a-z0-9_.\-]*[a-z0-9]")
"""A word of a normalised text (two characters or more)."""
SHORTEST_TELLING_WORD = 3
"""A key-token word this long, or holding a digit, shows part of a fact ("of", "ms" do not)."""
DecidedBy = Literal["rules", "judge"]


@dataclass(frozen=True)
class LinkedFactResult:
    """Whether an answer held one linked fact.

    Attributes:
        fact_id: The fact.
        category: Its category.
        relevance: Its relevance.
        discoverable: Whether the source also shows it.
        held: Whether the answer holds it.
        decided_by: ``"rules"``, or ``"judge"`` for a fact the rules could not decide.
    """

    fact_id: str
    category: FactCategory
    relevance: Relevance
    discoverable: bool
    held: bool
    decided_by: DecidedBy = "rules"


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


def graded_text(answer: str | None) -> str:
    """The part of an answer that is graded: its first `ANSWER_CHARS` characters.

    Args:
        answer: The answer text (None for no answer).
    """
    return (answer or "")[:ANSWER_CHARS]


def undecided_facts(instance: CodeQAInstance, qa_id: str, answer: str | None) -> tuple[str, ...]:
    """Linked facts the rules cannot decide for an answer.

    A fact is undecided when the answer does not hold it but holds a word of one of its key
    tokens that the question does not already show (a paraphrase, a different number
    format, part of a name). A fact with no such word in the answer is simply not held.

    Args:
        instance: The instance.
        qa_id: The question.
        answer: The answer text.

    Raises:
        KeyError: If the instance has no such question.
    """
    pair = instance.question(qa_id)
    text = normalise_for_match(graded_text(answer))
    if not text:
        return ()
    answer_words = set(_WORD.findall(text))
    question_words = set(_WORD.findall(normalise_for_match(pair.question)))
    undecided = []
    for fact_id in pair.linked_fact_ids:
        fact = instance.fact(fact_id).fact
        if holds_fact(text, fact):
            continue
        telling = {
            word
            for token in fact.key_tokens
            for word in _WORD.findall(normalise_for_match(token))
            if len(word) >= SHORTEST_TELLING_WORD or any(char.isdigit() for char in word)
        }
        if telling & (answer_words - question_words):
            undecided.append(fact_id)
    return tuple(undecided)


def grade_answer(
    instance: CodeQAInstance,
    qa_id: str,
    answer: str | None,
    judged: Mapping[str, bool] | None = None,
) -> QuestionGrade:
    """Grade one answer to one question.

    Args:
        instance: The instance.
        qa_id: The question.
        answer: The answer text (None or empty for no answer).
        judged: A judge's verdicts on facts the rules could not decide (fact id -> held);
            verdicts on other facts are ignored.

    Raises:
        KeyError: If the instance has no such question.
    """
    pair = instance.question(qa_id)
    text = graded_text(answer)
    verdicts = dict(judged or {})
    if verdicts:
        verdicts = {
            fact_id: held
            for fact_id, held in verdicts.items()
            if fact_id in undecided_facts(instance, qa_id, text)
        }
    results = []
    for fact_id in pair.linked_fact_ids:
        grounding = instance.fact(fact_id)
        results.append(
            LinkedFactResult(
                fact_id=fact_id,
                category=grounding.category,
                relevance=grounding.relevance,
                discoverable=grounding.discoverable,
                held=verdicts[fact_id]
                if fact_id in verdicts
                else bool(text) and holds_fact(text, grounding.fact),
                decided_by="judge" if fact_id in verdicts else "rules",
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


def _number(value: float | None) -> float:
    return math.nan if value is None else value


def score_value(
    grades: Sequence[QuestionGrade], no_memory_grades: Sequence[QuestionGrade] | None
) -> dict[str, float]:
    """One sample's ``Score.value``: `SCORE_KEYS`, each a float.

    Args:
        grades: The grades of the answers with memory.
        no_memory_grades: The grades of the same questions answered with no memory (None
            when memory isolation is off: ``no_memory`` and ``memory_delta`` are NaN).

    Raises:
        ValueError: If there are no grades.
    """
    metrics = summarise_grades(grades)
    no_memory = summarise_grades(no_memory_grades).accuracy if no_memory_grades else None
    return {
        HEADLINE: metrics.accuracy,
        "fact_recall": metrics.fact_recall,
        "critical_fact_recall": _number(metrics.critical_fact_recall),
        "memory_only_fact_recall": _number(metrics.memory_only_fact_recall),
        "noise_rejection": metrics.noise_rejection,
        **isolation_values(metrics.accuracy, no_memory),
    }

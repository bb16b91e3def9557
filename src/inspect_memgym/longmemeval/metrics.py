"""LongMemEval's metrics (official ``print_qa_metrics.py``) from judged answers.

* per-type accuracy: over every question of a type, abstention questions included (they
  keep the type of the question they came from);
* task-averaged accuracy: the mean of the six per-type accuracies;
* overall accuracy: over all questions;
* abstention accuracy: over the ``_abs`` questions only.

A judged answer whose verdict could not be read (no yes/no word in the judge's reply) is
left out of every accuracy and counted apart (``unreadable``); a type whose every verdict
was unreadable has no accuracy. When a run covers only some types, the task average is
taken over the types present and ``missing_types`` says which are absent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from inspect_memgym.longmemeval.records import ABSTENTION_SUFFIX, QUESTION_TYPES


@dataclass(frozen=True)
class JudgedAnswer:
    """One answer and the judge's decision.

    Attributes:
        question_id: The question's id.
        question_type: Its type.
        correct: True or False, or None when the verdict could not be read.
    """

    question_id: str
    question_type: str
    correct: bool | None

    @property
    def is_abstention(self) -> bool:
        """Whether it answers an abstention question (id ends with _abs)."""
        return self.question_id.endswith(ABSTENTION_SUFFIX)


@dataclass(frozen=True)
class LongMemEvalAccuracy:
    """The official accuracy figures.

    Attributes:
        per_type: Accuracy per question type present, in the official type order.
        per_type_counts: Number of answers per type present.
        task_averaged: Mean of the per-type accuracies (None if nothing was judged).
        overall: Accuracy over all readable answers (None if nothing was judged).
        abstention: Accuracy over abstention questions (None if there were none).
        abstention_count: Number of abstention answers with a readable verdict.
        unreadable: Answers whose verdict could not be read (left out of the accuracies).
        missing_types: Question types with no answer in this run.
    """

    per_type: dict[str, float]
    per_type_counts: dict[str, int]
    task_averaged: float | None
    overall: float | None
    abstention: float | None
    abstention_count: int
    unreadable: int
    missing_types: tuple[str, ...]


def _mean(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


def summarise_accuracy(answers: Iterable[JudgedAnswer]) -> LongMemEvalAccuracy:
    """Compute the official accuracy figures.

    Args:
        answers: Judged answers, one per question.

    Raises:
        ValueError: If an answer has a question type LongMemEval does not define.
    """
    by_type: dict[str, list[int]] = {question_type: [] for question_type in QUESTION_TYPES}
    everything: list[int] = []
    abstention: list[int] = []
    unreadable = 0
    for answer in answers:
        if answer.question_type not in by_type:
            raise ValueError(
                f"question {answer.question_id!r} has unknown type {answer.question_type!r}"
            )
        if answer.correct is None:
            unreadable += 1
            continue
        point = 1 if answer.correct else 0
        by_type[answer.question_type].append(point)
        everything.append(point)
        if answer.is_abstention:
            abstention.append(point)
    present = {name: points for name, points in by_type.items() if points}
    per_type = {name: sum(points) / len(points) for name, points in present.items()}
    return LongMemEvalAccuracy(
        per_type=per_type,
        per_type_counts={name: len(points) for name, points in present.items()},
        task_averaged=sum(per_type.values()) / len(per_type) if per_type else None,
        overall=_mean(everything),
        abstention=_mean(abstention),
        abstention_count=len(abstention),
        unreadable=unreadable,
        missing_types=tuple(name for name in QUESTION_TYPES if name not in present),
    )

"""Grading of a feedback sample: answers by the rules, then the learning curve and scores.

Every test answer is scored (a generated world: 1 if `world.checking.check_reply` says
right, else 0; MemoryBench's records: the dataset's metric). Then, per step: ``accuracy``
over the requests that need a hidden item, ``control_accuracy`` over the controls, and the
accuracy by knowledge kind. `Score.value` (`SCORE_KEYS`):

- ``final``: the last step's accuracy (the headline); ``auc``: the mean accuracy over the
  steps (the area under the learning curve, steps spaced evenly and normalised to 1);
- ``no_memory``: the accuracy of the no-memory answers; ``memory_delta``: final - no_memory;
- ``learned_rule_rate``: of the hidden items that got feedback on a wrong answer during
  training, the share whose every test request is right at the last step;
- ``control_accuracy``, ``declarative``, ``procedural``: the last step's accuracy on the
  controls and by knowledge kind.

A key with nothing to average is NaN (records have no controls, kinds or hidden items).
Pure functions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from inspect_memgym.feedback.memorybench_records import MemoryBenchRecord, score_reply
from inspect_memgym.feedback.world.checking import check_reply
from inspect_memgym.feedback.world.model import KNOWLEDGE_KINDS, FeedbackWorld
from inspect_memgym.scoring.isolation import isolation_values

SCORE_KEYS = (
    "final",
    "auc",
    "no_memory",
    "memory_delta",
    "learned_rule_rate",
    "control_accuracy",
    *KNOWLEDGE_KINDS,
)
HEADLINE = "final"
NEGATIVE_ACTIONS = frozenset({"dislike", "none"})
REPLY_SHOWN = 400
"""Characters of a reply kept in the per-answer rows."""


@dataclass(frozen=True)
class FeedbackGrade:
    """A sample's grade.

    Attributes:
        value: `SCORE_KEYS` -> float.
        curve: One row per step: step, accuracy, control accuracy, accuracy by kind, and
            the training dialogues memorised so far.
        items: One row per hidden item: kind, whether it was fed back, and whether it is
            applied at the last step.
        answers: One row per test answer (step 0: the no-memory pass).
    """

    value: dict[str, float]
    curve: list[dict[str, Any]]
    items: list[dict[str, Any]]
    answers: list[dict[str, Any]]


def grade_world(
    world: FeedbackWorld,
    results: Sequence[Mapping[str, Any]],
    dialogues: Sequence[Mapping[str, Any]],
) -> FeedbackGrade:
    """Grade a generated world's answers.

    Args:
        world: The world.
        results: `FeedbackState.results` rows (step, request, raw).
        dialogues: `FeedbackState.dialogues` rows (step, request, feedback).
    """
    answers = []
    for row in results:
        request = world.request(str(row["request"]))
        check = check_reply(request, str(row["raw"]))
        answers.append(
            {
                "step": int(row["step"]),
                "request": request.request_id,
                "aspect": request.aspect,
                "kind": request.kind,
                "control": request.control,
                "score": 1.0 if check.correct else 0.0,
                "reason": check.reason,
                "reply": str(row["raw"])[:REPLY_SHOWN],
            }
        )
    fed_back = _fed_back(world, dialogues)
    curve = _curve(answers, dialogues)
    items = _items(world, answers, fed_back, curve[-1]["step"] if curve else None)
    considered = [item for item in items if item["fed_back"]]
    learned = fmean(item["applied"] for item in considered) if considered else math.nan
    return FeedbackGrade(_value(answers, curve, learned), curve, items, answers)


def grade_records(
    records: Mapping[str, MemoryBenchRecord],
    results: Sequence[Mapping[str, Any]],
    dialogues: Sequence[Mapping[str, Any]],
) -> FeedbackGrade:
    """Grade answers to MemoryBench's records with each dataset's metric.

    Args:
        records: Rows by request id.
        results: `FeedbackState.results` rows.
        dialogues: `FeedbackState.dialogues` rows.
    """
    answers = []
    for row in results:
        record = records[str(row["request"])]
        score = score_reply(record, str(row["raw"]))
        answers.append(
            {
                "step": int(row["step"]),
                "request": str(row["request"]),
                "aspect": record.dataset_name,
                "kind": None,
                "control": False,
                "score": score,
                "reason": f"{record.metric_name} {score:.3f} against {record.gold!r}",
                "reply": str(row["raw"])[:REPLY_SHOWN],
            }
        )
    curve = _curve(answers, dialogues)
    return FeedbackGrade(_value(answers, curve, math.nan), curve, [], answers)


def _mean(scores: Iterable[float]) -> float:
    chosen = list(scores)
    return fmean(chosen) if chosen else math.nan


def _at(answers: list[dict[str, Any]], step: int, **match: Any) -> list[float]:
    return [
        row["score"]
        for row in answers
        if row["step"] == step and all(row[key] == value for key, value in match.items())
    ]


def _curve(
    answers: list[dict[str, Any]], dialogues: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    steps = sorted({row["step"] for row in answers if row["step"] > 0})
    curve = []
    for step in steps:
        point: dict[str, Any] = {
            "step": step,
            "accuracy": _mean(_at(answers, step, control=False)),
            "control_accuracy": _mean(_at(answers, step, control=True)),
        }
        for kind in KNOWLEDGE_KINDS:
            point[kind] = _mean(_at(answers, step, control=False, kind=kind))
        point["dialogues"] = sum(1 for dialogue in dialogues if int(dialogue["step"]) <= step)
        curve.append(point)
    return curve


def _value(
    answers: list[dict[str, Any]], curve: list[dict[str, Any]], learned: float
) -> dict[str, float]:
    last: dict[str, Any] = curve[-1] if curve else {}
    final = float(last.get("accuracy", math.nan))
    no_memory_rows = _at(answers, 0, control=False)
    value = {
        "final": final,
        "auc": _mean(point["accuracy"] for point in curve),
        **isolation_values(final, _mean(no_memory_rows) if no_memory_rows else None),
        "learned_rule_rate": learned,
        "control_accuracy": float(last.get("control_accuracy", math.nan)),
    }
    for kind in KNOWLEDGE_KINDS:
        value[kind] = float(last.get(kind, math.nan))
    return value


def _fed_back(world: FeedbackWorld, dialogues: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Item -> the first step at which it got feedback on a wrong answer."""
    first: dict[str, int] = {}
    for dialogue in dialogues:
        actions = {given["implicit_action"] for given in dialogue["feedback"]}
        if actions & NEGATIVE_ACTIONS:
            aspect = world.request(str(dialogue["request"])).aspect
            first.setdefault(aspect, int(dialogue["step"]))
    return first


def _items(
    world: FeedbackWorld,
    answers: list[dict[str, Any]],
    fed_back: dict[str, int],
    last_step: int | None,
) -> list[dict[str, Any]]:
    rows = []
    for item in world.items:
        scores = (
            [] if last_step is None else _at(answers, last_step, control=False, aspect=item.item_id)
        )
        rows.append(
            {
                "item": item.item_id,
                "kind": item.kind,
                "domain": item.domain,
                "fed_back": item.item_id in fed_back,
                "first_fed_back_step": fed_back.get(item.item_id),
                "applied": bool(scores) and all(score == 1.0 for score in scores),
            }
        )
    return rows

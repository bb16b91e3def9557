"""The score values of one LongMemEval question, from the judge's decisions (pure).

`Score.value` holds floats under fixed keys:

* ``accuracy``: 1 when the judge accepted the answer from memory, else 0; its mean is the
  official overall accuracy. An answer the pass did not give (a limit cut the sample) or
  whose verdict held no yes/no word (unreadable) is scored as a decline (`scoring.reached`):
  right on an ``_abs`` question, wrong otherwise, as the official scorer reads a reply
  without "yes" as wrong;
* one key per question type (``single_session_user``, ``single_session_assistant``,
  ``single_session_preference``, ``temporal_reasoning``, ``knowledge_update``,
  ``multi_session``): the accuracy for a question of that type, NaN for the others, so the
  key's mean over a run is the per-type accuracy (Inspect's metrics and the leaderboard
  skip NaN);
* ``abstention``: the accuracy for an ``_abs`` question, NaN otherwise;
* ``no_memory`` and ``memory_delta`` (the shared definition, `scoring.isolation`, with each
  answerable question's floor what a question-only prior earns, `question_floor`): the
  accuracy of the no-memory answer (a missing or unreadable one scored as a decline), and
  accuracy minus it; NaN with memory isolation off and for an ``_abs`` question, which a decline
  decides (a model that declined only when history is shown would gain there without
  memory), so a run's mean Δ is over the answerable questions; ``no_memory_raw`` and
  ``memory_delta_raw`` count the ``_abs`` questions too;
* ``official_accuracy``: the official harness's reading of the same judge reply ("yes"
  anywhere in it, `official_reading`), beside ours; a missing answer counts as ours does;
  NaN with a panel of graders (the official harness has one judge);
* ``not_reached``: 1 when a limit cut the sample before the question was answered in either
  pass (the missing answer is scored as a decline: `scoring.reached`), else 0;
* ``judge_unreadable``: how many of the question's verdicts (answer from memory and
  no-memory answer) were unreadable, 0 to 2 (the run's total is a scorer-level metric).

The task-averaged accuracy (the mean of the per-type accuracies) is a metric over the run
(`task_average.task_averaged`), not a per-question value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_memgym.longmemeval.records import QUESTION_TYPES, LongMemEvalRecord
from inspect_memgym.scoring.isolation import (
    ISOLATION_KEYS,
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    isolate,
    mean_credit,
)
from inspect_memgym.scoring.official import official_key
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

HEADLINE_KEY = "accuracy"
OFFICIAL_ACCURACY_KEY = official_key(HEADLINE_KEY)
"""Score key of the official harness's reading of the same judge reply (`official_reading`)."""
TYPE_KEYS: dict[str, str] = {name: name.replace("-", "_") for name in QUESTION_TYPES}
"""Question type -> score key, in the official order."""
ABSTENTION_KEY = "abstention"
TYPE_LABELS = {
    "single_session_user": "SS user",
    "single_session_assistant": "SS assistant",
    "single_session_preference": "SS preference",
    "temporal_reasoning": "temporal",
    "knowledge_update": "knowledge update",
    "multi_session": "multi-session",
}
"""Score key -> a short column label."""


def score_keys(question_types: Sequence[str] = QUESTION_TYPES) -> tuple[str, ...]:
    """The `Score.value` keys of a run, in display order.

    Args:
        question_types: The types asked (a type not asked has no key).
    """
    chosen = [key for name, key in TYPE_KEYS.items() if name in question_types]
    return (
        HEADLINE_KEY,
        *chosen,
        ABSTENTION_KEY,
        *ISOLATION_KEYS,
        *RAW_ISOLATION_KEYS,
        OFFICIAL_ACCURACY_KEY,
        JUDGE_UNREADABLE,
        NOT_REACHED,
    )


def official_reading(judge_reply: str) -> bool:
    """The official harness's reading of a judge reply: "yes" anywhere in it.

    ``evaluate_qa.py`` takes ``'yes' in reply.lower()``, so "No. The answer says yes" is
    correct there; here the first yes or no word decides (`scoring.yes_no_verdict`).

    Args:
        judge_reply: One judge's raw reply.
    """
    return "yes" in judge_reply.lower()


def decline_is_correct(record: LongMemEvalRecord) -> bool:
    """How a decline is judged, by rule (no model call): right only on an ``_abs`` question.

    Args:
        record: The question.
    """
    return record.is_abstention


def counted(record: LongMemEvalRecord, correct: bool | None) -> bool:
    """The decision a question counts: the judge's, or a decline's where there is none.

    Args:
        record: The question.
        correct: The judge's decision (None: the pass gave no answer, or every verdict on
            it was unreadable).
    """
    return decline_is_correct(record) if correct is None else correct


def isolation(
    record: LongMemEvalRecord,
    correct: bool,
    no_memory_correct: bool | None,
    same_reply: bool = False,
    floor: float | None = None,
) -> Isolation:
    """``no_memory`` and ``memory_delta`` of one question (`scoring.isolation`).

    Args:
        record: The question (an ``_abs`` question is decided by a decline: out of Δ).
        correct: The counted decision on the answer from memory (`counted`).
        no_memory_correct: The counted decision on the no-memory answer (None: memory
            isolation is off).
        same_reply: Whether the no-memory answer is the answer given with memory.
        floor: The question's memoryless floor (`question_floor`); default a decline's
            (1 for an ``_abs`` question, else 0).
    """
    pair = PairedAnswer(
        memory=_accuracy(correct),
        no_memory=None if no_memory_correct is None else _accuracy(no_memory_correct),
        floor=(1.0 if record.is_abstention else 0.0) if floor is None else floor,
        same_reply=same_reply,
    )
    return isolate([pair], mean_credit)


def longmemeval_values(
    record: LongMemEvalRecord,
    correct: bool,
    isolated: Isolation,
    unreadable: int = 0,
    not_reached: bool = False,
    official_correct: bool | None = None,
) -> dict[str, float]:
    """`Score.value` of one question.

    Args:
        record: The question.
        correct: The counted decision on the answer from memory (`counted`).
        isolated: Its memory isolation (`isolation`).
        unreadable: How many of its verdicts were unreadable (0 to 2).
        not_reached: Whether a limit cut either pass before it answered.
        official_correct: The official reading of the judge's reply on the answer from
            memory (None: no single judge read it; NaN in the value). Default ``correct``.
    """
    accuracy = _accuracy(correct)
    values = {HEADLINE_KEY: accuracy}
    values.update(
        {
            key: accuracy if name == record.question_type else math.nan
            for name, key in TYPE_KEYS.items()
        }
    )
    values[ABSTENTION_KEY] = accuracy if record.is_abstention else math.nan
    values.update(isolated.values())
    values[OFFICIAL_ACCURACY_KEY] = (
        math.nan if official_correct is None else float(official_correct)
    )
    values[JUDGE_UNREADABLE] = float(unreadable)
    values[NOT_REACHED] = float(not_reached)
    return values


def _accuracy(correct: bool) -> float:
    return 1.0 if correct else 0.0

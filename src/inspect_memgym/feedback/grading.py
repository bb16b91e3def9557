"""Grading of a feedback sample: answers by the rules, then the learning curve and scores.

Every test answer is graded twice. Its raw ``score`` is 1 if right, else 0 (a generated
world: `world.checking.check_reply`; MemoryBench's records: the dataset's metric). Its
``credit`` is corrected for chance, so that no answer given without knowing the truth earns
anything on average, and none can fall below chance on purpose:

- a generated world (``k`` variants a request can take, ``chance = 1/k``): 1 when right;
  ``-1/(k-1)`` when it commits to one wrong variant; 0 when it commits to none or hedges
  between several. A blind pick among the ``k`` averages 0, and so does declining to pick,
  so the mean credit is ``(accuracy - chance) / (1 - chance)`` for an answerer that always
  commits, and a pass answered without memory cannot be sandbagged below chance (a
  reply that names no variant or several counts as a blind guess, not as a miss);
- MemoryBench's records (``chance`` = the metric of the constant answer "Not mentioned in
  the conversation" on the row, the memoryless answer these datasets reward: LoCoMo's
  category 5 is always that option): ``(score - chance) / (1 - chance)``; rows the constant
  answer already gets right (chance 1) carry no credit, so they are left out of it.

Then, per step, over the requests that need a hidden item. `Score.value` (`SCORE_KEYS`):

- ``final``: the last step's mean credit (the headline: 0 for any answerer that knows
  nothing, 1 when every answer is right); ``auc``: the mean credit over the steps (the
  area under the learning curve, steps spaced evenly and normalised to 1);
- ``no_memory``: the mean credit of the no-memory answers over the requests of the last
  step, each counted at least the memoryless floor, 0 (`scoring.isolation`: a wrong pick, or
  a records row answered below its constant answer, counts 0 there; a reply identical to
  the last step's counts as graded); ``memory_delta``: final - no_memory;
  ``no_memory_raw`` and ``memory_delta_raw``: the same without the floor;
- ``final_accuracy``: the last step's raw accuracy, and beside it ``chance``: the raw
  accuracy an answerer without memory reaches on average on the same requests (the
  memoryless floor: ``1/k`` for a world; the constant answer's for records);
- ``learned_rule_rate``: of the hidden items that got feedback on a wrong answer during
  training, the share whose every test request is right at the last step;
- ``control_accuracy``: the last step's raw accuracy on the controls (they state what to
  do); ``declarative``, ``procedural``: the last step's mean credit by knowledge kind.

A key with nothing to average is NaN (records have no controls, kinds or hidden items).
``not_reached`` counts the test answers a limit cut off, at any step or in the no-memory
pass. Each is graded as the decline (`scoring.reached`), never left out: a world request's
as the decliner's "I do not know." (no variant named: credit 0), a records row's as its
constant answer, "Not mentioned in the conversation" (its chance: credit 0), both by rule.
So a cut step counts every request, the requests it did not answer as declines, and a
sample cut before its first step scores its declines; the rows say ``not_reached``.
Pure functions.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from inspect_memgym.feedback.memorybench_records import (
    NOT_MENTIONED_OPTION,
    MemoryBenchRecord,
    score_reply,
)
from inspect_memgym.feedback.memoryless_records import UNKNOWN
from inspect_memgym.feedback.record_floors import prior_scores
from inspect_memgym.feedback.summary_keys import HEADLINE as HEADLINE
from inspect_memgym.feedback.world.checking import ReplyCheck, check_reply
from inspect_memgym.feedback.world.model import KNOWLEDGE_KINDS, FeedbackWorld
from inspect_memgym.feedback.world.simulator import UserFeedback
from inspect_memgym.scoring.isolation import (
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    isolate,
    mean_credit,
)
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.stored_records import StoredRecord

SCORE_KEYS = (
    "final",
    "auc",
    "no_memory",
    "memory_delta",
    *RAW_ISOLATION_KEYS,
    "final_accuracy",
    "chance",
    "learned_rule_rate",
    "control_accuracy",
    *KNOWLEDGE_KINDS,
    NOT_REACHED,
)
NEGATIVE_ACTIONS = frozenset({"dislike", "none"})
REPLY_SHOWN = 400
"""Characters of a reply kept in the per-answer rows."""
CONSTANT_ANSWER = NOT_MENTIONED_OPTION
"""The memoryless answer a records row's chance is measured with."""
WORLD_DECLINE = UNKNOWN
"""A world request's decline (the ``decliner``'s reply): what a missing answer is graded as."""
RECORDS_DECLINE = NOT_MENTIONED_OPTION
"""A records row's decline, its constant answer: what a missing answer is graded as."""


@dataclass(frozen=True)
class FeedbackAnswer(StoredRecord):
    """One raw test answer, as kept in `FeedbackState.results`.

    Attributes:
        step: The step it was given after (0: the no-memory pass).
        request: The test request's id.
        raw: The reply as given, ungraded.
    """

    step: int
    request: str
    raw: str


@dataclass(frozen=True)
class FeedbackDialogue(StoredRecord):
    """One training dialogue memorised, as kept in `FeedbackState.dialogues`.

    Attributes:
        step: The step it was memorised in.
        request: The training request's id.
        messages: ``[role, text]`` pairs, in order.
        feedback: The feedback given after each reply (stored as `UserFeedback.to_dict`).
    """

    step: int
    request: str
    messages: list[list[str]] = field(default_factory=list)
    feedback: list[UserFeedback] = field(default_factory=list)

    def as_metadata(self) -> dict[str, Any]:
        """The dialogue as the store (and the log) keeps it, each feedback a dict."""
        return {
            **super().as_metadata(),
            "feedback": [given.to_dict() for given in self.feedback],
        }

    @classmethod
    def of(cls, stored: Mapping[str, Any]) -> FeedbackDialogue:
        """The dialogue a driver stored, its feedback read back as `UserFeedback`.

        Args:
            stored: The dict `as_metadata` wrote.
        """
        return cls(
            step=stored["step"],
            request=stored["request"],
            messages=stored.get("messages", []),
            feedback=[UserFeedback(**given) for given in stored.get("feedback", [])],
        )


@dataclass(frozen=True)
class GradedAnswer(StoredRecord):
    """One test answer, graded (a row of ``Score.metadata["answers"]``).

    Attributes:
        step: The step it was given after (0: the no-memory pass).
        request: The test request's id.
        aspect: The hidden item it tests (a records row: its dataset).
        kind: The item's knowledge kind (None for a records row).
        control: Whether the request is a control (the learned rule must not apply).
        score: 1 right, 0 wrong (a records row: its dataset's metric).
        credit: The chance-corrected credit (None where chance is already 1).
        chance: What a blind answer scores.
        reason: The rules' reading of the reply.
        reply: The reply's first `REPLY_SHOWN` characters.
        reply_key: A digest of the whole reply, to pair the passes.
        not_reached: Whether a limit cut the answer, so the decline was graded in its place.
    """

    step: int
    request: str
    aspect: str
    kind: str | None
    control: bool
    score: float
    credit: float | None
    chance: float
    reason: str
    reply: str
    reply_key: str
    not_reached: bool = False


@dataclass(frozen=True)
class CurvePoint(StoredRecord):
    """One step of the learning curve (a row of ``Score.metadata["learning_curve"]``).

    Attributes:
        step: The step.
        accuracy: Raw accuracy on the test requests that are no controls.
        score: Their mean chance-corrected credit.
        control_accuracy: Accuracy on the controls.
        declarative: Mean credit on the declarative items' requests.
        procedural: Mean credit on the procedural items' requests.
        dialogues: Training dialogues memorised by then.
    """

    step: int
    accuracy: float
    score: float
    control_accuracy: float
    declarative: float
    procedural: float
    dialogues: int

    def credit_by_kind(self) -> dict[str, float]:
        """The mean credit of each knowledge kind, in `KNOWLEDGE_KINDS` order."""
        return {"declarative": self.declarative, "procedural": self.procedural}


@dataclass(frozen=True)
class HiddenItemRow(StoredRecord):
    """One hidden item of a world, at the end (a row of ``Score.metadata["items"]``).

    Attributes:
        item: The item's id.
        kind: Its knowledge kind.
        domain: Its domain.
        fed_back: Whether a wrong answer on it got feedback.
        first_fed_back_step: The first step it did (None if never).
        applied: Whether every test request on it is right at the last step.
    """

    item: str
    kind: str
    domain: str
    fed_back: bool
    first_fed_back_step: int | None
    applied: bool


@dataclass(frozen=True)
class FeedbackGrade:
    """A sample's grade.

    Attributes:
        value: `SCORE_KEYS` -> float.
        curve: One row per step: step, accuracy (raw), score (mean credit), control
            accuracy, credit by kind, and the training dialogues memorised so far.
        items: One row per hidden item: kind, whether it was fed back, and whether it is
            applied at the last step.
        answers: One row per test answer (step 0: the no-memory pass).
        isolation: How ``memory_delta`` was computed (`scoring.isolation.Isolation`).
    """

    value: dict[str, float]
    curve: list[CurvePoint]
    items: list[HiddenItemRow]
    answers: list[GradedAnswer]
    isolation: Isolation


def answer_credit(check: ReplyCheck, variants: int) -> float:
    """A world answer's chance-corrected credit: 1 right, -1/(k-1) one wrong variant, else 0.

    Args:
        check: The rules' reading of the reply.
        variants: ``k``, the variants the request can take.
    """
    if check.correct:
        return 1.0
    if len(check.shown) == 1:
        return -1.0 / (variants - 1)
    return 0.0


def record_chance(record: MemoryBenchRecord) -> float:
    """A records row's chance: the metric of the constant memoryless answer on it.

    Args:
        record: The row.
    """
    return score_reply(record, CONSTANT_ANSWER)


def planned_answers(steps: Iterable[int], requests: Sequence[str]) -> list[tuple[int, str]]:
    """Every (step, request) a protocol asks for: each test request at each step.

    Args:
        steps: The test passes' steps, in order (0: the no-memory pass).
        requests: The test requests, in the order they are asked.
    """
    return [(step, request) for step in steps for request in requests]


def with_declines(
    results: Sequence[FeedbackAnswer], planned: Sequence[tuple[int, str]], decline: str
) -> tuple[list[FeedbackAnswer], set[tuple[int, str]]]:
    """The answers in the plan's order, the decline in place of every one a limit cut.

    Args:
        results: The raw test answers recorded.
        planned: Every (step, request) the protocol asked for (`planned_answers`).
        decline: The task's decline reply for these requests.

    Returns:
        The answers (the planned ones, then any recorded outside the plan, in their order)
        and the (step, request) pairs that were declined.
    """
    recorded = {(row.step, row.request): row for row in results}
    missing = {key for key in planned if key not in recorded}
    plan = set(planned)
    answers = [recorded.get(key) or FeedbackAnswer(*key, raw=decline) for key in planned]
    answers += [row for row in results if (row.step, row.request) not in plan]
    return answers, missing


def grade_world(
    world: FeedbackWorld,
    results: Sequence[FeedbackAnswer],
    dialogues: Sequence[FeedbackDialogue],
    planned: Sequence[tuple[int, str]] = (),
) -> FeedbackGrade:
    """Grade a generated world's answers.

    Args:
        world: The world.
        results: The raw test answers.
        dialogues: The training dialogues memorised.
        planned: Every (step, request) the protocol asked for (`planned_answers`); one
            not recorded was cut off by a limit (``not_reached``) and is graded as the
            decline, `WORLD_DECLINE`.
    """
    answers = []
    results, missing = with_declines(results, planned, WORLD_DECLINE)
    for row in results:
        request = world.request(row.request)
        check = check_reply(request, row.raw)
        variants = len(request.replies)
        answers.append(
            GradedAnswer(
                step=row.step,
                request=request.request_id,
                aspect=request.aspect,
                kind=request.kind,
                control=request.control,
                score=1.0 if check.correct else 0.0,
                credit=answer_credit(check, variants),
                chance=1.0 / variants,
                reason=check.reason,
                reply=row.raw[:REPLY_SHOWN],
                reply_key=_reply_key(row.raw),
                not_reached=(row.step, row.request) in missing,
            )
        )
    fed_back = _fed_back(world, dialogues)
    curve = _curve(answers, dialogues)
    items = _items(world, answers, fed_back, curve[-1].step if curve else None)
    considered = [item for item in items if item.fed_back]
    learned = fmean(item.applied for item in considered) if considered else math.nan
    isolated = _isolation(answers, curve)
    value = _value(answers, curve, learned, isolated, len(missing))
    return FeedbackGrade(value, curve, items, answers, isolated)


def grade_records(
    records: Mapping[str, MemoryBenchRecord],
    results: Sequence[FeedbackAnswer],
    dialogues: Sequence[FeedbackDialogue],
    planned: Sequence[tuple[int, str]] = (),
) -> FeedbackGrade:
    """Grade answers to MemoryBench's records with each dataset's metric.

    Args:
        records: Rows by request id.
        results: The raw test answers.
        dialogues: The training dialogues memorised.
        planned: Every (step, request) the protocol asked for (`planned_answers`); one
            not recorded was cut off by a limit (``not_reached``) and is graded as the
            decline, `RECORDS_DECLINE` (the row's constant answer).
    """
    answers = []
    results, missing = with_declines(results, planned, RECORDS_DECLINE)
    for row in results:
        record = records[row.request]
        score = score_reply(record, row.raw)
        chance = record_chance(record)
        answers.append(
            GradedAnswer(
                step=row.step,
                request=row.request,
                aspect=record.dataset_name,
                kind=None,
                control=False,
                score=score,
                credit=None if chance >= 1.0 else (score - chance) / (1.0 - chance),
                chance=chance,
                reason=f"{record.metric_name} {score:.3f} against {record.gold!r}",
                reply=row.raw[:REPLY_SHOWN],
                reply_key=_reply_key(row.raw),
                not_reached=(row.step, row.request) in missing,
            )
        )
    curve = _curve(answers, dialogues)
    priors = prior_scores(records, (row.request for row in results))
    floors = {
        row.request: max(0.0, (priors[row.request] - row.chance) / (1.0 - row.chance))
        for row in answers
        if row.credit is not None and row.request in priors
    }
    isolated = _isolation(answers, curve, floors)
    value = _value(answers, curve, math.nan, isolated, len(missing))
    return FeedbackGrade(value, curve, [], answers, isolated)


def _mean(scores: Iterable[float | None]) -> float:
    chosen = [score for score in scores if score is not None]
    return fmean(chosen) if chosen else math.nan


def _at(answers: list[GradedAnswer], step: int, key: str, **match: Any) -> list[Any]:
    """Field ``key`` of the answers at ``step`` whose fields equal ``match``."""
    return [
        getattr(row, key)
        for row in answers
        if row.step == step and all(getattr(row, name) == value for name, value in match.items())
    ]


def _curve(answers: list[GradedAnswer], dialogues: Sequence[FeedbackDialogue]) -> list[CurvePoint]:
    steps = sorted({row.step for row in answers if row.step > 0})
    return [
        CurvePoint(
            step=step,
            accuracy=_mean(_at(answers, step, "score", control=False)),
            score=_mean(_at(answers, step, "credit", control=False)),
            control_accuracy=_mean(_at(answers, step, "score", control=True)),
            declarative=_mean(_at(answers, step, "credit", control=False, kind="declarative")),
            procedural=_mean(_at(answers, step, "credit", control=False, kind="procedural")),
            dialogues=sum(1 for dialogue in dialogues if dialogue.step <= step),
        )
        for step in steps
    ]


def _reply_key(raw: str) -> str:
    """A short digest of a reply, whitespace collapsed and lower-cased (to pair passes)."""
    return hashlib.sha256(" ".join(raw.split()).lower().encode()).hexdigest()[:16]


def _isolation(
    answers: list[GradedAnswer],
    curve: list[CurvePoint],
    floors: Mapping[str, float] | None = None,
) -> Isolation:
    """The last step's credits paired with the no-memory pass's, request by request.

    Rows without a credit (records the constant answer already gets right) and controls
    are not in the headline, so not in the pairs either. A request's floor is 0 (chance)
    unless given (a records row's question-only prior, `record_floors`).
    """
    if not curve:
        return isolate([], mean_credit)
    without = {
        row.request: row
        for row in answers
        if row.step == 0 and not row.control and row.credit is not None
    }
    pairs = []
    for row in answers:
        if row.step != curve[-1].step or row.control or row.credit is None:
            continue
        other = without.get(row.request)
        pairs.append(
            PairedAnswer(
                memory=row.credit,
                no_memory=None if other is None else other.credit,
                floor=(floors or {}).get(row.request, 0.0),
                same_reply=other is not None and other.reply_key == row.reply_key,
            )
        )
    return isolate(pairs, mean_credit)


def _value(
    answers: list[GradedAnswer],
    curve: list[CurvePoint],
    learned: float,
    isolated: Isolation,
    not_reached: int,
) -> dict[str, float]:
    last = curve[-1] if curve else None
    value = {
        "final": last.score if last else math.nan,
        "auc": _mean(point.score for point in curve),
        **isolated.values(),
        "final_accuracy": last.accuracy if last else math.nan,
        "chance": _mean(_at(answers, last.step, "chance", control=False)) if last else math.nan,
        "learned_rule_rate": learned,
        "control_accuracy": last.control_accuracy if last else math.nan,
    }
    by_kind = last.credit_by_kind() if last else {}
    for kind in KNOWLEDGE_KINDS:
        value[kind] = by_kind.get(kind, math.nan)
    value[NOT_REACHED] = float(not_reached)
    return value


def _fed_back(world: FeedbackWorld, dialogues: Sequence[FeedbackDialogue]) -> dict[str, int]:
    """Item -> the first step at which it got feedback on a wrong answer."""
    first: dict[str, int] = {}
    for dialogue in dialogues:
        actions = {given.implicit_action for given in dialogue.feedback}
        if actions & NEGATIVE_ACTIONS:
            aspect = world.request(dialogue.request).aspect
            first.setdefault(aspect, dialogue.step)
    return first


def _items(
    world: FeedbackWorld,
    answers: list[GradedAnswer],
    fed_back: dict[str, int],
    last_step: int | None,
) -> list[HiddenItemRow]:
    rows = []
    for item in world.items:
        scores = (
            []
            if last_step is None
            else _at(answers, last_step, "score", control=False, aspect=item.item_id)
        )
        rows.append(
            HiddenItemRow(
                item=item.item_id,
                kind=item.kind,
                domain=item.domain,
                fed_back=item.item_id in fed_back,
                first_fed_back_step=fed_back.get(item.item_id),
                applied=bool(scores) and all(score == 1.0 for score in scores),
            )
        )
    return rows

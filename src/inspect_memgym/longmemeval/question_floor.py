"""Each LongMemEval question's memoryless floor: what a question-only prior earns on it.

A decline is wrong on every answerable question, but it is not the best memoryless reply:
many questions are counts and durations ("How many …", "How many days …") with small
numbers for answers, and a reply such as "2" or "3" to every such question is judged right
on some of them without memory. A model that gave that prior with memory shown and
declined with memory empty would show a memory delta while never reading memory.

A question's floor is the credit of a `scoring.question_prior.QuestionPrior` reply fitted
on the file's *other* answerable questions (`leave_one_out_replies`: no gold floors its own
question), graded by the rule judge (`scoring.rule_judge`: yes when the reply states every
token of the gold answer and neither declines nor hedges) and refused where the reply names
a candidate the gold and question do not hold ("3 2" is a list of guesses, not an answer).
The rule judge is the floor's grader because a floor must be known without a model call; a
reply that is the gold's own words and nothing else is one an LLM judge accepts too, so the
floor is a lower bound of the prior's credit under the task's judge, never an overstatement
that would cost an honest model its delta. Abstention questions keep their floor of 1 (a
decline decides them). Floors are kept per file.
"""

from __future__ import annotations

from functools import lru_cache

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.longmemeval.dataset import LONGMEMEVAL_FILES, LongMemEvalSpec
from inspect_memgym.longmemeval.records import LongMemEvalRecord
from inspect_memgym.scoring.hedging import extra_candidates
from inspect_memgym.scoring.question_prior import PriorFitting, leave_one_out_replies
from inspect_memgym.scoring.rule_judge import rule_verdict
from inspect_memgym.scoring.token_f1 import normalise_answer

DECLINE = "Not mentioned in the conversation."
"""The decline a prior falls back on (the rule judge reads it as a decline)."""
CACHED_FILES = 2
"""Files whose floors are kept (as many as their parsed records, `dataset.CACHED_SOURCES`)."""
CACHED_CREDITS = 65_536
"""Graded (question, reply) pairs kept: the fits grade the same few candidate replies on
the same questions over and over."""


def rule_credit(record: LongMemEvalRecord, reply: str) -> float:
    """A reply's credit on a question by the floor's grader (1 or 0; no model call).

    Args:
        record: The question.
        reply: The reply.
    """
    return _graded(record.answer, record.question, reply)


@lru_cache(maxsize=CACHED_CREDITS)
def _graded(gold: str, question: str, reply: str) -> float:
    if extra_candidates(reply, gold, question):
        return 0.0  # "3 2" to "how many": a bare list of candidates, which a judge refuses
    return 1.0 if rule_verdict(gold, reply, question=question) == "yes" else 0.0


FITTING: PriorFitting[LongMemEvalRecord] = PriorFitting(
    question=lambda record: record.question,
    gold_words=lambda record: normalise_answer(record.answer).split(),
    credit=rule_credit,
    decline=DECLINE,
)
"""LongMemEval's answerable questions, graded by the rule judge."""

_FLOORS: BoundedCache[dict[str, float]] = BoundedCache(CACHED_FILES)


def question_floor(spec: LongMemEvalSpec, record: LongMemEvalRecord) -> float:
    """The memoryless floor of one question: 1 for abstention, else the prior's credit.

    Args:
        spec: The sample's spec (names the file the question came from).
        record: The question.
    """
    if record.is_abstention:
        return 1.0
    return _floors(spec.source).get(record.question_id, 0.0)


def _floors(source: str) -> dict[str, float]:
    records = LONGMEMEVAL_FILES.items_at(source)
    return _FLOORS.get(source, lambda: prior_floors(list(records.values())), owner=records)


def prior_floors(records: list[LongMemEvalRecord]) -> dict[str, float]:
    """Question id -> the leave-one-out prior's credit, for every answerable question.

    Args:
        records: The questions of one file (abstention questions are left out of the fit).
    """
    answerable = [record for record in records if not record.is_abstention]
    replies = leave_one_out_replies(answerable, FITTING)
    return {
        record.question_id: rule_credit(record, reply)
        for record, reply in zip(answerable, replies, strict=True)
    }

"""One entity_stream question as graded: a typed record, written to ``Score.metadata`` as a row.

The sample scorer grades each question by the answer rules (`rule_grading.rule_detail`),
maybe by the judge, then adds the pass's submission, the failure attribution, the no-memory
grade and the memory failure label (`memory_holds`). Each stage returns a new record
(`dataclasses.replace`); `GradedQuestion.row` writes the record as the ``questions`` rows of
``Score.metadata`` have always been written: the same keys, in the same order, with the same
values (a key whose stage did not run is left out, not written as None).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from inspect_memgym.entity_stream.rule_grading import STALE_CHAIN
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

RULE_KEYS = (
    "qid",
    "qtype",
    "axis",
    "question",
    "gold",
    "answer",
    "verdict",
    "rule",
    "reason",
    "decided_by",
    "correct",
)
"""The keys of a rule detail (`rule_grading.rule_detail`), in order; `STALE_CHAIN` may follow."""
DECLINE_REASONS = (NOT_REACHED, JUDGE_UNREADABLE)
"""Why a grade may be the decline's: a limit cut the pass, or the judge's reply held no grade."""


@dataclass(frozen=True)
class JudgeGrade:
    """What the judge said of an answer the rules could not decide.

    Attributes:
        unreadable: Whether its reply held no grade (the answer is scored as the decline).
        model: The model that judged (a panel's graders, comma-separated).
        self_judged: Whether that was the model under test.
        prompt: The judge prompt's metadata (`scoring.judge_prompts.JudgeSettings.metadata`).
    """

    unreadable: bool
    model: str
    self_judged: bool
    prompt: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class NoMemoryGrade:
    """The same question's grade in the no-memory pass.

    Attributes:
        answer: The no-memory pass's answer.
        correct: Whether it was right.
        declined_for: Why that grade is the decline's (one of `DECLINE_REASONS`), or None.
    """

    answer: str
    correct: bool
    declined_for: str | None = None


@dataclass(frozen=True)
class GradedQuestion:
    """One question's grade and what the scorer learnt of it.

    Attributes:
        qid: Question id.
        qtype: Question type.
        axis: The axis it counts in.
        question: The question text.
        gold: The gold answer's text.
        answer: The answer graded.
        verdict: The answer rules' verdict (``correct``, ``wrong``, ``undecided``...).
        rule: The rule that decided.
        reason: Why, in words.
        decided_by: ``rules`` or ``judge``.
        correct: Whether the answer counts as right (the decline's grade when declined).
        stale_chain: For an update_chain question, whether the answer is wrong and its stale
            chain's total (`rule_grading.STALE_CHAIN`); None for other questions.
        judge: The judge's grade, when it was asked.
        submitted: Whether the answer was submitted (None before the pass's answer is read).
        scored_as: ``decline`` when the grade is the decline's, else None.
        declined_for: Why a pass never gave this answer (`NOT_REACHED`), or None.
        attribution: The failure attribution label (agentic runs only), or None.
        attribution_facts: The facts it blames.
        no_memory: The no-memory pass's grade (with memory isolation), or None.
        memory_failure: The memory failure label (`memory_holds`; None when right or
            unlabelled).
        labelled: Whether `memory_holds` gave the memory failure label.
    """

    qid: str
    qtype: str
    axis: str
    question: str
    gold: str
    answer: str
    verdict: str
    rule: str
    reason: str
    decided_by: str
    correct: bool
    stale_chain: bool | None = None
    judge: JudgeGrade | None = None
    submitted: bool | None = None
    scored_as: str | None = None
    declined_for: str | None = None
    attribution: str | None = None
    attribution_facts: tuple[tuple[str, ...], ...] = ()
    no_memory: NoMemoryGrade | None = None
    memory_failure: str | None = None
    labelled: bool = False

    @classmethod
    def from_rule_detail(cls, detail: Mapping[str, Any]) -> GradedQuestion:
        """The record of a rule detail (`rule_grading.rule_detail`).

        Args:
            detail: The rule detail: `RULE_KEYS`, then maybe `STALE_CHAIN`.

        Raises:
            ValueError: When the detail's keys are not those (a row would lose one).
        """
        keys = tuple(detail)
        if keys not in (RULE_KEYS, (*RULE_KEYS, STALE_CHAIN)):
            raise ValueError(f"unexpected rule detail keys: {keys}")
        return cls(
            qid=str(detail["qid"]),
            qtype=str(detail["qtype"]),
            axis=str(detail["axis"]),
            question=str(detail["question"]),
            gold=str(detail["gold"]),
            answer=str(detail["answer"]),
            verdict=str(detail["verdict"]),
            rule=str(detail["rule"]),
            reason=str(detail["reason"]),
            decided_by=str(detail["decided_by"]),
            correct=bool(detail["correct"]),
            stale_chain=bool(detail[STALE_CHAIN]) if STALE_CHAIN in detail else None,
        )

    def row(self) -> dict[str, Any]:
        """The record as a row of ``Score.metadata["questions"]`` (keys in their fixed order)."""
        row: dict[str, Any] = {
            "qid": self.qid,
            "qtype": self.qtype,
            "axis": self.axis,
            "question": self.question,
            "gold": self.gold,
            "answer": self.answer,
            "verdict": self.verdict,
            "rule": self.rule,
            "reason": self.reason,
            "decided_by": self.decided_by,
            "correct": self.correct,
        }
        if self.stale_chain is not None:
            row[STALE_CHAIN] = self.stale_chain
        if self.judge is not None:
            row[JUDGE_UNREADABLE] = self.judge.unreadable
            row["judge_model"] = self.judge.model
            row["self_judged"] = self.judge.self_judged
            row.update(self.judge.prompt)
        if self.submitted is not None:
            row["submitted"] = self.submitted
        if self.scored_as is not None:
            row["scored_as"] = self.scored_as
        if self.declined_for is not None:
            row[self.declined_for] = True
        if self.attribution is not None:
            row["attribution"] = self.attribution
            row["attribution_facts"] = [list(fact) for fact in self.attribution_facts]
        if self.no_memory is not None:
            row["no_memory_answer"] = self.no_memory.answer
            row["no_memory_correct"] = self.no_memory.correct
            if self.no_memory.declined_for is not None:
                row["no_memory_scored_as"] = "decline"
                for reason in DECLINE_REASONS:
                    row[f"no_memory_{reason}"] = self.no_memory.declined_for == reason
        if self.labelled:
            row["memory_failure"] = self.memory_failure
        return row

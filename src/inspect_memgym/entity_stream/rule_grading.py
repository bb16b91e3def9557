"""Grading an entity_stream answer by the answer rules alone, free of Inspect.

The scorer (`scorer`) starts every question here and consults the judge only for an
undecided verdict when ``judge`` is on; the training environment grades with the rules
alone, as the task does by default. A question with a stale chain (``update_chain``) has
its answer also checked against the stale answer, by the same rules (`STALE_CHAIN`).
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.entity_stream.value_pools import attribute_value_pool
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.scoring.answer_rules import check_answer

STALE_CHAIN = "stale_chain"
"""Detail key: whether a wrong answer is the stale chain's (right by the rules against the
question's stale answer: every corrected fact at its superseded value)."""


def rule_detail(
    question: Question, answer: str, known_names: list[str], template: Template
) -> dict[str, Any]:
    """One question's grade by the answer rules (an undecided verdict counts as wrong).

    Args:
        question: The question, with its gold answer.
        answer: The agent's answer.
        known_names: Every entity name of the world plus the never-seen names asked about.
        template: The scenario's template.

    Returns:
        The question's detail: ``qid``, ``qtype``, ``axis``, ``question``, ``gold``,
        ``answer``, ``verdict``, ``rule``, ``reason``, ``decided_by`` and ``correct``;
        for a question with a stale chain (``update_chain``), also `STALE_CHAIN`.
    """
    choices = attribute_value_pool(question, template)
    verdict = check_answer(
        answer, question.gold, known_names=known_names, question=question.text, choices=choices
    )
    correct = verdict.verdict == "correct"
    detail: dict[str, Any] = {
        "qid": question.qid,
        "qtype": question.qtype,
        "axis": question.axis,
        "question": question.text,
        "gold": question.gold.text,
        "answer": answer,
        "verdict": verdict.verdict,
        "rule": verdict.rule,
        "reason": verdict.reason,
        "decided_by": "rules",
        "correct": correct,
    }
    if question.stale is not None:
        stale = check_answer(
            answer, question.stale, known_names=known_names, question=question.text, choices=choices
        )
        detail[STALE_CHAIN] = not correct and stale.verdict == "correct"
    return detail

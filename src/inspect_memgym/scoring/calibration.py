"""Judge calibration: hand-checked cases and a judge's agreement with them.

Each judge prompt of the suite has a file of hand-checked cases under the repository's
``scorers/`` folder (one JSON object a line): a question, its gold answer, an answer to grade
and the verdict a careful human gave, with the reason. A meta-evaluation runs the judge on
every case and reports its agreement with the human verdicts: accuracy, Cohen's kappa, and
the false-accept rate on the wrong answers (the failure that inflates published scores).
This module is pure: it loads and validates the cases and computes the agreement.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

HumanVerdict = Literal["correct", "wrong"]
JudgedVerdict = Literal["correct", "wrong", "undecided"]

CASE_FIELDS = (
    "case_id",
    "prompt_version",
    "question_type",
    "question",
    "gold",
    "answer",
    "verdict",
    "why",
)
HUMAN_VERDICTS: tuple[HumanVerdict, ...] = ("correct", "wrong")


@dataclass(frozen=True)
class CalibrationCase:
    """One hand-checked judging case.

    Attributes:
        case_id: Unique within its file.
        prompt_version: The judge prompt version the case was written for.
        question_type: The benchmark's question type or category name.
        question: The question asked.
        gold: The gold answer (or rubric, or the reason a question is unanswerable).
        answer: The answer to grade.
        verdict: The human verdict.
        why: Why the verdict is right (what a lenient judge would get wrong).
    """

    case_id: str
    prompt_version: str
    question_type: str
    question: str
    gold: str
    answer: str
    verdict: HumanVerdict
    why: str


def parse_case(row: object, where: str) -> CalibrationCase:
    """Validate one decoded case.

    Args:
        row: The decoded JSON value.
        where: Where it came from, for the error message (e.g. ``"cases.jsonl line 3"``).

    Raises:
        ValueError: If a field is missing, not a non-empty string, unknown, or the verdict
            is not ``correct``/``wrong``.
    """
    if not isinstance(row, Mapping):
        raise ValueError(f"{where}: a calibration case must be a JSON object")
    unknown = sorted(set(row) - set(CASE_FIELDS))
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(unknown)}")
    values: dict[str, str] = {}
    for field in CASE_FIELDS:
        value = row.get(field)
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{where}: field {field!r} must be a non-empty string")
        values[field] = value
    verdict = values.pop("verdict")
    if verdict not in HUMAN_VERDICTS:
        raise ValueError(f"{where}: verdict must be 'correct' or 'wrong', got {verdict!r}")
    return CalibrationCase(verdict="correct" if verdict == "correct" else "wrong", **values)


def load_calibration_cases(path: str | Path) -> list[CalibrationCase]:
    """Load and validate a JSONL file of calibration cases.

    Args:
        path: The file (blank lines are skipped).

    Returns:
        The cases, in file order.

    Raises:
        ValueError: On malformed JSON, an invalid case, a repeated ``case_id``, or an
            empty file.
    """
    source = Path(path)
    cases: list[CalibrationCase] = []
    seen: set[str] = set()
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{source.name} line {number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{where}: not valid JSON ({error.msg})") from None
        case = parse_case(row, where)
        if case.case_id in seen:
            raise ValueError(f"{where}: case_id {case.case_id!r} appears twice")
        seen.add(case.case_id)
        cases.append(case)
    if not cases:
        raise ValueError(f"{source.name}: no calibration cases")
    return cases


@dataclass(frozen=True)
class JudgeAgreement:
    """How well a judge's verdicts agree with the human ones.

    Attributes:
        cases: Number of cases judged.
        accuracy: Share of cases where the judge gave the human verdict.
        cohen_kappa: Chance-corrected agreement; None when chance agreement is 1 (both
            sides gave one and the same label to every case).
        false_accept_rate: Share of human-wrong cases the judge called correct (None if
            there are none).
        false_reject_rate: Share of human-correct cases the judge did not call correct
            (None if there are none).
        undecided: Cases the judge gave no readable verdict for (counted as disagreement).
    """

    cases: int
    accuracy: float
    cohen_kappa: float | None
    false_accept_rate: float | None
    false_reject_rate: float | None
    undecided: int


def _cohen_kappa(pairs: list[tuple[HumanVerdict, JudgedVerdict]]) -> float | None:
    total = len(pairs)
    observed = sum(human == judged for human, judged in pairs) / total
    human_counts = Counter(human for human, _ in pairs)
    judged_counts = Counter(judged for _, judged in pairs)
    chance = sum(human_counts[label] * judged_counts[label] for label in HUMAN_VERDICTS) / (
        total * total
    )
    if chance >= 1.0:
        return None
    return (observed - chance) / (1.0 - chance)


def judge_agreement(
    judged: Iterable[tuple[CalibrationCase, JudgedVerdict]],
) -> JudgeAgreement:
    """Agreement of a judge with the human verdicts.

    Args:
        judged: Each case with the verdict the judge gave (``undecided`` when its reply
            could not be read).

    Returns:
        The agreement figures.

    Raises:
        ValueError: If no case is given.
    """
    return verdict_agreement((case.verdict, verdict) for case, verdict in judged)


def verdict_agreement(
    pairs: Iterable[tuple[HumanVerdict, JudgedVerdict]],
) -> JudgeAgreement:
    """Agreement figures from (human verdict, judge's verdict) pairs.

    Args:
        pairs: One pair per judged case.

    Returns:
        The agreement figures.

    Raises:
        ValueError: If no pair is given.
    """
    listed = list(pairs)
    if not listed:
        raise ValueError("judge agreement needs at least one judged case")
    wrong = [judged_verdict for human, judged_verdict in listed if human == "wrong"]
    correct = [judged_verdict for human, judged_verdict in listed if human == "correct"]
    return JudgeAgreement(
        cases=len(listed),
        accuracy=sum(human == judged_verdict for human, judged_verdict in listed) / len(listed),
        cohen_kappa=_cohen_kappa(listed),
        false_accept_rate=(wrong.count("correct") / len(wrong)) if wrong else None,
        false_reject_rate=(
            sum(verdict != "correct" for verdict in correct) / len(correct) if correct else None
        ),
        undecided=sum(judged_verdict == "undecided" for _, judged_verdict in listed),
    )

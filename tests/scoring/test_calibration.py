from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.scoring.calibration import (
    CalibrationCase,
    JudgedVerdict,
    judge_agreement,
    load_calibration_cases,
)
from inspect_memgym.scoring.yes_no_verdict import verdict_is_correct


def _row(case_id: str, verdict: str = "correct", **changes: Any) -> dict[str, Any]:
    row = {
        "case_id": case_id,
        "prompt_version": "test-v1",
        "question_type": "single-hop",
        "question": "Where does Ana live?",
        "gold": "Lisbon",
        "answer": "In Lisbon",
        "verdict": verdict,
        "why": "Names the gold city.",
    }
    row.update(changes)
    return row


def _write(path: Path, rows: list[object]) -> Path:
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n\n", encoding="utf-8")
    return path


def _case(case_id: str, verdict: str) -> CalibrationCase:
    return CalibrationCase(
        case_id, "v", "t", "q", "g", "a", "correct" if verdict == "correct" else "wrong", "w"
    )


def test_loads_valid_cases_in_order(tmp_path: Path) -> None:
    cases = load_calibration_cases(_write(tmp_path / "c.jsonl", [_row("c1"), _row("c2", "wrong")]))
    assert [(case.case_id, case.verdict) for case in cases] == [("c1", "correct"), ("c2", "wrong")]
    assert cases[0].gold == "Lisbon"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (_row("c1", verdict="partly"), "verdict must be 'correct' or 'wrong'"),
        (_row("c1", why=""), "field 'why' must be a non-empty string"),
        (_row("c1", gold=7), "field 'gold' must be a non-empty string"),
        (_row("c1", extra="x"), r"unknown field\(s\) extra"),
        (["not", "an", "object"], "must be a JSON object"),
    ],
)
def test_invalid_cases_name_the_line(tmp_path: Path, row: object, message: str) -> None:
    path = _write(tmp_path / "c.jsonl", [_row("c0"), row])
    with pytest.raises(ValueError, match=rf"c.jsonl line 2: .*{message}"):
        load_calibration_cases(path)


def test_missing_field_repeated_id_bad_json_and_empty_file(tmp_path: Path) -> None:
    row = _row("c1")
    del row["answer"]
    with pytest.raises(ValueError, match="field 'answer'"):
        load_calibration_cases(_write(tmp_path / "a.jsonl", [row]))
    with pytest.raises(ValueError, match="line 2: case_id 'c1' appears twice"):
        load_calibration_cases(_write(tmp_path / "b.jsonl", [_row("c1"), _row("c1")]))
    broken = tmp_path / "c.jsonl"
    broken.write_text('{"case_id": \n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: not valid JSON"):
        load_calibration_cases(broken)
    empty = tmp_path / "d.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no calibration cases"):
        load_calibration_cases(empty)


def test_agreement_kappa_and_false_accepts_by_hand() -> None:
    # 5 correct cases: judge says correct x4, wrong x1; 5 wrong cases: wrong x3, correct x2.
    judged: list[tuple[CalibrationCase, JudgedVerdict]] = [
        *[(_case(f"c{i}", "correct"), "correct") for i in range(4)],
        (_case("c4", "correct"), "wrong"),
        *[(_case(f"w{i}", "wrong"), "wrong") for i in range(3)],
        *[(_case(f"w{i}", "wrong"), "correct") for i in range(3, 5)],
    ]
    agreement = judge_agreement(judged)
    # observed 7/10; chance 0.5 * 0.6 + 0.5 * 0.4 = 0.5; kappa = (0.7 - 0.5) / 0.5
    assert agreement.cases == 10
    assert agreement.accuracy == pytest.approx(0.7)
    assert agreement.cohen_kappa == pytest.approx(0.4)
    assert agreement.false_accept_rate == pytest.approx(0.4)
    assert agreement.false_reject_rate == pytest.approx(0.2)
    assert agreement.undecided == 0


def test_undecided_verdicts_count_as_disagreement() -> None:
    judged: list[tuple[CalibrationCase, JudgedVerdict]] = [
        (_case("c1", "correct"), "correct"),
        (_case("c2", "correct"), "undecided"),
        (_case("w1", "wrong"), "wrong"),
        (_case("w2", "wrong"), "undecided"),
    ]
    agreement = judge_agreement(judged)
    # observed 2/4; chance 0.5 * 0.25 + 0.5 * 0.25 = 0.25; kappa = 0.25 / 0.75
    assert agreement.accuracy == pytest.approx(0.5)
    assert agreement.cohen_kappa == pytest.approx(1 / 3)
    assert agreement.false_accept_rate == 0.0
    assert agreement.false_reject_rate == pytest.approx(0.5)
    assert agreement.undecided == 2


def test_degenerate_agreement() -> None:
    only_correct = judge_agreement([(_case("c1", "correct"), "correct")])
    assert only_correct.cohen_kappa is None
    assert only_correct.false_accept_rate is None
    assert only_correct.accuracy == 1.0
    with pytest.raises(ValueError, match="at least one"):
        judge_agreement([])


def test_verdict_is_correct() -> None:
    assert verdict_is_correct("yes") is True
    assert verdict_is_correct("no") is False
    assert verdict_is_correct("unreadable") is None

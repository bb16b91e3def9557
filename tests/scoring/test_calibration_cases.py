"""The committed judge calibration cases (scorers/*.jsonl) are valid and usable."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from inspect_memgym.locomo.judge_prompts import ANSWER_JUDGE_PROMPT_VERSION, answer_judge_prompt
from inspect_memgym.longmemeval.judge_prompts import JUDGE_PROMPTS, judge_prompt_for_version
from inspect_memgym.scoring.calibration import load_calibration_cases

SCORERS = Path(__file__).resolve().parents[2] / "scorers"
EXPECTED_FILES = {
    "longmemeval_default.jsonl": "longmemeval-default-v1",
    "longmemeval_temporal.jsonl": "longmemeval-temporal-v1",
    "longmemeval_knowledge_update.jsonl": "longmemeval-knowledge-update-v1",
    "longmemeval_preference.jsonl": "longmemeval-preference-v1",
    "longmemeval_abstention.jsonl": "longmemeval-abstention-v1",
    "locomo_answer.jsonl": "locomo-answer-v1",
}


def test_every_judge_prompt_has_a_case_file() -> None:
    assert {path.name for path in SCORERS.glob("*.jsonl")} == set(EXPECTED_FILES)
    versions = {version for version, _ in JUDGE_PROMPTS.values()} | {ANSWER_JUDGE_PROMPT_VERSION}
    assert versions == set(EXPECTED_FILES.values())


@pytest.mark.parametrize(("name", "version"), sorted(EXPECTED_FILES.items()))
def test_case_file_is_valid_and_balanced(name: str, version: str) -> None:
    cases = load_calibration_cases(SCORERS / name)
    assert len(cases) >= 12
    assert {case.prompt_version for case in cases} == {version}
    verdicts = Counter(case.verdict for case in cases)
    assert verdicts["correct"] >= 4 and verdicts["wrong"] >= 5
    for case in cases:
        if version == ANSWER_JUDGE_PROMPT_VERSION:
            prompt, _ = answer_judge_prompt(case.question, case.gold, case.answer)
        else:
            prompt = judge_prompt_for_version(version, case.question, case.gold, case.answer)
        assert case.question in prompt and case.gold in prompt and case.answer in prompt


def test_abstention_cases_carry_ordinary_question_types() -> None:
    cases = load_calibration_cases(SCORERS / "longmemeval_abstention.jsonl")
    assert len({case.question_type for case in cases}) >= 3
    assert "abstention" not in {case.question_type for case in cases}


def test_unknown_prompt_version_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown LongMemEval judge prompt version 'v0'"):
        judge_prompt_for_version("v0", "q", "a", "r")

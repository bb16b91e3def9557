"""What a judged score records for an audit: the prompt's name and version, which stage
decided each question (`scoring.judge_audit`)."""

from __future__ import annotations

from inspect_memgym.scoring.judge_audit import decided_by_counts, judge_prompt_metadata


def test_a_judged_score_names_its_prompt_and_version() -> None:
    assert judge_prompt_metadata("locomo_answer_judge", "locomo-answer-v1") == {
        "judge_prompt": "locomo_answer_judge",
        "judge_prompt_version": "locomo-answer-v1",
    }
    assert judge_prompt_metadata("answer_judge", "1", judged=False) == {
        "judge_prompt": None,
        "judge_prompt_version": None,
    }


def test_stages_are_counted_rules_first() -> None:
    stages = ["judge", "rules", "undecided", "rules", "judge", "rules"]
    counts = decided_by_counts(stages)
    assert counts == {"rules": 3, "judge": 2, "undecided": 1}
    assert list(counts) == ["rules", "judge", "undecided"]
    assert decided_by_counts([]) == {}

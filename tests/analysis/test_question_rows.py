"""Per-question rows read from a score: an unreadable judge verdict is left out."""

from __future__ import annotations

from inspect_ai.log import EvalSample
from inspect_ai.scorer import Score

from inspect_memgym.analysis.sample_scores import _score_details


def test_a_question_whose_verdict_was_unreadable_is_left_out() -> None:
    rows = [
        {"qtype": "temporal-reasoning", "correct": True, "judge_unreadable": False},
        {"qtype": "temporal-reasoning", "correct": None, "judge_unreadable": True},
        {"qtype": "multi-session", "correct": False},
    ]
    sample = EvalSample(
        id="q1",
        epoch=1,
        input="",
        target="",
        scores={"longmemeval_scorer": Score(value={}, metadata={"questions": rows})},
    )
    questions = _score_details(sample)["longmemeval_scorer"]["questions"]
    assert questions == [
        {"type": "temporal-reasoning", "correct": True},
        {"type": "multi-session", "correct": False},
    ]

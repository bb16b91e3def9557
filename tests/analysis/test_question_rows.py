"""Per-question rows read from a score: an unreadable verdict counts as its score counted it.

Since every task scores an unreadable verdict as a decline (`scoring.reached`), its row says
how it counted (``correct``); a log from before says None, and that row stays left out.
"""

from __future__ import annotations

from inspect_ai.log import EvalSample
from inspect_ai.scorer import Score

from inspect_memgym.analysis.sample_scores import _score_details


def test_an_unreadable_verdict_counts_as_scored_and_an_old_one_is_left_out() -> None:
    rows = [
        {"qtype": "temporal-reasoning", "correct": True, "judge_unreadable": False},
        {"qtype": "temporal-reasoning", "correct": None, "judge_unreadable": True},
        {"qtype": "multi-session", "correct": False},
        {"qtype": "multi-session", "correct": False, "judge_unreadable": True},
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
        {"type": "multi-session", "correct": False},
    ]

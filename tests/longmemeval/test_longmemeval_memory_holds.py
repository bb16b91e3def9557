"""What a LongMemEval memory holds: the ``has_answer`` turns as gold points, per operation.

The rule (`scoring.evidence_points`) on the shipped test instances: a flagged turn's key
tokens are the answer's words it states, else its rarest words, read from what the turn
says (never its role). Abstention questions have no points. Scripted memories (the flagged
turns, one of them, nothing), the question's failure label, and memgym/perfect end to end
through ``rag`` and ``none``.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.util import Store

from inspect_memgym.longmemeval.memory_holds import memory_holds, record_points
from inspect_memgym.longmemeval.records import parse_longmemeval
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.memory.holdings import MemoryHoldings, MemorySnapshot
from longmemeval_sample import longmemeval_raw, write_longmemeval

RECORDS = {record.question_id: record for record in parse_longmemeval(longmemeval_raw())}
DENTIST = RECORDS["a1b2c3d4"]
"""Two flagged turns; the answer (21 days) is stated by neither."""
CLIMBING = RECORDS["p7"]
"""A preference: the answer's words are the flagged turn's."""


def holdings_of(*items: str) -> MemoryHoldings:
    holdings = MemoryHoldings(store=Store())
    holdings.record("end", MemorySnapshot(items, "rag"))
    return holdings


def test_each_flagged_turn_is_a_point_and_abstentions_have_none() -> None:
    assert {p.point_id: p.phrases for p in record_points(DENTIST)} == {
        "answer_s1/t0": ("first", "visit", "done"),
        "answer_s2/t0": ("back", "again", "today"),
    }
    # "user" is in the answer and in every turn's line, but never a key token
    assert [p.phrases for p in record_points(CLIMBING)] == [("love", "rock", "climbing")]
    assert [r for r in RECORDS if not record_points(RECORDS[r])] == [
        "a1b2c3d4_abs",
        "e5f6_abs",
        "k9_abs",
    ]


def test_recall_and_the_failure_label_follow_the_flagged_turns_held() -> None:
    whole, _ = memory_holds(
        DENTIST,
        False,
        holdings_of("user: Back from the dentist again today.", "user: First dentist visit done!"),
    )
    assert whole["extraction_recall"] == 1.0 and whole["failed_not_stored"] == 0.0
    half, holds = memory_holds(DENTIST, False, holdings_of("First dentist visit done!"))
    assert half["extraction_recall"] == 0.5 and half["failed_not_stored"] == 1.0
    assert holds.memory_failure == "not_stored"
    right, holds = memory_holds(DENTIST, True, holdings_of())
    assert right["extraction_recall"] == 0.0 and right["failed_not_stored"] == 0.0
    assert holds.memory_failure is None
    for key in ("precision", "hallucination", "update_omission", "failed_not_used"):
        assert whole[key] is None


def test_an_abstention_or_an_unreadable_verdict_has_no_label() -> None:
    abstention, holds = memory_holds(RECORDS["e5f6_abs"], False, holdings_of())
    assert abstention["extraction_recall"] is None and holds.memory_failure is None
    unreadable, holds = memory_holds(DENTIST, None, holdings_of())
    assert unreadable["failed_not_stored"] is None and holds.memory_failure is None
    assert unreadable["extraction_recall"] == 0.0


def test_a_question_the_memory_pass_never_reached_has_no_label_but_counts() -> None:
    # half the evidence held: an answered wrong one is not_stored, a cut one unlabelled
    held = "First dentist visit done!"
    wrong, holds = memory_holds(DENTIST, False, holdings_of(held))
    assert wrong["failed_not_stored"] == 1.0 and holds.memory_failure == "not_stored"
    cut, holds = memory_holds(DENTIST, None, holdings_of(held), reached=False)
    assert holds.memory_failure is None
    assert cut["failed_not_stored"] == 0.0  # counted, unlabelled: not NaN as if unjudged
    assert cut["extraction_recall"] == 0.5 and cut["failed_not_used"] is None


@pytest.mark.parametrize(("agent", "recall"), [("rag", 1.0), ("none", 0.0)])
def test_memgym_perfect_end_to_end(agent: str, recall: float, tmp_path: Path) -> None:
    data = write_longmemeval(tmp_path / "longmemeval_oracle.json")
    [log] = eval(
        longmemeval(dataset=str(data), agent=agent),
        model="memgym/perfect",
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success" and log.results is not None
    metrics = {
        name: metric.value for score in log.results.scores for name, metric in score.metrics.items()
    }
    assert metrics["extraction_recall"] == recall
    assert "precision" not in metrics
    recalls = [
        sample.scores["longmemeval_scorer"].metadata["operation_scores"]["extraction_recall"]  # type: ignore[index]
        for sample in log.samples or []
    ]
    assert sorted(recalls, key=lambda value: value is None) == [recall, recall, None, None, None]
    assert not any(isinstance(value, float) and math.isnan(value) for value in recalls)

"""What a LoCoMo memory holds: the cited evidence turns as gold points, scored per operation.

The rule (`scoring.evidence_points`) on the shipped test conversations: a turn's key tokens
are the answer's words it states, else its rarest words, all from one sentence. Scripted
memories of known storage (every turn as said, nothing, a summary that keeps the answers
but drops a photo's caption, the words of a turn scattered over sentences), each question's
failure label, and memgym/perfect end to end through ``rag`` and ``none``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.util import Store

from inspect_memgym.locomo.memory_holds import conversation_points, memory_holds
from inspect_memgym.locomo.prompts import turn_line
from inspect_memgym.locomo.records import parse_locomo
from inspect_memgym.locomo.task import locomo
from inspect_memgym.memory.holdings import MemoryHoldings, MemorySnapshot
from inspect_memgym.scoring.operation_scores import measure_operations
from inspect_memgym.scoring.point_matching import stated_values
from locomo_sample import locomo_raw, write_locomo

CONVERSATION = parse_locomo(locomo_raw())[0]
QUESTIONS = CONVERSATION.questions
LINES = [turn_line(turn) for session in CONVERSATION.sessions for turn in session.turns]


def scores(*items: str) -> dict[str, Any]:
    points = conversation_points(CONVERSATION, QUESTIONS)
    measured = measure_operations(points, items, stated_values(()), number_claims=False)
    result: dict[str, Any] = measured.scores
    return result


def test_each_cited_turn_is_a_point_of_the_answer_words_it_states() -> None:
    points = {p.point_id: (p.phrases, p.importance) for p in conversation_points(
        CONVERSATION, QUESTIONS
    )}  # fmt: skip
    assert points == {
        "D2:1": (("lisbon", "porto"), 2.0),  # "Lisbon, Porto" stated by the turn
        "D10:1": (("2019",), 2.0),
        "D1:1": (("started", "pottery", "classes"), 3.0),  # inferred answers: rarest words
        "D1:2": (("red",), 2.0),  # from the shared photo's caption
    }
    # adversarial items' evidence (D2:1 for "Which city did Tobias visit?") adds no citation
    assert all(p.kind == "primary" and p.current for p in conversation_points(
        CONVERSATION, QUESTIONS
    ))  # fmt: skip


def test_every_turn_as_said_holds_every_point_and_nothing_holds_none() -> None:
    kept = scores(*LINES)
    assert kept["extraction_recall"] == 1.0 and kept["weighted_recall"] == 1.0
    empty = scores()
    assert empty["extraction_recall"] == 0.0 and empty["weighted_recall"] == 0.0
    for key in ("precision", "hallucination", "update_omission", "stale_kept"):
        assert math.isnan(kept[key]) and math.isnan(empty[key])


def test_a_summary_without_the_caption_misses_that_turn_only() -> None:
    summary = (
        "Mira visited Lisbon and Porto. Tobias moved here in 2019.",
        "Mira started pottery classes, Tobias has a new bike.",
    )
    held = scores(*summary)
    assert held["extraction_recall"] == 0.75
    assert held["weighted_recall"] == pytest.approx(7 / 9)


def test_key_tokens_count_only_together_in_one_clause() -> None:
    assert scores("Lisbon. Porto. 2019. Red. Started. Pottery. Classes.")[
        "extraction_recall"
    ] == pytest.approx(2 / 4)  # 2019 and red are one-token points


def test_wrong_answers_whose_evidence_is_not_held_are_not_stored() -> None:
    correct = [index % 2 == 0 for index in range(len(QUESTIONS))]
    holdings = MemoryHoldings(store=Store())
    holdings.record("end", MemorySnapshot(tuple(LINES[:1]), "rag"))  # D1:1 only
    labels, figures, holds = memory_holds(CONVERSATION, QUESTIONS, correct, holdings)
    # q1 (D10:1) and q3 (D1:2, D1:1) are wrong with a turn missing; q5 is adversarial
    assert labels == [None, "not_stored", None, "not_stored", None, None]
    assert figures["failed_not_stored"] == 0.5  # two of the four questions with evidence
    assert figures["failed_not_used"] is None and figures["failed_outdated"] is None
    assert holds.counts is not None
    assert figures["extraction_recall"] == 0.25 and holds.counts.held_targets == 1


def test_a_question_the_memory_pass_never_reached_has_no_label_but_counts() -> None:
    correct = [index % 2 == 0 for index in range(len(QUESTIONS))]
    holdings = MemoryHoldings(store=Store())
    holdings.record("end", MemorySnapshot(tuple(LINES[:1]), "rag"))
    # a limit cut the memory pass after q2: q3 was graded as the decline, never asked
    reached = [index < 3 for index in range(len(QUESTIONS))]
    labels, figures, _ = memory_holds(CONVERSATION, QUESTIONS, correct, holdings, reached)
    assert labels == [None, "not_stored", None, None, None, None]
    assert figures["failed_not_stored"] == 0.25  # still over the four questions with evidence


def test_with_no_snapshot_nothing_is_scored() -> None:
    correct = [False for _ in QUESTIONS]
    labels, figures, _ = memory_holds(
        CONVERSATION, QUESTIONS, correct, MemoryHoldings(store=Store())
    )
    assert set(figures.values()) == {None}
    assert set(labels) == {None}


@pytest.mark.parametrize(("agent", "recall", "not_stored"), [("rag", 1.0, 0.0), ("none", 0.0, 1.0)])
def test_memgym_perfect_end_to_end(
    agent: str, recall: float, not_stored: float, tmp_path: Path
) -> None:
    data = write_locomo(tmp_path / "locomo10.json", locomo_raw()[:1])
    [log] = eval(
        locomo(dataset=str(data), agent=agent),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success" and log.results is not None
    metrics = {
        name: metric.value for score in log.results.scores for name, metric in score.metrics.items()
    }
    assert metrics["extraction_recall"] == recall
    assert metrics["not_stored_rate"] == not_stored
    assert "precision" not in metrics  # no value claims: undefined, left out
    [sample] = log.samples or []
    figures = sample.scores["locomo_scorer"].metadata["operation_scores"]  # type: ignore[index]
    assert figures["extraction_recall"] == recall

"""What a code_qa memory holds: the instance's facts as gold points, scored per operation.

Scripted memories of known storage: every grounding statement (perfect), nothing
(forgetful), every distractor statement too (a hoarder), the superseded and retired plans
in place of the facts they mimic (a stale keeper), every memory file (the whole history),
and every token of the history in one bag (the adversary). Then each question's failure
label from a graded row, and memgym/perfect end to end with ``notes`` and ``none``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.util import Store

from inspect_memgym.code_qa.grading import LinkedFactResult, QuestionGrade
from inspect_memgym.code_qa.memory_holds import (
    SUPERSEDING_SOURCES,
    instance_points,
    memory_holds,
    question_failure,
    shown_texts,
)
from inspect_memgym.code_qa.question_rows import DECLINED_NOT_REACHED, QuestionRow
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.ingest import group_memory_files
from inspect_memgym.memory.holdings import MemoryHoldings, MemorySnapshot
from inspect_memgym.scoring.operation_scores import OperationMeasure, measure_operations
from inspect_memgym.scoring.point_matching import stated_values

INSTANCE = generate_instance(0)
FACTS = [grounding.fact.statement for grounding in INSTANCE.grounding_facts]
STALE = [d for d in INSTANCE.distractors if d.source in SUPERSEDING_SOURCES]
OTHERS = [d for d in INSTANCE.distractors if d.source not in SUPERSEDING_SOURCES]


def measured(*items: str) -> OperationMeasure:
    return measure_operations(
        instance_points(INSTANCE), items, stated_values(shown_texts(INSTANCE))
    )


def scores(*items: str) -> dict[str, Any]:
    return measured(*items).scores


def test_facts_are_targets_plans_superseded_and_near_misses_distractors() -> None:
    points = instance_points(INSTANCE)
    assert [p.point_id for p in points if p.is_target] == [
        g.fact_id for g in INSTANCE.grounding_facts
    ]
    assert {p.point_id: p.attribute for p in points if not p.current} == {
        d.distractor_id: d.mimics for d in STALE
    }
    assert {p.point_id for p in points if p.kind == "distractor"} == {
        d.distractor_id for d in OTHERS
    }
    assert len(STALE) == 2 and len(OTHERS) == 10


def test_the_fact_statements_hold_every_target() -> None:
    result = measured(*FACTS)
    assert result.scores["extraction_recall"] == 1.0
    assert result.scores["weighted_recall"] == 1.0
    assert result.scores["stale_kept"] == 0.0 and result.scores["distractors_stored"] == 0.0
    # each key-token number is precise; a statement's other values (a date, a neighbouring
    # code) are no point's value
    assert result.counts.claims == {
        "precise": 16,
        "history": 0,
        "stale": 0,
        "invented": 0,
        "unsupported": 4,
    }
    assert result.scores["precision"] == 0.8


def test_a_memory_that_stores_nothing_holds_nothing() -> None:
    result = scores()
    assert result["extraction_recall"] == 0.0 and result["stale_kept"] == 0.0
    assert result["distractors_stored"] == 0.0 and result["precision"] != result["precision"]


def test_the_hoarder_stores_every_distractor_and_the_stale_keeper_every_old_plan() -> None:
    hoarder = scores(*FACTS, *(d.fact.statement for d in INSTANCE.distractors))
    assert hoarder["extraction_recall"] == 1.0 and hoarder["distractors_stored"] == 1.0
    assert hoarder["stale_kept"] == 1.0
    mimicked = {d.mimics for d in STALE}
    kept = [g.fact.statement for g in INSTANCE.grounding_facts if g.fact_id not in mimicked]
    stale = scores(*kept, *(d.fact.statement for d in STALE))
    assert stale["stale_kept"] == 1.0 and stale["distractors_stored"] == 0.0
    assert stale["extraction_recall"] == 11 / 13


def test_the_whole_history_holds_everything_and_every_token_in_a_bag_no_precision() -> None:
    history = scores(*INSTANCE.memory_files.values())
    assert history["extraction_recall"] == 1.0 and history["distractors_stored"] == 1.0
    assert history["precision"] == pytest.approx(16 / 223)
    tokens = " ".join(" ".join(INSTANCE.memory_files.values()).replace(".", " ").split())
    bag = scores(tokens)
    assert bag["precision"] < scores(*FACTS)["precision"]
    # a bag is one clause: it holds every point, so only the stray numbers count against it
    assert bag["precision"] == pytest.approx(17 / 222)


@pytest.mark.parametrize("group_size", [1500, 4000, 100_000])
def test_a_raw_store_of_the_ingest_groups_hallucinates_nothing(group_size: int) -> None:
    # what rag or a memory system keeps: the groups as shown, file headers included; the
    # headers' numbers come from the file names, which the strategy was shown too
    groups = group_memory_files(INSTANCE.memory_files, group_size)
    assert scores(*groups)["hallucination"] == 0.0


def row(
    qa_id: str,
    correct: bool,
    misled_by: Sequence[str] = (),
    shown_fact_ids: Sequence[str] = (),
    held: Sequence[str] = (),
) -> QuestionRow:
    """A graded row of the memory pass: right or wrong, what it states, what memory showed."""
    pair = INSTANCE.question(qa_id)
    facts = tuple(
        LinkedFactResult(
            fact_id=fact_id,
            category=INSTANCE.fact(fact_id).category,
            relevance=INSTANCE.fact(fact_id).relevance,
            discoverable=INSTANCE.fact(fact_id).discoverable,
            counted=True,
            held=True,
        )
        for fact_id in held
    )
    grade = QuestionGrade(
        qa_id=qa_id,
        category=pair.category,
        difficulty=pair.difficulty,
        requires_memory=pair.requires_memory,
        score=float(correct),
        correct=correct,
        facts=facts,
        misled_by=tuple(misled_by),
    )
    return QuestionRow(grade, pair.question, pair.gold_answer, "", tuple(shown_fact_ids), None)


def test_each_wrong_answer_gets_the_memory_operation_that_failed() -> None:
    pair = next(p for p in INSTANCE.qa_pairs if p.requires_memory)
    needed = [f for f in pair.linked_fact_ids if not INSTANCE.fact(f).discoverable]
    every = {g.fact_id for g in INSTANCE.grounding_facts}
    assert question_failure(INSTANCE, row(pair.qa_id, True), every) is None
    assert question_failure(INSTANCE, row(pair.qa_id, False), set()) == "not_stored"
    assert question_failure(INSTANCE, row(pair.qa_id, False), every) == "not_retrieved"
    shown = row(pair.qa_id, False, shown_fact_ids=needed)
    assert question_failure(INSTANCE, shown, every) == "not_used"


def test_an_answer_stating_the_superseded_plan_is_outdated() -> None:
    plan = STALE[0]
    pair = next(p for p in INSTANCE.qa_pairs if plan.mimics in p.linked_fact_ids)
    misled = row(pair.qa_id, False, misled_by=[plan.distractor_id])
    assert question_failure(INSTANCE, misled, set()) == "outdated"
    both = row(pair.qa_id, False, misled_by=[plan.distractor_id], held=[plan.mimics])
    assert question_failure(INSTANCE, both, set()) == "not_stored"


def test_a_question_the_memory_pass_never_reached_has_no_label_but_counts() -> None:
    first, second = [p for p in INSTANCE.qa_pairs if p.requires_memory][:2]
    answered = row(first.qa_id, False)
    cut = replace(row(second.qa_id, False), declined=DECLINED_NOT_REACHED)
    assert question_failure(INSTANCE, cut, set()) is None
    # cut only in the no-memory pass: answered with memory, so its label stands
    no_memory_cut = replace(answered, no_memory_declined=DECLINED_NOT_REACHED)
    assert question_failure(INSTANCE, no_memory_cut, set()) == "not_stored"
    holdings = MemoryHoldings(store=Store())
    holdings.record("end", MemorySnapshot(("nothing useful",), "notes"))
    figures, _, labelled = memory_holds(INSTANCE, [answered, cut], holdings)
    assert [r.memory_failure for r in labelled] == ["not_stored", None]
    assert figures["failed_not_stored"] == 0.5  # over both questions that need memory


@pytest.mark.slow
def test_memgym_perfect_end_to_end_per_strategy(tmp_path: Path) -> None:
    def run(agent: str) -> dict[str, Any]:
        [log] = eval(
            code_qa(seeds=1, agent=agent),
            model="memgym/perfect",
            log_dir=str(tmp_path),
            display="none",
        )
        assert log.samples and log.samples[0].scores
        metadata = next(iter(log.samples[0].scores.values())).metadata
        assert metadata is not None
        assert all("memory_failure" in question for question in metadata["questions"])
        figures: dict[str, Any] = metadata["operation_scores"]
        return figures

    notes = run("notes")
    assert notes["extraction_recall"] == 1.0 and notes["precision"] == 0.8
    assert notes["distractors_stored"] == 0.0 and notes["failed_not_stored"] == 0.0
    nothing = run("none")
    assert nothing["extraction_recall"] == 0.0 and nothing["precision"] is None
    assert nothing["failed_not_stored"] > 0.5

"""What a feedback memory holds: the hidden profile as gold points, scored per operation.

Scripted memories of known storage: every item's statement (perfect), nothing (forgetful),
the right replies of the training requests (with their lookup lists), every variant's reply
(a hoarder of wrong values), and every visible token in one bag (the adversary). Then the
failure labels of the last step's answers, and memgym/perfect end to end with the default
``bm25_dialog`` and with ``none``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval

from inspect_memgym.feedback.grading import GradedAnswer
from inspect_memgym.feedback.memory_holds import (
    memory_holds,
    world_points,
    world_vocabulary,
)
from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.memory.holdings import MemoryHoldings, MemorySnapshot
from inspect_memgym.scoring.operation_scores import OperationMeasure, measure_operations
from inspect_memgym.scoring.point_matching import stated_values

WORLD = generate_world("standard", 0)
STATEMENTS = [item.statement for item in WORLD.items]
REQUESTS = [request.text for request in WORLD.training]


def measured(*items: str) -> OperationMeasure:
    return measure_operations(
        world_points(WORLD),
        items,
        stated_values([*REQUESTS, *STATEMENTS]),
        world_vocabulary(WORLD),
        number_claims=False,
    )


def test_one_point_per_hidden_item_weighted_by_its_test_requests() -> None:
    points = world_points(WORLD)
    assert [point.point_id for point in points] == [item.item_id for item in WORLD.items]
    assert all(point.is_target and point.kind == "primary" for point in points)
    # two test requests need each item
    assert {point.importance for point in points} == {3.0}


def test_the_statements_hold_every_item_and_assert_only_the_truth() -> None:
    result = measured(*STATEMENTS)
    assert result.scores["extraction_recall"] == 1.0
    assert result.scores["precision"] == 1.0
    assert result.counts.claims["precise"] == 11  # a length limit has no wording
    assert result.scores["update_omission"] != result.scores["update_omission"]


def test_a_memory_that_stores_nothing_holds_nothing() -> None:
    result = measured().scores
    assert result["extraction_recall"] == 0.0 and result["precision"] != result["precision"]


def test_right_replies_hold_all_but_the_length_limit_and_wrong_ones_lower_precision() -> None:
    right = [f"{r.text}\n{r.replies[r.gold]}" for r in WORLD.training]
    kept = measured(*right)
    assert kept.scores["extraction_recall"] == 11 / 12
    assert kept.counts.missing_targets == ["length_limit"]
    every = [f"{r.text}\n{reply}" for r in WORLD.training for reply in r.replies.values()]
    hoarded = measured(*every)
    assert hoarded.scores["extraction_recall"] == 11 / 12
    assert hoarded.scores["precision"] < kept.scores["precision"] < 1.0


def test_every_visible_token_in_one_bag_cannot_raise_precision() -> None:
    tokens = " ".join(" ".join([*REQUESTS, *STATEMENTS]).replace(".", " ").split())
    bag = measured(tokens).scores
    assert bag["precision"] < measured(*STATEMENTS).scores["precision"]
    assert bag["precision"] < 0.5


def graded(step: int, request: str, aspect: str, control: bool, score: float) -> GradedAnswer:
    """A graded test answer; the fields memory_holds does not read are arbitrary."""
    return GradedAnswer(step, request, aspect, None, control, score, score, 0.25, "", "", request)


def test_a_wrong_answer_whose_item_memory_lacks_is_not_stored() -> None:
    item = WORLD.items[0]
    answers = [
        graded(1, "test-a", item.item_id, control=False, score=0.0),
        graded(1, "test-b", "date_format", control=False, score=0.0),
        graded(1, "test-c", "sign_off", control=False, score=1.0),
        graded(1, "ctrl", "sign_off", control=True, score=0.0),
        graded(0, "test-a", item.item_id, control=False, score=0.0),
    ]
    holdings = MemoryHoldings()
    holdings.record("end", MemorySnapshot((item.statement,), "notes"))
    figures, holds = memory_holds(WORLD, answers, [], holdings)
    assert holds.memory_failure == {"test-a": None, "test-b": "not_stored", "test-c": None}
    assert figures["failed_not_stored"] == round(1 / 3, 6)
    assert figures["failed_not_retrieved"] is None and figures["failed_outdated"] is None
    assert figures["extraction_recall"] == round(1 / 12, 6)


def test_a_test_answer_a_limit_cut_has_no_label_but_counts() -> None:
    item = WORLD.items[0]
    answers = [
        graded(1, "test-b", "date_format", control=False, score=0.0),
        replace(graded(1, "test-d", "sign_off", control=False, score=0.0), not_reached=True),
        graded(0, "test-d", "sign_off", control=False, score=0.0),
    ]
    holdings = MemoryHoldings()
    holdings.record("end", MemorySnapshot((item.statement,), "notes"))
    figures, holds = memory_holds(WORLD, answers, [], holdings)
    # the cut answer's decline is wrong and its item not held, but nobody asked the memory
    assert holds.memory_failure == {"test-b": "not_stored", "test-d": None}
    assert figures["failed_not_stored"] == 0.5  # over both last-step answers


@pytest.mark.slow
def test_memgym_perfect_end_to_end_per_strategy(tmp_path: Path) -> None:
    def run(agent: str) -> dict[str, Any]:
        [log] = eval(
            feedback(tier="small", seeds=1, feedback="verbal", agent=agent),
            model="memgym/perfect",
            log_dir=str(tmp_path),
            display="none",
        )
        assert log.samples and log.samples[0].scores
        metadata = next(iter(log.samples[0].scores.values())).metadata
        assert metadata is not None
        figures: dict[str, Any] = metadata["operation_scores"]
        return figures

    dialogues = run("bm25_dialog")
    assert dialogues["extraction_recall"] == 1.0 and dialogues["failed_not_stored"] == 0.0
    nothing = run("none")
    assert nothing["extraction_recall"] == 0.0 and nothing["precision"] is None
    # every wrong answer is not stored; the memoryless default variant is the truth of one
    # item in four (the small tier's), so its test requests are right
    assert nothing["failed_not_stored"] == 0.75

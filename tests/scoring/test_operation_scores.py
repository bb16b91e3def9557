"""Per-operation memory scores: gold points matched to memory items, clause by clause."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

from inspect_memgym.scoring.failure_labels import failure_rates
from inspect_memgym.scoring.memory_points import (
    DISTRACTOR,
    UPDATE,
    MemoryPoint,
    mark_superseded,
    points_before,
)
from inspect_memgym.scoring.operation_scores import (
    NOT_STORED,
    OUTDATED,
    LabelledMemoryHolds,
    MemoryHolds,
    failure_split,
    measure_operations,
    memory_failure,
)
from inspect_memgym.scoring.point_matching import read_clauses, stated_values

INPUTS = (
    "Argon Labs reports revenue of $175,720.5M and 1,234 employees. Founded 2001-03-04.",
    "Basalt Works, a Fintech firm, has 88 employees.",
    "Correction: Argon Labs employees were 1,300, not 1,234.",
    "Sector commentary. Topic: interest rates in 2030.",
)
POINTS = mark_superseded(
    [
        MemoryPoint("A/revenue/v0", "Argon Labs", "revenue", "175720.5", numbers=(175720.5,)),
        MemoryPoint(
            "A/employees/v0", "Argon Labs", "employees", "1234", numbers=(1234.0,), integer=True
        ),
        MemoryPoint("A/founded/v0", "Argon Labs", "founded", "2001-03-04", dates=("2001-03-04",)),
        MemoryPoint(
            "B/employees/v0", "Basalt Works", "employees", "88", numbers=(88.0,), integer=True
        ),
        MemoryPoint("B/category/v0", "Basalt Works", "category", "Fintech", phrases=("Fintech",)),
        MemoryPoint(
            "A/employees/v1",
            "Argon Labs",
            "employees",
            "1300",
            numbers=(1300.0,),
            integer=True,
            version=1,
            time=2,
            importance=3.0,
            kind=UPDATE,
        ),
        MemoryPoint(
            "noise/0", "", "noise topic", "interest rates", phrases=("interest rates",), time=3,
            kind=DISTRACTOR,
        ),
    ]
)  # fmt: skip
STATED = stated_values(INPUTS)
PERFECT_MEMORY = (
    "Argon Labs|revenue=175720.5|employees=1300~1234|founded=2001-03-04",
    "Basalt Works|c=Fintech|employees=88",
)


def scores(*items: str) -> dict[str, float]:
    result: dict[str, float] = measure_operations(POINTS, items, STATED).scores
    return result


def test_only_the_latest_version_is_current() -> None:
    current = {point.point_id: point.current for point in POINTS}
    assert current["A/employees/v0"] is False
    assert current["A/employees/v1"] is True
    assert current["noise/0"] is True
    before_correction = {point.point_id: point.current for point in points_before(POINTS, 2)}
    assert before_correction["A/employees/v0"] is True
    assert "A/employees/v1" not in before_correction


def test_a_perfect_memory_scores_perfectly_and_its_history_is_not_stale() -> None:
    assert scores(*PERFECT_MEMORY) == {
        "extraction_recall": 1.0,
        "weighted_recall": 1.0,
        "precision": 1.0,
        "hallucination": 0.0,
        "update_omission": 0.0,
        "stale_kept": 0.0,
        "distractors_stored": 0.0,
    }
    claims = measure_operations(POINTS, PERFECT_MEMORY, STATED).counts.claims
    assert claims == {"precise": 4, "history": 1, "stale": 0, "invented": 0, "unsupported": 0}


def test_the_typed_counts_are_written_in_the_metadata_s_order() -> None:
    measured = measure_operations(POINTS, PERFECT_MEMORY, STATED)
    assert list(measured.counts.as_metadata()) == [
        "clauses",
        "target_points",
        "held_targets",
        "update_points",
        "superseded_points",
        "distractor_points",
        "claims",
        "missing_targets",
    ]


def test_memory_holds_keep_their_keys_in_order_and_no_counts_as_an_empty_dict() -> None:
    stages = [{"stage": "end", "source": "notes", "count": 0, "items": []}]
    counts = measure_operations(POINTS, PERFECT_MEMORY, STATED).counts
    assert MemoryHolds(stages).as_metadata() == {"snapshots": stages, "counts": {}}
    labelled = LabelledMemoryHolds(stages, counts, NOT_STORED).as_metadata()
    assert list(labelled) == ["snapshots", "counts", "memory_failure"]
    assert labelled["counts"] == counts.as_metadata()
    assert labelled["memory_failure"] == NOT_STORED


def test_an_empty_memory_holds_nothing_and_claims_nothing() -> None:
    result = scores()
    assert result["extraction_recall"] == 0.0
    assert result["update_omission"] == 1.0
    assert result["stale_kept"] == 0.0
    assert math.isnan(result["precision"])
    assert math.isnan(result["hallucination"])


def test_a_stale_keeper_omits_the_update_and_keeps_the_old_value() -> None:
    result = scores(
        "Argon Labs|revenue=175720.5|employees=1234|founded=2001-03-04",
        "Basalt Works|c=Fintech|employees=88",
    )
    assert result["update_omission"] == 1.0
    assert result["stale_kept"] == 1.0
    assert result["extraction_recall"] == pytest.approx(4 / 5)
    assert result["weighted_recall"] == pytest.approx(4 / 7)
    assert result["precision"] == pytest.approx(3 / 4)


def test_a_hoarder_stores_the_distractor() -> None:
    assert scores(*PERFECT_MEMORY, "Topic: interest rates.")["distractors_stored"] == 1.0


def test_invented_values_are_hallucinations_and_stray_ones_imprecise() -> None:
    invented = scores("Argon Labs|revenue=240000.5|employees=1300")
    assert invented["hallucination"] == pytest.approx(1 / 2)
    assert invented["precision"] == pytest.approx(1 / 2)
    stray = scores("Argon Labs|employees=1300|staff=88")
    assert stray["hallucination"] == 0.0
    assert stray["precision"] == pytest.approx(1 / 2)


def test_values_count_only_beside_their_subject_in_one_clause_or_its_section() -> None:
    figures = "Its revenue is 175720.5 and staff 1300."
    assert scores("Argon Labs is a company.", figures)["extraction_recall"] == 0.0
    after_a_blank_line = scores(f"Argon Labs is a company.\n\n{figures}")
    assert after_a_blank_line["extraction_recall"] == 0.0
    led_by_two = scores(f"Argon Labs and Basalt Works are companies.\n{figures}")
    assert led_by_two["extraction_recall"] == 0.0
    under_its_name = scores(f"Argon Labs is a company.\n{figures}")
    assert under_its_name["extraction_recall"] == pytest.approx(2 / 5)
    together = scores("Argon Labs: revenue $175,720.5M; staff 1,300.")
    assert together["extraction_recall"] == pytest.approx(2 / 5)


def test_numbers_match_with_the_answers_tolerance_and_integers_exactly() -> None:
    assert scores("Argon Labs revenue 176000")["extraction_recall"] == pytest.approx(1 / 5)
    assert scores("Argon Labs revenue 190000")["extraction_recall"] == 0.0
    assert scores("Argon Labs employees 1301")["extraction_recall"] == 0.0


def test_a_dump_of_every_visible_token_cannot_raise_precision() -> None:
    every_token = " ".join(dict.fromkeys(" ".join(INPUTS).split()))
    dumped = scores(every_token)
    assert dumped["precision"] < scores(*PERFECT_MEMORY)["precision"]
    assert dumped["precision"] < 0.7
    line_by_line = scores(*INPUTS)
    assert line_by_line["precision"] < 1.0
    assert line_by_line["stale_kept"] == 1.0


def test_subject_names_holding_digits_are_not_value_claims() -> None:
    points = mark_superseded(
        [MemoryPoint("W/beds", "Ward 12", "beds", "30", numbers=(30.0,), integer=True)]
    )
    clauses = read_clauses(["Ward 12|beds=30"], ["Ward 12"])
    assert [mention.mantissa for mention in clauses[0].numbers] == [30.0]
    result = measure_operations(points, ["Ward 12|beds=30"], stated_values(["Ward 12 has 30 beds"]))
    assert result.scores["precision"] == 1.0


def test_failure_labels_put_an_outdated_answer_first() -> None:
    assert memory_failure(True, "write_failure", True) is None
    assert memory_failure(False, "write_failure", True) == OUTDATED
    assert memory_failure(False, "write_failure", False) == NOT_STORED
    assert memory_failure(False, None, False) is None
    split = failure_split([OUTDATED, NOT_STORED, None, None], 4)
    assert split == {
        "failed_not_stored": 0.25,
        "failed_not_retrieved": 0.0,
        "failed_not_used": 0.0,
        "failed_outdated": 0.25,
    }


def test_a_question_the_memory_pass_never_reached_has_no_label_but_counts() -> None:
    # cut before the memory pass answered: no label, whatever its decline scored
    assert memory_failure(False, "write_failure", False, reached=False) is None
    assert memory_failure(False, "utilization_failure", True, reached=False) is None
    assert memory_failure(False, "write_failure", False, reached=True) == NOT_STORED
    # one wrong answer reached, one cut: the shares stay over all questions
    split = failure_split([NOT_STORED, memory_failure(False, "write_failure", False, False)], 2)
    assert split["failed_not_stored"] == 0.5
    assert sum(split.values()) == 0.5


def test_failure_rates_leave_a_cut_question_unlabelled_over_all_questions() -> None:
    rates = failure_rates(["write_failure", None, "correct", "read_failure"], 4)
    assert rates == {"write_failure": 0.25, "read_failure": 0.25, "utilization_failure": 0.0}


def test_values_belong_to_the_subject_a_clause_names_first() -> None:
    about_argon = scores("Argon Labs|c=Fintech|staff=88|partner=Basalt Works")
    assert about_argon["extraction_recall"] == 0.0
    assert about_argon["precision"] == 0.0
    assert scores("Basalt Works|c=Fintech|partner=Argon Labs")["extraction_recall"] == 0.2


NESTED_NAMES_PROBE = """
from inspect_memgym.scoring.point_matching import read_clauses
[clause] = read_clauses(["Unit 7 Annex 12 stores 40 tons."], ["Unit 7", "Unit 7 Annex 12"])
print(clause.owner, [number.text for number in clause.numbers])
"""


def test_a_name_inside_another_reads_the_same_numbers_in_every_process() -> None:
    # the subjects named in a clause are cut out before its numbers are read; cut in a
    # set's order, "Unit 7" could go first and leave "Annex 12" behind, its 12 read as a
    # value, in the processes whose string hashes put it first
    outputs = {
        subprocess.run(
            [sys.executable, "-c", NESTED_NAMES_PROBE],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in range(8)
    }
    assert outputs == {"Unit 7 Annex 12 ['40']"}

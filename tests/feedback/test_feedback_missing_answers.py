"""A feedback test answer a pass did not give scores exactly what the decline scores.

A limit that cuts the sample leaves the rest of its test answers unrecorded. Left out of
the figures (as before: a cut step scored only the requests it answered), a model that
stalled where it could not answer chose which requests count. Now every missing answer of
a planned (step, request) is graded as the decline (`scoring.reached`): a world request's
"I do not know." (the ``decliner``'s reply), a records row's constant answer "Not mentioned
in the conversation"; only ``not_reached`` tells the two states apart.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from inspect_ai import eval

from inspect_memgym.feedback.grading import (
    RECORDS_DECLINE,
    SCORE_KEYS,
    WORLD_DECLINE,
    FeedbackAnswer,
    FeedbackDialogue,
    FeedbackGrade,
    grade_records,
    grade_world,
    planned_answers,
)
from inspect_memgym.feedback.memorybench_records import MemoryBenchRecord, parse_memorybench_row
from inspect_memgym.feedback.records_episode import record_id
from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED

WORLD = generate_world("small", 0)
STEPS = [0, 1, 2]
Grader = Callable[[Sequence[FeedbackAnswer], Sequence[tuple[int, str]]], FeedbackGrade]


def same_figures(left: dict[str, float], right: dict[str, float]) -> bool:
    """Every key but ``not_reached`` equal (NaN equal to NaN)."""
    keys = set(SCORE_KEYS) - {NOT_REACHED}
    return all(
        left[key] == right[key] or (math.isnan(left[key]) and math.isnan(right[key]))
        for key in keys
    )


def nan_keys(value: dict[str, float]) -> set[str]:
    return {key for key, number in value.items() if math.isnan(number)}


def world_answers() -> list[FeedbackAnswer]:
    """Step 0 one wrong variant, steps 1 and 2 every request right."""
    rows = []
    for step in STEPS:
        for request in WORLD.test:
            wrong = next(reply for key, reply in request.replies.items() if key != request.gold)
            raw = wrong if step == 0 and not request.control else request.gold_reply
            rows.append(FeedbackAnswer(step, request.request_id, raw))
    return rows


def world_grader(dialogues: Sequence[FeedbackDialogue] = ()) -> Grader:
    def grade(
        results: Sequence[FeedbackAnswer], planned: Sequence[tuple[int, str]]
    ) -> FeedbackGrade:
        return grade_world(WORLD, results, dialogues, planned)

    return grade


def check(
    grade: Grader,
    results: list[FeedbackAnswer],
    requests: list[str],
    cut: set[tuple[int, str]],
    decline: str,
) -> FeedbackGrade:
    """The cut state and the declined state score alike; the cut one counts and flags."""
    planned = planned_answers(STEPS, requests)
    kept = [row for row in results if (row.step, row.request) not in cut]
    declined = [
        FeedbackAnswer(row.step, row.request, decline) if (row.step, row.request) in cut else row
        for row in results
    ]
    missing = grade(kept, planned)
    answered = grade(declined, planned)
    full = grade(results, planned)
    assert missing.value[NOT_REACHED] == len(cut)
    assert answered.value[NOT_REACHED] == 0.0
    assert same_figures(missing.value, answered.value)
    assert nan_keys(missing.value) == nan_keys(full.value)  # no key NaN for the cut
    assert {(row.step, row.request) for row in missing.answers if row.not_reached} == cut
    assert len(missing.answers) == len(planned)
    return missing


def test_a_world_step_cut_midway_scores_its_declines() -> None:
    requests = [request.request_id for request in WORLD.test]
    cut = {(2, request) for request in requests[len(requests) // 2 :]}
    dialogues = [FeedbackDialogue(1, WORLD.training[0].request_id, feedback=[])]
    missing = check(world_grader(dialogues), world_answers(), requests, cut, WORLD_DECLINE)
    assert missing.value["final"] < 1.0  # the cut half counts 0, not left out
    assert [point.step for point in missing.curve] == [1, 2]


def test_a_world_cut_in_the_no_memory_pass_only_scores_its_decline_there() -> None:
    requests = [request.request_id for request in WORLD.test]
    cut = {(0, request) for request in requests[:2]}
    missing = check(world_grader(), world_answers(), requests, cut, WORLD_DECLINE)
    assert missing.value["final"] == 1.0 and missing.value["memory_delta"] == 1.0


def test_a_world_sample_that_reached_nothing_scores_every_decline() -> None:
    requests = [request.request_id for request in WORLD.test]
    cut = {(step, request) for step in STEPS for request in requests}
    missing = check(world_grader(), world_answers(), requests, cut, WORLD_DECLINE)
    assert missing.value["final"] == 0.0 and missing.value["auc"] == 0.0
    assert missing.value["memory_delta"] == 0.0 and missing.value["final_accuracy"] == 0.0


def locomo_row(index: int, question: str, gold: str) -> dict[str, object]:
    return {
        "test_idx": index,
        "input_prompt": f"Above is a conversation... Question: {question}",
        "dataset_name": "Locomo-0",
        "lang": "en",
        "info": json.dumps({"golden_answer": gold, "category": 2, "evidence": []}),
        "dialog_wo_memory": "[]",
        "implicit_feedback_wo_memory": [],
    }


RECORDS: dict[str, MemoryBenchRecord] = {
    record_id(record): record
    for record in (
        parse_memorybench_row(locomo_row(index, question, gold))
        for index, (question, gold) in enumerate(
            [
                ("When did Mira start pottery?", "7 May 2023"),
                ("Where does Joan live?", "Lisbon"),
                ("What is Tom's dog called?", "Biscuit"),
                ("When did Ana move?", "June 2022"),
            ]
        )
    )
}


def records_answers() -> list[FeedbackAnswer]:
    """Step 0 a wrong name, steps 1 and 2 the gold."""
    return [
        FeedbackAnswer(step, request, "Porto" if step == 0 else record.gold)
        for step in STEPS
        for request, record in RECORDS.items()
    ]


def records_grade(
    results: Sequence[FeedbackAnswer], planned: Sequence[tuple[int, str]]
) -> FeedbackGrade:
    return grade_records(RECORDS, results, [], planned)


def test_a_records_cut_scores_the_constant_answer_in_each_pass() -> None:
    requests = list(RECORDS)
    cut = {(2, requests[-1]), (0, requests[0])}
    missing = check(records_grade, records_answers(), requests, cut, RECORDS_DECLINE)
    assert missing.value["final"] == 0.75  # three right, the cut one at its chance


def test_a_records_sample_that_reached_nothing_scores_every_decline() -> None:
    requests = list(RECORDS)
    cut = {(step, request) for step in STEPS for request in requests}
    missing = check(records_grade, records_answers(), requests, cut, RECORDS_DECLINE)
    assert missing.value["final"] == 0.0 and missing.value["memory_delta"] == 0.0


def test_a_run_cut_before_its_first_answer_scores_its_declines(tmp_path: Path) -> None:
    """End to end: a message limit stops the sample at once; its 18 planned answers (no
    memory, then two steps, of six test requests) are declines, not an all-NaN score."""
    [log] = eval(
        feedback(tier="small", seed=0, agent="native", steps=2, batch_size=2),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
        message_limit=1,
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    score = sample.scores["feedback_scorer"]  # type: ignore[index]
    assert isinstance(score.value, dict) and score.metadata is not None
    assert score.value[NOT_REACHED] == 18.0
    assert score.value["final"] == 0.0 and score.value["memory_delta"] == 0.0
    # only the rule rate has nothing to average: no training dialogue was reached
    assert nan_keys(score.value) == {"learned_rule_rate"}
    assert str(score.explanation).startswith(NOTHING_REACHED)
    assert all(row["not_reached"] for row in score.metadata["answers"])

"""A sample cut by a limit scores every question: what it reached, and declines for the rest.

Every task, run with a token limit that cuts its first sample part-way (and one that cuts
it before the first question), grades the answers it has as usual and every missing one
as the task's decline (`scoring.reached`), counting the questions a pass did not reach
under ``not_reached``: never an error, never a NaN headline, never a question left out
(which would let a model that stalls choose what counts). A sample that reached nothing
says so.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from inspect_ai import eval
from test_strategy_matrix import GRADER, TASKS

from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED

PART_WAY: dict[str, tuple[int, int]] = {
    "code_qa": (15_000, 6),
    "conversation": (30_000, 12),
    "entity_stream": (60_000, 11),
    "research_qa": (3_200, 1),
    "locomo": (900, 6),
    "longmemeval": (250, 1),
    "feedback": (3_500, 12),
    "procedures": (6_500, 1),
}
"""Task -> (a token limit that cuts its test cell's first sample part-way, its questions,
or for feedback its test answers). One-question tasks are cut between their two passes."""


def cut_score(task_name: str, token_limit: int, tmp_path: Any) -> tuple[dict[str, float], str]:
    factory, args, scorer, _ = TASKS[task_name]
    [log] = eval(
        factory(**args),
        model="memgym/perfect",
        model_roles=GRADER,
        limit=1,
        token_limit=token_limit,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.error is None and sample.limit is not None and sample.limit.type == "token"
    score = (sample.scores or {})[scorer]
    assert isinstance(score.value, dict)
    return {str(key): float(value) for key, value in score.value.items()}, str(score.explanation)


@pytest.mark.parametrize("task_name", sorted(PART_WAY))
def test_a_sample_cut_part_way_scores_what_it_reached_and_declines(
    task_name: str, tmp_path: Any
) -> None:
    limit, questions = PART_WAY[task_name]
    headline = TASKS[task_name][3]
    value, explanation = cut_score(task_name, limit, tmp_path)
    assert not math.isnan(value[headline]) and value[headline] >= 0.0, value
    assert 1 <= value[NOT_REACHED] <= questions
    if questions == 1:
        # answered with memory, cut in the no-memory pass: that answer is the decline's
        assert value[NOT_REACHED] == 1.0 and NOTHING_REACHED not in explanation
    elif value[NOT_REACHED] < questions:
        assert f"{int(value[NOT_REACHED])} of {questions} questions were not reached" in explanation


@pytest.mark.parametrize("task_name", sorted(PART_WAY))
def test_a_sample_cut_before_its_first_question_scores_its_declines(
    task_name: str, tmp_path: Any
) -> None:
    value, explanation = cut_score(task_name, 1, tmp_path)
    headline = TASKS[task_name][3]
    assert value[NOT_REACHED] == PART_WAY[task_name][1]
    assert not math.isnan(value[headline]), value  # the declines' score, not NaN
    assert NOTHING_REACHED in explanation

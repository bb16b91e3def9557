"""A question a pass did not answer scores exactly what the decline scores (`scoring.reached`).

The code_qa scorer is run on stored answers (no model): seed 6 at 5,000 tokens, six
questions (q02 answered by the source alone). Leaving answers out (a limit cut the memory
pass part-way, the no-memory pass part-way, or the sample before its first question) or
drawing only unreadable verdicts on one must give the very ``Score.value`` of the same
answers with those replaced by the decline, "I do not know." (every key but the counts
``not_reached`` and ``judge_unreadable``), and no figure goes NaN because of it.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from inspect_ai.model import ModelName
from inspect_ai.scorer import SampleScore, Score, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.code_qa import sample_scorer as sample_scorer_module
from inspect_memgym.code_qa.dataset import code_qa_sample
from inspect_memgym.code_qa.grading import DECLINE_REPLY
from inspect_memgym.code_qa.judge import FactJudgement
from inspect_memgym.code_qa.memoryless_answers import UNKNOWN
from inspect_memgym.code_qa.metrics import pooled_accuracy
from inspect_memgym.code_qa.protocol import ProtocolOptions
from inspect_memgym.code_qa.sample_scorer import sample_scorer
from inspect_memgym.code_qa.state import NO_MEMORY, WITH_MEMORY, CodeQAAnswer, CodeQAState
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import DIFFICULTIES, FACT_CATEGORIES
from inspect_memgym.kit.inspect_internals import set_sample_state, start_sample_store
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

INSTANCE = generate_instance(6, 5_000)
QUESTIONS = [pair.qa_id for pair in INSTANCE.qa_pairs]
PARAPHRASE = "The embedding service returns status 409 to a locked document; retry after 77 s."
"""q03's fact in words the rules cannot decide (a judge decides it)."""
COUNTS = (NOT_REACHED, JUDGE_UNREADABLE)
"""The only keys a missing answer may change."""


def memory_answers() -> dict[str, str]:
    """The memory pass: right, empty, a paraphrase, a look-alike, a hedge, right."""
    return {
        "q01": INSTANCE.question("q01").gold_answer,
        "q02": "",
        "q03": PARAPHRASE,
        "q04": INSTANCE.distractor("D10").fact.statement,
        "q05": INSTANCE.question("q05").gold_answer
        + " "
        + INSTANCE.distractor("D12").fact.statement,
        "q06": INSTANCE.question("q06").gold_answer,
    }


def no_memory_answers() -> dict[str, str]:
    """The no-memory pass: one right answer, one look-alike (floored), the rest empty."""
    answers = dict.fromkeys(QUESTIONS, '{"answer": null}')
    answers["q01"] = INSTANCE.question("q01").gold_answer
    answers["q04"] = INSTANCE.distractor("D10").fact.statement
    return answers


def stored(memory: Mapping[str, str], no_memory: Mapping[str, str]) -> list[CodeQAAnswer]:
    """Answers as the driver stores them: the memory pass, then the no-memory pass."""
    return [
        *(CodeQAAnswer(WITH_MEMORY, qa_id, answer) for qa_id, answer in memory.items()),
        *(CodeQAAnswer(NO_MEMORY, qa_id, answer) for qa_id, answer in no_memory.items()),
    ]


def declined(answers: Mapping[str, str], kept: list[str]) -> dict[str, str]:
    """The answers of ``kept``, every other question's replaced by the decline."""
    return {qa_id: answers[qa_id] if qa_id in kept else DECLINE_REPLY for qa_id in QUESTIONS}


def cut(answers: Mapping[str, str], kept: list[str]) -> dict[str, str]:
    """The answers of ``kept`` only (a limit cut the others)."""
    return {qa_id: answers[qa_id] for qa_id in kept}


def scored(
    answers: list[CodeQAAnswer], memory_isolation: bool = True, judge: bool = False
) -> Score:
    """The code_qa scorer's score of a sample whose store holds ``answers``."""
    options = ProtocolOptions(memory_isolation=memory_isolation)
    sample = code_qa_sample(INSTANCE, options)
    state = TaskState(
        ModelName("mockllm/model"), str(sample.id), 1, "input", [], metadata=sample.metadata
    )

    async def run() -> Score:
        start_sample_store()
        set_sample_state(state)
        store_as(CodeQAState).answers = [answer.as_metadata() for answer in answers]
        score = await sample_scorer(judge=judge)(state, Target(""))
        assert score is not None
        return score

    return asyncio.run(run())


def figures(score: Score) -> dict[str, float]:
    """``Score.value`` without the counts a missing answer may change."""
    assert isinstance(score.value, dict)
    return {str(key): float(value) for key, value in score.value.items() if key not in COUNTS}  # type: ignore[arg-type]


def same_figures(left: Score, right: Score) -> None:
    """Every figure equal, NaN where (and only where) the other is NaN."""
    first, second = figures(left), figures(right)
    assert first.keys() == second.keys()
    for key, value in first.items():
        assert value == pytest.approx(second[key], nan_ok=True), (key, first, second)


def nan_keys(score: Score) -> set[str]:
    return {key for key, value in figures(score).items() if math.isnan(value)}


def rows_of(score: Score) -> dict[str, dict[str, Any]]:
    return {row["qa_id"]: row for row in (score.metadata or {})["questions"]}


def test_the_decline_reply_is_the_decliners() -> None:
    assert DECLINE_REPLY == UNKNOWN


def test_a_memory_pass_cut_part_way_scores_its_declines() -> None:
    kept = ["q01", "q02", "q03"]
    missing = scored(stored(cut(memory_answers(), kept), {}))
    replaced = scored(stored(declined(memory_answers(), kept), declined({}, [])))
    same_figures(missing, replaced)
    assert missing.value[NOT_REACHED] == 6.0  # type: ignore[index]  # the no-memory pass too
    assert replaced.value[NOT_REACHED] == 0.0  # type: ignore[index]
    rows = rows_of(missing)
    assert list(rows) == QUESTIONS
    assert [rows[qa_id]["declined"] for qa_id in QUESTIONS] == [None] * 3 + ["not_reached"] * 3
    assert all(row["no_memory_declined"] == "not_reached" for row in rows.values())
    assert rows["q04"]["answer"] is None and rows["q04"]["memory_failure"] is None
    assert "6 of 6 questions were not reached (3 with memory" in str(missing.explanation)
    assert nan_keys(missing) == nan_keys(scored(stored(memory_answers(), no_memory_answers())))


def test_per_category_and_difficulty_accuracy_count_the_declines() -> None:
    kept = ["q01", "q02"]
    missing = [SampleScore(score=scored(stored(cut(memory_answers(), kept), {})))]
    replaced = [SampleScore(score=scored(stored(declined(memory_answers(), kept), {})))]
    for field, order in (("category", FACT_CATEGORIES), ("difficulty", DIFFICULTIES)):
        assert pooled_accuracy(missing, field, order) == pooled_accuracy(replaced, field, order)
    assert pooled_accuracy(missing, "difficulty", DIFFICULTIES) == {"medium": 0.5, "hard": 0.0}


def test_a_cut_in_the_no_memory_pass_only_scores_its_declines() -> None:
    kept = ["q01", "q02"]
    full = stored(memory_answers(), no_memory_answers())
    missing = scored(stored(memory_answers(), cut(no_memory_answers(), kept)))
    replaced = scored(stored(memory_answers(), declined(no_memory_answers(), kept)))
    same_figures(missing, replaced)
    assert missing.value[NOT_REACHED] == 4.0  # type: ignore[index]
    value = figures(missing)
    # q01's right no-memory answer counts; the declines count 0; q02 is discoverable
    assert value["no_memory"] == pytest.approx(1 / 5)
    assert value["memory_delta"] == pytest.approx(value["accuracy"] - 1 / 5)
    assert value["accuracy"] == figures(scored(full))["accuracy"]
    assert rows_of(missing)["q04"]["no_memory_declined"] == "not_reached"
    assert rows_of(missing)["q04"]["declined"] is None
    assert "4 of 6 questions were not reached (0 with memory" in str(missing.explanation)


def test_a_sample_that_reached_nothing_scores_every_decline() -> None:
    missing = scored([])
    replaced = scored(stored(declined({}, []), declined({}, [])))
    same_figures(missing, replaced)
    assert missing.value[NOT_REACHED] == 6.0  # type: ignore[index]
    assert missing.explanation == NOTHING_REACHED
    value = figures(missing)
    assert value["accuracy"] == 0.0 and value["no_memory"] == 0.0
    assert value["memory_delta"] == 0.0 and value["noise_rejection"] == 1.0
    assert nan_keys(missing) == nan_keys(scored(stored(memory_answers(), no_memory_answers())))


def test_without_isolation_a_cut_leaves_the_no_memory_side_nan() -> None:
    kept = ["q01", "q02", "q03", "q04"]
    missing = scored(stored(cut(memory_answers(), kept), {}), memory_isolation=False)
    replaced = scored(stored(declined(memory_answers(), kept), {}), memory_isolation=False)
    same_figures(missing, replaced)
    assert missing.value[NOT_REACHED] == 2.0  # type: ignore[index]
    assert math.isnan(figures(missing)["no_memory"])
    assert math.isnan(figures(missing)["memory_delta"])
    assert not math.isnan(figures(missing)["accuracy"])


JudgeFact = Callable[..., Any]


def judging(unreadable_on: str) -> JudgeFact:
    """A judge whose reply about an answer holding ``unreadable_on`` has no verdict."""

    async def judge_fact(
        qa_id: str, question: str, statement: str, answer: str, *args: Any
    ) -> FactJudgement:
        held = None if unreadable_on in answer else False
        return FactJudgement(held=held, judge_model="scripted/judge", self_judged=False)

    return judge_fact


@pytest.mark.parametrize("judged_pass", [WITH_MEMORY, NO_MEMORY])
def test_an_unreadable_verdict_scores_the_decline_with_no_model_call(
    judged_pass: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sample_scorer_module, "announce_judge", lambda *args: True)
    monkeypatch.setattr(sample_scorer_module, "judge_fact", judging("status 409"))
    memory, no_memory = memory_answers(), no_memory_answers()
    if judged_pass == NO_MEMORY:
        memory["q03"] = INSTANCE.question("q03").gold_answer
        no_memory["q03"] = PARAPHRASE
    unread = scored(stored(memory, no_memory), judge=True)
    answered = [qa_id for qa_id in QUESTIONS if qa_id != "q03"]
    if judged_pass == WITH_MEMORY:
        memory = declined(memory, answered)
    else:
        no_memory = declined(no_memory, answered)
    replaced = scored(stored(memory, no_memory), judge=True)
    same_figures(unread, replaced)
    assert (unread.metadata or {})[JUDGE_UNREADABLE] == 1
    assert unread.value[NOT_REACHED] == 0.0  # type: ignore[index]
    assert (unread.metadata or {})["declined_questions"][judged_pass] == {"q03": "judge_unreadable"}
    row = rows_of(unread)["q03"]
    key = "declined" if judged_pass == WITH_MEMORY else "no_memory_declined"
    assert row[key] == "judge_unreadable"
    # the decline's grade draws no judge call: the replaced run asked nothing about q03
    assert (replaced.metadata or {}).get(JUDGE_UNREADABLE, 0) == 0

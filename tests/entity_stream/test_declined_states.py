"""A state with missing answers scores exactly what the same state with declines scores.

One played sample (``perfect`` on the company lite scenario, memory isolation on) is
rescored with its recorded answers edited: some answers removed (a limit cut the memory
pass, or the no-memory pass only, or both passes before their first question), or given a
judge reply with no grade. Each edited state must score, key for key, what the same state
scores with those answers replaced by the abstainer's refusal graded by the rules
(`scoring.reached`): only ``not_reached`` (and ``judge_unreadable`` in the metadata) tell
them apart. Before entity_stream 9 a missing answer was left out of every figure, and a
sample that reached nothing scored NaN everywhere. The training world grades a question its
episode never reached the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest
from inspect_ai import eval, score
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream import sample_scorer as sample_scorer_module
from inspect_memgym.entity_stream.environment import EntityStreamWorld
from inspect_memgym.entity_stream.policies.base import REFUSAL
from inspect_memgym.entity_stream.scorer import entity_stream_scorer
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.scoring.judge import AnswerJudgement
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED

SCORER = "entity_stream_scorer"
ANSWERS = "EntityStreamState:answers"
NO_MEMORY_ANSWERS = "EntityStreamState:no_memory_answers"
UNREADABLE = "an answer whose judge reply holds no grade"
"""An answer the rules leave undecided, which the stand-in judge cannot grade."""
Answers = dict[str, dict[str, Any]]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    """The company lite sample played by ``perfect``, both passes answered."""
    [log] = eval(
        entity_stream(tier="lite", seeds=1, templates="company"),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path_factory.mktemp("played")),
    )
    assert log.status == "success", log.error
    return log


@pytest.fixture
def unreadable_judge(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A judge whose reply to `UNREADABLE` holds no grade (it rejects anything else).

    Yields:
        The answers it was asked about.
    """
    asked: list[str] = []

    async def judge(
        task_name: str, question: str, gold: str, answer: str, *args: Any, **kwargs: Any
    ) -> AnswerJudgement:
        asked.append(answer)
        return AnswerJudgement(None if answer == UNREADABLE else False, "stand-in", False)

    monkeypatch.setattr(sample_scorer_module, "judge_answer", judge)
    yield asked


def rescored(
    log: EvalLog, answers: Answers, no_memory: Answers, judge: bool = False
) -> tuple[dict[str, float], dict[str, Any], str]:
    """The sample rescored with its recorded answers replaced.

    Returns:
        ``Score.value``, ``Score.metadata`` and the explanation.
    """
    edited = log.model_copy(deep=True)
    [sample] = edited.samples or []
    sample.store[ANSWERS] = answers
    sample.store[NO_MEMORY_ANSWERS] = no_memory
    result = score(edited, [entity_stream_scorer(judge=judge)], action="overwrite", display="none")
    [scored] = result.samples or []
    assert scored.scores is not None
    graded = scored.scores[SCORER]
    assert isinstance(graded.value, dict) and graded.metadata is not None
    value = {str(key): float(number) for key, number in graded.value.items()}
    return value, graded.metadata, str(graded.explanation)


def recorded(log: EvalLog) -> tuple[Answers, Answers]:
    """The played sample's answers in each pass."""
    [sample] = log.samples or []
    return dict(sample.store[ANSWERS]), dict(sample.store[NO_MEMORY_ANSWERS])


def without(answers: Answers, qids: list[str]) -> Answers:
    """The answers with those questions' left out (a limit cut them)."""
    return {qid: answer for qid, answer in answers.items() if qid not in qids}


def declined(answers: Answers, qids: list[str]) -> Answers:
    """The answers with those questions' replaced by the refusal."""
    refusal = {"answer": REFUSAL, "submitted": True}
    return {**answers, **{qid: dict(refusal) for qid in qids}}


def replied(answers: Answers, qids: list[str], reply: str) -> Answers:
    """The answers with those questions' replaced by ``reply``."""
    return {**answers, **{qid: {**answers[qid], "answer": reply} for qid in qids}}


def differing(
    left: dict[str, float], right: dict[str, float], apart: tuple[str, ...] = ()
) -> dict[str, tuple[float, float]]:
    """The keys (but `NOT_REACHED` and ``apart``) whose values differ, NaN equal to NaN."""
    assert set(left) == set(right)
    return {
        key: (left[key], right[key])
        for key in set(left) - {NOT_REACHED, *apart}
        if not (left[key] == right[key] or (math.isnan(left[key]) and math.isnan(right[key])))
    }


def nan_keys(value: dict[str, float]) -> set[str]:
    return {key for key, number in value.items() if math.isnan(number)}


def test_a_cut_memory_pass_scores_its_declines(played: EvalLog) -> None:
    answers, no_memory = recorded(played)
    full, _, _ = rescored(played, answers, no_memory)
    cut_qids = sorted(answers)[-4:]  # the stream's last questions: a limit stopped it there
    cut, metadata, explanation = rescored(
        played, without(answers, cut_qids), without(no_memory, cut_qids)
    )
    refused, _, _ = rescored(played, declined(answers, cut_qids), declined(no_memory, cut_qids))
    # the failure labels apart: a cut question was never asked with memory, so it has none
    assert differing(cut, refused, FAILURE_RATE_KEYS) == {}
    assert [cut[key] for key in FAILURE_RATE_KEYS] == [0.0] * 3  # every reached answer right
    assert sum(refused[key] for key in FAILURE_RATE_KEYS) == pytest.approx(4 / 11)
    assert cut[NOT_REACHED] == 4.0 and refused[NOT_REACHED] == 0.0
    assert cut["composite"] < full["composite"]  # perfect answers cut: scored as declines
    assert nan_keys(cut) == nan_keys(full)  # no figure goes NaN for being cut
    rows = {row["qid"]: row for row in metadata["questions"]}
    assert len(rows) == len(answers)
    for qid in cut_qids:
        assert rows[qid]["scored_as"] == "decline" and rows[qid]["not_reached"] is True
        assert rows[qid]["no_memory_scored_as"] == "decline"
        assert rows[qid]["no_memory_not_reached"] is True
        assert "attribution" not in rows[qid] and rows[qid]["memory_failure"] is None
    assert "4 of 11 questions were not reached" in explanation


def test_a_cut_in_the_no_memory_pass_only_scores_its_declines(played: EvalLog) -> None:
    answers, no_memory = recorded(played)
    cut_qids = sorted(no_memory)[-3:]
    cut, metadata, _ = rescored(played, answers, without(no_memory, cut_qids))
    refused, _, _ = rescored(played, answers, declined(no_memory, cut_qids))
    assert differing(cut, refused) == {}
    assert cut[NOT_REACHED] == 3.0
    assert not math.isnan(cut["no_memory"]) and not math.isnan(cut["memory_delta"])
    rows = {row["qid"]: row for row in metadata["questions"]}
    for qid in cut_qids:
        assert "scored_as" not in rows[qid]  # the memory pass answered it
        assert rows[qid]["no_memory_scored_as"] == "decline"
        assert rows[qid]["no_memory_not_reached"] is True
        assert rows[qid]["no_memory_answer"] == REFUSAL  # the decline it scored


def test_an_unreadable_judge_reply_scores_the_decline(
    played: EvalLog, unreadable_judge: list[str]
) -> None:
    answers, no_memory = recorded(played)
    qids = sorted(answers)[2:5]  # answerable questions the rules cannot decide for UNREADABLE
    unread, metadata, explanation = rescored(
        played, replied(answers, qids, UNREADABLE), replied(no_memory, qids[:1], UNREADABLE), True
    )
    assert unreadable_judge == [UNREADABLE] * 4
    refused, _, _ = rescored(
        played, declined(answers, qids), declined(no_memory, qids[:1]), judge=True
    )
    assert differing(unread, refused) == {}
    assert unread[NOT_REACHED] == 0.0
    assert metadata["judge_unreadable"] == 4
    rows = {row["qid"]: row for row in metadata["questions"]}
    for qid in qids:
        assert rows[qid]["scored_as"] == "decline" and rows[qid]["judge_unreadable"] is True
        assert rows[qid]["answer"] == UNREADABLE  # the answer given stays on the row
    assert rows[qids[0]]["no_memory_scored_as"] == "decline"
    assert rows[qids[0]]["no_memory_judge_unreadable"] is True
    assert "judge reply unreadable" in explanation


def test_a_sample_that_reached_nothing_scores_its_declines(played: EvalLog) -> None:
    answers, no_memory = recorded(played)
    nothing, metadata, explanation = rescored(played, {}, {})
    refused, _, _ = rescored(played, declined({}, sorted(answers)), declined({}, sorted(no_memory)))
    assert differing(nothing, refused, FAILURE_RATE_KEYS) == {}
    assert [nothing[key] for key in FAILURE_RATE_KEYS] == [0.0] * 3  # nothing asked
    assert nothing[NOT_REACHED] == len(answers)
    full, _, _ = rescored(played, answers, no_memory)
    assert nan_keys(nothing) == nan_keys(full)
    assert nothing["composite"] == 0.0 and nothing["abstention"] == 1.0  # floor = ceiling
    assert explanation.startswith(NOTHING_REACHED) or NOTHING_REACHED in explanation
    assert all(row["not_reached"] is True for row in metadata["questions"])


def test_the_training_world_grades_an_unreached_question_as_the_decline() -> None:
    """An episode that ended before its questions scores the abstainer's answers there."""
    world = EntityStreamWorld(seed=0, tier="lite", template="company")
    try:
        nothing = world.score()
        world.answers = {
            question.qid: {"answer": REFUSAL, "submitted": True} for question in world.questions
        }
        refused = world.score()
    finally:
        world.close()
    assert differing(nothing, refused) == {}
    assert nothing["abstention"] == 1.0  # an empty answer would miss the never-seen entity

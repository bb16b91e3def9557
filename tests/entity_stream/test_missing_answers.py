"""An entity_stream answer a pass did not give scores exactly what the refusal scores.

A limit that cuts the stream leaves every later question unanswered. Left out of the
figures (as before), a model that stalled where it could not answer chose which questions
count; now each missing answer is graded as the abstainer's refusal by the rules
(`scoring.reached`), in the composite, every axis and both sides of ``memory_delta``: only
``not_reached`` tells a cut run from one that declined every question.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from inspect_ai import eval

from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS

SCORER = "entity_stream_scorer"


def run(
    model: str, log_dir: Path, **limits: int
) -> tuple[dict[str, float], list[dict[str, object]]]:
    [log] = eval(
        entity_stream(tier="lite", seeds=1, templates="company"),
        model=model,
        display="none",
        log_dir=str(log_dir),
        **limits,
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.scores is not None
    score = sample.scores[SCORER]
    assert isinstance(score.value, dict) and score.metadata is not None
    value = {str(key): float(number) for key, number in score.value.items()}
    return value, list(score.metadata["questions"])


def test_a_stream_cut_before_its_first_question_scores_the_refusals(tmp_path: Path) -> None:
    cut, rows = run("memgym/perfect", tmp_path / "cut", token_limit=1)
    declined, refusals = run("memgym/abstainer", tmp_path / "declined")
    assert cut["not_reached"] == len(rows) > 0 and declined["not_reached"] == 0.0
    # the failure rates apart: the refusals were asked with memory, the cut questions never
    assert [cut[key] for key in FAILURE_RATE_KEYS] == [0.0] * 3
    wrong = sum(not row["correct"] for row in refusals) / len(refusals)
    assert sum(declined[key] for key in FAILURE_RATE_KEYS) == pytest.approx(wrong) != 0.0
    keys = set(cut) - {"not_reached", *FAILURE_RATE_KEYS}
    assert keys == set(declined) - {"not_reached", *FAILURE_RATE_KEYS}
    differing = {
        key: (cut[key], declined[key])
        for key in keys
        if not (cut[key] == declined[key] or (math.isnan(cut[key]) and math.isnan(declined[key])))
    }
    assert differing == {}
    assert not math.isnan(cut["composite"])
    assert all(row["scored_as"] == "decline" and row["not_reached"] is True for row in rows)


def test_a_question_the_memory_pass_never_reached_gets_no_failure_label(tmp_path: Path) -> None:
    # agentic naive on the company stream, cut after its third question (q01 to q03 reached)
    [log] = eval(
        entity_stream(tier="lite", seeds=1, templates="company", agent="agentic"),
        model="memgym/naive",
        display="none",
        log_dir=str(tmp_path),
        token_limit=40_000,
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.scores is not None
    score = sample.scores[SCORER]
    assert isinstance(score.value, dict) and score.metadata is not None
    rows = list(score.metadata["questions"])
    cut = [row for row in rows if row.get("not_reached")]
    reached = [row for row in rows if not row.get("not_reached")]
    assert len(cut) == score.value["not_reached"] == 8 and len(reached) == 3
    # a cut question was graded as the decline (wrong), but nobody asked the memory for it
    assert all(not row["correct"] for row in cut)
    assert all("attribution" not in row and row["memory_failure"] is None for row in cut)
    wrong = [row for row in reached if not row["correct"]]
    assert wrong and all(row["attribution"] == "write_failure" for row in wrong)
    assert all(row["memory_failure"] == "not_stored" for row in wrong)
    # the rates stay over all questions: they sum to the reached wrong answers' share
    rates = [float(score.value[key]) for key in ("write_failure", "read_failure")]
    assert rates == [len(wrong) / len(rows), 0.0]
    assert score.value["utilization_failure"] == 0.0
    shares = score.metadata["operation_scores"]
    assert shares["failed_not_stored"] == round(len(wrong) / len(rows), 6)

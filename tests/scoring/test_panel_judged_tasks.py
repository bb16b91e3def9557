"""entity_stream, code_qa and research_qa judged by a panel of scripted graders.

The panel is ``memgym/judge`` (honest), ``memgym/judge_lenient`` (accepts every answer) and
``memgym/judge_contrary`` (the honest verdict reversed): on every answer exactly one of the
honest and the contrary grader accepts, so the panel accepts every judged answer two to
one, whatever the honest verdict. research_qa's panel scores are the honest score, 1.0 and
the honest score reversed: their median is 1.0. Each judged score records the graders'
votes (``judge_panel``), which ``inspect-memgym agreement`` reads back
(`analysis.grader_agreement.log_agreements`). A run whose judge replies are unreadable says
so in one warning line and counts them in the scorer's metrics.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.log import EvalLog
from inspect_ai.model import Model, get_model
from inspect_ai.scorer import Score

from inspect_memgym.analysis.grader_agreement import log_agreements
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.research_qa.task import research_qa

PANEL = ["memgym/judge", "memgym/judge_lenient", "memgym/judge_contrary"]
REVERSED = {"yes": "no", "no": "yes"}
ALPHA_ONE_DISSENT_IN_THREE = {2: -0.25, 3: -1 / 3}
"""Krippendorff's alpha when every answer's three votes are one no (or 0.0) and two yes
(or 1.0), by the number of answers: 1 - (n - 1) * observed / expected disagreement, with
n = 3 * answers paired votes."""
TASKS: dict[str, tuple[Callable[[], Task], str]] = {
    "entity_stream": (
        lambda: entity_stream(tier="smoke", seeds=1, judge=True),
        "memgym/judge_baiter",
    ),
    "code_qa": (lambda: code_qa(judge=True, seed=0, context_tokens=5_000), "memgym/paraphraser"),
    "research_qa": (
        lambda: research_qa(seed=10, hops=3, context_tokens=1_000, judge=True),
        "memgym/judge_bait",
    ),
}
"""Each task's smallest judged run, and a policy whose answers the rules leave undecided."""
METRICS_LOGGER = "inspect_memgym.scoring.metrics"
"""The logger of the unreadable-replies warning (`scoring.metrics.unreadable_verdicts`)."""


def run(name: str, graders: list[str] | Model, tmp_path: Path) -> EvalLog:
    build, model = TASKS[name]
    [log] = eval(
        build(),
        model=model,
        model_roles={"grader": graders},
        limit=1,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    return log


def only_score(log: EvalLog) -> Score:
    [sample] = log.samples or []
    [score] = (sample.scores or {}).values()
    return score


def panel_of(log: EvalLog) -> dict[str, Any]:
    metadata = only_score(log).metadata or {}
    panel = metadata["judge_panel"]
    assert panel["graders"] == PANEL
    assert len(panel["votes"]) == metadata["judge_verdicts"] > 0
    return dict(panel)


def assert_agreement(log: EvalLog, accept_rates: tuple[float, ...], answers: int) -> None:
    [found] = log_agreements([log.location])
    agreement = found.agreement
    assert agreement.graders == tuple(PANEL)
    assert agreement.questions == answers
    assert agreement.accept_rates == accept_rates
    assert agreement.split == 0
    assert agreement.statistic == "krippendorff_alpha"
    assert agreement.agreement == pytest.approx(ALPHA_ONE_DISSENT_IN_THREE[answers])
    assert agreement.pairwise_agreement == pytest.approx(1 / 3)


@pytest.mark.slow
def test_entity_stream_panel_accepts_the_bait_two_to_one(tmp_path: Path) -> None:
    log = run("entity_stream", PANEL, tmp_path)
    panel = panel_of(log)
    # the honest grade of the bait is I, so lenient and contrary outvote it
    assert panel["votes"] == [["no", "yes", "yes"]] * len(panel["votes"])
    questions = (only_score(log).metadata or {})["questions"]
    judged = [question for question in questions if question["decided_by"] == "judge"]
    assert judged and all(question["correct"] is True for question in judged)
    assert {question["judge_model"] for question in judged} == {", ".join(PANEL)}
    assert_agreement(log, (0.0, 1.0, 1.0), len(panel["votes"]))


@pytest.mark.slow
def test_code_qa_panel_holds_every_judged_fact(tmp_path: Path) -> None:
    log = run("code_qa", PANEL, tmp_path)
    panel = panel_of(log)
    for honest, lenient, contrary in panel["votes"]:
        assert (lenient, contrary) == ("yes", REVERSED[honest])
    rows = (only_score(log).metadata or {})["questions"]
    judged = [fact for row in rows for fact in row["facts"] if fact["decided_by"] == "judge"]
    assert judged and all(fact["held"] for fact in judged)
    honest_rate = sum(votes[0] == "yes" for votes in panel["votes"]) / len(panel["votes"])
    rates = (honest_rate, 1.0, 1.0 - honest_rate)
    [found] = log_agreements([log.location])
    assert found.agreement.accept_rates == pytest.approx(rates)
    assert found.agreement.split == 0


def test_research_qa_panel_score_is_the_median(tmp_path: Path) -> None:
    log = run("research_qa", PANEL, tmp_path)
    panel = panel_of(log)
    # the honest grader scores the bait 0.0; lenient and contrary 1.0: the median is 1.0
    assert panel["votes"] == [[0.0, 1.0, 1.0]] * 2
    metadata = only_score(log).metadata or {}
    for answer in (metadata["answer"], metadata["no_memory_answer"]):
        assert answer["decided_by"] == "judge" and answer["judge_score"] == 1.0
        assert answer["judge_model"] == ", ".join(PANEL)
    assert_agreement(log, (0.0, 1.0, 1.0), 2)


def test_research_qa_median_of_two_scores_is_their_mean(tmp_path: Path) -> None:
    log = run("research_qa", ["memgym/judge", "memgym/judge_lenient"], tmp_path)
    metadata = only_score(log).metadata or {}
    assert metadata["judge_panel"]["votes"] == [[0.0, 1.0]] * 2
    assert metadata["answer"]["judge_score"] == 0.5
    [found] = log_agreements([log.location])
    assert found.agreement.statistic == "cohen_kappa" and found.agreement.split == 0


def unreadable_grader() -> Model:
    """Inspect's mock model: its fixed reply holds no grade, verdict or score."""
    return get_model("mockllm/model", memoize=False)


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize(
    "name",
    [
        pytest.param("entity_stream", marks=pytest.mark.slow),
        pytest.param("code_qa", marks=pytest.mark.slow),
        "research_qa",
    ],
)
def test_unreadable_replies_warn_once_and_are_counted(
    name: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger=METRICS_LOGGER):
        log = run(name, unreadable_grader(), tmp_path)
    [warning] = [record.getMessage() for record in caplog.records if record.name == METRICS_LOGGER]
    # once per run
    metadata = only_score(log).metadata or {}
    verdicts = metadata["judge_verdicts"]
    assert verdicts > 0 and metadata["judge_unreadable"] == verdicts
    assert warning.startswith(f"judge: {verdicts} of {verdicts} judge replies so far (100.0%)")
    assert log.results is not None
    metrics = {
        name: metric.value for item in log.results.scores for name, metric in item.metrics.items()
    }
    assert metrics["judge_unreadable"] == metrics["judge_verdicts"] == verdicts

"""entity_stream end to end through ``inspect_ai.eval`` with the offline ``memgym`` policies.

Every policy runs on the same five lite samples (the session-wide grid's templates, seed 0).
The numbers are the suite's self-check: the perfect policy must get everything right within
budget, the memoryless policies must score (almost) nothing, and keeping memory up to date
(strategic) must beat ignoring corrections (naive).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from statistics import mean
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.analysis import evals_df
from inspect_ai.log import EvalLog, EvalSample

from inspect_memgym.analysis.sample_scores import score_means
from inspect_memgym.entity_stream.axes import SCORE_KEYS, SUMMARY_KEYS
from inspect_memgym.entity_stream.policies.registry import POLICIES as ALL_POLICIES
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.task import entity_stream
from policy_grid import LITE_GRID_TEMPLATES

TIER = "lite"
SEED = 0
SCORER = "entity_stream_scorer"
SAMPLE_IDS = [f"{template}-{TIER}-{SEED}" for template in LITE_GRID_TEMPLATES]
POLICIES = ("perfect", "strategic", "naive", "guesser", "abstainer")
DETERMINISM_IDS = ["movie-lite-0", "agentteam-lite-0"]
"""Rerun and compared call by call; company, the first template, is rerun by the validity
suite itself (`tests/test_cli_validate.py`'s golden table, its "a rerun is identical"
verdicts)."""


@dataclass(frozen=True)
class PolicyRun:
    """One eval of a memgym policy: the log and its samples by id."""

    policy: str
    log: EvalLog
    samples: dict[str, EvalSample]

    def values(self) -> dict[str, dict[str, float]]:
        return {sample_id: score_value(sample) for sample_id, sample in self.samples.items()}

    def mean_of(self, key: str) -> float:
        return mean(value[key] for value in self.values().values())


def score_value(sample: EvalSample) -> dict[str, float]:
    assert sample.scores is not None
    value = sample.scores[SCORER].value
    assert isinstance(value, dict)
    return {str(key): float(number) for key, number in value.items()}


def question_details(sample: EvalSample) -> list[dict[str, Any]]:
    assert sample.scores is not None
    metadata = sample.scores[SCORER].metadata
    assert metadata is not None
    details: list[dict[str, Any]] = metadata["questions"]
    return details


def run_policy(
    policy: str, log_dir: Path, sample_id: list[str] | None = None, **task_args: Any
) -> PolicyRun:
    [log] = eval(
        entity_stream(tier=TIER, seed=SEED, **task_args),
        model=f"memgym/{policy}",
        log_dir=str(log_dir),
        sample_id=sample_id,
        max_samples=4,
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    return PolicyRun(policy, log, {str(sample.id): sample for sample in log.samples})


def grid_run(lite_grid: Any, policy: str) -> PolicyRun:
    """A policy's run from the session-wide lite grid (every policy, five templates, seed 0)."""
    log = lite_grid.logs[policy]
    assert log.status == "success", log.error
    assert log.samples is not None
    return PolicyRun(policy, log, {str(sample.id): sample for sample in log.samples})


@pytest.fixture(scope="module")
def policy_log_dir(lite_grid: Any) -> Path:
    """The lite grid's log dir: one log per registered policy (read by evals_df)."""
    return Path(lite_grid.log_dir)


@pytest.fixture(scope="module")
def perfect(lite_grid: Any) -> PolicyRun:
    return grid_run(lite_grid, "perfect")


@pytest.fixture(scope="module")
def strategic(lite_grid: Any) -> PolicyRun:
    return grid_run(lite_grid, "strategic")


@pytest.fixture(scope="module")
def naive(lite_grid: Any) -> PolicyRun:
    return grid_run(lite_grid, "naive")


@pytest.fixture(scope="module")
def guesser(lite_grid: Any) -> PolicyRun:
    return grid_run(lite_grid, "guesser")


@pytest.fixture(scope="module")
def abstainer(lite_grid: Any) -> PolicyRun:
    return grid_run(lite_grid, "abstainer")


def assert_clean_run(run: PolicyRun) -> None:
    """Every sample ran without error, was scored and stayed within its write budget."""
    assert sorted(run.samples) == sorted(SAMPLE_IDS)
    for sample_id, sample in run.samples.items():
        assert sample.error is None, sample_id
        assert sample.limit is None, sample_id
        assert set(score_value(sample)) == set(SCORE_KEYS), sample_id
        assert all(0.0 <= number <= 1.0 for number in score_value(sample).values()), sample_id
        used = sample.store["MemoryLedger:writes_used"]
        budget = sample.store["MemoryLedger:write_budget"]
        assert budget == sample.metadata["write_budget"] == 15, sample_id
        assert 0 <= used <= budget, sample_id


@pytest.mark.parametrize("sample_id", SAMPLE_IDS)
def test_perfect_answers_everything(perfect: PolicyRun, sample_id: str) -> None:
    sample = perfect.samples[sample_id]
    assert sample.error is None
    details = question_details(sample)
    assert len(details) == len(scenario_content(sample.metadata).questions) == 11
    wrong = [(d["qid"], d["qtype"], d["gold"], d["answer"]) for d in details if not d["correct"]]
    assert wrong == []
    assert all(detail["submitted"] for detail in details)
    assert all(detail["decided_by"] == "rules" for detail in details)
    assert score_value(sample)["composite"] >= 0.95
    used = sample.store["MemoryLedger:writes_used"]
    assert 0 < used <= sample.store["MemoryLedger:write_budget"]


def test_perfect_run_is_clean(perfect: PolicyRun) -> None:
    assert_clean_run(perfect)
    assert perfect.log.eval.model == "memgym/perfect"
    assert perfect.log.results is not None
    assert perfect.log.results.completed_samples == len(SAMPLE_IDS)


def test_guesser_scores_almost_nothing(guesser: PolicyRun) -> None:
    assert_clean_run(guesser)
    assert guesser.mean_of("composite") <= 0.05
    # it never stores anything and never declines
    assert all(s.store["MemoryLedger:writes_used"] == 0 for s in guesser.samples.values())
    assert guesser.mean_of("abstention") == 0.0


def test_abstainer_only_gets_abstention_right(abstainer: PolicyRun) -> None:
    assert_clean_run(abstainer)
    for sample_id, value in abstainer.values().items():
        assert value["composite"] == 0.0, sample_id
        assert value["abstention"] == 1.0, sample_id
        correct = [
            d["axis"] for d in question_details(abstainer.samples[sample_id]) if d["correct"]
        ]
        assert set(correct) == {"abstention"}, sample_id


def test_strategic_beats_naive(strategic: PolicyRun, naive: PolicyRun) -> None:
    assert_clean_run(strategic)
    assert_clean_run(naive)
    assert strategic.mean_of("composite") > naive.mean_of("composite")
    assert strategic.mean_of("maintenance") > naive.mean_of("maintenance") + 0.25
    # naive ignores corrections, so it (almost) never answers maintenance questions right
    assert naive.mean_of("maintenance") <= 0.1


def test_policies_are_ordered(
    perfect: PolicyRun, strategic: PolicyRun, naive: PolicyRun, guesser: PolicyRun
) -> None:
    composite = [run.mean_of("composite") for run in (perfect, strategic, naive, guesser)]
    assert composite == sorted(composite, reverse=True)
    assert composite[0] > composite[1]


def test_evals_df_has_every_axis(
    policy_log_dir: Path,
    perfect: PolicyRun,
    strategic: PolicyRun,
    naive: PolicyRun,
    guesser: PolicyRun,
    abstainer: PolicyRun,
) -> None:
    """The summary keys have metrics (in evals_df); the rest are averaged from the samples.

    Per-axis deltas, failure rates and per-template means are not metrics, so the results
    table Inspect prints stays readable at 80 columns.
    """
    frame = evals_df(str(policy_log_dir))
    assert len(frame) == len(ALL_POLICIES)
    for key in SCORE_KEYS:
        has_metric = key in SUMMARY_KEYS
        assert (f"score_{key}_mean" in frame.columns) == has_metric, key
        assert (f"score_{key}_stderr" in frame.columns) == has_metric, key
        for template in LITE_GRID_TEMPLATES:
            assert f"score_{key}_grouped_{template}" not in frame.columns, (key, template)
    rows: dict[Hashable, dict[Hashable, Any]] = frame.set_index("model").to_dict(orient="index")
    assert set(rows) == {f"memgym/{policy}" for policy in ALL_POLICIES}
    for run in (perfect, strategic, naive, guesser, abstainer):
        row = rows[f"memgym/{run.policy}"]
        means = score_means(run.log, SCORER)
        for key in SCORE_KEYS:
            assert means[key] == pytest.approx(run.mean_of(key)), (run.policy, key)
            if key in SUMMARY_KEYS:
                assert row[f"score_{key}_mean"] == pytest.approx(means[key]), (run.policy, key)
    assert rows["memgym/perfect"]["score_composite_mean"] >= 0.95
    assert rows["memgym/abstainer"]["score_abstention_mean"] == 1.0


@pytest.mark.parametrize("policy", ["perfect", "strategic"])
def test_runs_are_deterministic(
    policy: str,
    perfect: PolicyRun,
    strategic: PolicyRun,
    tmp_path: Path,
) -> None:
    first = {"perfect": perfect, "strategic": strategic}[policy]
    second = run_policy(policy, tmp_path, sample_id=DETERMINISM_IDS)
    assert sorted(second.samples) == sorted(DETERMINISM_IDS)
    for sample_id in DETERMINISM_IDS:
        before, after = first.samples[sample_id], second.samples[sample_id]
        assert score_value(after) == score_value(before), sample_id
        answers = [(d["qid"], d["answer"], d["correct"]) for d in question_details(before)]
        assert [(d["qid"], d["answer"], d["correct"]) for d in question_details(after)] == answers
        operations = [
            {key: value for key, value in record.items() if key != "ms"}
            for record in before.store["MemoryLedger:operations"]
        ]
        assert [
            {key: value for key, value in record.items() if key != "ms"}
            for record in after.store["MemoryLedger:operations"]
        ] == operations, sample_id


def test_task_by_registry_name(perfect: PolicyRun, tmp_path: Path) -> None:
    [log] = eval(
        "inspect_memgym/entity_stream",
        model="memgym/perfect",
        task_args={"tier": "lite", "templates": "company", "seeds": 1},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success"
    assert log.eval.task == "inspect_memgym/entity_stream"
    assert log.eval.task_args["tier"] == "lite"
    assert log.samples is not None
    [sample] = log.samples
    assert sample.id == "company-lite-0"
    assert sample.error is None
    assert all(detail["correct"] for detail in question_details(sample))
    assert score_value(sample) == score_value(perfect.samples["company-lite-0"])


def test_perfect_scores_one_on_the_smoke_tier_and_its_unasked_axes_are_absent(
    tmp_path: Path,
) -> None:
    # smoke asks one contradiction and one abstention question: breadth and reasoning have
    # no question (NaN, out of the composite) and two writes hold the whole stream
    [log] = eval(
        entity_stream(tier="smoke", templates="company", seeds=1),
        model="memgym/perfect",
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    [sample] = log.samples
    value = score_value(sample)
    assert value["composite"] == 1.0
    assert value["maintenance"] == 1.0 and value["efficiency"] == 1.0
    assert math.isnan(value["breadth"]) and math.isnan(value["reasoning"])
    assert log.results is not None
    means = {
        score.name: score.metrics["mean"].value
        for score in log.results.scores
        if "mean" in score.metrics
    }
    assert means["composite"] == 1.0 and math.isnan(means["breadth"])


def test_memorygyms_own_composite_is_computed_from_the_same_verdicts(
    perfect: PolicyRun, naive: PolicyRun, guesser: PolicyRun
) -> None:
    """MemoryGym divides efficiency by the whole budget (15 on lite) and gates maintenance
    by storage coverage; the verdicts are ours, so perfect's official composite is
    0.80 + 0.20 x answerable / 15: below 1, as MemoryGym's own perfect (91%) was."""
    for sample_id, sample in perfect.samples.items():
        value = score_value(sample)
        answerable = sum(d["axis"] != "abstention" for d in question_details(sample))
        assert value["composite"] == 1.0
        assert value["official_efficiency"] == pytest.approx(answerable / 15), sample_id
        assert value["official_composite"] == pytest.approx(0.80 + 0.20 * answerable / 15)
        assert sample.scores[SCORER].metadata["official_storage_coverage"] == 1.0  # type: ignore[index]
    for sample_id, sample in naive.samples.items():
        value = score_value(sample)
        details = question_details(sample)
        right = sum(d["correct"] for d in details if d["axis"] != "abstention")
        assert value["official_efficiency"] == pytest.approx(right / 15), sample_id
        coverage = sample.scores[SCORER].metadata["official_storage_coverage"]  # type: ignore[index]
        assert 0.0 < coverage < 1.0, sample_id
        gate = min(coverage / 0.5, 1.0)
        assert value["official_maintenance"] == pytest.approx(value["maintenance"] * gate)
    assert guesser.mean_of("official_composite") <= 0.05
    assert naive.mean_of("official_composite") < perfect.mean_of("official_composite")

"""conversation end to end with the scripted ``memgym`` assistants, for every reference agent.

The small tier (3 questions x 2 variables, 4 periods) keeps these fast; the base-tier
checks of the done criteria (perfect >= 0.95, a memoryless policy within 0.05 of zero) run
on base users and are marked slow.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.conversation.grading import HEADLINE
from inspect_memgym.conversation.task import conversation
from inspect_memgym.memory.ledger import MemoryLedger

DIAGNOSTIC_KEYS = ("write_failure", "read_failure", "utilization_failure")


def run(policy: str, log_dir: str, **task_args: Any) -> EvalLog:
    args = {"tier": "small", "seeds": 2, **task_args}
    [log] = eval(
        conversation(**args),
        model=f"memgym/{policy}",
        display="none",
        log_dir=log_dir,
        log_format="eval",
    )
    assert log.status == "success", log.error
    return log


def sample_scores(log: EvalLog) -> list[dict[str, float]]:
    assert log.samples
    values = []
    for sample in log.samples:
        assert sample.error is None
        assert sample.scores
        values.append(dict(sample.scores["conversation_scorer"].value))
    return values


def mean(log: EvalLog, key: str) -> float:
    values = [score[key] for score in sample_scores(log)]
    return sum(values) / len(values)


def assert_diagnostics_add_up(log: EvalLog) -> None:
    for sample in log.samples or []:
        metadata = sample.scores["conversation_scorer"].metadata or {}
        for period in metadata["periods"]:
            total = sum(period[key] for key in DIAGNOSTIC_KEYS)
            assert total == pytest.approx(1 - period["accuracy"])


@pytest.fixture(scope="module")
def perfect_awe(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    return run("perfect", str(tmp_path_factory.mktemp("logs")), agent="awe", seeds=1)


def test_perfect_awe_scores_one_through_the_memory_tools(perfect_awe: EvalLog) -> None:
    for score in sample_scores(perfect_awe):
        assert score[HEADLINE] == pytest.approx(1.0)
        assert score["memory_score"] == pytest.approx(1.0)
        assert score["official_memory_score"] == pytest.approx(1.0)  # AMemGym's: the same
        assert score["accuracy"] == 1.0
        assert score["upper_bound"] == 1.0
        assert score["parse_failure"] == 0.0
        assert all(score[key] == 0.0 for key in DIAGNOSTIC_KEYS)
    for sample in perfect_awe.samples or []:
        operations = sample.store_as(MemoryLedger).operations
        writes = [op for op in operations if op["tool"] == "memory_write" and op["ok"]]
        edits = [op for op in operations if op["tool"] == "memory_edit" and op["ok"]]
        scenario = sample.metadata["scenario"]
        changes = sum(len(period["changes"]) for period in scenario["periods"])
        # One note per variable, one edit per change: memory is really used.
        assert len(writes) == len(scenario["variables"])
        assert len(edits) == changes


def test_sample_records_agent_and_periods(perfect_awe: EvalLog) -> None:
    sample = (perfect_awe.samples or [])[0]
    assert sample.metadata["agent"]["agent"] == "awe"
    assert sample.metadata["simulated_user"] == "scripted"
    metadata = sample.scores["conversation_scorer"].metadata or {}
    assert [period["period"] for period in metadata["periods"]] == [0, 1, 2, 3]
    assert len(metadata["questions"]) == 4 * 3


@pytest.mark.parametrize("agent", ["awi", "native"])
def test_perfect_in_context_agents_score_one(agent: str, tmp_path) -> None:
    log = run("perfect", str(tmp_path), agent=agent)
    for score in sample_scores(log):
        assert score[HEADLINE] == pytest.approx(1.0)


def test_rag_retrieves_raw_messages(tmp_path) -> None:
    log = run("perfect", str(tmp_path), agent="rag", seeds=1)
    # Small users have few messages: top_k 30 retrieves all of them.
    for score in sample_scores(log):
        assert score[HEADLINE] == pytest.approx(1.0)
    for sample in log.samples or []:
        stored = [
            op for op in sample.store_as(MemoryLedger).operations if op["tool"] == "rag_store"
        ]
        assert stored


def test_rag_with_small_top_k_loses_memory(tmp_path) -> None:
    log = run("perfect", str(tmp_path), agent={"name": "rag", "top_k": 1}, seeds=1)
    assert mean(log, "accuracy") < 0.9
    assert_diagnostics_add_up(log)


def test_forgetful_policies_rank_below_perfect(tmp_path) -> None:
    naive = run("naive", str(tmp_path), seeds=3)
    strategic = run("strategic", str(tmp_path), seeds=3)
    assert mean(naive, HEADLINE) < 0.9
    assert mean(strategic, HEADLINE) < 0.95
    # naive never updates: its failures after a change are failures to write the change.
    assert mean(naive, "write_failure") > 0
    assert_diagnostics_add_up(naive)
    assert_diagnostics_add_up(strategic)


def test_abstainer_fails_to_parse_and_scores_a_blind_guess(tmp_path) -> None:
    log = run("abstainer", str(tmp_path))
    for score in sample_scores(log):
        assert score["parse_failure"] == 1.0
        assert score["accuracy"] == pytest.approx(0.25)  # a random pick's expectation, 1/k
        assert score["upper_bound"] == 1.0
        assert score[HEADLINE] == pytest.approx(0.0)  # never below the memoryless floor
        # In either pass an unparsed reply earns a guess's credit: abstaining changes nothing.
        assert score["no_memory"] == pytest.approx(0.0)
        assert score["memory_delta"] == pytest.approx(0.0)


def test_without_probes_and_upper_bound_only_their_keys_are_nan(tmp_path) -> None:
    log = run("perfect", str(tmp_path), seeds=1, diagnostics=False, upper_bound=False)
    [score] = sample_scores(log)
    assert score["accuracy"] == 1.0
    assert score[HEADLINE] == 1.0  # the headline needs no auxiliary pass
    assert math.isnan(score["memory_score"]) and math.isnan(score["write_failure"])
    assert math.isnan(score["official_memory_score"])
    assert math.isnan(score["upper_bound_flag"])


def test_same_seed_same_scores(tmp_path) -> None:
    again = run("strategic", str(tmp_path), agent="native")
    once_more = run("strategic", str(tmp_path), agent="native")
    assert [s.id for s in again.samples or []] == ["small-0000", "small-0001"]
    assert sample_scores(again) == sample_scores(once_more)


@pytest.mark.slow
def test_base_user_perfect_awe(tmp_path) -> None:
    log = run("perfect", str(tmp_path), tier="base", seeds=1)
    [score] = sample_scores(log)
    assert score[HEADLINE] >= 0.95


@pytest.mark.slow
def test_done_criteria_on_base_users(tmp_path) -> None:
    perfect = run("perfect", str(tmp_path), tier="base", seeds=5)
    guesser = run("guesser", str(tmp_path), tier="base", seeds=10, diagnostics=False)
    assert mean(perfect, HEADLINE) >= 0.95
    assert abs(mean(guesser, HEADLINE)) <= 0.05
    assert_diagnostics_add_up(perfect)


def test_guesser_scores_near_zero(tmp_path) -> None:
    # The memory system is irrelevant to a policy that remembers nothing: native is cheapest.
    log = run("guesser", str(tmp_path), agent="native", seeds=12, diagnostics=False)
    assert abs(mean(log, HEADLINE)) <= 0.1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"agent": "memgpt"}, "unknown memory strategy 'memgpt'; choose one of"),
        (
            {"agent": {"name": "native", "top_k": 5}},
            "memory strategy 'native' takes no parameter 'top_k'",
        ),
        ({"tier": "huge"}, "unknown conversation tier 'huge'"),
        ({"memory": "sqlite"}, "unknown memory backend 'sqlite'"),
        ({"agent": {"name": "awe", "update_frequency": 0}}, "update_frequency"),
    ],
)
def test_bad_parameters_are_refused_before_any_sample(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        conversation(**args)


def test_solver_override_runs_a_reference_agent(tmp_path) -> None:
    from inspect_memgym.strategies.rag import rag

    [log] = eval(
        conversation(tier="small", seed=0),
        solver=rag(top_k=50),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    [score] = sample_scores(log)
    assert (log.samples or [])[0].metadata["agent"]["agent"] == "rag"
    assert score[HEADLINE] == pytest.approx(1.0)


def test_awe_on_a_chroma_server_scores_like_embedded(
    perfect_awe: EvalLog, chroma_server: Any, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inspect_memgym.memory.chroma_connection import CHROMA_URL_ENV, chroma_client

    monkeypatch.setenv(CHROMA_URL_ENV, chroma_server.url)
    log = run("perfect", str(tmp_path), agent="awe", seeds=1)
    assert sample_scores(log) == sample_scores(perfect_awe)
    assert log.eval.metadata is not None
    assert log.eval.metadata["memory_location"] == chroma_server.url
    collections = [c.name for c in chroma_client(chroma_server.url).list_collections()]
    assert not [name for name in collections if log.eval.eval_id in name]

"""The procedures task end to end with the scripted memgym policies (inspect_ai.eval).

Bounds: perfect passes every test task with memory (Δ = 1: nothing passes without it);
every memoryless or cheating policy stays within the memoryless floor (0) + 0.05 and its
Δ within 0.05; memory never changes while a test task is worked; the rule check, not the
reply, decides.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.kit.inspect_internals import TaskArgumentError
from inspect_memgym.procedures.grading import MEMORYLESS_FLOOR
from inspect_memgym.procedures.policies import MEMORYLESS_POLICIES
from inspect_memgym.procedures.task import procedures

SCORER = "procedures_scorer"
SMALL = {"tier": "smoke", "templates": "shop"}
BOUND = MEMORYLESS_FLOOR + 0.05


def run(model: str, log_dir: Path, **args: Any) -> EvalLog:
    [log] = eval(procedures(**args), model=model, display="none", log_dir=str(log_dir))
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def means(log: EvalLog) -> dict[str, float]:
    assert log.results is not None
    return {
        score.name: score.metrics["mean"].value
        for score in log.results.scores
        if "mean" in score.metrics
    }


@pytest.mark.parametrize("agent", ["notes", pytest.param("rag", marks=pytest.mark.slow)])
def test_perfect_passes_every_task_with_memory_and_none_without(agent: str, tmp_path: Path) -> None:
    log = run("memgym/perfect", tmp_path, agent=agent, **SMALL)
    figures = means(log)
    assert figures["pass_at_1"] == 1.0
    assert figures["no_memory"] == 0.0
    assert figures["memory_delta"] == 1.0
    assert figures["tool_errors"] == 0.0
    assert figures["steps"] >= 5


def test_perfect_without_memory_passes_nothing(tmp_path: Path) -> None:
    figures = means(run("memgym/perfect", tmp_path, agent="none", **SMALL))
    assert figures["pass_at_1"] == 0.0
    assert figures["memory_delta"] == 0.0


@pytest.mark.parametrize("policy", ["replayer", "prompt_reader"])
def test_memoryless_and_cheating_policies_stay_at_the_floor(policy: str, tmp_path: Path) -> None:
    figures = means(run(f"memgym/{policy}", tmp_path, agent="notes", **SMALL))
    assert figures["pass_at_1"] <= BOUND
    assert figures["memory_delta"] <= 0.05


@pytest.mark.slow
@pytest.mark.parametrize("policy", MEMORYLESS_POLICIES)
def test_every_memoryless_policy_stays_at_the_floor_on_lite(policy: str, tmp_path: Path) -> None:
    figures = means(run(f"memgym/{policy}", tmp_path, agent="notes", tier="lite"))
    assert figures["pass_at_1"] <= BOUND
    assert figures["memory_delta"] <= 0.05


def test_trial_and_error_finds_no_way_past_a_hold(tmp_path: Path) -> None:
    log = run("memgym/trial_and_error", tmp_path, agent="notes", **SMALL)
    assert log.samples is not None
    for sample in log.samples:
        score = sample.scores[SCORER]  # type: ignore[index]
        assert score.metadata is not None
        memory_pass = score.metadata["passes"][-1]
        refused = [call for call in memory_pass["calls"] if call["refused"]]
        assert refused, "every smoke task refuses the naive order"
        assert all(
            "on hold" in call["result"] or "closed" in call["result"] for call in refused[1:]
        )
        assert score.value["pass_at_1"] == 0.0  # type: ignore[index]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"tier": "huge"}, "unknown tier 'huge'"),
        ({"templates": "mall"}, "unknown template 'mall'"),
        ({"agent_turns": 0}, "agent_turns"),
    ],
)
def test_bad_input_is_one_line(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        procedures(**arguments)
    text = str(raised.value)
    assert message in text and "\n" not in text

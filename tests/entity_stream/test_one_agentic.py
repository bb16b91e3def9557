"""One agentic strategy: entity_stream's events are played by the shared `agentic` solver.

``-T agent=agentic`` and ``--solver inspect_memgym/agentic`` both play the task's own event
loop (one tool loop per event, ``submit_answer`` for questions); the agent's ``max_turns`` is
the turn cap per event (``-T max_turns_per_event``, deprecated, says the same until
entity_stream 10).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.log import EvalSample
from inspect_ai.solver import Solver

from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.strategies.agentic import agentic

POLICY = "memgym/perfect"


def smoke_task(max_turns: int = 20) -> Task:
    return entity_stream(
        tier="smoke", seed=0, templates="company", agent={"name": "agentic", "max_turns": max_turns}
    )


def played(tmp_path: Path, task: Task, solver: Solver | None = None) -> EvalSample:
    [log] = eval(task, model=POLICY, solver=solver, display="none", log_dir=str(tmp_path))
    assert log.status == "success", log.error
    assert log.samples is not None
    [sample] = log.samples
    return sample


def answers(sample: EvalSample) -> dict[str, Any]:
    recorded = sample.store["EntityStreamState:answers"]
    assert isinstance(recorded, dict)
    return recorded


def score_value(sample: EvalSample) -> dict[str, Any]:
    assert sample.scores is not None
    value = sample.scores["entity_stream_scorer"].value
    assert isinstance(value, dict)
    return value


@pytest.fixture(scope="module")
def by_task(tmp_path_factory: pytest.TempPathFactory) -> EvalSample:
    return played(tmp_path_factory.mktemp("task"), smoke_task())


def test_the_shared_solver_plays_the_task_events(by_task: EvalSample, tmp_path: Path) -> None:
    by_solver = played(tmp_path, smoke_task(), agentic(max_turns=20))
    assert by_solver.metadata["strategy"] == by_task.metadata["strategy"] == "agentic"
    assert answers(by_solver) == answers(by_task)
    assert score_value(by_solver) == score_value(by_task)
    assert all(answer["submitted"] for answer in answers(by_task).values())
    assert score_value(by_task)["composite"] > 0.5


@pytest.mark.old_spelling
def test_max_turns_per_event_is_the_strategy_turn_cap(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    task = entity_stream(tier="smoke", seed=0, templates="company", max_turns_per_event=1)
    assert (
        "entity_stream: -T max_turns_per_event is deprecated (until entity_stream 10); use -T "
        'agent="{name: agentic, max_turns: 1}"'
    ) in caplog.text
    sample = played(tmp_path, task)
    assert sample.metadata["agent"]["max_turns"] == 1
    # one turn per event: a question gets its lookup, never the submit_answer after it
    assert {answer["turns"] for answer in answers(sample).values()} == {1}
    assert not any(answer["submitted"] for answer in answers(sample).values())


def test_the_agent_mapping_sets_the_turn_cap_once(tmp_path: Path) -> None:
    task = entity_stream(
        tier="smoke", seed=0, templates="company", agent={"name": "agentic", "max_turns": 1}
    )
    assert task.metadata is not None and task.metadata["max_turns_per_event"] == 1
    sample = played(tmp_path, task)
    assert sample.metadata["agent"]["max_turns"] == 1
    assert {answer["turns"] for answer in answers(sample).values()} == {1}
    with pytest.raises(ValueError, match="give the turn cap once"):
        entity_stream(agent={"name": "agentic", "max_turns": 1}, max_turns_per_event=3)

"""procedures' validity suite: registered, its grid big enough, every policy bounded."""

from __future__ import annotations

import inspect_memgym._validity_suites  # noqa: F401  (registers every suite)
from inspect_memgym.kit.pass_switch import DECLINE_SWITCHES, SWITCH_POLICIES
from inspect_memgym.procedures.policies import PROCEDURES_POLICIES
from inspect_memgym.procedures.validity_suite import PROCEDURES_SUITE
from inspect_memgym.validity.suite import ValidateOptions, get_suite


def test_the_suite_is_registered_with_a_grid_of_at_least_40_samples(tmp_path: object) -> None:
    assert get_suite("procedures") is PROCEDURES_SUITE
    task = PROCEDURES_SUITE.task_for(
        PROCEDURES_SUITE.runs[0], ValidateOptions(log_dir=str(tmp_path))
    )
    assert len(task.dataset) >= 40


def test_every_policy_plays_a_bounded_run() -> None:
    played = {run.policy for run in PROCEDURES_SUITE.runs}
    assert played == {*PROCEDURES_POLICIES, *SWITCH_POLICIES}
    for run in PROCEDURES_SUITE.runs:
        assert run.bounds, run.name
        if run.adversary:
            assert {bound.key for bound in run.bounds} == {"pass_at_1", "memory_delta"}


def test_the_switches_play_under_every_strategy_family() -> None:
    """All twelve under notes, the six decline pairs under the five other families."""
    switch_runs = [run for run in PROCEDURES_SUITE.runs if run.policy in SWITCH_POLICIES]
    families = {run.name.split("/", 1)[1] for run in switch_runs}
    assert families == {"notes", "native", "rag", "awe", "agentic", "system"}
    assert len([run for run in switch_runs if run.name.endswith("/notes")]) == 12
    decline_pairs = {switch.name for switch in DECLINE_SWITCHES}
    for run in switch_runs:
        if not run.name.endswith("/notes"):
            assert run.policy in decline_pairs, run.name
        assert {(bound.key, bound.at_most) for bound in run.bounds} == {
            ("pass_at_1", 0.05),
            ("memory_delta", 0.05),
        }
    assert len(switch_runs) == 12 + 5 * 6

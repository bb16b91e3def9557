"""procedures' validity suite: registered, its grid big enough, every policy bounded."""

from __future__ import annotations

import inspect_memgym._validity_suites  # noqa: F401  (registers every suite)
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
    assert played == set(PROCEDURES_POLICIES)
    for run in PROCEDURES_SUITE.runs:
        assert run.bounds, run.name
        if run.adversary:
            assert {bound.key for bound in run.bounds} == {"pass_at_1", "memory_delta"}

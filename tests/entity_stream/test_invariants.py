"""Each validity invariant passes on healthy results and fails when what it guards breaks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from inspect_memgym.entity_stream.invariants import (
    MEMORYLESS,
    PolicyResult,
    Verdict,
    check_invariants,
    rerun_is_identical,
)

HEALTHY_COMPOSITES = {
    "perfect": 1.0,
    "template_expert": 0.8,
    "strategic": 0.65,
    "priority": 0.55,
    "random": 0.5,
    "naive": 0.2,
    "guesser": 0.01,
    "abstainer": 0.0,
    "smart_guesser": 0.02,
    "name_dumper": 0.0,
    "hedger": 0.0,
    "over_writer": 0.01,
    "judge_baiter": 0.0,
}
MAINTENANCE = {"strategic": 0.75, "naive": 0.0}


def healthy() -> dict[str, PolicyResult]:
    return {
        name: PolicyResult(
            policy=name,
            means={
                "composite": composite,
                "maintenance": MAINTENANCE.get(name, 0.5),
                "memory_delta": composite if name not in MEMORYLESS else 0.0,
            },
            question_accuracy=1.0 if name == "perfect" else composite,
            sample_values={"company-lite-0": {"composite": composite}},
        )
        for name, composite in HEALTHY_COMPOSITES.items()
    }


def with_composite(results: dict[str, PolicyResult], name: str, composite: float) -> None:
    results[name] = replace(results[name], means={**results[name].means, "composite": composite})


def failed(verdicts: list[Verdict]) -> list[str]:
    return [verdict.name for verdict in verdicts if not verdict.passed]


def test_healthy_results_pass_every_invariant() -> None:
    verdicts = check_invariants(healthy(), rerun={"perfect": healthy()["perfect"]})
    assert failed(verdicts) == []
    assert len(verdicts) == 10


def test_perfect_gaining_little_from_memory_fails() -> None:
    results = healthy()
    results["perfect"] = replace(
        results["perfect"], means={**results["perfect"].means, "memory_delta": 0.85}
    )
    assert failed(check_invariants(results)) == ["perfect memory delta ≥ 0.9 × composite"]


@pytest.mark.parametrize("policy", MEMORYLESS)
def test_a_memoryless_policy_gaining_from_memory_fails(policy: str) -> None:
    results = healthy()
    results[policy] = replace(
        results[policy], means={**results[policy].means, "memory_delta": -0.06}
    )
    assert failed(check_invariants(results)) == ["guessers and abstainer |memory delta| ≤ 0.05"]


def test_perfect_below_99_percent_fails() -> None:
    results = healthy()
    results["perfect"] = replace(results["perfect"], question_accuracy=0.985)
    assert failed(check_invariants(results)) == ["perfect ≥ 99% right and composite ≥ 0.95"]


def test_perfect_composite_below_095_fails() -> None:
    results = healthy()
    with_composite(results, "perfect", 0.94)
    results["template_expert"] = replace(
        results["template_expert"], means={"composite": 0.8, "maintenance": 0.5}
    )
    assert "perfect ≥ 99% right and composite ≥ 0.95" in failed(check_invariants(results))


@pytest.mark.parametrize(
    "shortcut", ["guesser", "abstainer", "smart_guesser", "name_dumper", "hedger", "over_writer"]
)
def test_any_shortcut_above_005_fails(shortcut: str) -> None:
    results = healthy()
    with_composite(results, shortcut, 0.051)
    failures = failed(check_invariants(results))
    assert "cheaters, guessers, abstainer ≤ 0.05 composite" in failures
    verdict = next(v for v in check_invariants(results) if v.name.startswith("cheaters"))
    assert shortcut in verdict.detail


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("perfect", "template_expert"),
        ("template_expert", "strategic"),
        ("strategic", "naive"),
        ("naive", "guesser"),
    ],
)
def test_each_step_of_the_composite_order_is_guarded(higher: str, lower: str) -> None:
    results = healthy()
    with_composite(results, lower, results[higher].means["composite"])  # a tie is not ">"
    assert any(name.endswith("on composite") for name in failed(check_invariants(results)))


def test_strategic_not_beating_naive_on_maintenance_fails() -> None:
    results = healthy()
    results["naive"] = replace(results["naive"], means={"composite": 0.2, "maintenance": 0.75})
    assert failed(check_invariants(results)) == ["strategic > naive on maintenance"]


def test_priority_far_below_random_fails_but_slightly_below_passes() -> None:
    results = healthy()
    with_composite(results, "priority", 0.46)
    assert failed(check_invariants(results)) == []
    with_composite(results, "priority", 0.44)
    assert failed(check_invariants(results)) == ["priority ≥ random − 0.05"]


def test_a_single_budget_overrun_fails() -> None:
    results = healthy()
    results["over_writer"] = replace(results["over_writer"], budget_overruns=1)
    verdicts = check_invariants(results)
    assert failed(verdicts) == ["budget never exceeded"]
    assert "over_writer" in next(v.detail for v in verdicts if not v.passed)


def test_a_sample_error_fails() -> None:
    results = healthy()
    results["hedger"] = replace(results["hedger"], errors=2)
    assert failed(check_invariants(results)) == ["no sample errors"]


def test_a_rerun_that_differs_fails() -> None:
    first = healthy()
    again = {
        "perfect": replace(first["perfect"], sample_values={"company-lite-0": {"composite": 0.9}})
    }
    verdict = rerun_is_identical(first, again)
    assert verdict is not None and not verdict.passed
    assert "perfect/company-lite-0" in verdict.detail


def test_invariants_without_their_policies_are_skipped_not_passed() -> None:
    only_perfect = {"perfect": healthy()["perfect"]}
    names = [verdict.name for verdict in check_invariants(only_perfect)]
    assert "strategic > naive on maintenance" not in names
    assert "priority ≥ random − 0.05" not in names
    assert "perfect ≥ 99% right and composite ≥ 0.95" in names


def test_a_policy_whose_samples_all_errored_fails_without_crashing() -> None:
    from inspect_ai.log import EvalLog

    from inspect_memgym.entity_stream.validity import policy_result

    log = EvalLog.model_validate(
        {
            "eval": {
                "task": "entity_stream",
                "model": "memgym/perfect",
                "dataset": {},
                "config": {},
                "created": "2026-11-21T00:00:00+00:00",
            },
            "status": "error",
            "samples": [],
        }
    )
    result = policy_result("perfect", log)
    assert result.means["composite"] == 0.0 and result.errors == 1
    results = healthy()
    results["perfect"] = result
    failures = failed(check_invariants(results))
    assert "perfect ≥ 99% right and composite ≥ 0.95" in failures
    assert "no sample errors" in failures

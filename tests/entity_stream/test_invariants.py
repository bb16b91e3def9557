"""Each validity invariant passes on healthy results and fails when what it guards breaks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from inspect_memgym.entity_stream.invariants import (
    MEMORYLESS,
    OVERRUNS,
    QUESTIONS_RIGHT,
    ordering_checks,
)
from inspect_memgym.validity.runs import RunResult
from inspect_memgym.validity.verdicts import Verdict

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


def healthy() -> dict[str, RunResult]:
    return {
        name: RunResult(
            means={
                "composite": composite,
                "maintenance": MAINTENANCE.get(name, 0.5),
                "memory_delta": composite if name not in MEMORYLESS else 0.0,
            },
            samples=1,
            errors=0,
            sample_values={"company-lite-0#1": {"composite": composite}},
            figures={QUESTIONS_RIGHT: 1.0 if name == "perfect" else composite, OVERRUNS: 0},
        )
        for name, composite in HEALTHY_COMPOSITES.items()
    }


def with_figure(results: dict[str, RunResult], name: str, figure: str, value: float) -> None:
    results[name] = replace(results[name], figures={**results[name].figures, figure: value})


def with_composite(results: dict[str, RunResult], name: str, composite: float) -> None:
    results[name] = replace(results[name], means={**results[name].means, "composite": composite})


def failed(verdicts: list[Verdict]) -> list[str]:
    return [verdict.name for verdict in verdicts if not verdict.passed]


def test_healthy_results_pass_every_invariant() -> None:
    verdicts = ordering_checks(healthy())
    assert failed(verdicts) == []
    assert len(verdicts) == 8


def test_perfect_gaining_little_from_memory_fails() -> None:
    results = healthy()
    results["perfect"] = replace(
        results["perfect"], means={**results["perfect"].means, "memory_delta": 0.85}
    )
    assert failed(ordering_checks(results)) == ["perfect memory delta ≥ 0.9 × composite"]


@pytest.mark.parametrize("policy", MEMORYLESS)
def test_a_memoryless_policy_gaining_from_memory_fails(policy: str) -> None:
    results = healthy()
    results[policy] = replace(
        results[policy], means={**results[policy].means, "memory_delta": -0.06}
    )
    assert failed(ordering_checks(results)) == ["guessers and abstainer |memory delta| ≤ 0.05"]


def test_perfect_below_99_percent_fails() -> None:
    results = healthy()
    with_figure(results, "perfect", QUESTIONS_RIGHT, 0.985)
    assert failed(ordering_checks(results)) == ["perfect ≥ 99% right and composite ≥ 0.95"]


def test_perfect_composite_below_095_fails() -> None:
    results = healthy()
    with_composite(results, "perfect", 0.94)
    results["template_expert"] = replace(
        results["template_expert"], means={"composite": 0.8, "maintenance": 0.5}
    )
    assert "perfect ≥ 99% right and composite ≥ 0.95" in failed(ordering_checks(results))


@pytest.mark.parametrize(
    "shortcut", ["guesser", "abstainer", "smart_guesser", "name_dumper", "hedger", "over_writer"]
)
def test_any_shortcut_above_005_fails(shortcut: str) -> None:
    results = healthy()
    with_composite(results, shortcut, 0.051)
    failures = failed(ordering_checks(results))
    assert "cheaters, guessers, abstainer ≤ 0.05 composite" in failures
    verdict = next(v for v in ordering_checks(results) if v.name.startswith("cheaters"))
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
    assert any(name.endswith("on composite") for name in failed(ordering_checks(results)))


def test_strategic_not_beating_naive_on_maintenance_fails() -> None:
    results = healthy()
    results["naive"] = replace(results["naive"], means={"composite": 0.2, "maintenance": 0.75})
    assert failed(ordering_checks(results)) == ["strategic > naive on maintenance"]


def test_priority_far_below_random_fails_but_slightly_below_passes() -> None:
    results = healthy()
    with_composite(results, "priority", 0.46)
    assert failed(ordering_checks(results)) == []
    with_composite(results, "priority", 0.44)
    assert failed(ordering_checks(results)) == ["priority ≥ random − 0.05"]


def test_a_single_budget_overrun_fails() -> None:
    results = healthy()
    with_figure(results, "over_writer", OVERRUNS, 1)
    verdicts = ordering_checks(results)
    assert failed(verdicts) == ["budget never exceeded"]
    assert "over_writer" in next(v.detail for v in verdicts if not v.passed)


def test_invariants_without_their_policies_are_skipped_not_passed() -> None:
    only_perfect = {"perfect": healthy()["perfect"]}
    names = [verdict.name for verdict in ordering_checks(only_perfect)]
    assert "strategic > naive on maintenance" not in names
    assert "priority ≥ random − 0.05" not in names
    assert "perfect ≥ 99% right and composite ≥ 0.95" in names


def test_a_policy_that_scored_no_sample_fails_the_checks_on_it() -> None:
    results = healthy()
    results["perfect"] = RunResult({}, 0, 1, {})
    failures = failed(ordering_checks(results))
    assert "perfect ≥ 99% right and composite ≥ 0.95" in failures
    assert " > ".join(["perfect", "template_expert"]) in failures[1]

"""A run's bounds and the determinism rerun, on run results built by hand."""

from __future__ import annotations

import math

from inspect_memgym.validity.runs import Bound, RunResult, adversary_bounds, rerun_verdict


def result(**means: float) -> RunResult:
    values = {"s1#1": dict(means)}
    return RunResult(dict(means), samples=1, errors=0, sample_values=values)


def test_an_adversary_above_the_ceiling_fails_and_says_by_how_much() -> None:
    results = {"bag": result(score=0.4, memory_delta=0.0)}
    headline, delta = (bound.check("bag", results) for bound in adversary_bounds("score"))
    assert not headline.passed and headline.name == "bag: score ≤ 0.05"
    assert headline.detail == "0.400"
    assert delta.passed


def test_a_bound_over_a_floor_run_adds_the_floor() -> None:
    results = {"guesser": result(final=0.26), "short": result(final=0.30)}
    bound = Bound("final", at_most=0.05, over="guesser")
    verdict = bound.check("short", results)
    assert verdict.passed and verdict.name == "short: final ≤ guesser 0.260 + 0.05"
    assert not bound.check("short", {**results, "short": result(final=0.32)}).passed


def test_a_reference_floor_and_nan() -> None:
    assert Bound("score", at_least=0.9).check("perfect", {"perfect": result(score=0.95)}).passed
    assert not Bound("score", at_least=0.9).check("p", {"p": result(score=0.5)}).passed
    assert not Bound("score", at_most=0.05).check("p", {"p": result(score=math.nan)}).passed
    assert not Bound("score", at_most=0.05).check("p", {"p": result()}).passed  # missing key


def test_a_rerun_must_match_sample_by_sample() -> None:
    first = result(score=0.5, no_memory=math.nan)
    assert rerun_verdict("perfect", first, result(score=0.5, no_memory=math.nan)).passed
    differing = rerun_verdict("perfect", first, result(score=0.25, no_memory=math.nan))
    assert not differing.passed and "s1#1" in differing.detail
    empty = RunResult({}, samples=0, errors=0, sample_values={})
    assert not rerun_verdict("perfect", first, empty).passed

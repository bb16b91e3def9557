"""The validity invariants: only real memory management may score.

Each invariant is a small pure function over per-policy results. It returns a verdict
naming the policies and numbers it compared; an invariant whose policies were not run is
skipped rather than passed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from inspect_memgym.validity.verdicts import Verdict

CHEATERS: tuple[str, ...] = ("name_dumper", "hedger", "over_writer", "judge_baiter")
MEMORYLESS: tuple[str, ...] = ("guesser", "abstainer", "smart_guesser")
COMPOSITE_ORDER: tuple[str, ...] = ("perfect", "template_expert", "strategic", "naive", "guesser")

PERFECT_MIN_QUESTION_ACCURACY = 0.99
PERFECT_MIN_COMPOSITE = 0.95
SHORTCUT_MAX_COMPOSITE = 0.05
PRIORITY_TOLERANCE = 0.05
PERFECT_MIN_DELTA_SHARE = 0.9
"""With perfect memory, memory must account for at least this share of the composite."""
MEMORYLESS_MAX_DELTA = 0.05
"""A policy that stores nothing may gain at most this much from memory (either way)."""


@dataclass(frozen=True)
class PolicyResult:
    """What one policy scored on a grid of samples.

    Attributes:
        policy: Policy name.
        means: Mean of every ``Score.value`` key over the samples.
        question_accuracy: Share of all questions answered correctly.
        budget_overruns: Samples whose writes used exceeded their write budget.
        errors: Samples that ended in an error.
        sample_values: ``Score.value`` per sample id (for the rerun comparison).
    """

    policy: str
    means: dict[str, float]
    question_accuracy: float
    budget_overruns: int = 0
    errors: int = 0
    sample_values: dict[str, dict[str, float]] = field(default_factory=dict)


Results = Mapping[str, PolicyResult]
_NO_RESULT = PolicyResult(policy="", means={}, question_accuracy=0.0, budget_overruns=0, errors=0)


def _composite(results: Results, policy: str) -> float:
    return results[policy].means["composite"]


def perfect_is_near_perfect(results: Results) -> Verdict | None:
    """The perfect policy answers ≥ 99% of questions and scores a composite ≥ 0.95."""
    if "perfect" not in results:
        return None
    perfect = results["perfect"]
    composite = perfect.means["composite"]
    passed = (
        perfect.question_accuracy >= PERFECT_MIN_QUESTION_ACCURACY
        and composite >= PERFECT_MIN_COMPOSITE
    )
    detail = f"questions right {perfect.question_accuracy:.3f}, composite {composite:.3f}"
    return Verdict("perfect ≥ 99% right and composite ≥ 0.95", passed, detail)


def shortcuts_score_nothing(results: Results) -> Verdict | None:
    """Every cheater, guesser and abstainer stays at composite ≤ 0.05."""
    shortcuts = [name for name in (*CHEATERS, *MEMORYLESS) if name in results]
    if not shortcuts:
        return None
    offenders = [n for n in shortcuts if _composite(results, n) > SHORTCUT_MAX_COMPOSITE]
    worst = max(shortcuts, key=lambda name: _composite(results, name))
    detail = f"highest: {worst} {_composite(results, worst):.3f}"
    if offenders:
        detail += f"; above 0.05: {', '.join(offenders)}"
    return Verdict("cheaters, guessers, abstainer ≤ 0.05 composite", not offenders, detail)


def composite_order_holds(results: Results) -> Verdict | None:
    """Composite order: perfect > template_expert > strategic > naive > guesser."""
    present = [name for name in COMPOSITE_ORDER if name in results]
    if len(present) < 2:
        return None
    values = [_composite(results, name) for name in present]
    passed = all(higher > lower for higher, lower in itertools.pairwise(values))
    detail = " > ".join(f"{name} {value:.3f}" for name, value in zip(present, values, strict=True))
    return Verdict(" > ".join(present) + " on composite", passed, detail)


def strategic_maintains_better_than_naive(results: Results) -> Verdict | None:
    """The strategic policy (applies changes) beats naive (ignores them) on maintenance."""
    if "strategic" not in results or "naive" not in results:
        return None
    strategic = results["strategic"].means["maintenance"]
    naive = results["naive"].means["maintenance"]
    detail = f"strategic {strategic:.3f} vs naive {naive:.3f}"
    return Verdict("strategic > naive on maintenance", strategic > naive, detail)


def priority_not_worse_than_random(results: Results) -> Verdict | None:
    """The priority policy (most-asked-about first) scores ≥ random − 0.05 on composite."""
    if "priority" not in results or "random" not in results:
        return None
    priority, random_ = _composite(results, "priority"), _composite(results, "random")
    passed = priority >= random_ - PRIORITY_TOLERANCE
    return Verdict(
        "priority ≥ random − 0.05", passed, f"priority {priority:.3f} vs random {random_:.3f}"
    )


def budget_never_exceeded(results: Results) -> Verdict | None:
    """No sample of any policy used more writes than its budget."""
    overruns = {name: result.budget_overruns for name, result in results.items()}
    return _none_counted("budget never exceeded", overruns, "overruns", "no overrun")


def no_sample_errors(results: Results) -> Verdict | None:
    """Every sample of every policy finished without an error."""
    errors = {name: result.errors for name, result in results.items()}
    return _none_counted("no sample errors", errors, "errors", "no errors")


def _none_counted(check: str, counts: dict[str, int], label: str, none: str) -> Verdict | None:
    """The verdict that no policy counted any of something; None when no policy was run.

    Args:
        check: The invariant's name.
        counts: Each policy's count.
        label: What was counted, naming the nonzero counts in the detail.
        none: The detail when every count is zero.
    """
    if not counts:
        return None
    nonzero = {name: count for name, count in counts.items() if count}
    detail = f"{label}: {nonzero}" if nonzero else none
    return Verdict(check, not nonzero, detail)


def memory_makes_perfect(results: Results) -> Verdict | None:
    """With perfect memory, the memory delta is at least 0.9 of the composite."""
    if "perfect" not in results or "memory_delta" not in results["perfect"].means:
        return None
    delta, composite = results["perfect"].means["memory_delta"], _composite(results, "perfect")
    passed = delta >= PERFECT_MIN_DELTA_SHARE * composite
    detail = f"memory delta {delta:.3f}, composite {composite:.3f}"
    return Verdict("perfect memory delta ≥ 0.9 × composite", passed, detail)


def memory_adds_nothing_without_memory(results: Results) -> Verdict | None:
    """Policies that store nothing gain nothing from memory: |memory delta| ≤ 0.05."""
    present = [name for name in MEMORYLESS if "memory_delta" in results.get(name, _NO_RESULT).means]
    if not present:
        return None
    deltas = {name: results[name].means["memory_delta"] for name in present}
    offenders = [name for name, delta in deltas.items() if abs(delta) > MEMORYLESS_MAX_DELTA]
    detail = ", ".join(f"{name} {delta:+.3f}" for name, delta in deltas.items())
    return Verdict("guessers and abstainer |memory delta| ≤ 0.05", not offenders, detail)


INVARIANTS: tuple[Callable[[Results], Verdict | None], ...] = (
    perfect_is_near_perfect,
    shortcuts_score_nothing,
    composite_order_holds,
    strategic_maintains_better_than_naive,
    priority_not_worse_than_random,
    memory_makes_perfect,
    memory_adds_nothing_without_memory,
    budget_never_exceeded,
    no_sample_errors,
)


def rerun_is_identical(first: Results, rerun: Results) -> Verdict | None:
    """A rerun gives identical per-sample scores for every policy run twice.

    Args:
        first: Results of the full run.
        rerun: Results of the rerun (usually a subset of policies and samples).
    """
    if not rerun:
        return None
    differences = []
    compared = 0
    for name, again in rerun.items():
        for sample_id, value in again.sample_values.items():
            compared += 1
            if first[name].sample_values.get(sample_id) != value:
                differences.append(f"{name}/{sample_id}")
    detail = f"{compared} samples compared"
    if differences:
        detail += f"; differ: {', '.join(differences[:5])}"
    return Verdict("identical scores on a rerun", not differences, detail)


def check_invariants(results: Results, rerun: Results | None = None) -> list[Verdict]:
    """Every applicable invariant's verdict, in a fixed order.

    Args:
        results: Per-policy results of the full run.
        rerun: Per-policy results of a rerun, for the determinism check.
    """
    verdicts = [verdict for check in INVARIANTS if (verdict := check(results)) is not None]
    determinism = rerun_is_identical(results, rerun or {})
    if determinism is not None:
        verdicts.append(determinism)
    return verdicts

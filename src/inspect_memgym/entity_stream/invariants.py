"""entity_stream's ordering invariants: only real memory management may score.

Each invariant is a small pure function over every run's result (`validity.runs.RunResult`,
runs named by their policy). It returns a verdict naming the policies and numbers it
compared; an invariant whose policies were not run is skipped rather than passed. The suite
(`validity_suite`) checks them in the policy grid's extra hook (`ordering_checks`), after
the grid's own checks (errors, reruns, bounds).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping

from inspect_memgym.validity.runs import RunResult
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


QUESTIONS_RIGHT = "questions right"
"""A run's figure: the share of all its questions answered correctly (`run_figures`)."""
OVERRUNS = "overruns"
"""A run's figure: its samples whose writes used exceeded their write budget."""
Results = Mapping[str, RunResult]


def _composite(results: Results, policy: str) -> float:
    return results[policy].mean("composite")


def perfect_is_near_perfect(results: Results) -> Verdict | None:
    """The perfect policy answers ≥ 99% of questions and scores a composite ≥ 0.95."""
    if "perfect" not in results:
        return None
    right, composite = results["perfect"].figure(QUESTIONS_RIGHT), _composite(results, "perfect")
    passed = right >= PERFECT_MIN_QUESTION_ACCURACY and composite >= PERFECT_MIN_COMPOSITE
    detail = f"questions right {right:.3f}, composite {composite:.3f}"
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
    strategic = results["strategic"].mean("maintenance")
    naive = results["naive"].mean("maintenance")
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
    """No sample of any run used more writes than its budget."""
    if not results:
        return None
    overruns = {name: result.figure(OVERRUNS) for name, result in results.items()}
    nonzero = {name: count for name, count in overruns.items() if count}
    detail = f"overruns: {nonzero}" if nonzero else "no overrun"
    return Verdict("budget never exceeded", not nonzero, detail)


def memory_makes_perfect(results: Results) -> Verdict | None:
    """With perfect memory, the memory delta is at least 0.9 of the composite."""
    if "perfect" not in results or math.isnan(results["perfect"].mean("memory_delta")):
        return None
    delta, composite = results["perfect"].mean("memory_delta"), _composite(results, "perfect")
    passed = delta >= PERFECT_MIN_DELTA_SHARE * composite
    detail = f"memory delta {delta:.3f}, composite {composite:.3f}"
    return Verdict("perfect memory delta ≥ 0.9 × composite", passed, detail)


def memory_adds_nothing_without_memory(results: Results) -> Verdict | None:
    """Policies that store nothing gain nothing from memory: |memory delta| ≤ 0.05."""
    deltas = {
        name: results[name].mean("memory_delta")
        for name in MEMORYLESS
        if name in results and not math.isnan(results[name].mean("memory_delta"))
    }
    if not deltas:
        return None
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
)


def ordering_checks(results: Results) -> list[Verdict]:
    """Every applicable invariant's verdict, in a fixed order (the grid's extra hook).

    Args:
        results: Every run's result, by run name (a policy's run is named by the policy).
    """
    return [verdict for check in INVARIANTS if (verdict := check(results)) is not None]

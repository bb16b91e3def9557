"""A suite's runs: one policy under some task arguments, its bounds, and what it scored.

A `SuiteRun` is one eval of the suite's grid: a ``memgym`` policy (a reference or an
adversary) and the task arguments it plays under (a strategy, a mode, a judge). Its
Bounds (`Bound`) say what it may score: an adversary's headline at most 0.05 (or at most a floor
run's headline + 0.05), its memory delta at most 0.05, a reference's headline at least
its floor. `RunResult` is what the run's log says.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from inspect_ai.log import EvalLog

from inspect_memgym.validity.verdicts import Verdict

ADVERSARY_CEILING = 0.05
"""What an adversary may score (or gain over its floor), as the issue of record sets it."""
Figures = Callable[[EvalLog], Mapping[str, float]]
"""(a run's eval log) -> figures beyond the score means (counts print as integers)."""


@dataclass(frozen=True)
class Bound:
    """A limit on one score key's mean in one run.

    Attributes:
        key: The ``Score.value`` key (e.g. ``score``, ``memory_delta``).
        at_most: Upper limit.
        at_least: Lower limit.
        over: Name of another run: the limits are added to that run's mean of the same key
            (a floor by design, such as the task's own memoryless guesser).
    """

    key: str
    at_most: float | None = None
    at_least: float | None = None
    over: str | None = None

    def check(self, run: str, results: Mapping[str, RunResult]) -> Verdict:
        """The bound's verdict on a run's results.

        Args:
            run: The run bounded.
            results: Every run's result (the floor run's among them).
        """
        value = results[run].mean(self.key)
        base, base_text = 0.0, ""
        if self.over is not None:
            base = results[self.over].mean(self.key)
            base_text = f"{self.over} {base:.3f} + "
        parts = []
        if self.at_most is not None:
            parts.append(f"≤ {base_text}{self.at_most:.3g}")
        if self.at_least is not None:
            parts.append(f"≥ {base_text}{self.at_least:.3g}")
        passed = not math.isnan(value) and not math.isnan(base)
        if self.at_most is not None:
            passed = passed and value <= base + self.at_most + 1e-9
        if self.at_least is not None:
            passed = passed and value >= base + self.at_least - 1e-9
        return Verdict(f"{run}: {self.key} {' and '.join(parts)}", passed, f"{value:.3f}")


def adversary_bounds(headline: str, over: str | None = None) -> tuple[Bound, ...]:
    """The bounds every adversary meets: headline and memory delta at most 0.05.

    Args:
        headline: The headline key.
        over: A floor run the headline is measured from (None: from zero).
    """
    return (
        Bound(headline, at_most=ADVERSARY_CEILING, over=over),
        Bound("memory_delta", at_most=ADVERSARY_CEILING),
    )


@dataclass(frozen=True)
class SuiteRun:
    """One eval of a suite's grid.

    Attributes:
        name: Unique name in the suite (e.g. ``withdrawn_reader/notes``).
        policy: The ``memgym`` policy.
        description: What the policy does, in a few words (for the report).
        task_args: Task arguments on top of the grid's (a strategy, a mode...).
        bounds: What it may score.
        adversary: Whether it is an adversary (a reference otherwise).
    """

    name: str
    policy: str
    description: str
    task_args: Mapping[str, Any] = field(default_factory=dict)
    bounds: tuple[Bound, ...] = ()
    adversary: bool = True


@dataclass(frozen=True)
class RunResult:
    """What one run's log says.

    Attributes:
        means: Mean of every numeric ``Score.value`` key over the samples (NaN skipped).
        samples: Samples scored.
        errors: Samples that ended in an error, plus one if the eval did not succeed.
        sample_values: ``Score.value`` per sample id and epoch (for the rerun check).
        figures: The suite's own figures of the run (`Figures`), by name.
    """

    means: dict[str, float]
    samples: int
    errors: int
    sample_values: dict[str, dict[str, float]]
    figures: Mapping[str, float] = field(default_factory=dict)

    def mean(self, key: str) -> float:
        """A key's mean (NaN when no sample has it).

        Args:
            key: Score key.
        """
        return self.means.get(key, math.nan)

    def figure(self, name: str) -> float:
        """One of the suite's figures, else a score key's mean (NaN when neither exists).

        Args:
            name: Figure name or score key.
        """
        return self.figures[name] if name in self.figures else self.mean(name)


def run_result(log: EvalLog, scorer: str, figures: Figures | None = None) -> RunResult:
    """Summarise a run's log.

    Args:
        log: The eval log (with samples, their messages not needed).
        scorer: The task's scorer name.
        figures: The suite's own figures read from the log, if any.
    """
    values: dict[str, dict[str, float]] = {}
    errors = 0 if log.status == "success" else 1
    for sample in log.samples or []:
        errors += sample.error is not None
        score = (sample.scores or {}).get(scorer)
        if score is None or not isinstance(score.value, dict):
            continue
        values[f"{sample.id}#{sample.epoch}"] = {
            str(key): float(value)
            for key, value in score.value.items()
            if isinstance(value, int | float) and not isinstance(value, bool)
        }
    keys = {key for value in values.values() for key in value}
    means = {}
    for key in sorted(keys):
        present = [v[key] for v in values.values() if key in v and not math.isnan(v[key])]
        means[key] = fmean(present) if present else math.nan
    own = dict(figures(log)) if figures is not None else {}
    return RunResult(means, len(values), errors, values, own)


def rerun_verdict(run: str, first: RunResult, again: RunResult) -> Verdict:
    """A rerun gives identical per-sample scores.

    Args:
        run: The run's name.
        first: Its result.
        again: The rerun's result.
    """
    differing = [
        sample
        for sample, value in again.sample_values.items()
        if not _same(first.sample_values.get(sample, {}), value)
    ]
    detail = (
        f"{len(again.sample_values)} samples identical"
        if not differing
        else f"differ: {', '.join(differing[:3])}"
    )
    passed = not differing and bool(again.sample_values)
    return Verdict(f"{run}: a rerun is identical", passed, detail)


def _same(first: Mapping[str, float], second: Mapping[str, float]) -> bool:
    if first.keys() != second.keys():
        return False
    return all(
        (math.isnan(first[key]) and math.isnan(second[key])) or first[key] == second[key]
        for key in first
    )

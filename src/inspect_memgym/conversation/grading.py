"""Grade a conversation run: accuracy, upper bound, memory score and failure diagnostics.

Pure functions over the user (`ConversationScenario`) and the raw answers the driver
recorded. Per period:

- accuracy: share of questions whose chosen advice fits the current state exactly;
- random: mean of 1/len(choices) (the expected accuracy of a uniform guess);
- upper bound: accuracy when the current values are given in the prompt;
- memory score: (accuracy - random) / (upper bound - random), with the denominator floored
  at `MIN_HEADROOM` so a model that cannot use the given state does not divide by ~0;
- diagnostics (AMemGym's definitions): a wrong answer whose required variables were all
  probed correctly is a *utilization* failure; otherwise it is a *write* failure if a
  wrongly probed variable was also wrong in the probe right after it was last revealed,
  else a *read* failure. Each wrong answer gets exactly one label, so
  write + read + utilization = 1 - accuracy in every period.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from inspect_memgym.conversation.world.model import ConversationScenario, Period
from inspect_memgym.conversation.world.probes import exposure_periods, probe_values
from inspect_memgym.scoring.failure_labels import (
    READ_FAILURE,
    UTILIZATION_FAILURE,
    WRITE_FAILURE,
    FailureLabel,
)
from inspect_memgym.scoring.isolation import MEMORY_DELTA, NO_MEMORY, isolation_values
from inspect_memgym.scoring.multiple_choice import parse_choice

NO_MEMORY_ACCURACY = "no_memory_accuracy"
"""Score key: accuracy of the no-memory answers (an honest baseline beside ``random``)."""
MIN_HEADROOM = 0.1
"""Smallest (upper bound - random) used as the memory score's denominator."""

SCORE_KEYS = (
    "memory_score",
    "accuracy",
    "upper_bound",
    "random",
    NO_MEMORY_ACCURACY,
    NO_MEMORY,
    MEMORY_DELTA,
    "write_failure",
    "read_failure",
    "utilization_failure",
    "parse_failure",
)
"""Keys of the conversation `Score.value` (each a float; failure rates are NaN when the
run had no probes, the upper bound NaN when it was not asked, the no-memory keys NaN when
memory isolation was off)."""
NO_MEMORY_KIND = "no_memory"
"""Record kind of a question answered with no memory (asked in every period)."""


@dataclass(frozen=True)
class PeriodGrade:
    """The grades of one period.

    Attributes:
        period: Period index.
        accuracy: Share of questions answered right.
        random: Expected accuracy of a uniform guess.
        upper_bound: Accuracy with the current values given (NaN if not asked).
        memory_score: Normalised accuracy (NaN if the upper bound was not asked).
        no_memory_accuracy: Accuracy of the no-memory answers (NaN without isolation).
        no_memory: The memory score of the no-memory answers (NaN without isolation).
        memory_delta: memory_score - no_memory (NaN without isolation).
        write_failure: Share of questions wrong through a write failure (NaN without probes).
        read_failure: Share wrong through a read failure (NaN without probes).
        utilization_failure: Share wrong with every variable recalled (NaN without probes).
        probe_accuracy: Share of probes answered right (NaN without probes).
        parse_failures: Question replies that named no valid choice.
    """

    period: int
    accuracy: float
    random: float
    upper_bound: float
    memory_score: float
    no_memory_accuracy: float
    no_memory: float
    memory_delta: float
    write_failure: float
    read_failure: float
    utilization_failure: float
    probe_accuracy: float
    parse_failures: int


@dataclass(frozen=True)
class Grading:
    """Everything the scorer reports for one user.

    Attributes:
        value: The `Score.value` dict (keys `SCORE_KEYS`).
        periods: One `PeriodGrade` per period.
        questions: One row per (period, question): choice, gold, verdict and label.
    """

    value: dict[str, float]
    periods: list[PeriodGrade]
    questions: list[dict[str, Any]]


def grade_conversation(scenario: ConversationScenario, results: list[dict[str, Any]]) -> Grading:
    """Grade every recorded answer of one user.

    Args:
        scenario: The user.
        results: The driver's records (``kind``, ``period``, ``item``, ``raw``).

    Returns:
        The grading; a missing answer counts as a parse failure.
    """
    raw = {(r["kind"], int(r["period"]), str(r["item"])): str(r["raw"]) for r in results}
    probe_right = _probe_results(scenario, raw)
    has_probes = any(kind == "probe" for kind, _, _ in raw)
    revealed = {
        variable.key: exposure_periods(scenario, variable.key) for variable in scenario.variables
    }
    periods, rows = [], []
    for period in scenario.periods:
        grade, period_rows = _grade_period(scenario, period, raw, probe_right, has_probes, revealed)
        periods.append(grade)
        rows.extend(period_rows)
    value = _summary(periods)
    value["parse_failure"] = sum(row["parse_failure"] for row in rows) / len(rows) if rows else 0.0
    return Grading(value=value, periods=periods, questions=rows)


def _probe_results(
    scenario: ConversationScenario, raw: dict[tuple[str, int, str], str]
) -> dict[tuple[int, str], bool]:
    """(period, variable key) -> whether the probe named the current value."""
    right = {}
    for period in scenario.periods:
        for variable in scenario.variables:
            reply = raw.get(("probe", period.index, variable.key))
            if reply is None:
                continue
            values = probe_values(scenario.scenario_id, variable)
            choice = parse_choice(reply, len(values))
            right[(period.index, variable.key)] = (
                choice is not None and values[choice - 1] == period.state[variable.key]
            )
    return right


def _grade_period(
    scenario: ConversationScenario,
    period: Period,
    raw: dict[tuple[str, int, str], str],
    probe_right: dict[tuple[int, str], bool],
    has_probes: bool,
    revealed: dict[str, list[int]],
) -> tuple[PeriodGrade, list[dict[str, Any]]]:
    rows = []
    correct: list[bool] = []
    upper: list[bool] = []
    labels: list[str] = []
    no_memory: list[bool] = []
    parse_failures = 0
    for question in scenario.questions:
        gold = question.gold_index(period.state) + 1
        reply = raw.get(("question", period.index, question.qid), "")
        choice = parse_choice(reply, len(question.choices))
        parse_failures += choice is None
        right = choice == gold
        correct.append(right)
        upper_reply = raw.get(("upper_bound", period.index, question.qid))
        if upper_reply is not None:
            upper.append(parse_choice(upper_reply, len(question.choices)) == gold)
        no_memory_reply = raw.get((NO_MEMORY_KIND, period.index, question.qid))
        no_memory_choice = (
            None
            if no_memory_reply is None
            else parse_choice(no_memory_reply, len(question.choices))
        )
        if no_memory_reply is not None:
            no_memory.append(no_memory_choice == gold)
        label = None
        if not right and has_probes:
            label = _failure_label(period.index, question.required, probe_right, revealed)
            labels.append(label)
        rows.append(
            {
                "period": period.index,
                "qid": question.qid,
                "choice": choice,
                "gold": gold,
                "choices": len(question.choices),
                "correct": right,
                "parse_failure": choice is None,
                "failure": label,
                "no_memory_choice": no_memory_choice,
                "no_memory_correct": None if no_memory_reply is None else no_memory_choice == gold,
            }
        )
    count = len(scenario.questions)
    accuracy = fmean(correct) if correct else 0.0
    random = fmean(1 / len(question.choices) for question in scenario.questions) if count else 0.0
    upper_bound = fmean(upper) if upper else math.nan
    memory_score = _normalised(accuracy, random, upper_bound)
    no_memory_accuracy = fmean(no_memory) if no_memory else math.nan
    no_memory_score = _normalised(no_memory_accuracy, random, upper_bound)
    isolation = isolation_values(memory_score, no_memory_score if no_memory else None)
    probes = [right for (index, _), right in probe_right.items() if index == period.index]

    def share(label: str) -> float:
        return labels.count(label) / count if has_probes and count else math.nan

    grade = PeriodGrade(
        period=period.index,
        accuracy=accuracy,
        random=random,
        upper_bound=upper_bound,
        memory_score=memory_score,
        no_memory_accuracy=no_memory_accuracy,
        no_memory=isolation[NO_MEMORY],
        memory_delta=isolation[MEMORY_DELTA],
        write_failure=share(WRITE_FAILURE),
        read_failure=share(READ_FAILURE),
        utilization_failure=share(UTILIZATION_FAILURE),
        probe_accuracy=fmean(probes) if probes else math.nan,
        parse_failures=parse_failures,
    )
    return grade, rows


def _normalised(accuracy: float, random: float, upper_bound: float) -> float:
    """(accuracy - random) / (upper bound - random), floored headroom; NaN without a bound."""
    if math.isnan(upper_bound) or math.isnan(accuracy):
        return math.nan
    return (accuracy - random) / max(upper_bound - random, MIN_HEADROOM)


def _failure_label(
    period: int,
    required: tuple[str, ...],
    probe_right: dict[tuple[int, str], bool],
    revealed: dict[str, list[int]],
) -> FailureLabel:
    """AMemGym's label for one wrong answer (a missing probe counts as failed).

    ``revealed`` maps each variable to the periods in which a session reveals it.
    """
    failed = [key for key in required if not probe_right.get((period, key), False)]
    if not failed:
        return UTILIZATION_FAILURE
    for key in failed:
        written = [index for index in revealed.get(key, []) if index <= period]
        if not written or not probe_right.get((written[-1], key), False):
            return WRITE_FAILURE
    return READ_FAILURE


def _summary(periods: list[PeriodGrade]) -> dict[str, float]:
    """Means over periods of every per-period key (NaN stays NaN)."""
    value = {}
    for key in SCORE_KEYS:
        if key == "parse_failure":
            continue
        value[key] = fmean(getattr(grade, key) for grade in periods) if periods else math.nan
    return value


def period_rows(grading: Grading) -> list[dict[str, Any]]:
    """Per-period detail as plain dicts (for `Score.metadata`).

    Args:
        grading: A grading.
    """
    return [asdict(grade) for grade in grading.periods]

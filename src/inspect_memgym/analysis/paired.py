"""Memory-isolated deltas across runs: each strategy paired with a baseline run, per sample.

MemGym's paired design: ``Δ = score(strategy) - score(baseline)`` with the same reasoner on
the same instances. A leaderboard row (model, task, protocol) is paired with the baseline
row of the same model and task whose protocol differs only in the memory strategy
(`STRATEGY_FIELDS`); its samples are matched by id (epochs averaged first) and the delta is
the mean of the per-sample differences, with a paired standard error (the
standard deviation of the differences over sqrt(n)) and a paired bootstrap confidence
interval (the per-sample differences resampled with replacement, with the board's
`intervals.IntervalSettings`). The baseline is a strategy name (its rows in the same logs,
e.g. ``none``) or the rows of separate baseline logs.

A baseline run is as visible to the model as its no-memory pass (an empty memory, no
history), so a model could answer worse there on purpose and buy a delta. Where both runs
isolated memory, each sample's difference is therefore taken under the shared definition
(`scoring.isolation`): the strategy's headline over the questions in Δ with memory
(``no_memory + memory_delta``) minus the baseline's *floored* ``no_memory`` (every credit at
least its question's memoryless floor, questions a decline decides left out). Where either
run did not isolate memory (NaN), the difference falls back to the two headlines and the
delta says so (``floored`` false). Input that
cannot be paired is refused in one line; a model with no baseline run on a task simply gets
no delta there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from inspect_memgym.analysis.intervals import (
    PAIRED_BOOTSTRAP,
    Interval,
    IntervalSettings,
    bootstrap_interval,
)
from inspect_memgym.analysis.leaderboard import Estimate, Leaderboard, LeaderboardRow, estimate
from inspect_memgym.analysis.log_files import LogReadError
from inspect_memgym.kit.strategy_options import STRATEGY_OPTION_NAMES

STRATEGY_FIELDS = frozenset(
    {"agent", "solver", *STRATEGY_OPTION_NAMES, "max_turns_per_event", "backend", "embedding"}
)
"""Protocol fields that belong to the memory strategy: a pair may differ in these only."""


class PairingRefused(LogReadError):
    """Runs that cannot be paired sample by sample."""


@dataclass(frozen=True)
class PairedDelta:
    """One strategy's headline minus its baseline's, paired by sample.

    Attributes:
        model: Model name.
        task: Task name.
        strategy: The row's memory strategy (``agent``, or its protocol label).
        baseline: The baseline's strategy (or its protocol label).
        key: The headline key compared.
        pairs: Samples paired.
        delta: Mean and paired standard error of the differences.
        strategy_mean: The row's headline mean over the paired samples.
        baseline_mean: The baseline's headline mean over the paired samples.
        interval: Paired bootstrap interval of the delta.
        floored: Whether every pair was taken under the shared floored definition (False:
            some pair compares plain headlines, a run without memory isolation).
    """

    model: str
    task: str
    strategy: str
    baseline: str
    key: str
    pairs: int
    delta: Estimate
    strategy_mean: float
    baseline_mean: float
    interval: Interval
    floored: bool = True


def strategy_of(row: LeaderboardRow) -> str:
    """The row's memory strategy (its ``agent`` field), else its protocol label.

    A memory system played by the ``system`` strategy is its own strategy:
    ``system:mem0``, ``system:mcp``, or ``system:<Class>`` for an adapter of the user's.
    A scoring appended to a log (``inspect score --action append``) follows its name:
    ``native · longmemeval_scorer1``.

    Args:
        row: A leaderboard row.
    """
    agent = row.protocol.value("agent")
    if agent is None:
        return row.label
    system = row.protocol.value("system")
    strategy = f"system:{str(system).rpartition(':')[2]}" if agent == "system" and system else agent
    scoring = row.protocol.value("scoring")
    return f"{strategy} · {scoring}" if scoring else str(strategy)


def paired_deltas(
    board: Leaderboard, baseline: str, baseline_board: Leaderboard | None = None
) -> list[PairedDelta]:
    """Every row's headline delta against its baseline, paired by sample id.

    Args:
        board: The runs to compare.
        baseline: A strategy name (its rows in ``board`` are the baseline), or, with
            ``baseline_board``, a description of that board's logs.
        baseline_board: Rows of separate baseline logs (None: the baseline is in ``board``).

    Returns:
        One delta per row that is not itself a baseline, in the board's order; a model with
        no baseline run on a task gets none there.

    Raises:
        PairingRefused: If there is no baseline run at all, a row's model has baseline runs
            on its task but none of the same protocol, or the two runs hold different
            samples.
    """
    baselines = (
        baseline_board.rows
        if baseline_board is not None
        else [row for row in board.rows if strategy_of(row) == baseline]
    )
    if not baselines:
        raise PairingRefused(
            f"no baseline run with agent {baseline!r} in these logs: run it "
            f"(e.g. -T agent={baseline}) or pass its logs with --baseline"
        )
    deltas = []
    for row in board.rows:
        if any(row is other for other in baselines):
            continue
        if baseline_board is None and strategy_of(row) == baseline:
            continue
        candidates = [o for o in baselines if (o.model, o.task) == (row.model, row.task)]
        if candidates:  # a model with no baseline run on a task gets no delta
            deltas.append(_delta(row, _partner(row, candidates, baseline), board.settings))
    return deltas


def _comparable(row: LeaderboardRow) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    fields = tuple(item for item in row.protocol.fields if item[0] not in STRATEGY_FIELDS)
    return row.model, row.task, fields


def _partner(row: LeaderboardRow, baselines: Sequence[LeaderboardRow], name: str) -> LeaderboardRow:
    wanted = _comparable(row)
    matches = [other for other in baselines if _comparable(other) == wanted]
    if not matches:
        raise PairingRefused(
            f"{row.model} on {row.task} ({row.label}) has no baseline run ({name}) of the same "
            "model, task and protocol: pair runs that differ only in the memory strategy"
        )
    return matches[0]


def _delta(row: LeaderboardRow, partner: LeaderboardRow, settings: IntervalSettings) -> PairedDelta:
    ours, theirs = row.headline_by_sample, partner.headline_by_sample
    if set(ours) != set(theirs):
        raise PairingRefused(
            f"{row.model} on {row.task}: the {strategy_of(row)} run holds {len(ours)} samples "
            f"and the {strategy_of(partner)} run {len(theirs)}, not the same ones "
            f"({len(set(ours) ^ set(theirs))} differ): pair runs of the same samples"
        )
    compared = {sample: _compared(row, partner, sample) for sample in ours}
    ids = sorted(
        sample
        for sample, (mine, baseline, _) in compared.items()
        if not (math.isnan(mine) or math.isnan(baseline))
    )
    differences = [compared[sample][0] - compared[sample][1] for sample in ids]
    return PairedDelta(
        model=row.model,
        task=row.task,
        strategy=strategy_of(row),
        baseline=strategy_of(partner),
        key=row.headline,
        pairs=len(ids),
        delta=estimate(differences),
        strategy_mean=estimate([compared[sample][0] for sample in ids]).mean,
        baseline_mean=estimate([compared[sample][1] for sample in ids]).mean,
        interval=bootstrap_interval(differences, settings, PAIRED_BOOTSTRAP),
        floored=all(compared[sample][2] for sample in ids),
    )


def _compared(
    row: LeaderboardRow, partner: LeaderboardRow, sample: str
) -> tuple[float, float, bool]:
    """A sample's two figures and whether they are the floored ones.

    The strategy's headline over Δ's questions with memory against the baseline's floored
    ``no_memory``, when both runs isolated memory (NaN for a sample none of whose questions
    is in Δ: a question a decline decides says nothing about memory); else the two
    headlines.
    """
    unknown = (math.nan, math.nan, math.nan)
    no_memory, delta, raw = row.isolated_by_sample.get(sample, unknown)
    baseline_no_memory, _, baseline_raw = partner.isolated_by_sample.get(sample, unknown)
    if math.isnan(raw) or math.isnan(baseline_raw):
        return row.headline_by_sample[sample], partner.headline_by_sample[sample], False
    return no_memory + delta, baseline_no_memory, True

"""Confidence intervals: Wilson and bootstrap numbers, paired resampling, pass^k over epochs.

Boards are built from synthetic sample rows (no eval runs), so every number is known: the
Wilson bounds are the published ones, the bootstrap approaches the normal interval on many
samples, and a paired delta whose differences never vary has no width however much the
runs' own scores vary.
"""

from __future__ import annotations

import csv
import io
import math
from statistics import fmean, stdev

import pandas as pd
import pytest

from inspect_memgym.analysis.compare import compare_cells, compare_markdown
from inspect_memgym.analysis.intervals import (
    BOOTSTRAP,
    PAIRED_BOOTSTRAP,
    WILSON,
    IntervalSettings,
    bootstrap_interval,
    mean_interval,
    pass_hat_k,
    wilson_interval,
)
from inspect_memgym.analysis.leaderboard import EvalInfo, Leaderboard, build_leaderboard
from inspect_memgym.analysis.leaderboard_format import format_leaderboard
from inspect_memgym.analysis.paired import paired_deltas
from inspect_memgym.analysis.protocol import Protocol
from inspect_memgym.scoring.isolation import MEMORY_DELTA

SCORER = "scorer"
HEADLINE = "score"


def run(agent: str, values: list[list[dict[str, float]]]) -> tuple[EvalInfo, pd.DataFrame]:
    """One synthetic log: ``values[sample][epoch]`` is that epoch's score value dict."""
    info = EvalInfo(
        log=f"{agent}.eval",
        eval_id=agent,
        model="m",
        protocol=Protocol("task", (("agent", f'"{agent}"'),)),
        scorer=SCORER,
        headline=HEADLINE,
        keys=(HEADLINE, MEMORY_DELTA),
        status="success",
        task_id=agent,
        created="2026-11-28T00:00:00",
    )
    rows = [
        {
            "eval_id": agent,
            "log": info.log,
            "id": f"s{sample}",
            "epoch": epoch + 1,
            "values": {SCORER: value},
            "tokens": None,
            "cost": None,
            "figures": {},
            "roles": {},
            "seed": None,
            "score_notes": {},
        }
        for sample, epochs in enumerate(values)
        for epoch, value in enumerate(epochs)
    ]
    return info, pd.DataFrame(rows)


def board(
    *runs: tuple[EvalInfo, pd.DataFrame], settings: IntervalSettings | None = None
) -> Leaderboard:
    infos = [info for info, _ in runs]
    samples = pd.concat([frame for _, frame in runs], ignore_index=True)
    return build_leaderboard(infos, samples, settings or IntervalSettings())


def test_wilson_interval_has_the_published_bounds() -> None:
    three_of_ten = wilson_interval(3, 10)
    assert (three_of_ten.low, three_of_ten.high) == pytest.approx((0.1078, 0.6032), abs=1e-4)
    assert three_of_ten.method == WILSON
    none_of_five = wilson_interval(0, 5)
    assert (none_of_five.low, none_of_five.high) == pytest.approx((0.0, 0.4345), abs=1e-4)
    all_of_ten = wilson_interval(10, 10)
    assert (all_of_ten.low, all_of_ten.high) == pytest.approx((0.7225, 1.0), abs=1e-4)
    ninety = wilson_interval(3, 10, confidence=0.90)
    assert ninety.low > three_of_ten.low and ninety.high < three_of_ten.high
    assert wilson_interval(0, 0).missing


def test_the_bootstrap_is_seeded_and_approaches_the_normal_interval() -> None:
    values = [((index * 7919) % 1000) / 1000 for index in range(400)]
    interval = bootstrap_interval(values)
    assert interval == bootstrap_interval(values)  # the same seed, the same bounds
    assert interval != bootstrap_interval(values, IntervalSettings(seed=1))
    mean, error = fmean(values), stdev(values) / math.sqrt(len(values))
    assert interval.low == pytest.approx(mean - 1.96 * error, abs=0.1 * error)
    assert interval.high == pytest.approx(mean + 1.96 * error, abs=0.1 * error)
    assert interval.method == BOOTSTRAP
    assert bootstrap_interval([0.4, math.nan]).missing  # one sample: no interval
    assert bootstrap_interval([0.3] * 5).low == pytest.approx(0.3)


def test_a_headline_of_zeros_and_ones_gets_the_wilson_interval() -> None:
    assert mean_interval([1.0, 0.0, 1.0, math.nan, 1.0]) == wilson_interval(3, 4)
    assert mean_interval([1.0, 0.5, 1.0]).method == BOOTSTRAP


def test_pass_k_counts_samples_whose_every_epoch_reaches_the_maximum() -> None:
    epochs = [[1.0, 1.0, 1.0], [1.0, 0.9, 1.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0], [1.0, 1.0]]
    found = pass_hat_k(epochs)
    assert found is not None
    # k is 3; the sample with two scored epochs is left out; 2 of 4 pass all three
    assert (found.k, found.samples, found.passed, found.value) == (3, 4, 2, 0.5)
    assert (found.interval.low, found.interval.high) == pytest.approx((0.1500, 0.8500), abs=1e-4)
    assert pass_hat_k([[1.0], [0.0]]) is None  # one epoch: no pass^k


def test_a_paired_delta_is_as_narrow_as_its_differences() -> None:
    """Scores spread from 0.1 to 0.9 by sample, memory adding exactly 0.05 to each."""
    spread = [0.1 + 0.8 * sample / 19 for sample in range(20)]
    baseline = run("none", [[{HEADLINE: value, MEMORY_DELTA: 0.0}] for value in spread])
    memory = run("rag", [[{HEADLINE: value + 0.05, MEMORY_DELTA: 0.05}] for value in spread])
    leaderboard = board(baseline, memory)
    [delta] = paired_deltas(leaderboard, "none")
    assert delta.delta.mean == pytest.approx(0.05)
    assert (delta.interval.low, delta.interval.high) == pytest.approx((0.05, 0.05))
    assert delta.interval.method == PAIRED_BOOTSTRAP
    # each run's own headline is wide: resampling the runs apart would be as wide
    headline = next(row for row in leaderboard.rows if row.protocol.value("agent") == "rag")
    assert headline.intervals[HEADLINE].high - headline.intervals[HEADLINE].low > 0.2
    text = format_leaderboard(leaderboard, "markdown", [delta])
    assert "| +0.050 [+0.05, +0.05] |" in text


def test_the_in_run_delta_interval_resamples_each_samples_difference() -> None:
    differences = [0.0, 0.5, 1.0, 0.5]
    rows = [[{HEADLINE: 0.5 + value / 2, MEMORY_DELTA: value}] for value in differences]
    leaderboard = board(run("rag", rows))
    [row] = leaderboard.rows
    assert row.intervals[MEMORY_DELTA] == bootstrap_interval(
        differences, IntervalSettings(), PAIRED_BOOTSTRAP
    )
    [cell] = compare_cells(leaderboard)
    assert cell.interval == row.intervals[MEMORY_DELTA]
    low, high = cell.interval.low, cell.interval.high
    text = compare_markdown([cell], leaderboard.settings)
    assert f"| m | rag | +0.500 [{low:+.2f}, {high:+.2f}] (4) |" in text
    assert "95% CI: paired percentile bootstrap over samples" in text
    assert "10,000 resamples, seed 0" in text


def test_the_settings_change_the_level_and_the_draws() -> None:
    rows = [[{HEADLINE: value, MEMORY_DELTA: value}] for value in (0.1, 0.4, 0.5, 0.9, 0.7)]
    wide = board(run("rag", rows)).rows[0].intervals[MEMORY_DELTA]
    narrow = board(run("rag", rows), settings=IntervalSettings(confidence=0.5)).rows[0]
    assert narrow.intervals[MEMORY_DELTA].high - narrow.intervals[MEMORY_DELTA].low < (
        wide.high - wide.low
    )
    with pytest.raises(ValueError, match="confidence must be between 0 and 1"):
        IntervalSettings(confidence=95)


def test_pass_k_reaches_every_output() -> None:
    right, wrong = {HEADLINE: 1.0, MEMORY_DELTA: 1.0}, {HEADLINE: 0.0, MEMORY_DELTA: 0.0}
    epochs = [[right, right, right]] * 3 + [[right, wrong, right]]
    leaderboard = board(run("rag", epochs))
    [row] = leaderboard.rows
    assert row.pass_k is not None and (row.pass_k.k, row.pass_k.passed) == (3, 3)
    markdown = format_leaderboard(leaderboard, "markdown")
    assert "| score | pass^3 | memory_delta |" in markdown
    interval = wilson_interval(3, 4)
    assert f"| 0.750 [{interval.low:.2f}, {interval.high:.2f}] |" in markdown
    [record] = csv.DictReader(io.StringIO(format_leaderboard(leaderboard, "csv")))
    assert (record["pass_k_epochs"], record["pass_k"], record["pass_k_samples"]) == (
        "3",
        "0.75",
        "4",
    )
    assert float(record["pass_k_ci_low"]) == pytest.approx(interval.low, abs=1e-5)

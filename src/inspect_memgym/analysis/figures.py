"""Write every figure for a set of logs: per task, scores, question types, failures, periods.

One figure of each kind per task; its series are the task's leaderboard rows (a model, plus
the protocol fields that differ when the logs hold several protocols of the task):

* ``<task>_scores.png``: every score key but the failure rates, the unfloored isolation
  figures and the official scorers' figures (``official_*``), per model, ± standard error;
* ``<task>_question_types.png``: accuracy per question type (conversation: per question);
* ``<task>_failures.png``: answered right vs write / read / utilization failures;
* ``<task>_periods.png``: the chance-corrected accuracy per period (tasks with periods:
  conversation);
* ``<task>_learning_curve.png``: test accuracy per step (tasks that record a learning curve);
* ``<task>_frontier.png``: the headline against memory tokens per question and against
  search latency, one point per row (logs that record the cost figures).

And one figure across tasks, ``memory_failures.png``: the questions answered right, the
memory failure labels (not stored, not retrieved, not used, outdated:
`scoring.operation_scores`) and the wrong answers no label tells, stacked per task and
strategy, for the tasks that score what memory holds.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pandas as pd
from matplotlib.figure import Figure

from inspect_memgym.analysis.leaderboard import (
    Estimate,
    LeaderboardRow,
    build_leaderboard,
    eval_infos,
)
from inspect_memgym.analysis.log_files import find_log_files, read_headers
from inspect_memgym.analysis.paired import strategy_of
from inspect_memgym.analysis.plot_axes import axes_figure
from inspect_memgym.analysis.plot_curves import Curve, pooled_curve
from inspect_memgym.analysis.plot_failures import failure_figure, memory_failure_figure
from inspect_memgym.analysis.plot_frontier import FrontierPoint, frontier_figure
from inspect_memgym.analysis.plot_learning_curve import learning_curve_figure, mean_curve
from inspect_memgym.analysis.plot_periods import period_figure
from inspect_memgym.analysis.plot_question_types import question_type_figure
from inspect_memgym.analysis.plot_style import (
    RIGHT,
    RIGHT_OR_CUT,
    UNLABELLED,
    WRONG_UNLABELLED,
    save_png,
)
from inspect_memgym.analysis.protocol import describe_field, differing_fields
from inspect_memgym.analysis.sample_scores import sample_details, sample_values
from inspect_memgym.kit.cost_keys import MEMORY_TOKENS_PER_QUESTION, SEARCH_MS_P50, SEARCH_MS_P95
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.scoring.isolation import RAW_ISOLATION_KEYS
from inspect_memgym.scoring.official import is_official_key
from inspect_memgym.scoring.operation_scores import FAILURE_KEYS, MEMORY_FAILURE_LABELS
from inspect_memgym.scoring.reached import NOT_REACHED

NOT_PLOTTED_AS_SCORES = frozenset(
    {*FAILURE_RATE_KEYS, "parse_failure", *RAW_ISOLATION_KEYS, NOT_REACHED}
)
"""Score keys the scores figure leaves out, beside every official scorer's figure
(``official_*``, `scoring.official`)."""
PERIOD_SCORE = "chance_corrected_accuracy"
MEMORY_FAILURES_FILE = "memory_failures.png"
"""The figure of the memory failure labels, per task and strategy (every task in one)."""

Item = TypeVar("Item")
Measured = TypeVar("Measured")


@dataclass(frozen=True)
class WrittenFigure:
    """One PNG written.

    Attributes:
        path: Its path.
        description: What it shows, in one line.
    """

    path: str
    description: str


def write_figures(locations: Sequence[str], output_dir: str) -> list[WrittenFigure]:
    """Read the logs and write every figure that their data supports.

    Args:
        locations: Log directories, log files or S3 prefixes.
        output_dir: Directory for the PNG files (created if missing).

    Raises:
        LogReadError: If logs cannot be found or read, or pooling is refused.
        ValueError: If the output directory cannot be created.
    """
    log_files = find_log_files(locations)
    board = build_leaderboard(eval_infos(read_headers(log_files)), sample_values(log_files))
    details = sample_details(log_files)
    directory = Path(output_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"cannot write {output_dir}: {error.strerror}") from None
    written = []
    for task in board.tasks():
        rows = [row for row in board.rows if row.task == task]
        written += _task_figures(task, rows, details, directory)
    attributed = memory_failure_series(board.rows, right_shares(board.rows, details))
    if attributed:
        written.append(
            _save(
                memory_failure_figure(
                    "what memory failed, per task and strategy\n(share of questions)", attributed
                ),
                directory / MEMORY_FAILURES_FILE,
                "share of questions whose answer failed because the memory did not store, "
                "retrieve or use a fact, or held an outdated one, per task and strategy (stacked)",
            )
        )
    return written


def memory_failure_series(
    rows: Sequence[LeaderboardRow], right: Sequence[float | None] | None = None
) -> list[tuple[str, dict[str, float]]]:
    """Each row with a memory failure share, as (``task · strategy``, outcome -> share).

    A label the task cannot tell (undefined in every sample) adds nothing. The rest of the
    bar is split into the questions answered right (the row's `right` share, at most the
    rest) and those wrong with no label; a row with no right share keeps it whole
    (``unlabelled``). The model joins the label when the rows have more than one.

    Args:
        rows: Leaderboard rows of every task.
        right: Each row's share of questions answered right (`right_shares`), None where
            its samples record no per-question verdict.
    """
    models = {row.model for row in rows}
    answered = list(right) if right is not None else [None] * len(rows)
    series = []
    ordered = sorted(
        zip(rows, answered, strict=True),
        key=lambda pair: (pair[0].task, strategy_of(pair[0]), pair[0].model),
    )
    for row, right_share in ordered:
        shares = {
            label: row.operations[key].mean
            for key, label in zip(FAILURE_KEYS, MEMORY_FAILURE_LABELS, strict=True)
            if key in row.operations and not math.isnan(row.operations[key].mean)
        }
        if not shares:
            continue
        rest = max(0.0, 1.0 - sum(shares.values()))
        if right_share is None:
            shares[UNLABELLED] = rest
        else:
            shares[RIGHT] = min(right_share, rest)
            shares[WRONG_UNLABELLED] = rest - shares[RIGHT]
        model = f" · {row.model}" if len(models) > 1 else ""
        series.append((f"{row.task} · {strategy_of(row)}{model}", shares))
    return series


def right_shares(rows: Sequence[LeaderboardRow], details: pd.DataFrame) -> list[float | None]:
    """Each row's share of questions answered right: the mean over its samples.

    Args:
        rows: Leaderboard rows.
        details: `sample_scores.sample_details` of their logs.

    Returns:
        One share per row, None for a row whose samples record no per-question verdict.
    """
    shares: list[float | None] = []
    for row in rows:
        per_sample = [
            sum(bool(question["correct"]) for question in questions) / len(questions)
            for sample in _row_details(row, details)
            if (questions := sample.get("questions"))
        ]
        shares.append(sum(per_sample) / len(per_sample) if per_sample else None)
    return shares


def series_labels(rows: Sequence[LeaderboardRow]) -> list[str]:
    """Each row's label in figures: the model, plus the protocol fields that differ.

    Args:
        rows: Leaderboard rows of one task.
    """
    varying = differing_fields(row.protocol for row in rows)
    labels = []
    for row in rows:
        if not varying:
            labels.append(row.model)
        else:
            fields = ", ".join(
                describe_field(name, row.protocol.shown(name))
                for name in varying
                if row.protocol.shown(name) is not None
            )
            labels.append(f"{row.model} ({fields})")
    return labels


def _common_label(rows: Sequence[LeaderboardRow], varying: Sequence[str]) -> str:
    """What the rows share, from what they scored (their seeds and share of the dataset).

    When the rows did not all run the same samples, the seeds are left out of the title:
    each row's own label has them.
    """
    ran = {row.ran for row in rows}
    if len(ran) == 1:
        return rows[0].protocol.label(omit=varying, ran=rows[0].ran)
    return rows[0].protocol.label(omit=[*varying, "seeds"])


def _task_figures(
    task: str, rows: Sequence[LeaderboardRow], details: pd.DataFrame, directory: Path
) -> list[WrittenFigure]:
    labels = series_labels(rows)
    varying = differing_fields(row.protocol for row in rows)
    common = _common_label(rows, varying)
    title = f"{task}: {common}" if common else task
    samples = [_row_details(row, details) for row in rows]
    written = []

    keys = [
        key for key in _keys(rows) if key not in NOT_PLOTTED_AS_SCORES and not is_official_key(key)
    ]
    scores = [(label, row.scores) for label, row in zip(labels, rows, strict=True)]
    written.append(
        _save(
            axes_figure(title, keys, scores),
            directory / f"{task}_scores.png",
            f"{', '.join(keys)} per model: mean over samples ± standard error",
        )
    )

    counts = [
        (label, _question_counts(rows_)) for label, rows_ in zip(labels, samples, strict=True)
    ]
    types = sorted({qtype for _, per_type in counts for qtype in per_type})
    if types:
        kind = "question" if any(" " in qtype for qtype in types) else "question type"
        written.append(
            _save(
                question_type_figure(f"{title}\naccuracy per {kind}", types, counts),
                directory / f"{task}_question_types.png",
                f"accuracy per {kind} ({len(types)}) and model: a heatmap",
            )
        )

    shares = _labelled(labels, rows, _outcome_shares)
    if shares:
        written.append(
            _save(
                failure_figure(f"{title}\nanswered right, and why the rest were wrong", shares),
                directory / f"{task}_failures.png",
                "share of questions answered right, and wrong through a write, read or "
                "utilization failure, per model (stacked)",
            )
        )

    periods = _labelled(labels, samples, _period_curve)
    if periods:
        written.append(
            _save(
                period_figure(
                    f"{title}\nchance-corrected accuracy per period",
                    "chance-corrected accuracy (± standard error)",
                    periods,
                ),
                directory / f"{task}_periods.png",
                "chance-corrected accuracy per period and model: mean over users ± standard error",
            )
        )

    points = [_frontier_point(label, row) for label, row in zip(labels, rows, strict=True)]
    if any(point.memory_tokens is not None for point in points):
        written.append(
            _save(
                frontier_figure(f"{title}\nwhat memory costs", rows[0].headline, points),
                directory / f"{task}_frontier.png",
                f"{rows[0].headline} against memory tokens per question and against search "
                "latency (p50 to p95), per model: the cost frontier",
            )
        )

    curves = _labelled(labels, samples, mean_curve)
    if curves:
        written.append(
            _save(
                learning_curve_figure(f"{title}\ntest accuracy per step", curves),
                directory / f"{task}_learning_curve.png",
                "test accuracy after each step and model: mean over samples ± standard error",
            )
        )
    return written


def _labelled(
    labels: Sequence[str], items: Sequence[Item], measure: Callable[[Item], Measured | None]
) -> list[tuple[str, Measured]]:
    """Each label with its item's measure, leaving out the items it does not apply to."""
    return [
        (label, measured)
        for label, item in zip(labels, items, strict=True)
        if (measured := measure(item)) is not None
    ]


def _save(figure: Figure, path: Path, description: str) -> WrittenFigure:
    save_png(figure, path)
    return WrittenFigure(path=path.as_posix(), description=description)


def _keys(rows: Iterable[LeaderboardRow]) -> list[str]:
    keys: list[str] = []
    for row in rows:
        keys += [key for key in row.keys if key not in keys]
    return keys


def _row_details(row: LeaderboardRow, details: pd.DataFrame) -> list[dict[str, Any]]:
    """The row's per-sample details (of the row's scorer), one dict per sample and epoch.

    Only the samples the row counts: a retry's copies of samples its first run scored, and
    samples no log scored, are left out.
    """
    chosen = details[details["eval_id"].isin(row.eval_ids)]
    return [
        record["details"].get(row.scorer, {})
        for record in chosen.to_dict("records")
        if (str(record["eval_id"]), str(record["id"]), int(record["epoch"])) in row.counted
    ]


def _question_counts(samples: Sequence[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """Question type -> (answered right, asked), pooled over samples and epochs."""
    right: dict[str, int] = defaultdict(int)
    asked: dict[str, int] = defaultdict(int)
    for sample in samples:
        for question in sample.get("questions", []):
            asked[question["type"]] += 1
            right[question["type"]] += bool(question["correct"])
    return {qtype: (right[qtype], asked[qtype]) for qtype in asked}


def _outcome_shares(row: LeaderboardRow) -> dict[str, float] | None:
    """Right / write / read / utilization shares from the row's mean failure rates.

    A question a limit cut before the memory pass answered it has no label, so where the
    row's samples had cuts (``not_reached`` above 0) the rest is "right, or cut"
    (`RIGHT_OR_CUT`), never shown as right.
    """
    rates: dict[str, float] = {}
    for key in FAILURE_RATE_KEYS:
        estimate = row.scores.get(key)
        if estimate is None or math.isnan(estimate.mean):
            return None
        rates[key] = estimate.mean
    cut = row.scores.get(NOT_REACHED)
    rest = RIGHT_OR_CUT if cut is not None and cut.mean > 0 else "right"
    return {rest: max(0.0, 1.0 - sum(rates.values())), **rates}


def _frontier_point(label: str, row: LeaderboardRow) -> FrontierPoint:
    """The row's headline and cost figures (None where its logs have none)."""

    def figure(key: str) -> float | None:
        value = row.costs.get(key)
        return None if value is None or math.isnan(value.mean) else value.mean

    return FrontierPoint(
        label=label,
        headline=row.scores.get(row.headline, Estimate(math.nan, math.nan)),
        memory_tokens=figure(MEMORY_TOKENS_PER_QUESTION),
        search_p50=figure(SEARCH_MS_P50),
        search_p95=figure(SEARCH_MS_P95),
    )


def _period_curve(samples: Sequence[dict[str, Any]]) -> Curve | None:
    """Periods, mean memory score and its standard error over samples (None without any)."""
    return pooled_curve(samples, "periods", "period", PERIOD_SCORE)

"""The leaderboard as Markdown (one table per task), CSV or JSON.

Markdown cells read ``mean ± standard error``, but the headline's, every memory delta's
(``memory_delta*``, the paired Δ) and pass^k's read ``mean [low, high]``, a confidence
interval (`intervals`; the paragraph under the tables names the methods); the notes
(protocols that differ, incomplete logs) follow. After the score keys come what the scores
cost: memory tokens per question, all tokens per question and (when some row has a cost)
dollars per question, search latency (p50 / p95 milliseconds, means over samples), tokens
per model role (``model`` is the model under test), then total tokens and cost; a log
without a figure shows it as missing. A task that scores what memory holds
(`scoring.operation_scores`) gets one more column, ``memory recall / precision``, and a task
that asks update-aware multi-hop questions (entity_stream, conversation) one more,
``update chain right / stale`` (`UPDATE_CHAIN_HEADER`; a row whose samples asked none shows
it as missing); the CSV (``memory_<score>_mean`` / ``_stderr``) and JSON
(``memory_operations``) carry every such score. CSV has one line per row with ``<key>_mean`` and
``<key>_stderr`` columns over every task's keys and cost figures, ``<key>_ci_low``,
``<key>_ci_high`` and ``<key>_ci_method`` for the keys with an interval, ``pass_k_*``
columns when a row has pass^k, ``tokens_<role>`` and ``cost_<role>`` columns, and no notes
(the command line prints them, and the intervals' methods, on stderr). JSON holds the
rows, each with its full protocol, intervals, cost figures, role usage and logs, the
interval settings and the notes.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Sequence
from typing import Any

from inspect_memgym.analysis.cost_columns import (
    COST_PER_QUESTION,
    ROLES,
    SAMPLE_COST_KEYS,
    TOKENS_PER_QUESTION,
)
from inspect_memgym.analysis.intervals import (
    Interval,
    IntervalSettings,
    PassK,
    interval_text,
)
from inspect_memgym.analysis.leaderboard import Estimate, Leaderboard, LeaderboardRow
from inspect_memgym.analysis.memory_operation_columns import OPERATION_KEYS
from inspect_memgym.analysis.paired import PairedDelta, strategy_of
from inspect_memgym.kit.cost_keys import (
    MEMORY_TOKENS_PER_QUESTION,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
)
from inspect_memgym.scoring.isolation import RAW_ISOLATION_KEYS, is_delta_key
from inspect_memgym.scoring.official import is_official_key
from inspect_memgym.scoring.operation_scores import UPDATE_CHAIN_KEYS
from inspect_memgym.scoring.reached import NOT_REACHED

FORMATS = ("markdown", "csv", "json")
BESIDE_KEYS = frozenset(RAW_ISOLATION_KEYS)
"""Score keys the Markdown tables show only on request (``leaderboard --beside``), beside
every key starting with `scoring.official.OFFICIAL_PREFIX` (`is_beside_key`)."""
ONLY_WHEN_NONZERO = frozenset({NOT_REACHED})
"""Score keys the Markdown tables show only when some row's mean is not 0 (questions a
limit cut off: `scoring.reached`)."""
MISSING = "–"
MEMORY_SHOWN = ("extraction_recall", "precision")
"""The per-operation memory scores the Markdown table shows (the CSV and JSON carry all)."""
MEMORY_HEADER = "memory recall / precision"
UPDATE_CHAIN_HEADER = "update chain right / stale"
"""The Markdown column of the update-aware multi-hop questions: the share answered right
(``update_chain_accuracy``) / the share answered with the stale chain's answer
(``stale_chain_rate``), for the tasks that ask them."""
MEMORY_COLUMN_PREFIX = "memory_"
"""CSV columns of the per-operation memory scores: ``memory_<score>_mean`` / ``_stderr``."""

UNFLOORED_MARK = "(headlines)"
"""After a paired Δ some of whose pairs compare plain headlines (a run without memory
isolation), not the floored figures of `paired`."""


def format_leaderboard(
    board: Leaderboard,
    output_format: str,
    deltas: Sequence[PairedDelta] = (),
    beside: bool = False,
) -> str:
    """The leaderboard as text.

    Args:
        board: The leaderboard.
        output_format: ``markdown``, ``csv`` or ``json``.
        deltas: Paired deltas against a baseline (`paired.paired_deltas`), shown per row.
        beside: Markdown: also the figures reported beside ours (`is_beside_key`: the
            unfloored memory isolation and the official scorers' figures); CSV and JSON
            always hold them.

    Raises:
        ValueError: For an unknown format.
    """
    if output_format == "markdown":
        return markdown(board, deltas, beside)
    if output_format == "csv":
        return csv_text(board, deltas)
    if output_format == "json":
        return json.dumps(json_document(board, deltas), indent=2, allow_nan=False) + "\n"
    raise ValueError(f"unknown format {output_format!r}; use one of {', '.join(FORMATS)}")


def markdown(board: Leaderboard, deltas: Sequence[PairedDelta] = (), beside: bool = False) -> str:
    """One Markdown table per task (headline key first), then the notes.

    Args:
        board: The leaderboard.
        deltas: Paired deltas against a baseline: a column after the headline.
        beside: Also the figures reported beside ours (`is_beside_key`).
    """
    parts = []
    by_row = _deltas_by_row(board, deltas)
    baseline = _baseline_name(deltas)
    for task in board.tasks():
        rows = [row for row in board.rows if row.task == task]
        keys = [
            key
            for key in _keys(rows)
            if (beside or not is_beside_key(key)) and not _all_zero(rows, ONLY_WHEN_NONZERO, key)
        ]
        delta_columns = [f"Δ vs {baseline} (paired)"] if deltas else []
        pass_k_header = _pass_k_header(rows)
        pass_k_columns = [pass_k_header] if pass_k_header else []
        priced = any(COST_PER_QUESTION in row.costs for row in rows)
        header = [
            "model",
            "protocol",
            "samples",
            *keys[:1],
            *delta_columns,
            *pass_k_columns,
            *keys[1:],
            *_cost_columns(priced),
            *_memory_columns(rows),
            *_update_chain_columns(rows),
        ]
        lines = [
            f"**{task}** (mean ± standard error over samples; headline, Δ and pass^k: mean "
            f"[{board.settings.percent} CI]; headline: {rows[0].headline})",
            "",
            "| " + " | ".join(header) + " |",
            "|" + "|".join("---" if index < 2 else "---:" for index in range(len(header))) + "|",
        ]
        for row in rows:
            delta_cells = [_delta_cell(by_row.get(id(row)))] if deltas else []
            pass_k_cells = [_pass_k_cell(row.pass_k, pass_k_header)] if pass_k_header else []
            cells = [
                row.model,
                row.label,
                str(row.samples),
                *(_estimate_cell(row, key) for key in keys[:1]),
                *delta_cells,
                *pass_k_cells,
                *(_estimate_cell(row, key) for key in keys[1:]),
                *_cost_cells(row, priced),
                *_memory_cells(row, rows),
                *_update_chain_cells(row, rows),
            ]
            lines.append("| " + " | ".join(cells) + " |")
        parts.append("\n".join(lines))
    if board.rows:
        parts.append(board.settings.describe())
    if board.notes:
        parts.append("\n".join(f"- {note}" for note in board.notes))
    return "\n\n".join(parts) + "\n"


def _all_zero(rows: Sequence[LeaderboardRow], keys: frozenset[str], key: str) -> bool:
    """Whether ``key`` is one of ``keys`` and no row's mean of it is other than 0."""
    if key not in keys:
        return False
    means = [estimate.mean for row in rows if (estimate := row.scores.get(key)) is not None]
    return all(mean == 0.0 or math.isnan(mean) for mean in means)


def is_beside_key(key: str) -> bool:
    """Whether the Markdown tables show a score key only on request (``--beside``).

    Args:
        key: A score key.

    Returns:
        True for `BESIDE_KEYS` and every official scorer's figure (``official_*``).
    """
    return key in BESIDE_KEYS or is_official_key(key)


def csv_text(board: Leaderboard, deltas: Sequence[PairedDelta] = ()) -> str:
    """One CSV line per row; score columns ``<key>_mean`` and ``<key>_stderr``.

    Args:
        board: The leaderboard.
        deltas: Paired deltas against a baseline: ``paired_delta_*`` columns.
    """
    keys = _keys(board.rows)
    with_intervals = {key for row in board.rows for key in row.intervals}
    with_pass_k = any(row.pass_k for row in board.rows)
    roles = _roles(board.rows)
    operations = [key for key in OPERATION_KEYS if any(key in row.operations for row in board.rows)]
    by_row = _deltas_by_row(board, deltas)
    header = [
        "model",
        "task",
        "protocol",
        "samples",
        *[
            f"{key}_{part}"
            for key in keys
            for part in ("mean", "stderr", *(CI_PARTS if key in with_intervals else ()))
        ],
        *(
            ["paired_delta_mean", "paired_delta_stderr", *PAIRED_CI_COLUMNS, "paired_samples"]
            if deltas
            else []
        ),
        *(PASS_K_COLUMNS if with_pass_k else []),
        *[f"{key}_{part}" for key in SAMPLE_COST_KEYS for part in ("mean", "stderr")],
        *[f"{part}_{role}" for role in roles for part in ("tokens", "cost")],
        *[
            f"{MEMORY_COLUMN_PREFIX}{key}_{part}"
            for key in operations
            for part in ("mean", "stderr")
        ],
        "tokens",
        "cost",
        "logs",
    ]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in board.rows:
        estimates = []
        for key in keys:
            estimate = row.scores.get(key)
            estimates += (
                [_number(estimate.mean), _number(estimate.stderr)] if estimate else ["", ""]
            )
            if key in with_intervals:
                estimates += _csv_interval(row.intervals.get(key))
        paired = by_row.get(id(row))
        paired_cells = (
            [
                _number(paired.delta.mean),
                _number(paired.delta.stderr),
                *_csv_interval(paired.interval)[:2],
                paired.pairs,
            ]
            if paired
            else ["", "", "", "", ""]
        )
        writer.writerow(
            [
                row.model,
                row.task,
                row.label,
                row.samples,
                *estimates,
                *(paired_cells if deltas else []),
                *(_csv_pass_k(row.pass_k) if with_pass_k else []),
                *(cell for key in SAMPLE_COST_KEYS for cell in _csv_estimate(row.costs.get(key))),
                *(cell for role in roles for cell in _csv_role_usage(row, role)),
                *(cell for key in operations for cell in _csv_estimate(row.operations.get(key))),
                "" if row.tokens is None else row.tokens,
                "" if row.cost is None else _number(row.cost),
                " ".join(row.logs),
            ]
        )
    return buffer.getvalue()


def json_document(board: Leaderboard, deltas: Sequence[PairedDelta] = ()) -> dict[str, Any]:
    """The leaderboard as plain data (NaN as null).

    Args:
        board: The leaderboard.
        deltas: Paired deltas against a baseline: a ``paired_delta`` per row.
    """
    by_row = _deltas_by_row(board, deltas)
    return {
        "rows": [
            {
                "model": row.model,
                "task": row.task,
                "protocol": row.protocol.as_dict(),
                "protocol_label": row.label,
                "samples": row.samples,
                "headline": row.headline,
                "scores": {
                    key: {
                        "mean": _json_number(row.scores[key].mean),
                        "stderr": _json_number(row.scores[key].stderr),
                        **(
                            {"ci": _interval_json(row.intervals[key])}
                            if key in row.intervals
                            else {}
                        ),
                    }
                    for key in row.keys
                },
                "pass_k": _pass_k_json(row.pass_k),
                "costs": {
                    key: {"mean": _json_number(value.mean), "stderr": _json_number(value.stderr)}
                    for key, value in row.costs.items()
                },
                "roles": row.roles,
                "memory_operations": {
                    key: {"mean": _json_number(value.mean), "stderr": _json_number(value.stderr)}
                    for key, value in row.operations.items()
                },
                "tokens": row.tokens,
                "cost": row.cost,
                "logs": list(row.logs),
                **({"paired_delta": _delta_json(by_row.get(id(row)))} if deltas else {}),
            }
            for row in board.rows
        ],
        "intervals": _settings_json(board.settings),
        "notes": board.notes,
    }


def _deltas_by_row(board: Leaderboard, deltas: Sequence[PairedDelta]) -> dict[int, PairedDelta]:
    """Each row's paired delta, by the row's identity (matched on model, task and strategy)."""
    found: dict[int, PairedDelta] = {}
    remaining = list(deltas)
    for row in board.rows:
        for delta in remaining:
            if (delta.model, delta.task, delta.strategy) == (row.model, row.task, strategy_of(row)):
                found[id(row)] = delta
                remaining.remove(delta)
                break
    return found


def _baseline_name(deltas: Sequence[PairedDelta]) -> str:
    return ", ".join(sorted({delta.baseline for delta in deltas})) or "baseline"


def _delta_cell(delta: PairedDelta | None) -> str:
    if delta is None or math.isnan(delta.delta.mean):
        return MISSING
    text = interval_text(delta.delta.mean, delta.interval, signed=True)
    return text if delta.floored else f"{text} {UNFLOORED_MARK}"


def _delta_json(delta: PairedDelta | None) -> dict[str, Any] | None:
    if delta is None:
        return None
    return {
        "baseline": delta.baseline,
        "mean": _json_number(delta.delta.mean),
        "stderr": _json_number(delta.delta.stderr),
        "ci": _interval_json(delta.interval),
        "samples": delta.pairs,
        "floored": delta.floored,
    }


def _interval_json(interval: Interval | None) -> dict[str, Any] | None:
    if interval is None:
        return None
    return {
        "low": _json_number(interval.low),
        "high": _json_number(interval.high),
        "method": interval.method,
        "confidence": interval.confidence,
    }


def _settings_json(settings: IntervalSettings) -> dict[str, Any]:
    return {
        "confidence": settings.confidence,
        "bootstrap_resamples": settings.resamples,
        "bootstrap_seed": settings.seed,
        "methods": settings.describe(),
    }


def _csv_interval(interval: Interval | None) -> list[str]:
    if interval is None:
        return ["", "", ""]
    return [_number(interval.low), _number(interval.high), interval.method]


CI_PARTS = ("ci_low", "ci_high", "ci_method")
"""CSV columns of a key's interval, after its ``_mean`` and ``_stderr``."""
PAIRED_CI_COLUMNS = ("paired_delta_ci_low", "paired_delta_ci_high")
"""CSV columns of the paired delta's interval (always the paired bootstrap)."""
PASS_K_COLUMNS = ("pass_k_epochs", "pass_k", "pass_k_ci_low", "pass_k_ci_high", "pass_k_samples")
"""CSV columns of pass^k (its interval is Wilson's)."""


def _pass_k_header(rows: Sequence[LeaderboardRow]) -> str | None:
    """``pass^3`` when the rows with pass^k share k, ``pass^k`` otherwise; None if none."""
    epochs = {row.pass_k.k for row in rows if row.pass_k is not None}
    if not epochs:
        return None
    return f"pass^{epochs.pop()}" if len(epochs) == 1 else "pass^k"


def _pass_k_cell(pass_k: PassK | None, header: str) -> str:
    if pass_k is None or pass_k.samples == 0:
        return MISSING
    cell = interval_text(pass_k.value, pass_k.interval)
    return cell if header != "pass^k" else f"k={pass_k.k} {cell}"


def _pass_k_json(pass_k: PassK | None) -> dict[str, Any] | None:
    if pass_k is None:
        return None
    return {
        "k": pass_k.k,
        "samples": pass_k.samples,
        "passed": pass_k.passed,
        "value": _json_number(pass_k.value),
        "ci": _interval_json(pass_k.interval),
    }


def _csv_pass_k(pass_k: PassK | None) -> list[str]:
    if pass_k is None:
        return ["", "", "", "", ""]
    low, high, _ = _csv_interval(pass_k.interval)
    return [str(pass_k.k), _number(pass_k.value), low, high, str(pass_k.samples)]


def _keys(rows: list[LeaderboardRow]) -> list[str]:
    """Score keys of the rows: the headline first, then in the scorers' order."""
    keys: list[str] = []
    for row in rows:
        for key in (row.headline, *row.keys):
            if key and key not in keys:
                keys.append(key)
    return keys


def _estimate_cell(row: LeaderboardRow, key: str) -> str:
    estimate = row.scores.get(key)
    if estimate is None or math.isnan(estimate.mean):
        return MISSING
    interval = row.intervals.get(key)
    if interval is not None:
        return interval_text(estimate.mean, interval, signed=is_delta_key(key))
    return f"{estimate.mean:.3f} ± {estimate.stderr:.3f}"


COST_COLUMNS = ("memory tokens / question", "search ms p50 / p95", "tokens by role")
"""Markdown columns of what the scores cost, after the score keys."""
TOKENS_PER_QUESTION_COLUMN = "tokens / question"
"""The Markdown column of every model call's tokens per question, before the totals."""
DOLLARS_PER_QUESTION_COLUMN = "$ / question"
"""The Markdown column of the dollar cost per question, after the tokens per question
(shown when some row of the task has a cost)."""


def _memory_columns(rows: Sequence[LeaderboardRow]) -> list[str]:
    """The one narrow column of what memory holds, when some row of the task scores it."""
    return [MEMORY_HEADER] if any(row.operations for row in rows) else []


def _memory_cells(row: LeaderboardRow, rows: Sequence[LeaderboardRow]) -> list[str]:
    """``recall / precision`` of what the row's memory holds (the CSV and JSON carry all)."""
    if not _memory_columns(rows):
        return []
    return [_operations_cell(row, MEMORY_SHOWN)]


def _update_chain_columns(rows: Sequence[LeaderboardRow]) -> list[str]:
    """`UPDATE_CHAIN_HEADER` when some row of the task asked update-aware multi-hop questions."""
    return [UPDATE_CHAIN_HEADER] if any(_asked_update_chains(row) for row in rows) else []


def _update_chain_cells(row: LeaderboardRow, rows: Sequence[LeaderboardRow]) -> list[str]:
    """``right / stale`` of the row's update-aware multi-hop questions (missing if none)."""
    if not _update_chain_columns(rows):
        return []
    return [_operations_cell(row, UPDATE_CHAIN_KEYS) if _asked_update_chains(row) else MISSING]


def _asked_update_chains(row: LeaderboardRow) -> bool:
    """Whether some sample of the row asked an update-aware multi-hop question."""
    return any(
        (value := row.operations.get(key)) is not None and not math.isnan(value.mean)
        for key in UPDATE_CHAIN_KEYS
    )


def _operations_cell(row: LeaderboardRow, keys: Sequence[str]) -> str:
    """The row's means of some per-operation memory scores, ``0.75 / 0.50`` (``–`` if none)."""
    shown = []
    for key in keys:
        value = row.operations.get(key)
        shown.append(MISSING if value is None or math.isnan(value.mean) else f"{value.mean:.2f}")
    return " / ".join(shown)


def _cost_columns(priced: bool) -> list[str]:
    """`COST_COLUMNS`, the tokens (and, if priced, dollars) per question, then the totals."""
    per_question = [TOKENS_PER_QUESTION_COLUMN]
    if priced:
        per_question.append(DOLLARS_PER_QUESTION_COLUMN)
    return [*COST_COLUMNS, *per_question, "tokens", "cost"]


def _cost_cells(row: LeaderboardRow, priced: bool = False) -> list[str]:
    """The cells of `_cost_columns`: memory tokens, latency, roles, per question, totals."""
    memory, tokens = _mean(row, MEMORY_TOKENS_PER_QUESTION), _mean(row, TOKENS_PER_QUESTION)
    dollars = _mean(row, COST_PER_QUESTION)
    p50, p95 = _mean(row, SEARCH_MS_P50), _mean(row, SEARCH_MS_P95)
    latency = MISSING if math.isnan(p50) or math.isnan(p95) else f"{p50:.1f} / {p95:.1f}"
    roles = " · ".join(
        f"{role} {_tokens_cell(int(usage.get('tokens') or 0))}" for role, usage in row.roles.items()
    )
    per_question = [_count_cell(tokens)]
    if priced:
        per_question.append(MISSING if math.isnan(dollars) else _dollars(dollars))
    return [
        _count_cell(memory),
        latency,
        roles or MISSING,
        *per_question,
        _tokens_cell(row.tokens),
        _cost_cell(row.cost),
    ]


def _count_cell(value: float) -> str:
    return MISSING if math.isnan(value) else f"{value:,.0f}"


def _dollars(value: float) -> str:
    """Dollars to three significant figures, never in exponent form: ``$0.0540``, ``$1.23``."""
    if value <= 0:
        return f"${value:.2f}"
    decimals = max(2, 2 - math.floor(math.log10(value)))
    return f"${value:.{decimals}f}"


def _mean(row: LeaderboardRow, key: str) -> float:
    """The row's mean of one cost figure (NaN if its logs have none)."""
    value = row.costs.get(key)
    return math.nan if value is None else value.mean


def _roles(rows: Sequence[LeaderboardRow]) -> list[str]:
    """Roles with usage in any row: the suite's roles in their order, then any other."""
    present = {role for row in rows for role in row.roles}
    return [role for role in ROLES if role in present] + sorted(present - set(ROLES))


def _csv_estimate(value: Estimate | None) -> list[str]:
    return ["", ""] if value is None else [_number(value.mean), _number(value.stderr)]


def _csv_role_usage(row: LeaderboardRow, role: str) -> list[str]:
    """The role's tokens and cost cells (empty where the row has none)."""
    usage = row.roles.get(role) or {}
    tokens, cost = usage.get("tokens"), usage.get("cost")
    return ["" if tokens is None else str(int(tokens)), "" if cost is None else _number(cost)]


def _tokens_cell(tokens: int | None) -> str:
    if tokens is None:
        return MISSING
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if tokens >= size:
            return f"{tokens / size:.1f}{suffix}"
    return str(tokens)


def _cost_cell(cost: float | None) -> str:
    return MISSING if cost is None else f"${cost:,.2f}"


def _number(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.6g}"


def _json_number(value: float) -> float | None:
    return None if math.isnan(value) else value

"""Per-sample score values and score details, read with `inspect_ai.analysis.samples_df`.

`sample_values` reads only the sample summaries (fast): every scorer's value dict, the
token usage and cost, the memory cost figures and the tokens and cost per model role.
`sample_details` reads the full samples (without messages, events and store) for what the
figures need: each question's type and verdict, and each period's grades (conversation).
`score_means` averages every key of one scorer's values over a loaded log's samples: the
full breakdown, where the log's results hold metrics for the summary keys only.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

import pandas as pd
from inspect_ai.analysis import SampleColumn, samples_df
from inspect_ai.log import EvalLog, EvalSample, EvalSampleSummary

from inspect_memgym.analysis.cost_columns import role_usage, sample_costs
from inspect_memgym.analysis.log_files import LogReadError, describe_error
from inspect_memgym.analysis.memory_operation_columns import operation_figures
from inspect_memgym.scoring.isolation import SCORE_NOTES
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

LEARNING_CURVE_KEY = "learning_curve"
"""`Score.metadata` key of a sample's curve."""


SKIPPED_FIELDS = {"messages", "events", "attachments", "store"}
"""Sample fields `sample_details` does not load."""
SAMPLE_KEY_COLUMNS = [
    SampleColumn("id", path="id", required=True, type=str),
    SampleColumn("epoch", path="epoch", required=True),
]
"""The columns naming a sample and epoch, read first by both tables."""


def sample_values(log_files: Sequence[str]) -> pd.DataFrame:
    """Score values and usage, one row per sample and epoch.

    Columns: ``eval_id``, ``log``, ``id``, ``epoch``, ``values`` (scorer name to its value
    dict), ``tokens`` and ``cost`` (None where the log has none), ``figures`` (memory
    tokens per question and latency, `cost_columns.sample_costs`; empty in older logs),
    ``roles`` (tokens and cost per model role, `cost_columns.role_usage`), ``operations``
    (the per-operation memory scores, `memory_operation_columns.operation_figures`; empty
    for a task that does not score them), ``seed`` (the
    sample's ``seed`` metadata; None where it has none) and ``score_notes`` (how to read
    some score keys, `scoring.isolation.SCORE_NOTES`, from the scores' metadata).

    Args:
        log_files: Log file names.

    Raises:
        LogReadError: If a log's samples cannot be read.
    """
    columns = [
        SampleColumn("values", path=_score_values, full=False),
        SampleColumn("usage", path=_usage, full=False),
        SampleColumn("figures", path=sample_costs, full=False),
        SampleColumn("roles", path=role_usage, full=False),
        SampleColumn("operations", path=operation_figures, full=False),
        SampleColumn("seed", path=_seed, full=False),
        SampleColumn("score_notes", path=_score_notes, full=False),
    ]
    table = _read(log_files, columns, full=False)
    usage = [_decoded(item) or {} for item in table["usage"]]
    return pd.DataFrame(
        {
            "eval_id": table["eval_id"],
            "log": table["log"],
            "id": table["id"].astype(str),
            "epoch": table["epoch"].astype(int),
            "values": [_decoded(item) or {} for item in table["values"]],
            "tokens": [entry.get("tokens") for entry in usage],
            "cost": [entry.get("cost") for entry in usage],
            "figures": [_decoded(item) or {} for item in table["figures"]],
            "roles": [_decoded(item) or {} for item in table["roles"]],
            "operations": [_decoded(item) or {} for item in table["operations"]],
            # object dtype: a float column would turn seed 0 into 0.0 (and None into NaN)
            "seed": pd.Series([_plain_seed(item) for item in table["seed"]], dtype=object),
            "score_notes": [_decoded(item) or {} for item in table["score_notes"]],
        }
    )


def sample_details(log_files: Sequence[str]) -> pd.DataFrame:
    """Question verdicts, period grades and learning curves, one row per sample and epoch.

    Columns: ``eval_id``, ``id``, ``epoch`` and ``details``, which maps each scorer to
    ``{"questions": [{"type", "correct"}...], "periods": [...], "learning_curve": [...]}``.

    A question's type is its ``qtype`` (entity_stream) or, for conversation, the question's
    text (the same catalogue question asked of different users). A question whose judge
    verdict was unreadable (``judge_unreadable``) counts as its score counted it (a decline,
    `scoring.reached`); in a log from before that rule (its ``correct`` is None) it is left
    out, as its accuracy was.

    Args:
        log_files: Log file names.

    Raises:
        LogReadError: If a log's samples cannot be read.
    """
    table = _read(log_files, [SampleColumn("details", path=_score_details, full=True)], full=True)
    return pd.DataFrame(
        {
            "eval_id": table["eval_id"],
            "id": table["id"].astype(str),
            "epoch": table["epoch"].astype(int),
            "details": [_decoded(item) or {} for item in table["details"]],
        }
    )


def _read(log_files: Sequence[str], columns: list[SampleColumn], full: bool) -> pd.DataFrame:
    """The samples' `SAMPLE_KEY_COLUMNS` and these columns, with ``eval_id`` and ``log``."""
    columns = [*SAMPLE_KEY_COLUMNS, *columns]
    try:
        table = samples_df(
            list(log_files),
            columns=columns,
            full=full,
            quiet=True,
            exclude_fields=SKIPPED_FIELDS if full else None,
        )
    except Exception as error:
        raise LogReadError(f"cannot read the samples: {describe_error(error)}") from None
    if table.empty:
        return pd.DataFrame(columns=["eval_id", "log", *[column.name for column in columns]])
    return table


def score_means(log: EvalLog, scorer: str) -> dict[str, float]:
    """Mean of every key of a scorer's `Score.value` over a log's samples (NaN skipped).

    Args:
        log: A log read with its samples.
        scorer: The scorer's name.

    Returns:
        Key to mean over the samples (and epochs) with a number there; NaN for a key no
        sample has a number for.
    """
    numbers: dict[str, list[float]] = {}
    for sample in log.samples or []:
        for key, value in _score_values(sample).get(scorer, {}).items():
            numbers.setdefault(key, [])
            if value is not None and not math.isnan(value):
                numbers[key].append(value)
    return {key: sum(items) / len(items) if items else math.nan for key, items in numbers.items()}


def _decoded(item: Any) -> Any:
    if isinstance(item, str):
        return json.loads(item)
    return None if item is None or (isinstance(item, float) and math.isnan(item)) else item


def _score_values(sample: EvalSample | EvalSampleSummary) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, score in (sample.scores or {}).items():
        value = score.value
        if isinstance(value, dict):
            values[name] = {key: _number(item) for key, item in value.items()}
        else:
            values[name] = {name: _number(value)}
    return values


def _seed(sample: EvalSample | EvalSampleSummary) -> int | None:
    seed = (sample.metadata or {}).get("seed")
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def _plain_seed(item: Any) -> int | None:
    return None if item is None or pd.isna(item) else int(item)


def _score_notes(sample: EvalSample | EvalSampleSummary) -> dict[str, str]:
    notes: dict[str, str] = {}
    for score in (sample.scores or {}).values():
        found = (score.metadata or {}).get(SCORE_NOTES)
        if isinstance(found, dict):
            notes.update({str(key): str(note) for key, note in found.items()})
    return notes


def _number(value: Any) -> float | None:
    if isinstance(value, bool | int | float):
        return float(value)
    return None


def _usage(sample: EvalSample | EvalSampleSummary) -> dict[str, Any]:
    tokens = [usage.total_tokens for usage in sample.model_usage.values()]
    costs = [usage.total_cost for usage in sample.model_usage.values()]
    known_costs = [cost for cost in costs if cost is not None]
    return {
        "tokens": sum(tokens) if tokens else None,
        "cost": sum(known_costs) if known_costs else None,
    }


def _score_details(sample: EvalSample | EvalSampleSummary) -> dict[str, Any]:
    texts = _question_texts(sample.metadata)
    details: dict[str, Any] = {}
    for name, score in (sample.scores or {}).items():
        metadata = score.metadata or {}
        questions = [
            {
                "type": _question_type(row, texts),
                "correct": bool(row.get("correct")),
            }
            for row in metadata.get("questions", [])
            if isinstance(row, dict)
            and not (row.get(JUDGE_UNREADABLE) and row.get("correct") is None)
        ]
        periods = [row for row in metadata.get("periods", []) if isinstance(row, dict)]
        curve = [row for row in metadata.get(LEARNING_CURVE_KEY, []) if isinstance(row, dict)]
        details[name] = {"questions": questions, "periods": periods, LEARNING_CURVE_KEY: curve}
    return details


def _question_type(row: dict[str, Any], texts: dict[str, str]) -> str:
    """A question's type: its ``qtype``, else its ``category`` (code_qa), else its text."""
    kind = row.get("qtype") or row.get("category")
    if kind:
        return str(kind)
    return str(texts.get(str(row.get("qid")), row.get("qid")))


def _question_texts(metadata: dict[str, Any]) -> dict[str, str]:
    """Question id to text, from a conversation sample's scenario (empty otherwise)."""
    scenario = metadata.get("scenario")
    if not isinstance(scenario, dict):
        return {}
    return {
        str(question.get("qid")): str(question.get("text"))
        for question in scenario.get("questions", [])
        if isinstance(question, dict)
    }

"""Every task's metric names stay distinct in Inspect's results table at 80 columns.

Inspect cuts a metric name to `kit.results_table.NAME_CELLS` (9) cells at 80 columns: the
first test renders Inspect's own table in its narrowest layout (four wide column groups) and
finds the name cut there; the others build each task's metrics from its scorer's declaration
(its scorer-level metrics computed on a score holding every figure) and check that no two
names of one column group read the same when cut, and that the cost figures are named for
what they count.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from inspect_ai.log import EvalMetric, EvalScore
from inspect_ai.scorer import Metric, SampleScore, Score
from inspect_ai.util import registry_info
from rich.console import Console

from inspect_memgym.code_qa.scorer import code_qa_scorer
from inspect_memgym.conversation.scorer import conversation_scorer
from inspect_memgym.entity_stream.scorer import entity_stream_scorer
from inspect_memgym.feedback.scorer import feedback_scorer
from inspect_memgym.kit.cost_keys import COST_KEY, COST_METRIC_KEYS, COST_METRIC_NAMES
from inspect_memgym.kit.inspect_internals import printed_results_table
from inspect_memgym.kit.results_table import (
    GROUP_CELLS,
    NAME_CELLS,
    TERMINAL_COLUMNS,
    WIDEST_VALUE,
    shown_name,
)
from inspect_memgym.locomo.category_maps import CATEGORY_MAPS
from inspect_memgym.locomo.metrics import QUESTION_COUNTS, locomo_metrics
from inspect_memgym.locomo.values import score_keys as locomo_score_keys
from inspect_memgym.longmemeval.scorer import longmemeval_scorer
from inspect_memgym.procedures.scorer import procedures_scorer
from inspect_memgym.research_qa.scorer import research_qa_scorer
from inspect_memgym.scoring.operation_scores import (
    FAILURE_KEYS,
    OPERATION_SCORE_KEYS,
    OPERATION_SCORES_KEY,
    UPDATE_CHAIN_KEYS,
)
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE, JUDGE_VERDICTS

DeclaredMetrics = list[Metric | dict[str, list[Metric]]]


def declared(scorer: Callable[..., Any]) -> DeclaredMetrics:
    metrics = registry_info(scorer()).metadata["metrics"]
    assert isinstance(metrics, list)
    return metrics


TASK_METRICS: dict[str, DeclaredMetrics] = {
    "code_qa": declared(code_qa_scorer),
    "conversation": declared(conversation_scorer),
    "entity_stream": declared(entity_stream_scorer),
    "feedback": declared(feedback_scorer),
    "longmemeval": declared(longmemeval_scorer),
    "procedures": declared(procedures_scorer),
    "research_qa": declared(research_qa_scorer),
    **{
        f"locomo ({name}, judged)": locomo_metrics(locomo_score_keys(judge=True, category_map=name))
        for name in CATEGORY_MAPS
    },
}
"""Each task's declared metrics (locomo's as its task builds them, judge on)."""


def full_score(keys: Sequence[str]) -> SampleScore:
    """A score with every key and every figure a scorer-level metric reads."""
    value = {key: 0.0 if key == JUDGE_UNREADABLE else 1.0 for key in keys}
    metadata = {
        COST_KEY: {key: 1.0 for key in COST_METRIC_KEYS},
        OPERATION_SCORES_KEY: {
            key: 1.0 for key in (*OPERATION_SCORE_KEYS, *UPDATE_CHAIN_KEYS, *FAILURE_KEYS)
        },
        QUESTION_COUNTS: {key: 1 for key in keys},
        JUDGE_VERDICTS: 1,
    }
    return SampleScore(score=Score(value=value, metadata=metadata), sample_id="s")


def scorer_level_names(metrics: DeclaredMetrics, keys: Sequence[str]) -> list[str]:
    """The names Inspect shows under the scorer's own name, in order."""
    names: list[str] = []
    for metric in metrics:
        if isinstance(metric, dict):
            continue
        result = metric([full_score(keys)])
        if isinstance(result, dict):
            names.extend(result)
        else:
            names.append(registry_info(metric).name.split("/")[-1])
    return names


def task_keys(task: str) -> list[str]:
    per_key = next(metric for metric in TASK_METRICS[task] if isinstance(metric, dict))
    if task.startswith("locomo"):
        category_map = task.split("(")[1].split(",")[0]
        return list(locomo_score_keys(judge=True, category_map=category_map))
    return list(per_key)


def rendered(scores: list[EvalScore], width: int = TERMINAL_COLUMNS) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    for row in printed_results_table(scores):
        console.print(row)
    return console.export_text().splitlines()


def test_inspect_keeps_nine_cells_of_a_name_at_80_columns() -> None:
    """Four wide groups, the first with a value as wide as `WIDEST_VALUE`."""
    assert (GROUP_CELLS, NAME_CELLS, WIDEST_VALUE) == (18, 9, 7)
    long_name = "abcdefghijklmnopqrstuvwxyz"
    groups = [
        EvalScore(
            name=f"group_{index}_with_a_long_header",
            scorer="scorer",
            metrics={
                f"{long_name}_{index}": EvalMetric(name=f"{long_name}_{index}", value=999.999)
            },
        )
        for index in range(4)
    ]
    lines = rendered(groups)
    assert lines[1].startswith(shown_name(f"{long_name}_0") + "  999.999")
    assert shown_name(long_name) == "abcdefgh…"
    # a name of 9 cells is shown whole
    groups[0].metrics = {"abcdefghi": EvalMetric(name="abcdefghi", value=999.999)}
    assert rendered(groups)[1].startswith("abcdefghi  999.999")


@pytest.mark.parametrize("task", sorted(TASK_METRICS))
def test_no_two_metric_names_of_a_task_read_the_same_at_80_columns(task: str) -> None:
    keys = task_keys(task)
    names = scorer_level_names(TASK_METRICS[task], keys)
    assert set(COST_METRIC_NAMES.values()) <= set(names)
    shown = [shown_name(name) for name in names]
    assert len(set(shown)) == len(shown), sorted(shown)
    for metric in TASK_METRICS[task]:
        if isinstance(metric, dict):
            headers = [shown_name(key) for key in metric]
            assert len(set(headers)) == len(headers), headers


@pytest.mark.parametrize("task", sorted(TASK_METRICS))
def test_the_printed_table_of_every_task_cuts_no_two_names_alike(task: str) -> None:
    """Inspect's own rendering, with cost figures up to 999.999 beside the 0-1 scores."""
    names = scorer_level_names(TASK_METRICS[task], task_keys(task))
    scorer = EvalScore(
        name="a_scorer_name_longer_than_its_column",
        scorer="a_scorer_name_longer_than_its_column",
        metrics={name: EvalMetric(name=name, value=999.999) for name in names},
    )
    wide = [
        EvalScore(
            name=f"a_long_score_key_{index}",
            scorer=scorer.name,
            metrics={"mean": EvalMetric(name="mean", value=-0.5)},
        )
        for index in range(3)
    ]
    lines = rendered([scorer, *wide])
    cells = [line.split("  ")[0].strip() for line in lines[1 : 1 + len(names)]]
    assert len(set(cells)) == len(names), cells


def test_the_cost_figures_are_named_for_what_they_count() -> None:
    """Tokens (a difference: memory minus no memory) and milliseconds, never a bare score."""
    assert COST_METRIC_NAMES == {
        "memory_tokens_per_question": "delta_tokens",
        "add_ms_p50": "p50_add_ms",
        "search_ms_p50": "p50_search_ms",
        "search_ms_p95": "p95_search_ms",
    }

"""Every task's scores carry the cost figures, with the numbers they must have.

Per task, the memgym ``perfect`` policy plays ``rag`` (a store it adds to and searches) and
``none`` (no memory) on the task's smallest cell: memory tokens per question are positive
with memory and exactly 0 without it; search and add latency are there only where a store
was used; the scorer's ``memory_cost`` metrics are the means of the samples' figures.
"""

from __future__ import annotations

import io
import math
from statistics import fmean
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from rich.console import Console
from test_strategy_matrix import GRADER, TASKS

from inspect_memgym.kit.cost_keys import (
    ADD_MS_P50,
    ADDS,
    COST_KEY,
    COST_METRIC_NAMES,
    MEMORY_TOKENS_BY_QUESTION,
    MEMORY_TOKENS_PER_QUESTION,
    QUESTIONS_METERED,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
    SEARCHES,
    TOKENS_SOURCE,
)
from inspect_memgym.kit.inspect_internals import printed_results_table


def run(task_name: str, agents: list[str], tmp_path: Any) -> dict[str, EvalLog]:
    factory, args, _, _ = TASKS[task_name]
    logs = eval(
        [factory(agent=agent, **args) for agent in agents],
        model="memgym/perfect",
        model_roles=GRADER,
        display="none",
        log_dir=str(tmp_path),
    )
    assert all(log.status == "success" for log in logs), [log.error for log in logs]
    return dict(zip(agents, logs, strict=True))


def costs(log: EvalLog, task_name: str) -> list[dict[str, Any]]:
    scorer = TASKS[task_name][2]
    assert log.samples
    figures = []
    for sample in log.samples:
        metadata = sample.scores[scorer].metadata or {}  # type: ignore[index]
        by_question = metadata[MEMORY_TOKENS_BY_QUESTION]
        assert len(by_question) == metadata[COST_KEY][QUESTIONS_METERED] > 0
        figures.append(metadata[COST_KEY])
    return figures


def cost_metrics(log: EvalLog, task_name: str) -> dict[str, float]:
    """The `memory_cost` metrics, reported under the scorer's own name (by figure name)."""
    scorer = TASKS[task_name][2]
    assert log.results is not None
    [score] = [score for score in log.results.scores if score.name == scorer]
    figures = {name: metric.value for name, metric in score.metrics.items()}
    cost = [name for name, metric in score.metrics.items() if metric.group == "memory_cost"]
    assert cost == list(figures)[: len(cost)]  # the cost figures come first
    by_metric = {metric: figure for figure, metric in COST_METRIC_NAMES.items()}
    return {by_metric[name]: figures[name] for name in cost}


@pytest.mark.parametrize("task_name", sorted(TASKS))
def test_every_task_records_what_memory_costs(task_name: str, tmp_path: Any) -> None:
    logs = run(task_name, ["rag", "none"], tmp_path)
    for figures in costs(logs["rag"], task_name):
        assert figures[MEMORY_TOKENS_PER_QUESTION] > 0
        assert figures[TOKENS_SOURCE] == "reported"  # the memgym provider reports usage
        assert figures[SEARCHES] > 0 and figures[ADDS] > 0
        assert 0 < figures[SEARCH_MS_P50] <= figures[SEARCH_MS_P95]
        assert figures[ADD_MS_P50] > 0
    for figures in costs(logs["none"], task_name):
        assert figures[MEMORY_TOKENS_PER_QUESTION] == 0.0
        assert figures[SEARCHES] == 0 and figures[SEARCH_MS_P50] is None
    rag = costs(logs["rag"], task_name)
    metrics = cost_metrics(logs["rag"], task_name)
    assert metrics[MEMORY_TOKENS_PER_QUESTION] == pytest.approx(
        fmean(figures[MEMORY_TOKENS_PER_QUESTION] for figures in rag), abs=1e-3
    )
    assert set(metrics) == {MEMORY_TOKENS_PER_QUESTION, ADD_MS_P50, SEARCH_MS_P50, SEARCH_MS_P95}
    # without a store, no latency metric rather than a made-up 0
    assert cost_metrics(logs["none"], task_name) == {MEMORY_TOKENS_PER_QUESTION: 0.0}
    assert_results_table_reads(logs["rag"])


def results_table(log: EvalLog, width: int) -> str:
    """The results table Inspect prints after ``inspect eval``, at a terminal width."""
    assert log.results is not None
    console = Console(width=width, record=True, file=io.StringIO())
    for row in printed_results_table(log.results.scores):
        console.print(row)
    return console.export_text()


def assert_results_table_reads(log: EvalLog) -> None:
    """At 120 columns nothing is cut; at 80 no metric carries the package prefix and the
    table is at most three rows of four column groups (it was up to six, cut to ``…``).
    """
    assert log.results is not None
    assert "…" not in results_table(log, 120)
    assert len(log.results.scores) <= 12
    for score in log.results.scores:
        assert all("/" not in name for name in score.metrics), score.name
    assert "inspect_memgym" not in results_table(log, 80)


def test_the_tool_agent_of_entity_stream_is_metered_too(tmp_path: Any) -> None:
    """entity_stream's default agent answers through its memory tools, not a strategy."""
    factory, args, _, _ = TASKS["entity_stream"]
    [log] = eval(factory(**args), model="memgym/perfect", display="none", log_dir=str(tmp_path))
    assert log.samples
    for figures in costs(log, "entity_stream"):
        assert figures[MEMORY_TOKENS_PER_QUESTION] > 0
        assert figures[SEARCHES] > 0 and not math.isnan(figures[SEARCH_MS_P95])

"""Strategies and memory systems × tasks: what the memory held, scored per operation.

    python benchmarks/memory_operations_table.py            # every strategy on every task
    python benchmarks/memory_operations_table.py --smoke    # one system on one task

The suite's own strategies (each task's default, marked so, then ``rag``, ``notes``,
``summary`` and ``none``) and the memory systems it ships adapters for (Mem0 OSS with
``infer`` off, the example MCP server over stdio, a LangGraph store), played by the scripted
``perfect`` reader on each task's small instance (`memory_systems_table.task_factories`),
offline: no model, no network. Printed per run, in Markdown, the per-operation scores of
what the memory held at the sample's end (`scoring.operation_scores`, means over samples,
read from the logs the way ``inspect-memgym leaderboard`` reads them): extraction recall,
importance-weighted recall, precision, hallucination, update omission, stale kept,
distractors stored, and the failure split of the questions (not stored / not retrieved /
not used / outdated). A dash is a figure the run does not define (nothing to count, or a
label the task cannot tell).
"""

from __future__ import annotations

import argparse
import inspect
import math
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from memory_systems_table import SYSTEMS, task_factories

from inspect_memgym.analysis.leaderboard import LeaderboardRow, load_leaderboard
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.scoring.operation_scores import FAILURE_KEYS

STRATEGIES: dict[str, dict[str, Any]] = {
    "rag": {"agent": "rag"},
    "notes": {"agent": "notes"},
    "summary": {"agent": "summary"},
    "none": {"agent": "none"},
    **{name: SYSTEMS[name] for name in ("mem0", "mcp", "langgraph")},
}
"""Each row's task arguments; every task also plays its own default strategy."""
TASKS: dict[str, Callable[..., Task]] = {
    "entity_stream": entity_stream,
    "conversation": conversation,
    "research_qa": research_qa,
    "code_qa": code_qa,
    "feedback": feedback,
    "locomo": locomo,
    "longmemeval": longmemeval,
}
"""Each task's function, whose ``agent`` default is its default strategy."""
COLUMNS: dict[str, str] = {
    "extraction_recall": "recall",
    "weighted_recall": "weighted recall",
    "precision": "precision",
    "hallucination": "hallucination",
    "update_omission": "update omission",
    "stale_kept": "stale kept",
    "distractors_stored": "distractors stored",
}
"""Per-operation score -> its column."""
MISSING = "–"
POLICY = "perfect"


def figure(row: LeaderboardRow, key: str) -> str:
    """A per-operation score's mean over samples, or a dash when the run has none.

    Args:
        row: The run's leaderboard row.
        key: A per-operation figure (`scoring.operation_scores`).
    """
    estimate = row.operations.get(key)
    if estimate is None or math.isnan(estimate.mean):
        return MISSING
    return f"{estimate.mean:.2f}"


def task_strategies(task: str, strategies: list[str]) -> dict[str, dict[str, Any]]:
    """A task's rows: its default strategy first (marked), then the chosen ones.

    Args:
        task: The task.
        strategies: Names of `STRATEGIES`.
    """
    default = str(inspect.signature(TASKS[task]).parameters["agent"].default)
    rows: dict[str, dict[str, Any]] = {f"{default} (default)": {}}
    rows.update({name: STRATEGIES[name] for name in strategies if name != default})
    return rows


def table_lines(rows: dict[tuple[str, str], LeaderboardRow]) -> list[str]:
    """The Markdown table: one line per (task, strategy), the figures as columns.

    Args:
        rows: (task, strategy) -> the run's leaderboard row.
    """
    header = ["task", "strategy", *COLUMNS.values(), "failed: stored / retrieved / used / outdated"]
    lines = [
        "| " + " | ".join(header) + " |",
        "|---|---|" + "---:|" * (len(header) - 2),
    ]
    for (task, strategy), row in rows.items():
        figures = [figure(row, key) for key in COLUMNS]
        split = " / ".join(figure(row, key) for key in FAILURE_KEYS)
        lines.append(f"| {task} | {strategy} | " + " | ".join([*figures, split]) + " |")
    return lines


def main() -> None:
    """Run the grid and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="one system on one task")
    parser.add_argument("--log-dir", default=None, help="keep the logs here")
    parser.add_argument("--strategies", default=None, help="comma-separated (default: all)")
    parser.add_argument("--tasks", default=",".join(TASKS), help="comma-separated (default: all)")
    args = parser.parse_args()
    log_dir = Path(args.log_dir or tempfile.mkdtemp(prefix="memgym-operations-"))
    strategies = list(STRATEGIES) if args.strategies is None else args.strategies.split(",")
    tasks = args.tasks.split(",")
    if args.smoke:
        strategies, tasks = ["langgraph"], ["locomo"]
    rows = {}
    with tempfile.TemporaryDirectory(prefix="memgym-operations-data-") as data:
        factories = task_factories(Path(data))
        for task in tasks:
            for strategy, arguments in task_strategies(task, strategies).items():
                directory = log_dir / task / strategy.split()[0]
                inspect_eval(
                    factories[task](**arguments),
                    model=f"memgym/{POLICY}",
                    model_roles={"grader": "memgym/judge"},
                    log_dir=str(directory),
                    display="none",
                )
                rows[(task, strategy)] = load_leaderboard([str(directory)]).rows[0]
    print(f"memgym/{POLICY}, {datetime.now(UTC):%Y-%m-%d}\n")
    print("\n".join(table_lines(rows)))
    print(f"\nlogs: {log_dir}")


if __name__ == "__main__":
    main()

"""``inspect-memgym sweep``: memory strategies × tasks with one reasoner, then the comparison.

Every (task, strategy) pair becomes one task of a single Inspect eval set (``eval_set``:
one log per pair in one log dir, retries, and a rerun that skips what already finished);
then the log dir's comparison table is printed (what memory added per strategy and task,
against each run's own no-memory answers) and its figures are written. ``-T`` arguments
go to every task whose function takes them; ``--dataset TASK=PATH`` gives a task over
released data its file.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from inspect_ai import Task

GENERATED_TASKS = (
    "entity_stream",
    "conversation",
    "research_qa",
    "code_qa",
    "feedback",
    "procedures",
)
"""Tasks that generate their samples (the default of ``--tasks``)."""
DATA_TASKS = ("locomo", "longmemeval")
"""Tasks over released data (``--dataset TASK=PATH``, else their download)."""
DEFAULT_AGENTS = ("none", "rag", "notes")
"""The default of ``--agents``: no memory, retrieval, and a notes block."""


@dataclass(frozen=True)
class SweepPlan:
    """What a sweep runs.

    Attributes:
        tasks: Task names (``entity_stream``, ``locomo``...).
        agents: Memory strategies (``-T agent=`` values).
        task_args: ``-T`` arguments, each given to the tasks that take it; a key of the
            form ``TASK.KEY`` (``entity_stream.tier``) goes to that task only, over a
            plain ``KEY`` of the same name.
        datasets: A data file per task over released data.
    """

    tasks: tuple[str, ...] = GENERATED_TASKS
    agents: tuple[str, ...] = DEFAULT_AGENTS
    task_args: Mapping[str, Any] = field(default_factory=dict)
    datasets: Mapping[str, str] = field(default_factory=dict)


def sweep_tasks(plan: SweepPlan) -> list[Task]:
    """One task per (task, strategy) pair, task by task.

    Args:
        plan: The sweep.

    Raises:
        ValueError: For an unknown task, a dataset for a task not swept, or a bad
            argument (one line).
    """
    unknown = [name for name in plan.tasks if name not in (*GENERATED_TASKS, *DATA_TASKS)]
    if unknown:
        raise ValueError(
            f"unknown task {', '.join(map(repr, unknown))}; tasks: "
            f"{', '.join((*GENERATED_TASKS, *DATA_TASKS))}"
        )
    unknown = sorted(set(plan.datasets) - set(plan.tasks))
    if unknown:
        raise ValueError(f"--dataset names a task not swept: {', '.join(unknown)}")
    scoped = {key: value for key, value in plan.task_args.items() if "." in key}
    unknown = sorted({key.partition(".")[0] for key in scoped} - set(plan.tasks))
    if unknown:
        raise ValueError(f"-T names a task not swept: {', '.join(unknown)}")
    from inspect_memgym import _registry  # every task, registered under its own name

    built = []
    for name in plan.tasks:
        function: Callable[..., Task] = getattr(_registry, name)
        accepted = task_parameters(function)
        arguments = {key: value for key, value in plan.task_args.items() if key in accepted}
        for key, value in scoped.items():
            task, _, argument = key.partition(".")
            if task != name:
                continue
            if argument not in accepted:
                raise ValueError(f"-T {key}: {name} takes no argument {argument!r}")
            arguments[argument] = value
        if name in plan.datasets:
            arguments["dataset"] = plan.datasets[name]
        for agent in plan.agents:
            built.append(function(**{**arguments, "agent": agent}))
    return built


def task_parameters(function: Callable[..., Task]) -> tuple[str, ...]:
    """The ``-T`` names a task takes: its parameters, and the old spellings it still accepts.

    Args:
        function: The task function.
    """
    from inspect_memgym.strategies.task_arguments import DEPRECATED_NAMES

    parameters = inspect.signature(function).parameters.values()
    named = tuple(
        parameter.name
        for parameter in parameters
        if parameter.kind != inspect.Parameter.VAR_KEYWORD
    )
    takes_old_spellings = any(
        parameter.kind == inspect.Parameter.VAR_KEYWORD for parameter in parameters
    )
    return (*named, *DEPRECATED_NAMES) if takes_old_spellings else named


def parse_assignments(values: Sequence[str], what: str, typed: bool = False) -> dict[str, Any]:
    """``KEY=VALUE`` command-line values as a dict.

    Args:
        values: The values given.
        what: The option, for the message (``-T``, ``--dataset``).
        typed: Read each value as YAML, as ``inspect eval -T`` does (``3`` is a number,
            ``true`` a boolean); else keep it as text.

    Raises:
        ValueError: For a value without ``=``.
    """
    parsed: dict[str, Any] = {}
    for value in values:
        key, sep, rest = value.partition("=")
        if not sep or not key:
            raise ValueError(f"{what} takes KEY=VALUE, got {value!r}")
        parsed[key.strip()] = yaml.safe_load(rest) if typed else rest
    return parsed


def write_comparison(log_dir: Path, figures: Path) -> str:
    """The comparison table of a sweep's logs, and its figures written to a folder.

    Args:
        log_dir: The sweep's log dir.
        figures: Where the figures go (created).

    Returns:
        The Markdown table.
    """
    from inspect_memgym.analysis.compare import compare_cells, compare_figure, compare_markdown
    from inspect_memgym.analysis.figures import write_figures
    from inspect_memgym.analysis.leaderboard import load_leaderboard
    from inspect_memgym.analysis.plot_style import save_png

    cells = compare_cells(load_leaderboard([str(log_dir)]), None, None)
    figures.mkdir(parents=True, exist_ok=True)
    if cells:
        save_png(compare_figure(cells), figures / "compare.png")
    write_figures([str(log_dir)], str(figures))
    return compare_markdown(cells)

"""The view a user picking a memory system wants: strategies × tasks, memory delta and CI.

Each cell is what memory added to the headline for one (model, strategy) on one task:

- with a baseline (``--baseline none``, or baseline logs), the paired delta across runs
  (`paired`): the strategy's run minus the baseline's, sample by sample;
- without one, the delta measured inside each run (``memory_delta``: every question also
  asked with no memory by the same reasoner), its mean over samples.

Either way the cell holds the mean, its standard error and its paired bootstrap confidence
interval (samples resampled with their pairs: `intervals`). Beside it, what each strategy's
memory held (`memory_holds_markdown`: extraction recall / precision per task, for the tasks
that score it), and its update-aware multi-hop questions (`update_chain_markdown`: right /
stale chain per task, for the tasks that ask them). As a Markdown table (cells
``Δ [low, high] (n)``, the method under the table), and as a figure (one panel per task, a
bar per model and strategy with its interval as the whisker, zero marked).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from inspect_memgym.analysis.intervals import (
    DEFAULT_SETTINGS,
    PAIRED_BOOTSTRAP,
    Interval,
    IntervalSettings,
    interval_text,
)
from inspect_memgym.analysis.leaderboard import Estimate, Leaderboard
from inspect_memgym.analysis.paired import paired_deltas, strategy_of
from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure
from inspect_memgym.scoring.isolation import MEMORY_DELTA
from inspect_memgym.scoring.operation_scores import UPDATE_CHAIN_KEYS

MISSING = "–"
NO_MEMORY_STRATEGY = "none"
"""The strategy that gives the reasoner no memory: its delta is zero by definition."""
ZERO_BY_DEFINITION = "   no memory: Δ = 0 by definition"
"""The figure's note on the bar of `NO_MEMORY_STRATEGY` (a bar of length zero)."""
HOLDS_SHOWN = ("extraction_recall", "precision")
"""The per-operation memory scores the second table shows."""


@dataclass(frozen=True)
class CompareCell:
    """One (model, strategy) on one task.

    Attributes:
        model: Model name.
        strategy: Memory strategy.
        task: Task name.
        delta: Memory delta of the headline, mean and standard error.
        samples: Samples (pairs, for a delta across runs).
        baseline: What the delta is against (a strategy, or ``no memory`` within the run).
        interval: Paired bootstrap interval of the delta.
    """

    model: str
    strategy: str
    task: str
    delta: Estimate
    samples: int
    baseline: str
    interval: Interval


def compare_cells(
    board: Leaderboard, baseline: str | None = None, baseline_board: Leaderboard | None = None
) -> list[CompareCell]:
    """The cells of the comparison, in the board's order.

    Args:
        board: The runs.
        baseline: A strategy name or a description of ``baseline_board`` (None: use each
            run's own ``memory_delta``).
        baseline_board: Rows of separate baseline logs.

    Raises:
        PairingRefused: If a baseline is given and a run cannot be paired with it.
    """
    if baseline is not None:
        return [
            CompareCell(d.model, d.strategy, d.task, d.delta, d.pairs, d.baseline, d.interval)
            for d in paired_deltas(board, baseline, baseline_board)
        ]
    cells = []
    for row in board.rows:
        measured = row.scores.get(MEMORY_DELTA)
        if measured is None or math.isnan(measured.mean):
            continue
        interval = row.intervals.get(MEMORY_DELTA) or _NO_INTERVAL
        cells.append(
            CompareCell(
                row.model, strategy_of(row), row.task, measured, row.samples, "no memory", interval
            )
        )
    return cells


_NO_INTERVAL = Interval(math.nan, math.nan, PAIRED_BOOTSTRAP, DEFAULT_SETTINGS.confidence)


def compare_markdown(
    cells: Sequence[CompareCell], settings: IntervalSettings = DEFAULT_SETTINGS
) -> str:
    """Rows (model, strategy), columns tasks, cells ``Δ [low, high] (n)``; the method under.

    Args:
        cells: The comparison.
        settings: How the intervals were computed (the board's), to state under the table.
    """
    if not cells:
        return "No run has a memory delta (memory isolation off and no baseline).\n"
    tasks = list(dict.fromkeys(cell.task for cell in cells))
    rows = list(dict.fromkeys((cell.model, cell.strategy) for cell in cells))
    found = {(cell.model, cell.strategy, cell.task): cell for cell in cells}
    baselines = sorted({cell.baseline for cell in cells})

    def shown(model: str, strategy: str, task: str) -> str:
        cell = found.get((model, strategy, task))
        if cell is None:
            return MISSING
        return f"{interval_text(cell.delta.mean, cell.interval, signed=True)} ({cell.samples})"

    title = (
        f"**memory delta of the headline** (vs {', '.join(baselines)}; mean "
        f"[{settings.percent} CI] (samples))"
    )
    lines = [*_task_grid(title, tasks, rows, shown), "", _method(settings)]
    return "\n".join(lines) + "\n"


def memory_holds_markdown(board: Leaderboard) -> str:
    """Rows (model, strategy), columns tasks, cells what the memory held: recall / precision.

    Each cell is the mean over samples of the row's extraction recall and precision
    (`scoring.operation_scores`); the leaderboard's CSV and JSON carry every per-operation
    score. Empty when no task of the board scores what memory holds; followed by
    `update_chain_markdown` when some task asks update-aware multi-hop questions.

    Args:
        board: The runs.
    """
    title = "**what the memory held** (extraction recall / precision, means over samples)"
    held = _operations_grid(board, title, HOLDS_SHOWN, lambda operations: bool(operations))
    if not held:
        return ""
    chains = update_chain_markdown(board)
    return held + (f"\n{chains}" if chains else "")


def update_chain_markdown(board: Leaderboard) -> str:
    """Rows (model, strategy), columns the tasks asking update-aware multi-hop questions.

    Each cell is the mean over samples of the row's ``update_chain_accuracy`` (answered
    right) and ``stale_chain_rate`` (answered with the stale chain's answer), missing for a
    run whose samples asked none. Empty when no task of the board asks them (only
    entity_stream and conversation do).

    Args:
        board: The runs.
    """
    title = "**update-aware multi-hop questions** (right / stale chain, means over samples)"
    return _operations_grid(board, title, UPDATE_CHAIN_KEYS, _asked_update_chains)


def _operations_grid(
    board: Leaderboard,
    title: str,
    keys: Sequence[str],
    shows: Callable[[dict[str, Estimate]], bool],
) -> str:
    """Rows (model, strategy), columns tasks, cells per-operation figures joined by " / ".

    Args:
        board: The runs.
        title: The table's title line.
        keys: The per-operation figures of a cell.
        shows: Whether a run's per-operation figures belong in the table.

    Returns:
        The table, or an empty string when no run belongs in it.
    """
    chosen = [row for row in board.rows if shows(row.operations)]
    if not chosen:
        return ""
    tasks = list(dict.fromkeys(row.task for row in chosen))
    rows = list(dict.fromkeys((row.model, strategy_of(row)) for row in chosen))
    found = {(row.model, strategy_of(row), row.task): row for row in chosen}

    def shown(model: str, strategy: str, task: str) -> str:
        row = found.get((model, strategy, task))
        return MISSING if row is None else _holds_cell(row.operations, keys)

    return "\n".join(_task_grid(title, tasks, rows, shown)) + "\n"


def _asked_update_chains(operations: dict[str, Estimate]) -> bool:
    """Whether some sample of a run asked an update-aware multi-hop question."""
    return any(
        (value := operations.get(key)) is not None and not math.isnan(value.mean)
        for key in UPDATE_CHAIN_KEYS
    )


def _task_grid(
    title: str,
    tasks: Sequence[str],
    rows: Sequence[tuple[str, str]],
    shown: Callable[[str, str, str], str],
) -> list[str]:
    """A Markdown table under its title: rows (model, strategy), one column per task.

    Args:
        title: The line above the table.
        tasks: The columns.
        rows: (model, strategy) per row.
        shown: A cell's text from its model, strategy and task.
    """
    lines = [
        title,
        "",
        "| model | strategy | " + " | ".join(tasks) + " |",
        "|---|---|" + "---:|" * len(tasks),
    ]
    for model, strategy in rows:
        cells = " | ".join(shown(model, strategy, task) for task in tasks)
        lines.append(f"| {model} | {strategy} | {cells} |")
    return lines


def _holds_cell(operations: dict[str, Estimate], keys: Sequence[str]) -> str:
    figures = []
    for key in keys:
        value = operations.get(key)
        figures.append(MISSING if value is None or math.isnan(value.mean) else f"{value.mean:.2f}")
    return " / ".join(figures)


def _method(settings: IntervalSettings) -> str:
    """The intervals' method, wrapped to 80 columns."""
    sentence = (
        f"{settings.percent} CI: paired percentile bootstrap over samples (each sample's "
        f"difference resampled with replacement; {settings.resamples:,} resamples, seed "
        f"{settings.seed}); [{MISSING}] with fewer than 2 samples."
    )
    return "\n".join(textwrap.wrap(sentence, width=80))


PANELS_PER_ROW = 3
"""Task panels side by side before the figure wraps to another row."""


def compare_figure(cells: Sequence[CompareCell]) -> Figure:
    """One panel per task, three a row: a horizontal bar per (model, strategy), CI whiskers.

    Args:
        cells: The comparison (at least one cell).
    """
    tasks = list(dict.fromkeys(cell.task for cell in cells))
    rows = list(dict.fromkeys((cell.model, cell.strategy) for cell in cells))
    columns = min(len(tasks), PANELS_PER_ROW)
    grid_rows = math.ceil(len(tasks) / columns)
    figure = new_figure(4.2 * columns + 1.5, grid_rows * (1.0 + 0.32 * len(rows)) + 0.4)
    grid = figure.subplots(grid_rows, columns, sharey=True, squeeze=False)
    panels = [panel for row in grid for panel in row]
    for unused in panels[len(tasks) :]:
        unused.set_visible(False)
    found = {(cell.model, cell.strategy, cell.task): cell for cell in cells}
    positions = list(range(len(rows)))
    labels = [f"{strategy} ({model})" for model, strategy in rows]
    for panel, task in zip(panels, tasks, strict=False):
        means, below, above = [], [], []
        for model, strategy in rows:
            cell = found.get((model, strategy, task))
            means.append(cell.delta.mean if cell else math.nan)
            whisker = _whisker(cell)
            below.append(whisker[0])
            above.append(whisker[1])
        colours = ["#55A868" if mean >= 0 else "#C44E52" for mean in means]
        panel.barh(positions, means, xerr=[below, above], color=colours, height=0.6, capsize=2)
        for position, (_, strategy), mean in zip(positions, rows, means, strict=True):
            if math.isnan(mean) or mean == 0.0:
                _mark_empty_bar(panel, position, strategy, mean)
        panel.axvline(0.0, color="black", linewidth=0.8)
        panel.set_title(task, fontsize=FONT_SIZE + 1)
        panel.set_xlabel(f"memory delta ({_percent(cells)} CI)", fontsize=FONT_SIZE)
        panel.tick_params(labelsize=FONT_SIZE)
    for row in grid:
        row[0].set_yticks(positions, labels)
    panels[0].invert_yaxis()
    figure.suptitle("What memory adds to the headline, per strategy", fontsize=FONT_SIZE + 2)
    return figure


def _mark_empty_bar(panel: Axes, position: int, strategy: str, mean: float) -> None:
    """Say in the panel why a row has no bar: not run, or a delta of exactly zero (drawn)."""
    if math.isnan(mean):
        note = " not run"
    else:
        panel.plot([0.0], [position], "D", color="#555555", markersize=5, clip_on=False)
        note = ZERO_BY_DEFINITION if strategy == NO_MEMORY_STRATEGY else "   Δ = 0"
    panel.text(
        0.0, position, note, va="center", fontsize=FONT_SIZE - 1, color="#777777", style="italic"
    )


def _whisker(cell: CompareCell | None) -> tuple[float, float]:
    """How far the interval reaches below and above the mean (0, 0 without one)."""
    if cell is None or cell.interval.missing:
        return 0.0, 0.0
    return (
        max(0.0, cell.delta.mean - cell.interval.low),
        max(0.0, cell.interval.high - cell.delta.mean),
    )


def _percent(cells: Sequence[CompareCell]) -> str:
    levels = sorted({cell.interval.confidence for cell in cells})
    return " / ".join(f"{level * 100:g}%" for level in levels)

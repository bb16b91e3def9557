"""Where people look at what the memory held: leaderboard columns, compare, the figure.

The analysis logs' entity_stream (agentic) and conversation runs score what memory holds;
each view must show the means over samples of the figures the samples record.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
from pathlib import Path
from statistics import fmean

import pytest
from analysis_logs import AnalysisLogs, copy_logs

from inspect_memgym.analysis.compare import memory_holds_markdown, update_chain_markdown
from inspect_memgym.analysis.figures import memory_failure_series, right_shares
from inspect_memgym.analysis.leaderboard import (
    Estimate,
    Leaderboard,
    LeaderboardRow,
    load_leaderboard,
)
from inspect_memgym.analysis.leaderboard_format import (
    MEMORY_HEADER,
    UPDATE_CHAIN_HEADER,
    format_leaderboard,
)
from inspect_memgym.analysis.memory_operation_columns import OPERATION_KEYS, operation_figures
from inspect_memgym.analysis.paired import strategy_of
from inspect_memgym.analysis.plot_style import RIGHT, UNLABELLED, WRONG_UNLABELLED
from inspect_memgym.analysis.sample_scores import sample_details


@pytest.fixture(scope="module")
def board(analysis_logs: AnalysisLogs, tmp_path_factory: pytest.TempPathFactory) -> Leaderboard:
    logs = [*analysis_logs.grid.values(), *analysis_logs.conversation.values()]
    return load_leaderboard([str(copy_logs(tmp_path_factory.mktemp("views") / "logs", logs))])


def recorded_means(analysis_logs: AnalysisLogs) -> dict[tuple[str, str], dict[str, float]]:
    """(task, model) -> each figure's mean over the samples that define it."""
    means = {}
    for log in [*analysis_logs.grid.values(), *analysis_logs.conversation.values()]:
        figures = [operation_figures(sample) for sample in log.samples or []]
        task = log.eval.task.rpartition("/")[2]
        means[(task, log.eval.model)] = {
            key: fmean(defined)
            for key in OPERATION_KEYS
            if (defined := [f[key] for f in figures if f.get(key) is not None])
        }
    return means


def test_each_row_estimates_the_figures_its_samples_record(
    board: Leaderboard, analysis_logs: AnalysisLogs
) -> None:
    expected = recorded_means(analysis_logs)
    assert len(board.rows) == len(expected) == 4
    for row in board.rows:
        means = expected[(row.task, row.model)]
        assert set(row.operations) == set(means)
        for key, mean in means.items():
            assert row.operations[key].mean == pytest.approx(mean)
    perfect = next(r for r in board.rows if r.task == "entity_stream" and "perfect" in r.model)
    assert perfect.operations["extraction_recall"].mean == 1.0


def test_markdown_adds_one_narrow_column_and_csv_and_json_carry_every_figure(
    board: Leaderboard,
) -> None:
    markdown = format_leaderboard(board, "markdown")
    assert markdown.count(f"| {MEMORY_HEADER} |") == 2  # one per task table
    for row in board.rows:
        recall = row.operations["extraction_recall"].mean
        precision = row.operations.get("precision")
        shown = "–" if precision is None or math.isnan(precision.mean) else f"{precision.mean:.2f}"
        line = next(
            line
            for line in markdown.splitlines()
            if line.startswith(f"| {row.model} | {row.label}")
        )
        assert line.endswith(f"| {recall:.2f} / {shown} | {chain_cell(row)} |")
    records = list(csv.DictReader(io.StringIO(format_leaderboard(board, "csv"))))
    document = json.loads(format_leaderboard(board, "json"))
    for row, record, entry in zip(board.rows, records, document["rows"], strict=True):
        for key, value in row.operations.items():
            assert float(record[f"memory_{key}_mean"]) == pytest.approx(value.mean, abs=1e-6)
            assert entry["memory_operations"][key]["mean"] == pytest.approx(value.mean)


def test_compare_shows_what_each_strategy_held_per_task(board: Leaderboard) -> None:
    text = memory_holds_markdown(board)
    assert "| model | strategy | conversation | entity_stream |" in text
    for row in board.rows:
        recall = row.operations["extraction_recall"].mean
        assert f"{recall:.2f} / " in text
    assert memory_holds_markdown(Leaderboard(rows=[], notes=[], settings=board.settings)) == ""


def chain_cell(row: LeaderboardRow) -> str:
    """The row's update chain figures as both views show them: ``right / stale``."""
    right = row.operations["update_chain_accuracy"].mean
    stale = row.operations["stale_chain_rate"].mean
    return f"{right:.2f} / {stale:.2f}"


def test_markdown_shows_the_update_chain_figures_of_the_tasks_that_ask_them(
    board: Leaderboard,
) -> None:
    markdown = format_leaderboard(board, "markdown")
    assert markdown.count(f"| {MEMORY_HEADER} | {UPDATE_CHAIN_HEADER} |") == 2
    for row in board.rows:
        line = next(
            line
            for line in markdown.splitlines()
            if line.startswith(f"| {row.model} | {row.label}")
        )
        assert line.endswith(f"| {chain_cell(row)} |")


def test_a_task_without_update_chains_has_no_such_column_and_a_run_without_them_a_blank(
    board: Leaderboard,
) -> None:
    other = dataclasses.replace(
        board.rows[0],
        task="research_qa",
        operations={"extraction_recall": Estimate(0.5, 0.1), "precision": Estimate(1.0, 0.0)},
    )
    older = dataclasses.replace(
        board.rows[0],
        model="older/run",
        operations={"extraction_recall": Estimate(1.0, 0.0)},
    )
    stale = dataclasses.replace(
        board.rows[0],
        model="stale/keeper",
        operations={
            "extraction_recall": Estimate(1.0, 0.0),
            "update_chain_accuracy": Estimate(0.25, 0.1),
            "stale_chain_rate": Estimate(0.75, 0.1),
        },
    )
    with_others = dataclasses.replace(board, rows=[*board.rows, other, older, stale])
    tables = format_leaderboard(with_others, "markdown").split("**")
    research_qa = tables[tables.index("research_qa") + 1]
    assert MEMORY_HEADER in research_qa and UPDATE_CHAIN_HEADER not in research_qa
    older_line = next(
        line for line in "".join(tables).splitlines() if line.startswith("| older/run |")
    )
    assert older_line.endswith("| 1.00 / – | – |")
    stale_line = next(
        line for line in "".join(tables).splitlines() if line.startswith("| stale/keeper |")
    )
    assert stale_line.endswith("| 1.00 / – | 0.25 / 0.75 |")
    chains = update_chain_markdown(with_others)
    assert "research_qa" not in chains and "older/run" not in chains
    assert f"| stale/keeper | {strategy_of(stale)} | 0.25 / 0.75 | – |" in chains


def test_compare_shows_the_update_chain_figures_per_task(board: Leaderboard) -> None:
    text = memory_holds_markdown(board)
    chains = update_chain_markdown(board)
    assert chains and text.endswith(chains)
    assert "| model | strategy | conversation | entity_stream |" in chains
    for row in board.rows:
        line = next(
            line
            for line in chains.splitlines()
            if line.startswith(f"| {row.model} | {strategy_of(row)} |")
        )
        assert chain_cell(row) in line
    assert max(len(line) for line in text.splitlines()) <= 80
    no_chains = [
        dataclasses.replace(
            row,
            operations={k: v for k, v in row.operations.items() if "chain" not in k},
        )
        for row in board.rows
    ]
    assert update_chain_markdown(dataclasses.replace(board, rows=no_chains)) == ""


def test_the_failure_figure_stacks_each_label_and_the_rest_to_one(board: Leaderboard) -> None:
    series = dict(memory_failure_series(board.rows))
    assert len(series) == 4
    for row in board.rows:
        label = next(name for name in series if name.startswith(row.task) and row.model in name)
        shares = series[label]
        assert sum(shares.values()) == pytest.approx(1.0)
        for outcome, share in shares.items():
            if outcome != UNLABELLED:
                assert share == pytest.approx(row.operations[f"failed_{outcome}"].mean)


def test_plot_writes_the_memory_failure_figure(board: Leaderboard, tmp_path: Path) -> None:
    from inspect_memgym.analysis.figures import write_figures

    written = write_figures(list(board.rows[0].logs), str(tmp_path))
    assert any(Path(figure.path).name == "memory_failures.png" for figure in written)


def test_the_rest_of_each_bar_is_split_into_right_and_wrong_with_no_label(
    board: Leaderboard, analysis_logs: AnalysisLogs
) -> None:
    logs = [*analysis_logs.grid.values(), *analysis_logs.conversation.values()]
    right = right_shares(board.rows, sample_details([log.location for log in logs]))
    for row, share in zip(board.rows, right, strict=True):
        [log] = [log for log in logs if log.eval.eval_id in row.eval_ids]
        per_sample = []
        for sample in log.samples or []:
            questions = sample.scores[row.scorer].metadata["questions"]  # type: ignore[index]
            per_sample.append(fmean(bool(question["correct"]) for question in questions))
        assert share == pytest.approx(fmean(per_sample))
    series = dict(memory_failure_series(board.rows, right))
    for row, share in zip(board.rows, right, strict=True):
        label = next(name for name in series if name.startswith(row.task) and row.model in name)
        shares = series[label]
        assert UNLABELLED not in shares and sum(shares.values()) == pytest.approx(1.0)
        rest = 1.0 - sum(v for k, v in shares.items() if k not in (RIGHT, WRONG_UNLABELLED))
        assert shares[RIGHT] == pytest.approx(min(share or 0.0, rest))


def test_a_run_with_no_labels_but_a_verdict_shows_its_right_answers(board: Leaderboard) -> None:
    """A strategy with no per-question label (entity_stream's rag) that answered 0.34 right."""
    row = dataclasses.replace(board.rows[0], operations={"failed_outdated": Estimate(0.0, 0.0)})
    [(_, shares)] = memory_failure_series([row], [0.34])
    assert shares == {"outdated": 0.0, RIGHT: 0.34, WRONG_UNLABELLED: pytest.approx(0.66)}
    [(_, unknown)] = memory_failure_series([row])
    assert unknown == {"outdated": 0.0, UNLABELLED: 1.0}

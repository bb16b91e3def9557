"""Cost figures in the analysis: logs written before them read as missing, never as 0;
logs with them give the leaderboard columns, the ``samples_df``/``evals_df`` columns, the
tokens per model role and the frontier figure.

A committed reference log with its figures taken out stands for a log written before them;
a copy of one with known figures written into its scores (and a grader's usage into its
samples) stands for a new log, so no eval runs.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from inspect_ai.analysis import EvalInfo, SampleSummary, evals_df, samples_df
from inspect_ai.log import EvalLog, read_eval_log, write_eval_log
from inspect_ai.model import ModelUsage

from inspect_memgym.analysis.cost_columns import (
    EVAL_COST_COLUMNS,
    METRIC_GROUP,
    SAMPLE_COST_COLUMNS,
)
from inspect_memgym.analysis.figures import write_figures
from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.leaderboard_format import MISSING, format_leaderboard
from inspect_memgym.kit.cost_keys import (
    COST_KEY,
    COST_METRIC_NAMES,
    FORMER_COST_METRIC_NAMES,
    MEMORY_TOKENS_BY_QUESTION,
    MEMORY_TOKENS_PER_QUESTION,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
)

REFERENCE = Path(__file__).resolve().parents[2] / "logs" / "reference"
OLD = "conversation_none_perfect.eval"
NEW = "conversation_rag_perfect.eval"
REFERENCE_WITH_COSTS = "conversation_official_perfect.eval"
"""A reference log whose scorer reports every cost metric (`kit.cost_keys.COST_METRIC_NAMES`)."""
SCORER = "conversation_scorer"
HEADLINE = "chance_corrected_accuracy"
GRADER_USAGE = ModelUsage(input_tokens=300, output_tokens=20, total_tokens=320, total_cost=0.5)


def with_costs(log: EvalLog) -> EvalLog:
    """The log with cost figures in every score (memory tokens 1000 + 100 per sample)."""
    assert log.samples and log.results
    for index, sample in enumerate(log.samples):
        score = sample.scores[SCORER]  # type: ignore[index]
        score.metadata = {
            **(score.metadata or {}),
            COST_KEY: {
                MEMORY_TOKENS_PER_QUESTION: 1000.0 + 100 * index,
                SEARCH_MS_P50: 2.0,
                SEARCH_MS_P95: 5.0,
            },
        }
        sample.role_usage = {"grader": GRADER_USAGE}
        sample.model_usage = {
            **sample.model_usage,
            "memgym/judge": GRADER_USAGE,
        }
    return log


def without_costs(log: EvalLog) -> EvalLog:
    """The log as written before the figures: none in its scores or its results."""
    assert log.samples and log.results
    for sample in log.samples:
        for score in (sample.scores or {}).values():
            metadata = dict(score.metadata or {})
            metadata.pop(COST_KEY, None)
            metadata.pop(MEMORY_TOKENS_BY_QUESTION, None)
            score.metadata = metadata
    log.results.scores = [
        score
        for score in log.results.scores
        if not any(metric.group == METRIC_GROUP for metric in score.metrics.values())
    ]
    return log


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("cost_logs")
    write_eval_log(without_costs(read_eval_log(str(REFERENCE / OLD))), str(directory / OLD))
    write_eval_log(with_costs(read_eval_log(str(REFERENCE / NEW))), str(directory / NEW))
    return directory


def test_old_logs_have_no_figures_and_show_them_missing(logs: Path) -> None:
    board = load_leaderboard([str(logs / OLD)])
    [row] = board.rows
    assert row.costs == {}
    assert set(row.roles) == {"model"} and row.roles["model"]["tokens"] == row.tokens
    cells = row_cells(format_leaderboard(board, "markdown"))
    assert cells["memory tokens / question"] == MISSING
    assert cells["search ms p50 / p95"] == MISSING
    assert cells["tokens by role"].startswith("model ")
    assert cells["tokens / question"] == MISSING  # no questions metered
    figures = [
        Path(figure.path).name for figure in write_figures([str(logs / OLD)], str(logs / "old"))
    ]
    assert "conversation_frontier.png" not in figures
    assert "conversation_scores.png" in figures


def test_new_logs_give_cost_columns_beside_the_score(logs: Path) -> None:
    board = load_leaderboard([str(logs)])
    rows = {row.protocol.value("agent"): row for row in board.rows}
    new, old = rows["rag"], rows["none"]
    samples = new.samples
    assert new.costs[MEMORY_TOKENS_PER_QUESTION].mean == pytest.approx(1000 + 50 * (samples - 1))
    assert new.costs[SEARCH_MS_P95].mean == 5.0
    assert new.roles["grader"] == {"tokens": 320 * samples, "cost": 0.5 * samples}
    assert old.costs == {}
    markdown = format_leaderboard(board, "markdown")
    assert f"| {1000 + 50 * (samples - 1):,.0f} | 2.0 / 5.0 | model " in markdown
    assert f"grader {320 * samples / 1000:.1f}k" in markdown
    table = list(csv.DictReader(io.StringIO(format_leaderboard(board, "csv"))))
    by_agent = {row["protocol"].split("agent ")[1]: row for row in table}
    assert float(by_agent["rag"]["memory_tokens_per_question_mean"]) == pytest.approx(
        new.costs[MEMORY_TOKENS_PER_QUESTION].mean
    )
    assert by_agent["none"]["memory_tokens_per_question_mean"] == ""
    assert by_agent["rag"]["tokens_grader"] == str(320 * samples)
    assert float(by_agent["rag"]["cost_grader"]) == pytest.approx(0.5 * samples)


def test_samples_df_and_evals_df_read_the_figures_and_roles(logs: Path) -> None:
    table = samples_df(
        [str(logs / OLD), str(logs / NEW)], columns=SampleSummary + SAMPLE_COST_COLUMNS, quiet=True
    )
    new = table[table["log"].str.endswith(NEW)]
    old = table[table["log"].str.endswith(OLD)]
    assert sorted(new[MEMORY_TOKENS_PER_QUESTION]) == [1000.0 + 100 * i for i in range(len(new))]
    assert set(new["tokens_grader"]) == {320}
    assert old[MEMORY_TOKENS_PER_QUESTION].isna().all() and old["tokens_grader"].isna().all()
    assert (old["tokens_model"] > 0).all()
    evals = evals_df([str(logs / OLD)], columns=EvalInfo + EVAL_COST_COLUMNS, quiet=True)
    assert evals[MEMORY_TOKENS_PER_QUESTION].isna().all()


def test_the_frontier_figure_has_a_point_per_strategy(logs: Path) -> None:
    figures = write_figures([str(logs)], str(logs / "figures"))
    [frontier] = [figure for figure in figures if figure.path.endswith("conversation_frontier.png")]
    assert HEADLINE in frontier.description
    assert Path(frontier.path).read_bytes().startswith(b"\x89PNG")


def row_cells(markdown: str) -> dict[str, str]:
    """The first run's cells of a one-table leaderboard, by column header."""
    lines = markdown.splitlines()
    header = next(line for line in lines if line.startswith("| model |"))
    line = next(line for line in lines if line.startswith("| memgym"))

    def split(text: str) -> list[str]:
        return [cell.strip() for cell in text.strip().strip("|").split("|")]

    return dict(zip(split(header), split(line), strict=True))


def cost_names() -> dict[str, str]:
    """Every name a cost metric was ever written under -> its figure."""
    former = {
        name: figure for figure, names_of in FORMER_COST_METRIC_NAMES.items() for name in names_of
    }
    return {**former, **{name: figure for figure, name in COST_METRIC_NAMES.items()}}


def reference_cost_figures() -> dict[str, float]:
    """The cost figures the reference log's results report, by figure."""
    log = read_eval_log(str(REFERENCE / REFERENCE_WITH_COSTS), header_only=True)
    assert log.results is not None
    names = cost_names()
    return {
        names[name]: float(metric.value)
        for score in log.results.scores
        if score.name == score.scorer
        for name, metric in score.metrics.items()
        if name in names
    }


def renamed_metrics(log: EvalLog, names: dict[str, str]) -> EvalLog:
    """The log with its `memory_cost` metrics under other names (figure -> name)."""
    assert log.results is not None
    by_name = cost_names()
    for score in log.results.scores:
        if score.name == score.scorer:
            score.metrics = {
                names.get(by_name.get(name, name), name): metric
                for name, metric in score.metrics.items()
            }
            for name, metric in score.metrics.items():
                metric.name = name
    return log


SECOND_NAMES = {
    **{figure: figure for figure in COST_METRIC_NAMES},
    MEMORY_TOKENS_PER_QUESTION: "memory_tokens",
}
"""The names logs carried before `kit.cost_keys.COST_METRIC_NAMES`."""


@pytest.mark.parametrize(
    "names",
    [
        {},  # as the reference log holds them: delta_tokens, p50_add_ms, p50_search_ms...
        SECOND_NAMES,  # memory_tokens, add_ms_p50, search_ms_p50, search_ms_p95
        {figure: figure for figure in COST_METRIC_NAMES},  # the oldest: the figures' own
    ],
)
def test_evals_df_reads_the_cost_metrics_under_old_and_new_names(
    names: dict[str, str], tmp_path: Path
) -> None:
    log = renamed_metrics(read_eval_log(str(REFERENCE / REFERENCE_WITH_COSTS)), names)
    write_eval_log(log, str(tmp_path / REFERENCE_WITH_COSTS))
    [row] = evals_df(
        [str(tmp_path / REFERENCE_WITH_COSTS)], columns=EvalInfo + EVAL_COST_COLUMNS, quiet=True
    ).to_dict("records")
    expected = reference_cost_figures()
    assert set(expected) == set(COST_METRIC_NAMES) and expected[MEMORY_TOKENS_PER_QUESTION] > 0
    assert {figure: row[figure] for figure in COST_METRIC_NAMES} == expected


def test_the_leaderboard_of_a_reference_log_still_shows_its_cost_figures() -> None:
    """A reference log carries the former metric names; the leaderboard reads the samples."""
    board = load_leaderboard([str(REFERENCE / REFERENCE_WITH_COSTS)])
    [row] = board.rows
    tokens = reference_cost_figures()[MEMORY_TOKENS_PER_QUESTION]
    assert row.costs[MEMORY_TOKENS_PER_QUESTION].mean == pytest.approx(tokens, abs=1e-3)
    cells = row_cells(format_leaderboard(board, "markdown"))
    assert cells["memory tokens / question"] == f"{tokens:,.0f}"
    searched = f"{row.costs[SEARCH_MS_P50].mean:.1f} / {row.costs[SEARCH_MS_P95].mean:.1f}"
    assert cells["search ms p50 / p95"] == searched

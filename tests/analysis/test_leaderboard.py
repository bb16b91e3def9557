"""The leaderboard: numbers equal Inspect's own metrics, protocols never pooled, runs split by
sample ids pooled, the same samples twice refused; Markdown, CSV and JSON output."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path
from statistics import fmean

import pytest
from analysis_logs import AnalysisLogs, copy_logs
from inspect_ai import eval
from inspect_ai.log import EvalLog, read_eval_log, write_eval_log

from inspect_memgym.analysis.leaderboard import (
    Leaderboard,
    LeaderboardRow,
    PoolingRefused,
    estimate,
    load_leaderboard,
)
from inspect_memgym.analysis.leaderboard_format import format_leaderboard
from inspect_memgym.conversation import grading as conversation_grading
from inspect_memgym.conversation.normalisation import MEMORY_DELTA_SCALE, chance_corrected
from inspect_memgym.conversation.task import TASK_VERSION as CONVERSATION_VERSION
from inspect_memgym.entity_stream.axes import SCORE_KEYS
from inspect_memgym.entity_stream.task import TASK_VERSION as ENTITY_STREAM_VERSION
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.scoring.isolation import PairedAnswer, isolate

SCORER = "entity_stream_scorer"


def logged_metrics(log: EvalLog) -> dict[str, tuple[float, float]]:
    """(mean, stderr) per score key, as Inspect computed them."""
    assert log.results is not None
    return {
        score.name: (score.metrics["mean"].value, score.metrics["stderr"].value)
        for score in log.results.scores
        if score.name != score.scorer  # the scorer's own name holds its memory_cost metrics
    }


def row_of(board: Leaderboard, model: str) -> list[LeaderboardRow]:
    return [row for row in board.rows if row.model == model]


def test_rows_equal_inspect_metrics(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.grid.values()))
    board = load_leaderboard([str(directory)])
    assert [row.model for row in board.rows] == ["memgym/perfect", "memgym/naive"]
    assert board.notes == []
    for row in board.rows:
        log = analysis_logs.grid[row.model.removeprefix("memgym/")]
        assert row.task == "entity_stream"
        assert row.samples == 2
        assert row.headline == "composite"
        assert row.keys == SCORE_KEYS
        label = f"v{ENTITY_STREAM_VERSION} · lite · seed 0 · city, company · agent agentic"
        assert row.label == label
        for key, (mean, stderr) in logged_metrics(log).items():
            assert row.scores[key].mean == pytest.approx(mean, abs=1e-12), key
            assert row.scores[key].stderr == pytest.approx(stderr, abs=1e-12), key
        assert row.tokens is not None and row.tokens > 0
        assert row.cost is None
    perfect, naive = board.rows
    assert perfect.scores["composite"].mean == 1.0
    assert 0 < naive.scores["composite"].mean < 0.5


def test_conversation_rows_lead_with_the_chance_corrected_accuracy(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.conversation.values()))
    board = load_leaderboard([str(directory)])
    assert [row.model for row in board.rows] == ["memgym/perfect", "memgym/guesser"]
    for row in board.rows:
        assert row.task == "conversation"
        assert row.headline == "chance_corrected_accuracy"
        assert row.keys == conversation_grading.SCORE_KEYS
        assert row.label == f"v{CONVERSATION_VERSION} · small · seed 0 · agent awe"
    assert board.rows[0].scores["chance_corrected_accuracy"].mean == 1.0
    assert board.rows[1].scores["chance_corrected_accuracy"].mean < 0.5


def test_conversation_rows_say_how_to_read_memory_delta(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.conversation.values()))
    board = load_leaderboard([str(directory)])
    assert board.notes == [f"conversation memory_delta: {MEMORY_DELTA_SCALE}."]
    assert all(row.score_notes == (("memory_delta", MEMORY_DELTA_SCALE),) for row in board.rows)
    sample = (analysis_logs.conversation["perfect"].samples or [])[0]
    score = (sample.scores or {})["conversation_scorer"]
    assert (score.metadata or {})["score_notes"] == {"memory_delta": MEMORY_DELTA_SCALE}
    assert f"Note: {MEMORY_DELTA_SCALE}." in str(score.explanation)
    # what the note says: a reasoner always wrong without memory, always right with it,
    # gains 1 (its wrong picks count a guess's 1/k); unfloored it would gain 1 / (1 - 1/k)
    random = 0.25
    pairs = [PairedAnswer(memory=1.0, no_memory=0.0, floor=random)] * 4
    isolated = isolate(pairs, lambda credits: chance_corrected(fmean(credits.values()), random))
    assert isolated.no_memory == 0.0 and isolated.memory_delta == pytest.approx(1.0)
    assert isolated.memory_delta_raw == pytest.approx(1 / (1 - random))
    # entity_stream's delta is on the 0-1 scale: its rows carry no such note
    grid = copy_logs(tmp_path / "grid", list(analysis_logs.grid.values()))
    assert load_leaderboard([str(grid)]).notes == []


def test_a_limited_run_is_labelled_by_the_samples_that_ran(tmp_path: Path) -> None:
    """``--limit 5`` of two seeds' 20 samples scores five samples of seed 0 only."""
    [log] = eval(
        entity_stream(tier="smoke", seeds=2),
        model="memgym/perfect",
        limit=5,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.eval.dataset.samples == 20
    assert {sample.metadata["seed"] for sample in log.samples or []} == {0}
    [row] = load_leaderboard([str(tmp_path)]).rows
    assert row.samples == 5
    assert row.protocol.value("seeds") == [0, 1]  # the task arguments asked for both
    assert row.label == (
        f"v{ENTITY_STREAM_VERSION} · smoke · seed 0 · 10 templates · agent agentic · "
        "5 of 20 samples"
    )


def test_different_protocols_are_separate_rows_and_the_notes_say_how(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    directory = copy_logs(
        tmp_path / "logs", [analysis_logs.grid["naive"], analysis_logs.other_seed]
    )
    board = load_leaderboard([str(directory)])
    naive = row_of(board, "memgym/naive")
    assert len(naive) == 2
    assert sorted(row.label for row in naive) == [
        f"v{ENTITY_STREAM_VERSION} · lite · seed 0 · city, company · agent agentic",
        f"v{ENTITY_STREAM_VERSION} · lite · seed 1 · city, company · agent agentic",
    ]
    assert all(row.samples == 2 for row in naive)
    assert any(
        "memgym/naive on entity_stream was run under 2 protocols" in note
        and "not pooled" in note
        and "seeds: 0 vs 1" in note
        for note in board.notes
    ), board.notes
    markdown = format_leaderboard(board, "markdown")
    assert "seeds: 0 vs 1" in markdown
    assert markdown.count("| memgym/naive |") == 2


def test_logs_split_by_sample_ids_are_pooled(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    whole = load_leaderboard([str(copy_logs(tmp_path / "whole", [analysis_logs.grid["naive"]]))])
    split = load_leaderboard([str(copy_logs(tmp_path / "split", analysis_logs.split))])
    [whole_row] = whole.rows
    [split_row] = split.rows
    assert split_row.samples == 2 and len(split_row.logs) == 2
    assert split_row.protocol == whole_row.protocol
    for key in SCORE_KEYS:
        assert split_row.scores[key].mean == pytest.approx(whole_row.scores[key].mean)
        assert split_row.scores[key].stderr == pytest.approx(whole_row.scores[key].stderr)


def test_the_same_samples_twice_are_refused(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    directory = copy_logs(tmp_path / "logs", [analysis_logs.grid["naive"], analysis_logs.split[0]])
    with pytest.raises(PoolingRefused) as refused:
        load_leaderboard([str(directory)])
    message = str(refused.value)
    assert "memgym/naive on entity_stream" in message
    assert "both hold samples city-lite-0" in message
    assert Path(analysis_logs.split[0].location).name in message
    assert "\n" not in message


def test_several_locations_and_files_are_read_once(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.grid.values()))
    one_file = next(directory.iterdir())
    board = load_leaderboard([str(directory), str(one_file)])
    assert len(board.rows) == 2


def test_csv_and_json_hold_every_row_and_key(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    logs = [*analysis_logs.grid.values(), *analysis_logs.conversation.values()]
    board = load_leaderboard([str(copy_logs(tmp_path / "logs", logs))])
    assert board.tasks() == ["conversation", "entity_stream"]

    records = list(csv.DictReader(io.StringIO(format_leaderboard(board, "csv"))))
    assert [(record["task"], record["model"]) for record in records] == [
        ("conversation", "memgym/perfect"),
        ("conversation", "memgym/guesser"),
        ("entity_stream", "memgym/perfect"),
        ("entity_stream", "memgym/naive"),
    ]
    perfect = records[2]
    assert float(perfect["composite_mean"]) == 1.0 and float(perfect["composite_stderr"]) == 0.0
    assert perfect["chance_corrected_accuracy_mean"] == ""  # a conversation key only
    assert perfect["samples"] == "2"

    document = json.loads(format_leaderboard(board, "json"))
    assert document["notes"] == [f"conversation memory_delta: {MEMORY_DELTA_SCALE}."]
    rows = document["rows"]
    assert rows[2]["protocol"]["tier"] == "lite"
    assert rows[2]["protocol"]["seeds"] == [0]
    assert rows[2]["protocol"]["templates"] == ["city", "company"]
    assert rows[2]["protocol"]["version"] == ENTITY_STREAM_VERSION
    assert set(rows[2]["scores"]) == set(SCORE_KEYS)
    assert rows[0]["headline"] == "chance_corrected_accuracy"
    headline = rows[0]["scores"]["chance_corrected_accuracy"]
    assert {key: headline[key] for key in ("mean", "stderr")} == {"mean": 1.0, "stderr": 0.0}
    # one user scoring 1: the Wilson interval of 1 success in 1 trial
    assert headline["ci"]["method"] == "wilson" and headline["ci"]["high"] == 1.0
    assert headline["ci"]["low"] == pytest.approx(0.2065, abs=1e-4)


def test_markdown_has_one_table_per_task(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    logs = [*analysis_logs.grid.values(), *analysis_logs.conversation.values()]
    board = load_leaderboard([str(copy_logs(tmp_path / "logs", logs))])
    text = format_leaderboard(board, "markdown")
    assert text.index("**conversation**") < text.index("**entity_stream**")
    header = (
        "| model | protocol | samples | composite | breadth | maintenance | reasoning | "
        "efficiency | abstention | no_memory | memory_delta | memory_delta_breadth | "
        "memory_delta_maintenance | memory_delta_reasoning | memory_delta_efficiency | "
        "write_failure | read_failure | utilization_failure | "
        "memory tokens / question | search ms p50 / p95 | tokens by role | tokens / question | "
        "tokens | cost |"
    )
    assert header in text
    protocol = f"v{ENTITY_STREAM_VERSION} · lite · seed 0 · city, company · agent agentic"
    # both samples score 1: the Wilson interval of 2 successes in 2 trials
    assert f"| memgym/perfect | {protocol} | 2 | 1.000 [0.34, 1.00] |" in text
    naive = board.rows[3]
    interval = naive.intervals["composite"]
    cell = f"{naive.scores['composite'].mean:.3f} [{interval.low:.2f}, {interval.high:.2f}]"
    assert interval.method == "bootstrap"
    assert f"| memgym/naive | {protocol} | 2 | {cell} |" in text
    assert "| chance_corrected_accuracy | accuracy | random | memory_score |" in text
    assert not math.isnan(naive.scores["composite"].stderr)


def test_the_official_figures_are_shown_only_beside_ours(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    logs = [*analysis_logs.grid.values(), *analysis_logs.conversation.values()]
    board = load_leaderboard([str(copy_logs(tmp_path / "logs", logs))])
    plain = format_leaderboard(board, "markdown")
    beside = format_leaderboard(board, "markdown", beside=True)
    assert "| official_" not in plain and "| memory_delta_raw |" not in plain
    assert (
        "| memory_delta_efficiency | official_composite | official_maintenance | "
        "official_efficiency | write_failure |"
    ) in beside
    assert "| memory_score | official_memory_score | upper_bound |" in beside
    assert "| no_memory_raw | memory_delta_raw |" in beside
    # entity_stream's perfect: MemoryGym divides efficiency by the whole budget (15 writes)
    perfect = next(
        r for r in board.rows if (r.task, r.model) == ("entity_stream", "memgym/perfect")
    )
    expected = []
    for sample in analysis_logs.grid["perfect"].samples or []:
        details = (sample.scores or {})[SCORER].metadata["questions"]  # type: ignore[index]
        answerable = sum(detail["axis"] != "abstention" for detail in details)
        expected.append(0.80 + 0.20 * answerable / 15)
    official = perfect.scores["official_composite"]
    assert official.mean == pytest.approx(fmean(expected)) and official.mean < 1.0
    cells = [line for line in beside.splitlines() if line.startswith("| memgym/perfect | v")]
    entity_cells = [line for line in cells if "agent agentic" in line]
    assert f"| {official.mean:.3f} ± {official.stderr:.3f} |" in entity_cells[0]
    # conversation's perfect: AMemGym's unclipped memory score is its clipped one, 1.0
    talk = next(r for r in board.rows if (r.task, r.model) == ("conversation", "memgym/perfect"))
    assert talk.scores["official_memory_score"].mean == pytest.approx(1.0)
    records = list(csv.DictReader(io.StringIO(format_leaderboard(board, "csv"))))
    assert float(records[2]["official_composite_mean"]) == pytest.approx(official.mean)
    assert float(records[0]["official_memory_score_mean"]) == pytest.approx(1.0)
    document = json.loads(format_leaderboard(board, "json"))
    assert document["rows"][2]["scores"]["official_composite"]["mean"] == pytest.approx(
        official.mean
    )


def test_an_unfinished_log_counts_its_scored_samples_and_says_so(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    """A log killed mid-run has no results; its samples still count, with a note."""
    log = read_eval_log(analysis_logs.grid["naive"].location)
    unfinished = log.model_copy(
        update={"status": "started", "results": None, "samples": (log.samples or [])[:1]}
    )
    directory = tmp_path / "logs"
    directory.mkdir()
    write_eval_log(unfinished, str(directory / "unfinished.eval"))
    board = load_leaderboard([str(directory)])
    [row] = board.rows
    assert row.samples == 1
    assert row.headline == "composite"
    assert row.keys == SCORE_KEYS
    [sample] = unfinished.samples or []
    value = sample.scores[SCORER].value  # type: ignore[index]
    assert row.scores["composite"].mean == value["composite"]  # type: ignore[index]
    assert any("has status started" in note for note in board.notes), board.notes


def test_samples_not_scored_on_a_key_are_left_out_of_its_estimate() -> None:
    assert estimate([1.0, math.nan, 0.0]) == estimate([1.0, 0.0])
    assert estimate([1.0, 0.0]).mean == 0.5 and estimate([1.0, 0.0]).stderr == 0.5
    assert math.isnan(estimate([math.nan, math.nan]).mean)
    assert math.isnan(estimate([math.nan, math.nan]).stderr)


def test_a_run_cut_by_limit_says_how_much_of_the_dataset_ran(tmp_path: Path) -> None:
    from inspect_ai import eval as inspect_eval

    from inspect_memgym.analysis.figures import write_figures
    from inspect_memgym.entity_stream.task import entity_stream

    [log] = inspect_eval(
        entity_stream(tier="smoke", seeds=2),
        model="memgym/perfect",
        limit=3,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success"
    [row] = load_leaderboard([str(tmp_path)]).rows
    assert row.samples == 3
    assert row.label.endswith(" · 3 of 20 samples")
    figures = write_figures([str(tmp_path)], str(tmp_path / "figures"))
    assert figures and all(Path(figure.path).exists() for figure in figures)

"""``inspect-memgym plot``: which PNGs are written, that they are real and deterministic, and
that the numbers behind them (question-type counts, outcome shares, period curves) are right."""

from __future__ import annotations

import dataclasses
import itertools
import struct
from pathlib import Path

import pytest
from analysis_logs import AnalysisLogs, copy_logs

from inspect_memgym.analysis.figures import (
    _outcome_shares,
    _period_curve,
    _question_counts,
    series_labels,
    write_figures,
)
from inspect_memgym.analysis.leaderboard import Estimate, load_leaderboard
from inspect_memgym.analysis.plot_failures import failure_figure
from inspect_memgym.analysis.plot_style import RIGHT_OR_CUT
from inspect_memgym.cli import main
from inspect_memgym.scoring.reached import NOT_REACHED

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE), path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def log_dir(analysis_logs: AnalysisLogs, tmp_path_factory: pytest.TempPathFactory) -> Path:
    logs = [
        *analysis_logs.grid.values(),
        analysis_logs.other_seed,
        *analysis_logs.conversation.values(),
    ]
    return copy_logs(tmp_path_factory.mktemp("figures") / "logs", logs)


def test_plot_writes_every_figure_once_per_task(
    log_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "figures"
    assert main(["plot", str(log_dir), "-o", str(output)]) == 0
    names = sorted(path.name for path in output.iterdir())
    assert names == [
        "conversation_failures.png",
        "conversation_frontier.png",
        "conversation_periods.png",
        "conversation_question_types.png",
        "conversation_scores.png",
        "entity_stream_failures.png",
        "entity_stream_frontier.png",
        "entity_stream_question_types.png",
        "entity_stream_scores.png",
        "memory_failures.png",
    ]
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(names)
    assert all(": " in line for line in printed)
    # the scores figures plot our scores, never the official scorers' figures beside them
    scores = [line for line in printed if "_scores.png" in line]
    assert len(scores) == 2 and all("official_" not in line for line in scores)
    assert any("memory_score" in line for line in scores)
    assert any("composite, breadth" in line for line in scores)
    for name in names:
        width, height = png_size(output / name)
        assert 600 <= width <= 2500 and 300 <= height <= 2500, (name, width, height)


@pytest.mark.extended
def test_figures_are_deterministic(log_dir: Path, tmp_path: Path) -> None:
    first = write_figures([str(log_dir)], str(tmp_path / "first"))
    second = write_figures([str(log_dir)], str(tmp_path / "second"))
    assert [Path(figure.path).name for figure in first] == [
        Path(figure.path).name for figure in second
    ]
    for one, other in zip(first, second, strict=True):
        assert Path(one.path).read_bytes() == Path(other.path).read_bytes(), one.path


def test_series_are_labelled_by_model_and_the_differing_protocol_fields(log_dir: Path) -> None:
    board = load_leaderboard([str(log_dir)])
    entity_rows = [row for row in board.rows if row.task == "entity_stream"]
    assert series_labels(entity_rows) == [
        "memgym/perfect (seed 0)",
        "memgym/naive (seed 0)",
        "memgym/naive (seed 1)",
    ]
    conversation_rows = [row for row in board.rows if row.task == "conversation"]
    assert series_labels(conversation_rows) == ["memgym/perfect", "memgym/guesser"]


def test_question_counts_pool_samples_and_epochs() -> None:
    samples = [
        {
            "questions": [
                {"type": "retrieval", "correct": True},
                {"type": "delta", "correct": False},
            ]
        },
        {"questions": [{"type": "retrieval", "correct": False}]},
        {"questions": [{"type": "retrieval", "correct": True}]},
    ]
    assert _question_counts(samples) == {"retrieval": (2, 3), "delta": (0, 1)}


def test_outcome_shares_sum_to_one(log_dir: Path) -> None:
    board = load_leaderboard([str(log_dir)])
    for row in board.rows:
        shares = _outcome_shares(row)
        assert shares is not None
        assert sum(shares.values()) == pytest.approx(1.0)
    naive = next(row for row in board.rows if row.model == "memgym/naive")
    assert _outcome_shares(naive)["write_failure"] == pytest.approx(
        naive.scores["write_failure"].mean
    )  # type: ignore[index]


def test_a_run_a_limit_cut_shows_its_unlabelled_rest_as_right_or_cut(log_dir: Path) -> None:
    # a cut question has no failure label, so the rest of a cut run's bar is not all right
    board = load_leaderboard([str(log_dir)])
    naive = next(row for row in board.rows if row.model == "memgym/naive")
    cut = dataclasses.replace(naive, scores={**naive.scores, NOT_REACHED: Estimate(2.0, 0.0)})
    uncut_shares, cut_shares = _outcome_shares(naive), _outcome_shares(cut)
    assert uncut_shares is not None and cut_shares is not None
    assert "right" not in cut_shares
    assert cut_shares[RIGHT_OR_CUT] == pytest.approx(uncut_shares["right"])
    legend = failure_figure("t", [("naive", uncut_shares)]).legends[0]
    assert "right, or cut by a limit (no label)" not in [t.get_text() for t in legend.texts]
    legend = failure_figure("t", [("naive", uncut_shares), ("cut", cut_shares)]).legends[0]
    assert "right, or cut by a limit (no label)" in [t.get_text() for t in legend.texts]


def test_period_curve_is_the_mean_over_users_per_period() -> None:
    samples = [
        {
            "periods": [
                {"period": 0, "chance_corrected_accuracy": 1.0},
                {"period": 1, "chance_corrected_accuracy": 0.0},
            ]
        },
        {
            "periods": [
                {"period": 0, "chance_corrected_accuracy": 0.5},
                {"period": 1, "chance_corrected_accuracy": float("nan")},
            ]
        },
    ]
    curve = _period_curve(samples)
    assert curve is not None
    periods, means, errors = curve
    assert periods == [0, 1]
    assert means == [0.75, 0.0]
    assert errors[0] == pytest.approx(0.25) and errors[1] == 0.0
    assert _period_curve([{"periods": []}]) is None


def test_plot_refuses_an_unwritable_output(log_dir: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(SystemExit) as exited:
        main(["plot", str(log_dir), "-o", str(blocker / "figures")])
    assert exited.value.code == 2


def test_many_score_keys_never_overlap_and_a_missing_one_says_so() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from inspect_memgym.analysis.leaderboard import Estimate
    from inspect_memgym.analysis.plot_axes import axes_figure

    keys = [f"a_rather_long_score_key_{index}" for index in range(10)]
    known = {key: Estimate(0.5, 0.1) for key in keys[:-1]}
    figure = axes_figure("title", keys, [("model one", known), ("model two", known)])
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    [axes] = figure.axes
    boxes = [label.get_window_extent(renderer) for label in axes.get_xticklabels()]
    assert len(boxes) == len(keys)
    for left, right in itertools.pairwise(boxes):
        assert not left.overlaps(right)
    marks = [text.get_text() for text in axes.texts]
    assert marks == ["n/a", "n/a"]  # the last key, for each model; not a zero bar

"""Paired memory deltas across runs, and the strategies × tasks comparison."""

from __future__ import annotations

import math
from pathlib import Path
from statistics import fmean, stdev

import pytest
from inspect_ai import eval
from inspect_ai.log import read_eval_log

from inspect_memgym.analysis.compare import compare_cells, compare_markdown
from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.leaderboard_format import format_leaderboard
from inspect_memgym.analysis.paired import PairingRefused, paired_deltas
from inspect_memgym.cli import main as memgym_cli
from inspect_memgym.conversation.task import conversation

SCORER = "conversation_scorer"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """perfect and strategic with agents none and awe (3 users); baselines that do not pair."""
    log_dir = tmp_path_factory.mktemp("paired")
    for agent in ("none", "awe"):
        eval(
            conversation(tier="small", seeds=3, agent=agent),
            model=["memgym/perfect", "memgym/strategic"],
            log_dir=str(log_dir / "main"),
            display="none",
        )
    eval(
        conversation(tier="small", seeds=2, agent="none"),
        model="memgym/perfect",
        log_dir=str(log_dir / "other_users"),
        display="none",
    )
    eval(
        conversation(tier="small", seeds=3, agent="none"),
        model="memgym/perfect",
        log_dir=str(log_dir / "fewer"),
        display="none",
        sample_id=["small-0000", "small-0001"],
    )
    return log_dir


def headline_by_sample(log_dir: Path, model: str, agent: str) -> dict[str, float]:
    for path in sorted(log_dir.glob("*.eval")):
        log = read_eval_log(str(path))
        if log.eval.model == model and log.eval.metadata["agent"] == agent:  # type: ignore[index]
            return {
                str(sample.id): float(sample.scores[SCORER].value["chance_corrected_accuracy"])  # type: ignore[index]
                for sample in log.samples or []
            }
    raise AssertionError(f"no log of {model} with agent {agent}")


def test_paired_delta_is_the_mean_of_per_sample_differences(runs: Path) -> None:
    board = load_leaderboard([str(runs / "main")])
    deltas = {(d.model, d.strategy): d for d in paired_deltas(board, "none")}
    assert set(deltas) == {("memgym/perfect", "awe"), ("memgym/strategic", "awe")}
    for model in ("memgym/perfect", "memgym/strategic"):
        ours = headline_by_sample(runs / "main", model, "awe")
        theirs = headline_by_sample(runs / "main", model, "none")
        differences = [ours[sample] - theirs[sample] for sample in sorted(ours)]
        delta = deltas[(model, "awe")]
        assert delta.pairs == 3
        assert delta.delta.mean == pytest.approx(fmean(differences))
        assert delta.delta.stderr == pytest.approx(stdev(differences) / math.sqrt(3))
        assert delta.baseline == "none"


def test_the_leaderboard_shows_the_paired_delta_beside_the_headline(runs: Path) -> None:
    board = load_leaderboard([str(runs / "main")])
    text = format_leaderboard(board, "markdown", paired_deltas(board, "none"))
    assert "| chance_corrected_accuracy | Δ vs none (paired) | accuracy |" in text
    delta = next(d for d in paired_deltas(board, "none") if d.model == "memgym/perfect")
    interval = delta.interval
    assert f"| {delta.delta.mean:+.3f} [{interval.low:+.2f}, {interval.high:+.2f}] |" in text


def test_unpaired_runs_are_refused_in_one_line(
    runs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = load_leaderboard([str(runs / "main")])
    with pytest.raises(PairingRefused, match="no baseline run with agent 'rag'"):
        paired_deltas(board, "rag")
    main = load_leaderboard([str(runs / "main")])
    other_users = load_leaderboard([str(runs / "other_users")])
    with pytest.raises(PairingRefused, match=r"has no baseline run \(none logs\) of the same"):
        paired_deltas(main, "none logs", other_users)  # seeds 0-2 against 0-1: mixed protocols
    fewer = load_leaderboard([str(runs / "fewer")])
    with pytest.raises(PairingRefused, match=r"holds 3 samples and the none run 2, not the same"):
        paired_deltas(main, "none logs", fewer)
    # in process: the console script's one-line exit is tested in test_analysis_cli.py
    assert memgym_cli(["compare", str(runs / "main"), "--baseline", "rag"]) == 1
    stderr = capsys.readouterr().err
    assert stderr.count("\n") == 1 and "no baseline run" in stderr


def test_compare_table_uses_in_run_deltas_without_a_baseline(runs: Path) -> None:
    board = load_leaderboard([str(runs / "main")])
    cells = compare_cells(board)
    assert {(cell.model, cell.strategy) for cell in cells} == {
        (model, agent)
        for model in ("memgym/perfect", "memgym/strategic")
        for agent in ("none", "awe")
    }
    none = next(c for c in cells if c.strategy == "none" and c.model == "memgym/perfect")
    assert none.delta.mean == 0.0  # no memory gains nothing over no memory
    text = compare_markdown(cells)
    assert "| model | strategy | conversation |" in text
    assert "(vs no memory;" in text

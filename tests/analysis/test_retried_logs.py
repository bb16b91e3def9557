"""A folder holding a crashed run and its `inspect eval-retry`: every sample counts once.

The crashed log is a real ``inspect_ai.eval`` of the offline ``memgym/naive`` policy in
which one sample raises (its memory cannot be opened), so the eval ends in error after
scoring the other; ``inspect_ai.eval_retry`` then runs what was left. The retry log holds a
copy of the sample the first run scored, so the folder holds that sample twice: the
leaderboard, compare and plot count it once, and match the clean run (``analysis_logs``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from analysis_logs import SAMPLE_IDS, TEMPLATES, TIER, AnalysisLogs, copy_logs
from inspect_ai import eval, eval_retry
from inspect_ai.log import EvalLog

from inspect_memgym.analysis.figures import write_figures
from inspect_memgym.analysis.leaderboard import PoolingRefused, load_leaderboard
from inspect_memgym.cli import main
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.kit.inspect_internals import current_sample_identity
from inspect_memgym.memory.settings import MemorySettings

FAILING_SAMPLE = SAMPLE_IDS[1]


@pytest.fixture(scope="module")
def crashed_and_retried(tmp_path_factory: pytest.TempPathFactory) -> tuple[EvalLog, EvalLog]:
    """A naive run whose second sample fails, and its retry once the failure is gone."""
    log_dir = tmp_path_factory.mktemp("retried")
    original_open = MemorySettings.open

    def failing_open(self: MemorySettings) -> Any:
        identity = current_sample_identity()
        if identity is not None and identity[1] == FAILING_SAMPLE:
            raise RuntimeError("the memory store is down")
        return original_open(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MemorySettings, "open", failing_open)
        [crashed] = eval(
            entity_stream(tier=TIER, templates=TEMPLATES, seeds=[0]),
            model="memgym/naive",
            max_samples=1,
            log_dir=str(log_dir),
            display="none",
        )
    assert crashed.status == "error"
    [retried] = eval_retry(crashed, log_dir=str(log_dir), display="none")
    assert retried.status == "success"
    return crashed, retried


def scored_ids(log: EvalLog) -> list[str]:
    return sorted(str(sample.id) for sample in log.samples or [] if sample.scores)


def test_the_logs_are_a_crash_and_its_retry(crashed_and_retried: tuple[EvalLog, EvalLog]) -> None:
    crashed, retried = crashed_and_retried
    assert scored_ids(crashed) == [SAMPLE_IDS[0]]  # one scored, one errored
    assert scored_ids(retried) == sorted(SAMPLE_IDS)  # the copy and the rerun
    assert crashed.eval.task_id == retried.eval.task_id


def test_the_leaderboard_counts_each_sample_once_like_a_clean_run(
    crashed_and_retried: tuple[EvalLog, EvalLog], analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    folder = copy_logs(tmp_path / "logs", list(crashed_and_retried))
    [row] = load_leaderboard([str(folder)]).rows
    [clean] = load_leaderboard(
        [str(copy_logs(tmp_path / "clean", [analysis_logs.grid["naive"]]))]
    ).rows
    assert row.samples == 2 and len(row.logs) == 2
    assert row.scores == clean.scores
    assert row.headline_by_sample == clean.headline_by_sample
    crashed, retried = crashed_and_retried
    # the first sample from the log that scored it, the second from the retry
    assert row.counted == {
        (crashed.eval.eval_id, SAMPLE_IDS[0], 1),
        (retried.eval.eval_id, SAMPLE_IDS[1], 1),
    }


def test_unscored_samples_never_conflict(
    crashed_and_retried: tuple[EvalLog, EvalLog], analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    crashed, _ = crashed_and_retried
    # another run that scored only the sample the crashed run did not
    folder = copy_logs(tmp_path / "logs", [crashed, analysis_logs.split[1]])
    [row] = load_leaderboard([str(folder)]).rows
    assert row.samples == 2
    # but two runs that both scored a sample still count it twice: refused
    twice = copy_logs(tmp_path / "twice", [crashed, analysis_logs.split[0]])
    with pytest.raises(PoolingRefused, match=f"both hold samples {SAMPLE_IDS[0]}"):
        load_leaderboard([str(twice)])


def test_compare_and_plot_take_the_folder(
    crashed_and_retried: tuple[EvalLog, EvalLog],
    analysis_logs: AnalysisLogs,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = copy_logs(tmp_path / "logs", list(crashed_and_retried))
    clean = copy_logs(tmp_path / "clean", [analysis_logs.grid["naive"]])
    assert main(["compare", str(folder)]) == 0
    retried_table = capsys.readouterr().out
    assert main(["compare", str(clean)]) == 0
    assert retried_table == capsys.readouterr().out
    figures = write_figures([str(folder)], str(tmp_path / "figures"))
    clean_figures = write_figures([str(clean)], str(tmp_path / "clean_figures"))
    assert [figure.description for figure in figures] == [
        figure.description for figure in clean_figures
    ]
    for figure, clean_figure in zip(figures, clean_figures, strict=True):
        if figure.path.endswith("_frontier.png"):
            continue  # it draws wall-clock latency, which no two runs share
        # the same data drawn: the same pixels
        assert Path(figure.path).read_bytes() == Path(clean_figure.path).read_bytes()
    assert main(["leaderboard", str(folder), "--format", "csv"]) == 0
    assert "memgym/naive" in capsys.readouterr().out

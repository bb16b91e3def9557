"""``inspect-memgym leaderboard`` and ``plot`` on the command line: output, S3 log dirs, and one
clear error line (exit 1, no traceback) for missing, empty and corrupt log dirs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from analysis_logs import AnalysisLogs, copy_logs, upload

from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.leaderboard_format import format_leaderboard
from inspect_memgym.cli import main

CONSOLE_SCRIPT = Path(sys.executable).with_name("inspect-memgym")


def assert_one_error_line(stderr: str, command: str, expected: str) -> None:
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith(f"inspect-memgym {command}: error: "), stderr
    assert expected in lines[0], stderr


def test_leaderboard_prints_markdown_by_default(
    analysis_logs: AnalysisLogs, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.grid.values()))
    assert main(["leaderboard", str(directory)]) == 0
    captured = capsys.readouterr()
    assert captured.out == format_leaderboard(load_leaderboard([str(directory)]), "markdown")
    assert captured.err == ""


def test_leaderboard_beside_adds_the_official_figures(
    analysis_logs: AnalysisLogs, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.grid.values()))
    assert main(["leaderboard", str(directory), "--beside"]) == 0
    captured = capsys.readouterr()
    board = load_leaderboard([str(directory)])
    assert captured.out == format_leaderboard(board, "markdown", beside=True)
    assert "| official_composite |" in captured.out


def test_leaderboard_writes_csv_to_a_file_and_notes_to_stderr(
    analysis_logs: AnalysisLogs, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = copy_logs(
        tmp_path / "logs", [analysis_logs.grid["naive"], analysis_logs.other_seed]
    )
    output = tmp_path / "board.csv"
    assert main(["leaderboard", str(directory), "--format", "csv", "-o", str(output)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert output.read_text(encoding="utf-8").startswith("model,task,protocol,samples,")
    assert "note: memgym/naive on entity_stream was run under 2 protocols" in captured.err


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda root: root / "missing", "no such file or directory: "),
        (lambda root: root, "no Inspect logs (.eval) in "),
        (
            lambda root: (root / "notes.txt").write_text("x") and root / "notes.txt",
            "not an Inspect log",
        ),
    ],
    ids=["missing", "empty", "not-a-log"],
)
def test_unusable_locations_give_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, expected: str
) -> None:
    location = make(tmp_path)  # type: ignore[operator]
    for command in (["leaderboard"], ["plot", "-o", str(tmp_path / "figures")]):
        assert main([*command, str(location)]) == 1
        assert_one_error_line(capsys.readouterr().err, command[0], expected)


def test_a_corrupt_log_is_named_in_one_line_from_the_console_script(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    directory = copy_logs(tmp_path / "logs", [analysis_logs.grid["perfect"]])
    corrupt = directory / "2026-01-01T00-00-00+00-00_entity-stream_broken.eval"
    corrupt.write_bytes(b"PK\x03\x04 this is not a zip archive")
    result = subprocess.run(
        [str(CONSOLE_SCRIPT), "leaderboard", str(directory)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert_one_error_line(result.stderr, "leaderboard", f"cannot read {corrupt.as_posix()}")


def test_overlapping_logs_are_refused_in_one_line(
    analysis_logs: AnalysisLogs, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = copy_logs(tmp_path / "logs", [analysis_logs.grid["naive"], analysis_logs.split[1]])
    assert main(["leaderboard", str(directory)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert_one_error_line(captured.err, "leaderboard", "both hold samples company-lite-0")


@pytest.mark.extended
def test_leaderboard_and_plot_read_an_s3_log_dir(
    analysis_logs: AnalysisLogs,
    s3_endpoint: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    logs = [*analysis_logs.grid.values(), analysis_logs.other_seed]
    local = copy_logs(tmp_path / "logs", logs)
    remote = upload("memgym-leaderboard", "team-b/runs", logs)

    assert main(["leaderboard", remote]) == 0
    from_s3 = capsys.readouterr()
    assert main(["leaderboard", str(local)]) == 0
    from_disk = capsys.readouterr()
    assert from_s3.out == from_disk.out
    assert "| memgym/perfect |" in from_s3.out and "| memgym/naive |" in from_s3.out

    assert main(["leaderboard", remote, "--format", "json"]) == 0
    assert f'"{remote}/' in capsys.readouterr().out  # rows name their S3 logs

    assert main(["plot", remote, "-o", str(tmp_path / "figures")]) == 0
    written = sorted(path.name for path in (tmp_path / "figures").iterdir())
    assert written == [
        "entity_stream_failures.png",
        "entity_stream_frontier.png",
        "entity_stream_question_types.png",
        "entity_stream_scores.png",
        "memory_failures.png",
    ]


def test_a_missing_s3_bucket_gives_one_error_line(
    s3_endpoint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["leaderboard", "s3://no-such-bucket/logs"]) == 1
    stderr = capsys.readouterr().err
    assert "Traceback" not in stderr
    [line] = stderr.strip().splitlines()
    assert line.startswith("inspect-memgym leaderboard: error: ")
    assert "s3://no-such-bucket/logs" in line

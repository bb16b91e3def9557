"""A newcomer's surprises on the command line, each now one line or sane behaviour.

A mistake in what a command asks for is one line after the command's name (no usage
banner, no traceback) and a non-zero exit; a failed command leaves no output file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspect_memgym.cli import main


def _one_error_line(stderr: str) -> str:
    assert "Traceback" not in stderr and "usage:" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def test_sweep_with_an_unknown_task_is_one_line_without_the_banner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["sweep", "--tasks", "bogus", "--model", "memgym/perfect", "--log-dir", str(tmp_path)])
    assert exited.value.code == 2
    assert _one_error_line(capsys.readouterr().err) == (
        "inspect-memgym sweep: error: unknown task 'bogus'; tasks: entity_stream, conversation, "
        "research_qa, code_qa, feedback, procedures, locomo, longmemeval"
    )


def test_validate_with_an_unknown_task_is_one_line_without_the_banner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["validate", "--task", "bogus", "--log-dir", str(tmp_path)])
    assert exited.value.code == 2
    assert _one_error_line(capsys.readouterr().err).startswith(
        "inspect-memgym validate: error: unknown task with a validity suite 'bogus'; choose one of"
    )


def test_sample_data_creates_the_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "missing-folder" / "x.json"
    assert main(["sample-data", "locomo", "-o", str(output), "--seeds", "2"]) == 0
    assert len(json.loads(output.read_text())) == 2
    assert capsys.readouterr().err.startswith(f"{output}: 2 invented conversations")


def test_sample_data_into_an_unwritable_place_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["sample-data", "locomo", "-o", str(blocker / "x.json")]) == 1
    line = _one_error_line(capsys.readouterr().err)
    assert line.startswith(f"inspect-memgym sample-data: error: cannot write {blocker}")


@pytest.mark.parametrize("source", ["empty", "not_a_log.txt"])
def test_trajectories_that_fail_leave_no_output_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str
) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "not_a_log.txt").write_text("hello")
    (tmp_path / "kept.jsonl").write_text("kept\n")
    for output in ("new.jsonl", "kept.jsonl"):
        assert main(["trajectories", str(tmp_path / source), "-o", str(tmp_path / output)]) == 1
        assert "error: " in _one_error_line(capsys.readouterr().err)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "empty",
        "kept.jsonl",
        "not_a_log.txt",
    ]
    assert (tmp_path / "kept.jsonl").read_text() == "kept\n"


def test_plot_refuses_to_overwrite_figures_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = tmp_path / "figures"
    figures.mkdir()
    (figures / "scores.png").write_bytes(b"an earlier figure")
    (tmp_path / "logs").mkdir()
    with pytest.raises(SystemExit) as exited:
        main(["plot", str(tmp_path / "logs"), "-o", str(figures)])
    assert exited.value.code == 2
    assert _one_error_line(capsys.readouterr().err) == (
        f"inspect-memgym plot: error: {figures} already holds 1 figures (scores.png, ...); "
        "pass --force to overwrite them, or choose another -o"
    )
    assert main(["plot", str(tmp_path / "logs"), "-o", str(figures), "--force"]) == 1
    assert "no Inspect logs" in _one_error_line(capsys.readouterr().err)
    assert (figures / "scores.png").read_bytes() == b"an earlier figure"


@pytest.mark.slow
def test_a_sweep_whose_run_fails_exits_non_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--tasks", "entity_stream", "--agents", "none", "--model", "memgym/bogus"]
    settings = ["-T", "tier=lite", "-T", "seeds=1", "--display", "none"]
    assert main(["sweep", *arguments, *settings, "--log-dir", str(tmp_path)]) == 1
    assert (
        'not compared: inspect_memgym/entity_stream agent none: ValueError("memgym policy '
        "'bogus' does not play" in capsys.readouterr().err
    )

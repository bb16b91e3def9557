"""The session guard sees what a run writes into the checkout, and nothing else."""

from __future__ import annotations

import subprocess
from pathlib import Path

from checkout_guard import checkout_status, is_tool_cache, new_in_checkout


def _repository(directory: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(directory)], check=True)
    (directory / ".gitignore").write_text("logs/*\n__pycache__/\n")
    (directory / "kept.txt").write_text("kept\n")
    subprocess.run(["git", "-C", str(directory), "add", "."], check=True)
    subprocess.run(
        [
            "git",
            "-C",
            str(directory),
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-qm",
            "x",
        ],
        check=True,
    )
    return directory


def test_new_logs_and_figures_are_reported_edits_are_not(tmp_path: Path) -> None:
    repository = _repository(tmp_path)
    before = checkout_status(repository)
    assert before == frozenset()
    (repository / "logs" / "isolation").mkdir(parents=True)
    (repository / "logs" / "isolation" / "run.eval").write_text("log")
    (repository / "compare.png").write_bytes(b"png")
    (repository / "kept.txt").write_text("changed\n")
    after = checkout_status(repository)
    assert after is not None
    assert new_in_checkout(before, after) == [
        "!! logs/isolation/run.eval",
        "?? compare.png",
    ]


def test_tool_caches_are_not_counted(tmp_path: Path) -> None:
    repository = _repository(tmp_path)
    before = checkout_status(repository)
    (repository / "__pycache__").mkdir()
    (repository / "__pycache__" / "module.cpython-312.pyc").write_bytes(b"")
    (repository / ".pytest_cache").mkdir()
    (repository / ".pytest_cache" / "README.md").write_text("")
    assert before is not None
    assert new_in_checkout(before, checkout_status(repository) or frozenset()) == []
    assert is_tool_cache("!! src/pkg/__pycache__/")
    assert not is_tool_cache("!! logs/code_qa_table/")


def test_outside_a_checkout_there_is_no_status(tmp_path: Path) -> None:
    assert checkout_status(tmp_path / "missing") is None

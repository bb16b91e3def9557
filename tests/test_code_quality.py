"""Lint, format and strict typing are part of the tests (configured in pyproject.toml).

The tools are taken from the environment running the tests (next to ``sys.executable``),
so the check works the same in a fresh CI virtualenv as on a developer machine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
CHECKED_PATHS = ["src", "tests", "tasks", "scorers"]


def tool_command(name: str) -> list[str]:
    """The tool's executable next to the running interpreter, else ``python -m <tool>``."""
    # no resolve(): a venv's python is a symlink, and its tools live next to the link
    executable = Path(sys.executable).with_name(name)
    if executable.exists():
        return [str(executable)]
    return [sys.executable, "-m", name]


def run_tool(name: str, *arguments: str) -> None:
    command = [*tool_command(name), *arguments]
    result = subprocess.run(
        command,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = f"$ {' '.join(command)}\n{result.stdout}{result.stderr}"
    assert result.returncode == 0, output


@pytest.mark.parametrize(
    "arguments",
    [["check", *CHECKED_PATHS], ["format", "--check", *CHECKED_PATHS]],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff(arguments: list[str]) -> None:
    run_tool("ruff", *arguments)


@pytest.mark.extended  # about 40 s of CPU with no cache, as on a fresh clone
def test_mypy_strict() -> None:
    run_tool("mypy", "src")

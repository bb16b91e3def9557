"""What a test session left in the checkout: ``git status`` before and after, compared.

Tests write only to temporary directories. The session's guard (``conftest.py``) records the
checkout's status at the start and fails the run if a file appeared by the end: a log
directory, a figure. (Changes to tracked files are left out: people edit while tests run.)
Caches that Python and the tools keep on their own
(``__pycache__``, ``.pytest_cache``, ...) do not count.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

TOOL_CACHES = (
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".venv",
    "venv",
    ".coverage",
)
"""Path parts of what the interpreter and the tools write on their own; never counted."""

TOOL_CACHE_SUFFIXES = (".pyc", ".egg-info")
"""Name endings of the same."""


NEW_FILE_MARKS = ("?? ", "!! ")
"""``git status --porcelain`` marks of untracked and ignored files: what a run can add."""


def checkout_status(checkout: Path) -> frozenset[str] | None:
    """Every untracked or ignored file of a git checkout (one line each), or None.

    Args:
        checkout: The checkout's top directory.

    Returns:
        ``git status --porcelain --ignored --untracked-files=all`` as a set of lines, tool
        caches left out; None where git or the checkout is missing.
    """
    try:
        result = subprocess.run(
            ["git", "status", "--porcelain", "--ignored", "--untracked-files=all"],
            cwd=checkout,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if result.returncode != 0:
        return None
    return frozenset(
        line
        for line in result.stdout.splitlines()
        if line.startswith(NEW_FILE_MARKS) and not is_tool_cache(line)
    )


def is_tool_cache(status_line: str) -> bool:
    """Whether a ``git status --porcelain`` line names a tool's cache (not the tests' output)."""
    path = status_line[3:].rstrip("/")
    parts = path.split("/")
    return any(part in TOOL_CACHES or part.endswith(TOOL_CACHE_SUFFIXES) for part in parts)


def new_in_checkout(before: frozenset[str], after: frozenset[str]) -> list[str]:
    """The status lines the session added, sorted (empty when it wrote nothing)."""
    return sorted(after - before)

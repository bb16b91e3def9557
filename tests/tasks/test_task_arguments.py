"""A bad ``-T`` value ends in one clear line, before any sample runs, with no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspect_memgym.entity_stream.task import entity_stream

INSPECT = Path(sys.executable).with_name("inspect")


def test_cli_refuses_a_bad_value_in_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            str(INSPECT),
            "eval",
            "inspect_memgym/entity_stream",
            "--model",
            "memgym/perfect",
            "-T",
            "seeds=abc",
            "--log-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.strip()]
    assert lines == ["entity_stream: seeds must be non-negative integers, got 'abc'"]
    assert not list(tmp_path.iterdir())


def test_agentic_refuses_options_of_other_strategies() -> None:
    with pytest.raises(ValueError, match="memory strategy 'agentic' takes no parameter 'top_k'"):
        entity_stream(tier="lite", seed=0, agent={"name": "agentic", "top_k": 5})

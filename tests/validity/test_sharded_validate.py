"""``validate --shard K/N`` in separate processes, then ``--merge``, equals an unsharded run.

Two shard processes write into one log dir at once; the merge must print the same report
(every verdict, every run's means) as one unsharded run, and every eval's per-sample scores
must be the same in both log dirs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspect_memgym.cli import main
from inspect_memgym.validity.finished_logs import finished_logs, read_summary
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import run_result
from inspect_memgym.validity.suite import ValidateOptions, get_suite

FEEDBACK_GRID = [
    "--task",
    "feedback",
    "--seeds",
    "1",
    "--runs",
    "perfect/bm25_dialog,guesser/bm25_dialog,contrarian/bm25_dialog",
    "--instances",
    "20",
    "--workers",
    "1",
]
"""Three runs and perfect's determinism rerun on one seed: four evals."""
LABELS = [
    "perfect/bm25_dialog",
    "guesser/bm25_dialog",
    "contrarian/bm25_dialog",
    "perfect/bm25_dialog (rerun)",
]


def _report(output: str) -> str:
    """The printed report without its last line (which names the log dir)."""
    return output.strip().rsplit("\nLogs: ", 1)[0]


def _sample_scores(log_dir: Path) -> dict[str, dict[str, dict[str, float]]]:
    suite = get_suite("feedback")
    assert isinstance(suite, PolicyGridSuite)
    grid = suite.grid_key(ValidateOptions(str(log_dir), seeds=(0,)))
    locations = finished_logs(str(log_dir), grid, LABELS)
    return {
        label: run_result(read_summary(location, ()), "feedback_scorer").sample_values
        for label, location in locations.items()
    }


@pytest.mark.slow
def test_two_shard_processes_merged_equal_one_unsharded_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sharded, unsharded = tmp_path / "sharded", tmp_path / "unsharded"
    command = [sys.executable, "-m", "inspect_memgym.cli", "validate", *FEEDBACK_GRID]
    shards = [
        subprocess.Popen(
            [*command, "--shard", f"{k}/2", "--log-dir", str(sharded)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=os.environ.copy(),
        )
        for k in (1, 2)
    ]
    outputs = [shard.communicate(timeout=600) for shard in shards]
    assert [shard.returncode for shard in shards] == [0, 0], outputs
    assert "shard 1/2 played 2 of 4 evals" in outputs[0][0]
    assert "shard 2/2 played 2 of 4 evals" in outputs[1][0]
    assert len(list(sharded.glob("*.eval"))) == 4  # disjoint: no eval played twice

    merge_code = main(["validate", *FEEDBACK_GRID, "--merge", "--log-dir", str(sharded)])
    merged = capsys.readouterr().out
    unsharded_code = main(["validate", *FEEDBACK_GRID, "--log-dir", str(unsharded)])
    single = capsys.readouterr().out
    assert merge_code == unsharded_code
    assert _report(merged) == _report(single)
    assert "| perfect/bm25_dialog | learns every item from feedback (reference) | 1.000" in merged
    assert "perfect/bm25_dialog: a rerun is identical: 1 samples identical" in merged

    scores = _sample_scores(sharded)
    assert scores == _sample_scores(unsharded)
    assert scores["perfect/bm25_dialog"] == scores["perfect/bm25_dialog (rerun)"]
    assert [len(values) for values in scores.values()] == [1, 1, 1, 1]


@pytest.mark.slow
def test_entity_stream_shards_merged_equal_one_unsharded_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid = ["--tier", "lite", "--seeds", "1", "--templates", "company"]
    grid += ["--policies", "perfect,strategic,guesser", "--instances", "20", "--workers", "1"]
    sharded = str(tmp_path / "sharded")
    played = []
    for k in (1, 2):
        assert main(["validate", *grid, "--shard", f"{k}/2", "--log-dir", sharded]) == 0
        played.append(capsys.readouterr().out)
    # balanced by expected model calls: strategic (101) and perfect (99) lead the shares
    assert "| strategic | 1 | 0 |\n| perfect | 1 | 0 |\n| guesser | 1 | 0 |" in played[0]
    assert "| strategic (rerun) | 1 | 0 |\n| perfect (rerun) | 1 | 0 |" in played[1]
    assert main(["validate", *grid, "--merge", "--log-dir", sharded]) == 0
    merged = capsys.readouterr().out
    assert main(["validate", *grid, "--log-dir", str(tmp_path / "unsharded")]) == 0
    assert _report(merged) == _report(capsys.readouterr().out)
    assert "| perfect | 1.000 |" in merged
    assert "- PASS identical scores on a rerun: 2 samples compared" in merged

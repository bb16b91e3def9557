"""The suite as one eval set over three workers (Inspect's capture and selection protocol).

``scripts/sharded_eval_set.py run`` captures the eval set, splits its four tasks over three
worker processes and starts them at once into one flat log dir. Their logs must hold the
same samples (generated independently in each worker) and the same scores, sample by
sample, as the same definition run as an ordinary single-process eval set, and the
leaderboard must read them.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from inspect_memgym.cli import main

SCRIPT = Path(__file__).parents[1] / "scripts" / "sharded_eval_set.py"
TASKS = ["entity_stream", "conversation", "feedback", "research_qa"]
SKIPS = {"messages", "events", "attachments", "events_data", "timelines"}


def _samples(log_dir: Path) -> dict[str, dict[str, tuple[str, str]]]:
    """Per task: per sample and epoch, a digest of its input and target, and its scores."""
    found: dict[str, dict[str, tuple[str, str]]] = {}
    for info in list_eval_logs(str(log_dir)):
        log = read_eval_log(info, exclude_fields=SKIPS)
        assert log.status == "success" and log.eval.task not in found
        found[log.eval.task] = {
            f"{sample.id}#{sample.epoch}": (
                hashlib.sha256(f"{sample.input!r}{sample.target!r}".encode()).hexdigest(),
                json.dumps(
                    {name: score.value for name, score in (sample.scores or {}).items()},
                    sort_keys=True,
                ),
            )
            for sample in log.samples or []
        }
    return found


def _script(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), *arguments, "--tasks", ",".join(TASKS)]
    return subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)


@pytest.mark.slow
def test_three_workers_equal_one_process_sample_by_sample(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sharded, single = tmp_path / "sharded", tmp_path / "single"
    workers = _script("run", "--workers", "3", "--log-dir", str(sharded))
    assert workers.returncode == 0, workers.stderr
    assert "4 tasks in 3 workers (exit codes [0, 0, 0])" in workers.stderr
    # entity_stream has two samples, the rest one each: longest first, then the lightest
    assert "worker 1: inspect_memgym/entity_stream\n" in workers.stderr
    assert "worker 2: inspect_memgym/conversation, inspect_memgym/research_qa\n" in (workers.stderr)
    assert "worker 3: inspect_memgym/feedback\n" in workers.stderr
    # workers write one log per task and no eval-set bookkeeping of their own
    assert sorted(path.suffix for path in sharded.iterdir()) == [".eval"] * 4
    ids = {
        read_eval_log(info, header_only=True).eval.eval_set_id
        for info in list_eval_logs(str(sharded))
    }
    assert len(ids) == 1 and None not in ids

    alone = _script("define", "--log-dir", str(single))
    assert alone.returncode == 0, alone.stderr
    found = _samples(sharded)
    assert found == _samples(single)
    assert sorted(found) == [f"inspect_memgym/{task}" for task in sorted(TASKS)]
    assert [len(found[f"inspect_memgym/{task}"]) for task in TASKS] == [2, 1, 1, 1]

    assert main(["leaderboard", str(sharded), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert sorted(row["task"] for row in rows) == sorted(TASKS)
    assert {row["model"] for row in rows} == {"memgym/perfect"}
    headlines = {row["task"]: row["scores"][row["headline"]]["mean"] for row in rows}
    assert headlines["entity_stream"] == headlines["conversation"] == 1.0

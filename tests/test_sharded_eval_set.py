"""The suite as one eval set over worker processes (Inspect's capture and selection protocol).

``scripts/sharded_eval_set.py run`` captures the eval set, splits its tasks over worker
processes and starts them at once. Here every worker writes into one log dir on a local S3
server (moto) and keeps every sample's memory in a collection of one real ChromaDB server
on loopback. The workers' logs must hold the same samples (generated independently in
each worker) and the same scores, sample by sample, as the same definition run as an
ordinary single-process eval set, and ``leaderboard`` and ``compare`` must read them from
S3. Then a worker is killed (SIGKILL to its process group) once its log holds a sample and
it is running the next: the runner retries its task resuming from its log, so each sample
ends up in exactly one log once, with the single-process scores, and the only collection
left on the server is the one of the sample it was running, which ``chroma-clean
--eval-id`` removes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log, read_eval_log_sample_summaries

from chroma_server import running_chroma_server
from inspect_memgym.cli import main
from inspect_memgym.memory.chroma_connection import chroma_client
from s3_server import running_s3_server

SCRIPT = Path(__file__).parents[1] / "scripts" / "sharded_eval_set.py"
TASKS = ["entity_stream", "conversation", "feedback", "research_qa"]
SKIPS = {"messages", "events", "attachments", "events_data", "timelines"}
BUCKET = "memgym-eval-set"
KILL_TIMEOUT_SECONDS = 300.0


@dataclass(frozen=True)
class Shared:
    """What every worker shares: an S3 endpoint and a ChromaDB server."""

    s3: str
    chroma_url: str


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shared]:
    """A moto S3 server (the environment pointing at it) and a real ChromaDB server."""
    with (
        running_s3_server(tmp_path_factory.mktemp("aws"), [BUCKET]) as endpoint,
        running_chroma_server(tmp_path_factory.mktemp("chroma")) as chroma,
    ):
        yield Shared(endpoint, chroma.url)


def _samples(log_dir: str) -> dict[str, dict[str, tuple[str, str]]]:
    """Per task: per sample and epoch, a digest of its input and target, and its scores."""
    found: dict[str, dict[str, tuple[str, str]]] = {}
    for info in list_eval_logs(log_dir):
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
    command = [sys.executable, str(SCRIPT), *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)


def _suite_collections(url: str) -> set[str]:
    return {c.name for c in chroma_client(url).list_collections() if c.name.startswith("memgym-")}


@pytest.mark.slow
def test_three_workers_on_s3_and_one_chroma_server_equal_one_process(
    shared: Shared, capsys: pytest.CaptureFixture[str]
) -> None:
    sharded, single = f"s3://{BUCKET}/sharded", f"s3://{BUCKET}/single"
    options = ["--tasks", ",".join(TASKS), "--chroma-url", shared.chroma_url]
    workers = _script("run", "--workers", "3", "--log-dir", sharded, *options)
    assert workers.returncode == 0, workers.stderr
    assert "4 tasks in 3 workers (exit codes [0, 0, 0])" in workers.stderr
    # entity_stream has two samples, the rest one each: longest first, then the lightest
    started = dict(re.findall(r"^worker (selection-\d) \(pid \d+\): (.*)$", workers.stderr, re.M))
    assert started == {
        "selection-1": "inspect_memgym/entity_stream",
        "selection-2": "inspect_memgym/conversation, inspect_memgym/research_qa",
        "selection-3": "inspect_memgym/feedback",
    }
    assert "retry" not in workers.stderr and "PROBLEM" not in workers.stderr
    # workers write one log per task and no eval-set bookkeeping of their own
    listed = list_eval_logs(sharded)
    assert len(listed) == 4 and all(info.name.endswith(".eval") for info in listed)
    headers = [read_eval_log(info, header_only=True) for info in listed]
    assert len({header.eval.eval_set_id for header in headers} - {None}) == 1
    # memory lived on the server (feedback's and research_qa's default strategies keep theirs
    # in context), and every sample deleted its own collection
    locations = {header.eval.task: header.eval.metadata["memory_location"] for header in headers}
    assert locations == {
        "inspect_memgym/entity_stream": shared.chroma_url,
        "inspect_memgym/conversation": shared.chroma_url,
        "inspect_memgym/feedback": "in context",
        "inspect_memgym/research_qa": "in context",
    }
    ids = [header.eval.eval_id for header in headers]
    assert not [
        name for name in _suite_collections(shared.chroma_url) if any(i in name for i in ids)
    ]

    alone = _script("define", "--log-dir", single, *options)
    assert alone.returncode == 0, alone.stderr
    found = _samples(sharded)
    assert found == _samples(single)
    assert sorted(found) == [f"inspect_memgym/{task}" for task in sorted(TASKS)]
    assert [len(found[f"inspect_memgym/{task}"]) for task in TASKS] == [2, 1, 1, 1]

    assert main(["leaderboard", sharded, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert sorted(row["task"] for row in rows) == sorted(TASKS)
    assert {row["model"] for row in rows} == {"memgym/perfect"}
    headlines = {row["task"]: row["scores"][row["headline"]]["mean"] for row in rows}
    assert headlines["entity_stream"] == headlines["conversation"] == 1.0
    assert main(["compare", sharded]) == 0
    compared = capsys.readouterr().out
    assert "| memgym/perfect | agentic |" in compared and "| memgym/perfect | awe |" in compared


class _Lines:
    """The lines a process writes to a pipe, collected by a thread as they come."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self._thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._thread.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stderr is not None
        for line in process.stderr:
            self.lines.append(line)

    def text(self) -> str:
        self._thread.join(timeout=30)
        return "".join(self.lines)

    def wait_for(self, pattern: str, deadline: float) -> re.Match[str]:
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if match := re.search(pattern, line):
                    return match
            time.sleep(0.1)
        raise AssertionError(f"no line matched {pattern!r}:\n{''.join(self.lines)[-3000:]}")


@dataclass(frozen=True)
class Killed:
    """The killed worker's attempt, as its log stood when it was killed."""

    location: str
    eval_id: str
    finished: dict[str, str]
    """Its finished samples: sample id to the sample's uuid."""
    running: set[str]
    """The collections its running samples left on the server (a finished one deletes its)."""


def _kill_once_a_sample_is_logged(
    log_dir: str, pid: int, chroma_url: str, deadline: float
) -> Killed:
    """SIGKILL the worker's process group once its log holds a sample but not all of them."""
    seen: list[tuple[str, int]] = []
    while time.monotonic() < deadline:
        logs = [info.name for info in list_eval_logs(log_dir) if "entity-stream" in info.name]
        if logs:
            header = read_eval_log(logs[0], header_only=True)
            assert header.status == "started", f"the worker ended before it was killed: {seen}"
            finished = read_eval_log_sample_summaries(logs[0])
            seen.append((header.status, len(finished)))
            if finished:
                os.killpg(pid, signal.SIGKILL)
                prefix = f"memgym-{header.eval.eval_id}-"
                running = {n for n in _suite_collections(chroma_url) if n.startswith(prefix)}
                uuids = {str(sample.id): str(sample.uuid) for sample in finished}
                return Killed(logs[0], header.eval.eval_id, uuids, running)
        time.sleep(0.2)
    raise AssertionError(f"the worker's log never held a sample: {seen}")


@pytest.mark.slow
def test_a_worker_killed_mid_run_is_retried_and_nothing_is_lost_or_counted_twice(
    shared: Shared, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log_dir, single = f"s3://{BUCKET}/killed", f"s3://{BUCKET}/killed-single"
    options = ["--tasks", "entity_stream,conversation", "--seeds", "3"]
    options += ["--chroma-url", shared.chroma_url, "--log-buffer", "1", "--max-samples", "1"]
    plan = tmp_path / "plan"
    command = [sys.executable, str(SCRIPT), "run", "--workers", "2", "--retries", "1"]
    command += ["--plan-dir", str(plan), "--log-dir", log_dir, *options]
    runner = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    output = _Lines(runner)
    deadline = time.monotonic() + KILL_TIMEOUT_SECONDS
    try:
        worker = output.wait_for(r"^worker selection-\d \(pid (\d+)\): .*entity_stream", deadline)
        pid = int(worker.group(1))
        killed = _kill_once_a_sample_is_logged(log_dir, pid, shared.chroma_url, deadline)
        assert runner.wait(timeout=900) == 0, output.text()
    finally:
        if runner.poll() is None:  # a failure: stop the runner and every worker it started
            runner.kill()
            for started in re.findall(r"\(pid (\d+)\)", "".join(output.lines)):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(int(started), signal.SIGKILL)
    stderr = output.text()
    assert re.search(r"2 tasks in 2 workers \(exit codes \[(-9, 0|0, -9)\]\)", stderr), stderr
    assert "retry 1: 1 workers" in stderr and "retry 1: exit codes [0]" in stderr
    assert f"removed superseded log {killed.location} (eval id {killed.eval_id}" in stderr
    assert "PROBLEM" not in stderr

    # every sample exactly once, in one successful log per task, with one process's scores
    listed = list_eval_logs(log_dir)
    assert len(listed) == 2 and killed.location not in [info.name for info in listed]
    summaries = {info.name: read_eval_log_sample_summaries(info.name) for info in listed}
    counts = Counter((name, s.id, s.epoch) for name, found in summaries.items() for s in found)
    assert len(counts) == 6 and set(counts.values()) == {1}
    alone = _script("define", "--log-dir", single, *options)
    assert alone.returncode == 0, alone.stderr
    assert _samples(log_dir) == _samples(single)
    # the samples the killed attempt finished were carried over, not run again
    [retried] = [found for name, found in summaries.items() if "entity-stream" in name]
    uuids = {str(sample.id): str(sample.uuid) for sample in retried}
    assert {key: uuids[key] for key in killed.finished} == killed.finished
    assert 1 <= len(killed.finished) < 3

    assert main(["leaderboard", log_dir, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert sorted((row["task"], row["samples"]) for row in rows) == [
        ("conversation", 3),
        ("entity_stream", 3),
    ]

    # what the kill left on the ChromaDB server: the collection of the sample it was running
    # (none if it died between two samples), no more; the retry's were all deleted
    headers = [read_eval_log(info, header_only=True) for info in list_eval_logs(log_dir)]
    ours = [killed.eval_id, *(header.eval.eval_id for header in headers)]
    left = {name for name in _suite_collections(shared.chroma_url) if any(i in name for i in ours)}
    assert left == killed.running and len(left) <= 1
    assert main(["chroma-clean", "--url", shared.chroma_url, "--eval-id", killed.eval_id]) == 0
    assert capsys.readouterr().out.splitlines() == [f"removed {name}" for name in sorted(left)]
    assert not {
        name for name in _suite_collections(shared.chroma_url) if any(i in name for i in ours)
    }

"""Resume: an eval killed mid-run and resumed finishes with every sample scored exactly once.

`inspect eval` runs entity_stream (tier lite, three seeds, one sample at a time) in a
subprocess through the task file `resumable_task.py`, which journals every sample start
and blocks the n-th one forever. Once the blocked sample has started and the sample before
it has finished, the process is killed with SIGKILL: no cleanup, no final log write.
`inspect eval-retry` (or `inspect eval-set` run again on the same log dir) then finishes
the run. The final log must hold every sample once, scored; the sample finished before the
kill must be carried over, not run again (the journal shows which process started what);
and every score must equal that of an uninterrupted run with the same scripted policy.

Two ways a finished sample survives a crash are covered: flushed into the `.eval` log
(`--log-buffer 1`, the default test), or only in Inspect's sample buffer, the local
database it writes as samples run (`--log-buffer 10`: nothing flushed yet; eval-retry
recovers it from there; slow variant). That database lives under the user data dir, so
the subprocesses (and the polling) get their own `XDG_DATA_HOME`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample, list_eval_logs, read_eval_log
from resumable_task import BLOCK_ENVIRONMENT, JOURNAL_ENVIRONMENT

from inspect_memgym.kit.inspect_internals import buffered_sample_summaries

TASK_FILE = Path(__file__).with_name("resumable_task.py")
TASK = f"{TASK_FILE}@resumable_entity_stream"
TASK_ARGUMENTS = {"templates": "city", "seeds": 3}
MODEL = "memgym/random"  # scores strictly between 0 and 1 and different per sample
SCORER = "entity_stream_scorer"
BLOCK_AT = 2
"""The second sample blocks, so exactly one sample has finished when the process is killed."""
SAMPLE_IDS = ["city-lite-0", "city-lite-1", "city-lite-2"]
WAIT_SECONDS = 240


@dataclass
class Interrupted:
    """The killed first attempt: its partial log and the samples it had finished."""

    directory: Path
    environment: dict[str, str]
    log_dir: Path
    partial: EvalLog
    finished: dict[str, str | None]
    """Sample id -> uuid of the samples finished before the kill."""
    first_pid: int


def _inspect(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "inspect_ai", *arguments]


def _task_options(log_buffer: int) -> list[str]:
    options = ["--model", MODEL, "--max-samples", "1", "--display", "none"]
    options.extend(["--log-buffer", str(log_buffer)])
    for name, value in TASK_ARGUMENTS.items():
        options.extend(["-T", f"{name}={value}"])
    return options


def _journal(directory: Path) -> list[tuple[int, str]]:
    path = directory / "journal"
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(int(pid), sample_id) for pid, sample_id, _ in (line.split() for line in lines)]


def _finished_samples(log_dir: Path) -> dict[str, str | None]:
    """Samples a running (or killed) eval has finished: in its log or its sample buffer."""
    logs = list_eval_logs(str(log_dir))
    if not logs:
        return {}
    finished: dict[str, str | None] = {}
    try:
        buffered = buffered_sample_summaries(logs[0].name)
        flushed = read_eval_log(logs[0]).samples or []
    except Exception:  # no buffer yet, or caught between writes: the next poll reads it
        return {}
    finished.update({str(s.id): s.uuid for s in buffered if s.completed})
    finished.update({str(sample.id): sample.uuid for sample in flushed})
    return finished


def interrupt(directory: Path, command: list[str]) -> Interrupted:
    """Start an eval in a subprocess and SIGKILL it once the blocked sample has started."""
    log_dir = directory / "logs"
    environment = {
        **os.environ,
        "XDG_DATA_HOME": str(directory / "data"),
        JOURNAL_ENVIRONMENT: str(directory / "journal"),
    }
    output = (directory / "first-attempt.log").open("w")
    process = subprocess.Popen(
        [*command, "--log-dir", str(log_dir)],
        cwd=directory,
        env={**environment, BLOCK_ENVIRONMENT: str(BLOCK_AT)},
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            started = [sample for pid, sample in _journal(directory) if pid == process.pid]
            if len(started) >= BLOCK_AT and len(_finished_samples(log_dir)) >= BLOCK_AT - 1:
                break
            if process.poll() is not None or time.monotonic() > deadline:
                report = (directory / "first-attempt.log").read_text(encoding="utf-8")
                pytest.fail(f"first attempt never reached the blocked sample:\n{report[-3000:]}")
            time.sleep(0.2)
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait()
        output.close()
    assert process.returncode == -signal.SIGKILL
    [info] = list_eval_logs(str(log_dir))
    finished = _finished_samples(log_dir)
    partial = read_eval_log(info)
    return Interrupted(directory, environment, log_dir, partial, finished, process.pid)


def uninterrupted(log_dir: Path) -> dict[str, EvalSample]:
    [log] = eval(
        TASK,
        model=MODEL,
        task_args=TASK_ARGUMENTS,
        max_samples=1,
        log_dir=str(log_dir),
        display="none",
    )
    assert log.status == "success" and log.samples is not None
    return {str(sample.id): sample for sample in log.samples}


def _score(sample: EvalSample) -> tuple[Any, list[dict[str, Any]]]:
    assert sample.scores is not None
    score = sample.scores[SCORER]
    questions = (score.metadata or {})["questions"]
    return score.value, [{k: v for k, v in q.items() if k != "ms"} for q in questions]


def check_resumed(
    run: Interrupted, final: EvalLog, reference: dict[str, EvalSample], log_buffer: int
) -> None:
    # the kill left a partial log, still "started": with the finished sample if flushed
    assert run.partial.status == "started"
    finished = run.finished
    assert len(finished) == BLOCK_AT - 1
    flushed = [str(sample.id) for sample in run.partial.samples or []]
    assert flushed == (list(finished) if log_buffer == 1 else [])

    # the resumed run finished every sample, each once, all scored, nothing errored
    assert final.status == "success"
    assert final.samples is not None
    identifiers = [str(sample.id) for sample in final.samples]
    assert sorted(identifiers) == SAMPLE_IDS and len(set(identifiers)) == len(SAMPLE_IDS)
    for sample in final.samples:
        assert sample.error is None and sample.scores and SCORER in sample.scores
        assert sum(event.event == "sample_init" for event in sample.events) == 1

    # samples finished before the kill were carried over, not run again
    by_id = {str(sample.id): sample for sample in final.samples}
    for sample_id, uuid in finished.items():
        assert by_id[sample_id].uuid == uuid
    journal = _journal(run.directory)
    first = [sample for pid, sample in journal if pid == run.first_pid]
    resumed = [sample for pid, sample in journal if pid != run.first_pid]
    assert len(first) == BLOCK_AT and set(first[: BLOCK_AT - 1]) == set(finished)
    assert Counter(resumed) == Counter(set(SAMPLE_IDS) - set(finished))  # each exactly once

    # and the scores are exactly those of an uninterrupted run
    assert set(reference) == set(by_id)
    for sample_id, sample in by_id.items():
        assert _score(sample) == _score(reference[sample_id]), sample_id
    assert final.results is not None and final.results.completed_samples == len(SAMPLE_IDS)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalSample]:
    """The same eval, never interrupted."""
    return uninterrupted(tmp_path_factory.mktemp("uninterrupted"))


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Inspect's user data dir (sample buffers) for this test, here and in subprocesses."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def resume_with_eval_retry(directory: Path, log_buffer: int) -> tuple[Interrupted, EvalLog]:
    run = interrupt(directory, _inspect("eval", TASK, *_task_options(log_buffer)))
    retry = subprocess.run(
        _inspect("eval-retry", run.partial.location, "--log-dir", str(run.log_dir)),
        cwd=directory,
        env=run.environment,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
    )
    assert retry.returncode == 0, retry.stdout[-2000:] + retry.stderr[-3000:]
    finals = [read_eval_log(info) for info in list_eval_logs(str(run.log_dir))]
    [final] = [log for log in finals if log.status == "success"]
    assert final.eval.task_id == run.partial.eval.task_id
    return run, final


@pytest.mark.extended
def test_killed_eval_resumes_with_eval_retry(
    data_home: Path, reference: dict[str, EvalSample]
) -> None:
    run, final = resume_with_eval_retry(data_home, log_buffer=1)
    check_resumed(run, final, reference, log_buffer=1)


@pytest.mark.slow
def test_killed_eval_resumes_from_the_sample_buffer(
    data_home: Path, reference: dict[str, EvalSample]
) -> None:
    """Nothing flushed to the log yet: eval-retry recovers the finished sample from the buffer."""
    run, final = resume_with_eval_retry(data_home, log_buffer=10)
    check_resumed(run, final, reference, log_buffer=10)


@pytest.mark.slow
def test_killed_eval_set_resumes_when_run_again(
    data_home: Path, reference: dict[str, EvalSample]
) -> None:
    command = _inspect("eval-set", TASK, *_task_options(log_buffer=1))
    run = interrupt(data_home, command)
    again = subprocess.run(
        [*command, "--log-dir", str(run.log_dir)],
        cwd=data_home,
        env=run.environment,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
    )
    assert again.returncode == 0, again.stdout[-2000:] + again.stderr[-3000:]
    finals = [read_eval_log(info) for info in list_eval_logs(str(run.log_dir))]
    [final] = [log for log in finals if log.status == "success"]
    check_resumed(run, final, reference, log_buffer=1)

"""Every task × every kind of bad input: the user sees one line, never a traceback.

Tasks that read a peer's released data (``-T dataset=``) get an unknown value, a wrong
type, a missing file, an empty file, a truncated file (in the exact real shape, cut in
half), a folder and a URL whose host cannot be resolved (``.invalid`` never resolves).
The generated tasks (entity_stream, code_qa) take no file: they get the unknown values
and wrong types. Each case builds the task in process and checks the error is Inspect's
one-line kind (`TaskArgumentError`, a ``PrerequisiteError``) with the expected words; a
few ``inspect eval`` runs check what the command line prints.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import huggingface_hub
import pyarrow as pa
import pytest
from inspect_ai import Task

from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.kit.inspect_internals import TaskArgumentError
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.procedures.task import procedures
from inspect_memgym.research_qa.task import research_qa
from locomo_sample import write_locomo
from longmemeval_sample import write_longmemeval
from research_qa.memgym_row_sample import memgym_row, write_rows

INSPECT = Path(sys.executable).with_name("inspect")
UNREACHABLE = "https://memgym-data.invalid/released/data.json"
TaskBuilder = Callable[..., Task]


def truncated(path: Path) -> str:
    """Cut a file written in its real shape short (a download that stopped mid-row)."""
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) * 3 // 5])
    return str(path)


def amemgym_file(path: Path) -> Path:
    user = {"id": "u1", "state_schema": {"Diet": ["vegan", "omnivore"]}, "periods": [], "qas": []}
    path.write_text(json.dumps([user] * 4), encoding="utf-8")
    return path


def memorybench_arrow(path: Path) -> Path:
    rows = [
        {"test_idx": index, "input_prompt": "Question?", "dataset_name": "Locomo-0", "lang": "en"}
        for index in range(20)
    ]
    data = pa.Table.from_pylist(rows)
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_stream(sink, data.schema) as writer:
        writer.write_table(data)
    return path


DATASET_TASKS: dict[str, tuple[TaskBuilder, Callable[[Path], str], str]] = {
    "locomo": (locomo, lambda p: truncated(write_locomo(p / "locomo10.json")), "not valid JSON"),
    "longmemeval": (
        longmemeval,
        lambda p: truncated(write_longmemeval(p / "longmemeval_s_cleaned.json")),
        "not valid JSON",
    ),
    "conversation": (
        conversation,
        lambda p: truncated(amemgym_file(p / "data.json")),
        "not valid JSON",
    ),
    "research_qa": (
        research_qa,
        lambda p: truncated(write_rows(p / "3hop.jsonl", [memgym_row("a"), memgym_row("b")])),
        "not JSON",
    ),
    "feedback": (
        feedback,
        lambda p: truncated(memorybench_arrow(p / "data-00000-of-00001.arrow")),
        "not an Arrow file",
    ),
}
"""Task -> (builder, a truncated file in its real shape, what the truncation is called)."""
EMPTY_FILE = {
    "locomo": "not valid JSON",
    "longmemeval": "not valid JSON",
    "conversation": "not valid JSON",
    "research_qa": "has no rows",
    "feedback": "not MemoryBench JSON/JSONL",
}
UNKNOWN_VALUES: dict[str, list[tuple[dict[str, Any], str]]] = {
    "locomo": [({"categories": "7"}, "unknown LoCoMo category '7'")],
    "longmemeval": [({"variant": "xl"}, "unknown LongMemEval variant 'xl'")],
    "conversation": [({"tier": "huge"}, "unknown conversation tier 'huge'")],
    "research_qa": [({"hops": "9"}, "hops must be between 3 and 6")],
    "feedback": [({"protocol": "live"}, "unknown protocol 'live'")],
    "entity_stream": [
        ({"tier": "huge"}, "unknown tier 'huge'"),
        ({"templates": "zoo"}, "unknown template 'zoo'"),
    ],
    "code_qa": [({"protocol": "live"}, "protocol")],
    "procedures": [
        ({"tier": "huge"}, "unknown tier 'huge'"),
        ({"templates": "mall"}, "unknown template 'mall'"),
    ],
}
WRONG_TYPES: dict[str, list[tuple[dict[str, Any], str]]] = {
    "locomo": [({"dataset": 42}, "dataset must be a path or URL of one file, got int 42")],
    "longmemeval": [({"dataset": 42}, "dataset must be a path or URL of one file")],
    "conversation": [({"dataset": ["a.json"]}, "dataset must be a path or URL of one file")],
    "research_qa": [({"dataset": 4.5}, "dataset must be a path or URL of one file")],
    "feedback": [
        ({"dataset": 42}, "dataset must be a path or URL, or a list of them"),
        ({"feedback": 3}, "unknown feedback kind 3"),
    ],
    "entity_stream": [
        (
            {"agent": {"name": "agentic", "write_budget": "lots"}},
            "write_budget must be an integer, got 'lots'",
        ),
        ({"seeds": "abc"}, "seeds must be non-negative integers"),
    ],
    "code_qa": [
        ({"agent": {"name": "rag", "write_budget": "lots"}}, "write_budget must be an integer"),
        ({"seeds": "abc"}, "seeds must be non-negative integers"),
    ],
    "procedures": [
        ({"agent_turns": "many"}, "agent_turns must be an integer"),
        ({"seeds": "abc"}, "seeds must be non-negative integers"),
    ],
}
BUILDERS: dict[str, TaskBuilder] = {
    **{name: builder for name, (builder, _, _) in DATASET_TASKS.items()},
    "entity_stream": entity_stream,
    "code_qa": code_qa,
    "procedures": procedures,
}


def one_line(task: str, arguments: dict[str, Any]) -> str:
    """Build the task and return the one-line message its refusal shows the user."""
    with pytest.raises(TaskArgumentError) as raised:
        BUILDERS[task](**arguments)
    message = str(raised.value)
    assert "\n" not in message and message.startswith(f"{task}: "), message
    return message


@pytest.mark.parametrize(
    ("task", "arguments", "expected"),
    [
        (task, arguments, expected)
        for table in (UNKNOWN_VALUES, WRONG_TYPES)
        for task, cases in table.items()
        for arguments, expected in cases
    ]
    + [(task, {"agent": "telepathy"}, "unknown memory strategy 'telepathy'") for task in BUILDERS],
)
def test_unknown_values_and_wrong_types(
    task: str, arguments: dict[str, Any], expected: str
) -> None:
    assert expected in one_line(task, arguments)


@pytest.mark.parametrize("task", sorted(DATASET_TASKS))
def test_bad_dataset_files(task: str, tmp_path: Path) -> None:
    _, write_truncated, truncation = DATASET_TASKS[task]
    missing = one_line(task, {"dataset": str(tmp_path / "nowhere" / "data.json")})
    assert "file not found" in missing and "nowhere" in missing
    (tmp_path / "empty.json").write_bytes(b"")
    assert EMPTY_FILE[task] in one_line(task, {"dataset": str(tmp_path / "empty.json")})
    assert truncation in one_line(task, {"dataset": write_truncated(tmp_path)})
    unreachable = one_line(task, {"dataset": UNREACHABLE})
    assert "could not reach memgym-data.invalid (DNS lookup failed" in unreachable
    assert "not found" not in unreachable


@pytest.mark.parametrize("task", sorted(set(DATASET_TASKS) - {"feedback"}))
def test_a_folder_given_for_a_file_is_named_as_one(task: str, tmp_path: Path) -> None:
    assert f"at {tmp_path} is a folder; pass the" in one_line(task, {"dataset": str(tmp_path)})


def test_a_memorybench_folder_without_data_says_what_it_looked_for(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not data", encoding="utf-8")
    message = one_line("feedback", {"dataset": str(tmp_path)})
    assert f"no MemoryBench records in folder {tmp_path}" in message


def test_the_hub_offline_fails_at_once_without_retrying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path))
    calls: list[dict[str, Any]] = []

    def cached_only(**arguments: Any) -> str:
        calls.append(arguments)
        raise huggingface_hub.errors.LocalEntryNotFoundError("not in the cache\nsecond line")

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", cached_only)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    message = one_line("longmemeval", {})
    assert "the hub is offline (HF_HUB_OFFLINE is set) and no cached copy exists" in message
    assert "-T dataset=/path/to/longmemeval_s_cleaned.json" in message
    # without HF_HUB_OFFLINE, one connection attempt that fails has the same effect
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(huggingface_hub.constants, "ENDPOINT", "https://hub.memgym.invalid")
    message = one_line("longmemeval", {})
    assert "cannot reach hub.memgym.invalid (DNS lookup failed" in message
    assert [call["local_files_only"] for call in calls] == [True, True]  # the cache only


def inspect_eval(*arguments: str, **environment: str) -> list[str]:
    """Run ``inspect eval`` and return the non-blank lines it printed (wide terminal)."""
    result = subprocess.run(
        [str(INSPECT), "eval", *arguments, "--log-dir", environment.pop("LOG_DIR")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "1000", **environment},
    )
    output = (result.stdout + result.stderr).splitlines()
    return [line.strip() for line in output if line.strip()]


@pytest.mark.extended
def test_the_command_line_prints_one_line(tmp_path: Path) -> None:
    """Two runs: a policy the task refuses, and a task argument refused with the
    `TaskArgumentError` every bad file above raises (the folder too), so prints alike.

    The first run asks for ``--display none``, whose quiet console would drop the line.
    """
    logs = str(tmp_path / "logs")
    [policy] = inspect_eval(
        "inspect_memgym/locomo", "--model", "memgym/bogus", "--display", "none", LOG_DIR=logs
    )
    assert policy.startswith("locomo: memgym policy 'bogus' does not play the locomo task")
    assert "template_expert" not in policy
    [offline] = inspect_eval(
        "inspect_memgym/longmemeval",
        "--model",
        "memgym/perfect",
        "--model-role",
        "grader=memgym/judge",
        LOG_DIR=logs,
        HF_HUB_OFFLINE="1",
        MEMGYM_DATA_DIR=str(tmp_path / "cache"),
    )
    assert "the hub is offline" in offline and "Retrying" not in offline

"""Bad ``-T`` values end in one clear line naming the task, before any sample runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.code_qa.instances import CodeQASpec
from inspect_memgym.code_qa.protocol import ProtocolOptions
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.kit.inspect_internals import TaskArgumentError

INSPECT = Path(sys.executable).with_name("inspect")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"context_tokens": 100},
            "context_tokens must be a token count from 5,000 to 4,000,000 (e.g. 10000, 10k, 1M), "
            "got 100",
        ),
        ({"context_tokens": "big"}, "context_tokens must be a token count from 5,000"),
        ({"protocol": "lossy"}, "protocol must be one of evicted, full_context, got 'lossy'"),
        ({"repo_files": "maybe"}, "repo_files must be true or false, got 'maybe'"),
        ({"judge": "maybe"}, "judge must be true or false, got 'maybe'"),
        ({"memory_isolation": 1}, "memory_isolation must be true or false, got 1"),
        ({"ingest_groups": -1}, "ingest_groups must be at least 0, got -1"),
        ({"ingest_chars": 20}, "ingest_chars=20 cannot hold a file header"),
        (
            {"ingest_chars": 15_000, "context_tokens": 100_000},
            "need 28 groups of at most 15000 characters, more than ingest_groups=3; raise "
            "ingest_chars or ingest_groups",
        ),
        ({"seeds": "abc"}, "seeds must be non-negative integers, got 'abc'"),
        ({"agent": "mem0"}, "unknown memory strategy 'mem0'"),
        (
            {"agent": {"name": "notes", "top_k": 5}},
            "memory strategy 'notes' takes no parameter 'top_k'",
        ),
    ],
)
def test_a_bad_value_is_one_line_naming_the_task(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(TaskArgumentError) as caught:
        code_qa(**{"seeds": 1, **arguments})
    text = str(caught.value)
    assert text.startswith("code_qa: ") and "\n" not in text
    assert message in text


def test_good_values_build_the_task_and_record_the_protocol() -> None:
    task = code_qa(seeds=[2, 5], ingest_groups=0, repo_files=True, agent="rag")
    assert [sample.id for sample in task.dataset] == ["code_qa-s0002", "code_qa-s0005"]
    assert task.metadata is not None
    assert task.metadata["short_term_window"] == 0  # evicted: no raw group stays in context
    assert task.metadata["ingest_groups"] == 0 and task.metadata["repo_files"] is True
    sample = task.dataset[0]
    assert sample.metadata is not None
    options = CodeQASpec.of_metadata(sample.metadata).code_qa_options
    assert options == ProtocolOptions(repo_files=True, ingest_groups=0)
    assert sample.metadata["ingest_groups"] == 3  # 10k tokens fit three groups of 15,000


@pytest.mark.slow
def test_the_cli_prints_one_line_and_runs_nothing(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            str(INSPECT),
            "eval",
            "inspect_memgym/code_qa",
            "--model",
            "memgym/perfect",
            "-T",
            "protocol=lossy",
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
    assert lines == ["code_qa: protocol must be one of evicted, full_context, got 'lossy'"]
    assert not list(tmp_path.iterdir())


def test_token_counts_are_written_as_in_research_qa() -> None:
    from inspect_memgym.research_qa.task import research_qa

    coded = code_qa(
        seeds=1, context_tokens="10k", agent={"name": "native", "context_budget": "128k"}
    )
    researched = research_qa(seeds=1, context_tokens="10k")
    assert coded.metadata is not None and researched.metadata is not None
    assert coded.metadata["context_tokens"] == 10_000
    assert coded.metadata["context_budget"] == 128_000
    assert researched.metadata["context_tokens"] == 10_000

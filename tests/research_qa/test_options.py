"""research_qa's -T values: what is accepted, and every mistake refused in one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.kit.inspect_internals import TaskArgumentError
from inspect_memgym.research_qa.driver import ResearchSpec
from inspect_memgym.research_qa.options import (
    eviction_policy,
    parse_context_tokens,
    parse_hops,
    run_options,
)
from inspect_memgym.research_qa.references import generated_reference
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.research_qa.world import EvictionPolicy

REPO_ROOT = Path(__file__).resolve().parents[2]
INSPECT = Path(sys.executable).with_name("inspect")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (4, [4]),
        ("5", [5]),
        ("3-6", [3, 4, 5, 6]),
        ("3,5", [3, 5]),
        ("[6, 3]", [6, 3]),
        ([4, 3], [4, 3]),
    ],
)
def test_hops_as_one_list_or_span(given: Any, expected: list[int]) -> None:
    assert parse_hops(given) == expected


@pytest.mark.parametrize(
    ("given", "expected"),
    [(10_000, 10_000), ("100k", 100_000), ("1M", 1_000_000), ("2.5k", 2_500), ("1_000", 1_000)],
)
def test_context_tokens_with_suffixes(given: Any, expected: int) -> None:
    assert parse_context_tokens(given) == expected


def test_eviction_choices() -> None:
    assert eviction_policy(None, None) is None
    assert eviction_policy("full", None) == EvictionPolicy("full_eviction")
    assert eviction_policy("sliding_window", None) == EvictionPolicy("sliding_window", 2)
    assert eviction_policy("sliding_window", 3) == EvictionPolicy("sliding_window", 3)


def test_run_options_round_trip() -> None:
    options = run_options("interactive", "sliding_window", 3, 7, 4, "chroma", "hashing", False)
    reference = generated_reference(1, 4, 10_000)
    metadata = {"instance": reference, "research_options": options.to_dict()}
    assert ResearchSpec.of_metadata(metadata).research_options == options
    assert options.eviction == EvictionPolicy("sliding_window", 3)


BAD_ARGUMENTS = [
    ({"hops": 7}, "hops must be between 3 and 6"),
    ({"hops": "2-4"}, "hops must be between 3 and 6"),
    ({"hops": "3,3"}, "each once"),
    ({"hops": True}, "hops must be between 3 and 6"),
    ({"context_tokens": 500}, "context_tokens must be a token count from 1,000"),
    ({"context_tokens": "lots"}, "context_tokens must be a token count"),
    ({"context_tokens": "9M"}, "to 4,000,000"),
    ({"eviction": "partial"}, "unknown eviction 'partial'; choose one of: full, sliding_window"),
    ({"window": 2}, "window applies only with eviction=sliding_window"),
    ({"eviction": "full", "window": 2}, "window applies only with eviction=sliding_window"),
    ({"eviction": "sliding_window", "window": 0}, "window must be an integer of at least 1"),
    ({"mode": "agentic"}, "unknown mode 'agentic'; choose one of: scripted, interactive"),
    ({"max_searches": 0}, "max_searches must be an integer of at least 1, got 0"),
    ({"search_results": "5"}, "search_results must be an integer of at least 1"),
    ({"search_backend": "google"}, "unknown search_backend 'google'; choose one of: bm25"),
    ({"seeds": 0}, "seeds must be a positive count"),
    ({"agent": "nope"}, "memory strategy"),
    ({"agent": {"name": "none", "top_k": 3}}, "takes no parameter 'top_k'"),
    ({"memory": "sqlite"}, "unknown memory backend 'sqlite'"),
    ({"dataset": "/no/such/file.jsonl"}, "dataset file not found: /no/such/file.jsonl"),
]


@pytest.mark.parametrize(("arguments", "message"), BAD_ARGUMENTS)
def test_bad_values_end_in_one_line(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        research_qa(**{"seeds": 1, **arguments})
    text = str(raised.value)
    assert text.startswith("research_qa: ")
    assert message in text
    assert "\n" not in text


@pytest.mark.slow
def test_the_command_line_prints_one_line_and_no_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(INSPECT), "eval", "inspect_memgym/research_qa", "--model", "memgym/perfect",
         "-T", "hops=9", "--log-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=REPO_ROOT, check=False,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "research_qa: hops must be between 3 and 6 (one, a list, or a span like 3-6)" in output
    assert "Traceback" not in output

"""Shared, expensive fixtures: every memgym policy on the lite grid, run once per session,
and a real ChromaDB server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from inspect_ai.log import EvalLog

from chroma_server import ChromaServer, running_chroma_server
from inspect_memgym.entity_stream.policies.registry import POLICIES
from inspect_memgym.entity_stream.validity import run_policy_logs
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES

LITE_GRID_TIER = "lite"
LITE_GRID_SEEDS = (0,)


@dataclass(frozen=True)
class PolicyGrid:
    """Every registered policy's eval log on one grid, all in one log dir."""

    log_dir: Path
    logs: dict[str, EvalLog]
    tier: str
    seeds: tuple[int, ...]
    templates: tuple[str, ...]


@pytest.fixture(scope="session")
def lite_grid(tmp_path_factory: pytest.TempPathFactory) -> PolicyGrid:
    """Every memgym policy on tier lite, all 10 templates, seed 0 (through inspect_ai.eval)."""
    log_dir = tmp_path_factory.mktemp("lite_grid")
    logs = run_policy_logs(
        list(POLICIES), LITE_GRID_TIER, list(LITE_GRID_SEEDS), list(TEMPLATE_NAMES), str(log_dir)
    )
    return PolicyGrid(log_dir, logs, LITE_GRID_TIER, LITE_GRID_SEEDS, TEMPLATE_NAMES)


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ChromaServer]:
    """A real ChromaDB server (`chroma run`) on a free loopback port, killed at session end."""
    with running_chroma_server(tmp_path_factory.mktemp("chroma_server")) as server:
        yield server


@pytest.fixture
def offline_token_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Count tokens with the suite's offline estimate instead of tiktoken.

    ``mockllm`` counts tokens with tiktoken, which downloads its encoding and fails offline;
    Inspect's summary compaction counts the summarisation input before it generates.
    """
    import inspect_ai.model._model as model_module

    from inspect_memgym.kit.tokens import estimate_tokens

    monkeypatch.setattr(model_module, "count_text_tokens", estimate_tokens)

"""Opt-in smoke test: a real model through every tool-using path, one tiny scenario each.

Skipped unless ``MEMGYM_REAL_MODEL`` names an Inspect model (e.g.
``openai-api/llamacpp/qwen2.5-coder-0.5b-instruct-q4_k_m`` with ``LLAMACPP_BASE_URL`` set;
``scripts/real_model/`` provisions and serves one offline). Run with
``pytest -m realmodel -n 0``. It asserts what any working model must give, not a score: a
scored log, no sample errors, and tool calls that reached the tools and were accepted.
``MEMGYM_REAL_MODEL_TIME_LIMIT`` caps each sample (seconds, default 1800).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.tool_use.counts import ToolUse

MODEL = os.environ.get("MEMGYM_REAL_MODEL")
TIME_LIMIT = int(os.environ.get("MEMGYM_REAL_MODEL_TIME_LIMIT", "1800"))

pytestmark = [
    pytest.mark.realmodel,
    pytest.mark.skipif(MODEL is None, reason="set MEMGYM_REAL_MODEL to a served model"),
]

SCENARIOS: dict[str, Any] = {
    "entity_stream": lambda: entity_stream(tier="smoke", templates="company", seeds=1),
    "research_qa_interactive": lambda: research_qa(seeds=1, mode="interactive", hops=3),
    "feedback_agentic": lambda: feedback(tier="small", seeds=1, agent="agentic"),
}
"""One tiny scenario per tool-using path: the agentic solver, the search tool, the
agentic memory strategy."""


def _run(task: Task, log_dir: Path) -> EvalLog:
    (log,) = eval(
        task,
        model=MODEL,
        limit=1,
        time_limit=TIME_LIMIT,
        max_connections=1,
        max_tokens=512,
        display="none",
        log_dir=str(log_dir),
    )
    return log


def _tool_use(log: EvalLog) -> dict[str, int]:
    """Every sample's `ToolUse` counts, summed."""
    fields = [name for name in ToolUse.model_fields if name not in ("store", "instance")]
    return {
        name: sum(
            int(sample.store.get(f"{ToolUse.__name__}:{name}", 0)) for sample in log.samples or []
        )
        for name in fields
    }


def _accepted_calls(log: EvalLog) -> int:
    """Tool calls that ran without an error, read from the samples' events."""
    return sum(
        1
        for sample in log.samples or []
        for event in sample.events
        if event.event == "tool" and event.error is None
    )


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_a_real_model_runs_the_tools_and_is_scored(scenario: str, tmp_path: Path) -> None:
    log = _run(SCENARIOS[scenario](), tmp_path)
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    assert all(sample.scores for sample in log.samples), "a sample was not scored"
    use = _tool_use(log)
    accepted = _accepted_calls(log)
    print(f"{scenario}: {accepted} calls accepted; {use}")
    assert accepted > 0, f"no tool call was accepted: {use}"

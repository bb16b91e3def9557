"""Every memory strategy plays every task end to end, with memgym policies and with mockllm.

A strategy that cannot play a task, a missing memory-isolation key or a crashed sample fails
here. The memgym runs also check per cell that perfect memory scores at least its floor
(`PERFECT_FLOOR`, or the cell's measured floor in `LIMITED_CELLS`) and the isolation
invariants: with perfect memory the unfloored delta is most of the headline; a policy that
remembers nothing gains nothing from memory.
With mockllm, MemoryBench's four retrieval baselines play only `RETRIEVAL_TASKS` (see there).
The default run plays a covering set of cells (`cell_tier`); CI plays more with ``-m
extended``, and ``-m slow`` the whole matrix.
"""

from __future__ import annotations

import inspect
import math
import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.procedures.task import procedures
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.strategies.registry import STRATEGY_NAMES
from locomo_sample import locomo_raw, write_locomo
from longmemeval_sample import longmemeval_raw, write_longmemeval


@cache
def _data_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="memgym-matrix-"))


def locomo_cell(**arguments: Any) -> Task:
    """LoCoMo on one conversation of the test schema file (every category, its traps)."""
    path = _data_folder() / "locomo10.json"
    if not path.exists():
        write_locomo(path, locomo_raw()[:1])
    return locomo(dataset=str(path), **arguments)


def longmemeval_cell(**arguments: Any) -> Task:
    """LongMemEval on two questions of the test schema file (one answerable, one _abs)."""
    path = _data_folder() / "longmemeval_oracle.json"
    if not path.exists():
        write_longmemeval(path, longmemeval_raw()[:2])
    return longmemeval(dataset=str(path), **arguments)


TASKS: dict[str, tuple[Callable[..., Task], dict[str, Any], str, str]] = {
    "code_qa": (code_qa, {"seed": 6, "context_tokens": 5_000}, "code_qa_scorer", "accuracy"),
    "conversation": (
        conversation,
        # seed 1: perfect's no-memory guesses (hash picks) land at chance, as the cell's
        # delta check needs; on seed 0 they are lucky (6 of 12 right)
        {"tier": "small", "seed": 1},
        "conversation_scorer",
        "chance_corrected_accuracy",
    ),
    "entity_stream": (
        entity_stream,
        {"tier": "lite", "seed": 0, "templates": "city"},
        "entity_stream_scorer",
        "composite",
    ),
    "research_qa": (
        research_qa,
        {"seed": 0, "hops": 3, "context_tokens": 1_000},
        "research_qa_scorer",
        "score",
    ),
    "locomo": (locomo_cell, {}, "locomo_scorer", "f1"),
    "longmemeval": (longmemeval_cell, {}, "longmemeval_scorer", "accuracy"),
    "feedback": (
        feedback,
        {
            "tier": "small",
            "seed": 0,
            "protocol": "off_policy",
            "feedback": "verbal",
            "max_rounds": 1,
        },
        "feedback_scorer",
        "final",
    ),
    "procedures": (
        procedures,
        {"tier": "smoke", "seed": 0, "templates": "shop"},
        "procedures_scorer",
        "pass_at_1",
    ),
}
RETRIEVAL_BASELINES = ("bm25_message", "bm25_dialog", "embed_message", "embed_dialog")
RETRIEVAL_TASKS = ("feedback", "conversation")
"""The tasks MemoryBench's retrieval baselines are run on with mockllm: feedback, their home,
and conversation, the other task made of dialogues (its sessions are their dialogues;
with ``-m slow``, see `HEAVY_TASK_EXTENDED_AGENTS`). The memgym cells run them on every task
(a scripted reader must see what they retrieve); with mockllm they only add minutes, as
they store and retrieve through the same `MemoryStrategy` interface and backends as every
other strategy."""
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SYSTEMS: dict[str, dict[str, str]] = {
    "system": {"system": "mem0"},
    "system:mcp": {
        "system": "mcp",
        "mcp_command": f"python {EXAMPLES / 'mcp_memory_server.py'}",
    },
}
"""The ``system`` strategy's cells: Mem0 OSS, and the example MCP memory server over stdio."""
AGENTS = (*STRATEGY_NAMES, *(name for name in SYSTEMS if name not in STRATEGY_NAMES))
CELLS = [(task_name, agent) for task_name in sorted(TASKS) for agent in AGENTS]
DEFAULT_MCP_TASK = "locomo"
"""The one task whose MCP cell runs without ``-m slow`` (with ``-m extended``: a server
process per sample makes the others slow); tests/memory_systems plays the MCP adapter
against the contract in the default run."""
HEAVY_TASK_EXTENDED_AGENTS: dict[str, frozenset[str]] = {
    "entity_stream": frozenset({"agentic", "native", "none", "notes", "rag"}),
    "conversation": frozenset({"awe", "agentic", "none", "summary"}),
    "procedures": frozenset({"notes", "agentic", "none", "masking"}),
}
"""The strategies the three costliest tasks play with ``-m extended`` (1.5-5 s a cell); the
rest of their rows run with ``-m slow``."""
COVERING_TASK: dict[str, str] = {
    "awi": "research_qa",
    "rag": "research_qa",
    "system": "research_qa",
    "summary": "code_qa",
    "masking": "code_qa",
    "native": "code_qa",
    "bm25_message": "feedback",
    "embed_message": "feedback",
    "embed_dialog": "feedback",
}
"""Where a strategy that is no task's default plays in the default run (a cheap task; the
retrieval baselines on feedback, their home). ``native`` is locomo's and longmemeval's
default, but their mockllm cells wait for ``-m slow``, so it is covered here too."""


def _default_agent(task_name: str) -> str:
    """The strategy a task plays when ``agent`` is not given."""
    factory = {"locomo": locomo, "longmemeval": longmemeval}.get(task_name, TASKS[task_name][0])
    default = inspect.signature(factory).parameters["agent"].default
    assert isinstance(default, str)
    return default


def cell_tier(task_name: str, agent: str) -> str:
    """When a cell runs: ``default``, ``extended`` (CI, ``-m extended``) or ``slow``.

    The default run covers every task with its default strategy, ``none`` and the shared
    agentic loop, and every strategy on at least one task (`COVERING_TASK`), so a strategy
    that cannot play a task's tools, or a task that loses its isolation keys, fails there.
    CI plays the other cells of the five cheaper tasks, those `HEAVY_TASK_EXTENDED_AGENTS`
    names for the three costliest, and locomo's MCP cell (``-m extended``); the rest wait
    for ``-m slow``.
    """
    if agent in {"none", "agentic", _default_agent(task_name)}:
        return "default"
    if COVERING_TASK.get(agent) == task_name:
        return "default"
    if agent == "system:mcp":
        return "extended" if task_name == DEFAULT_MCP_TASK else "slow"
    extended = agent in HEAVY_TASK_EXTENDED_AGENTS.get(task_name, frozenset(AGENTS))
    return "extended" if extended else "slow"


TIER_MARKS = {"extended": pytest.mark.extended, "slow": pytest.mark.slow}


def _cell(task_name: str, agent: str, tier: str) -> Any:
    if tier == "default":
        return (task_name, agent)
    return pytest.param(task_name, agent, marks=TIER_MARKS[tier])


MEMGYM_CELLS = [_cell(task_name, agent, cell_tier(task_name, agent)) for task_name, agent in CELLS]
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
SLOW_MOCKLLM_CELLS = frozenset({"locomo", "longmemeval"})
"""Tasks whose mockllm cells run only with ``-m slow``: by default their own tests run a
scripted model with malformed answers and judge replies (tests/locomo, tests/longmemeval)."""
MOCKLLM_CELLS = [
    _cell(
        task_name,
        agent,
        "slow" if task_name in SLOW_MOCKLLM_CELLS else cell_tier(task_name, agent),
    )
    for task_name, agent in CELLS
    if (agent not in RETRIEVAL_BASELINES or task_name in RETRIEVAL_TASKS) and agent != "system:mcp"
]


GRADER = {"grader": "memgym/judge"}
"""The honest scripted judge, for the tasks that judge (longmemeval always does)."""
PERFECT_FLOOR = 0.9
"""The least headline perfect memory scores through a strategy on a task's test cell."""
LIMITED_CELLS: dict[tuple[str, str], tuple[float, str]] = {
    ("entity_stream", "rag"): (0.35, "30 retrieved passages miss documents cut across passages"),
    ("entity_stream", "system"): (0.35, "as rag: 30 hits miss documents cut across passages"),
    ("entity_stream", "system:mcp"): (0.35, "as rag: 30 hits miss documents cut across passages"),
    ("entity_stream", "awe"): (0.35, "one entry per entity: the 15-write lite budget holds half"),
    ("entity_stream", "notes"): (0.2, "500 notes tokens hold a fraction of 30 entities"),
    ("entity_stream", "masking"): (0.0, "only the 3 newest inputs stay unmasked"),
    ("entity_stream", "bm25_message"): (0.85, "5 retrieved events miss some entities"),
    ("entity_stream", "bm25_dialog"): (0.85, "5 retrieved dialogues miss some entities"),
    ("entity_stream", "embed_message"): (0.85, "5 retrieved events miss some entities"),
    ("entity_stream", "embed_dialog"): (0.85, "5 retrieved dialogues miss some entities"),
    ("conversation", "bm25_dialog"): (0.85, "5 retrieved sessions miss a revealed value"),
    ("conversation", "embed_message"): (0.4, "hashed n-grams retrieve few revealing messages"),
    ("conversation", "embed_dialog"): (0.75, "hashed n-grams miss some revealing sessions"),
    ("feedback", "masking"): (0.2, "only the 3 newest inputs stay unmasked"),
    ("feedback", "embed_message"): (0.65, "hashed n-grams miss some feedback messages"),
    ("procedures", "masking"): (0.0, "only the 3 newest of 8 episodes stay unmasked"),
    ("procedures", "bm25_message"): (0.0, "5 retrieved steps miss some of the 5 lessons"),
    ("procedures", "bm25_dialog"): (0.0, "5 of 8 retrieved episodes miss some of the 5 lessons"),
}
"""Cells where the strategy itself keeps or retrieves too little for a perfect score: the
floor, measured on the cell (deterministic), and why. A reader gap in a scripted policy (it
fails to see what a strategy did keep) shows as a score below the floor."""


def run(task_name: str, agent: str, model: Any, tmp_path: Any) -> EvalLog:
    factory, args, _, _ = TASKS[task_name]
    strategy = {"name": agent.partition(":")[0], **SYSTEMS[agent]} if agent in SYSTEMS else agent
    [log] = eval(
        factory(agent=strategy, **args),
        model=model,
        model_roles=GRADER,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def value(log: EvalLog, task_name: str) -> dict[str, float]:
    scorer = TASKS[task_name][2]
    assert log.samples is not None
    score = log.samples[0].scores[scorer]  # type: ignore[index]
    assert isinstance(score.value, dict)
    return {str(key): float(number) for key, number in score.value.items()}


@pytest.mark.parametrize(("task_name", "agent"), MEMGYM_CELLS)
def test_memgym_policies_play_every_strategy(task_name: str, agent: str, tmp_path: Any) -> None:
    headline = TASKS[task_name][3]
    perfect = value(run(task_name, agent, "memgym/perfect", tmp_path), task_name)
    guesser = value(run(task_name, agent, "memgym/guesser", tmp_path), task_name)
    for scores in (perfect, guesser):
        assert not math.isnan(scores["no_memory"]) and not math.isnan(scores["memory_delta"])
        assert scores["memory_delta"] == pytest.approx(scores[headline] - scores["no_memory"])
    assert abs(guesser["memory_delta"]) <= 0.05  # remembers nothing: memory adds nothing
    if agent == "none":
        assert perfect["memory_delta"] == 0.0
        return
    floor, _ = LIMITED_CELLS.get((task_name, agent), (PERFECT_FLOOR, ""))
    assert perfect[headline] >= floor
    # what memory added is most of the headline; the floored delta leaves out the no-memory
    # pass's lucky picks (scoring.isolation), so it is at most the unfloored one
    assert perfect["memory_delta_raw"] >= 0.9 * perfect[headline]
    assert perfect["memory_delta"] <= perfect["memory_delta_raw"] + 1e-12


def scripted_reply(
    messages: Sequence[ChatMessage],
    tools: Sequence[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    """A model that never calls a tool and always says the same thing (offline usage)."""
    output = ModelOutput.from_content("mockllm/model", '{"answer": 1} I do not know.')
    output.usage = USAGE
    return output


@pytest.mark.parametrize(("task_name", "agent"), MOCKLLM_CELLS)
@pytest.mark.usefixtures("offline_token_counts")
def test_mockllm_plays_every_strategy(task_name: str, agent: str, tmp_path: Any) -> None:
    model = get_model("mockllm/model", custom_outputs=scripted_reply)
    scores = value(run(task_name, agent, model, tmp_path), task_name)
    assert set(scores) >= {"no_memory", "memory_delta"}
    assert not math.isnan(scores["memory_delta"])


@pytest.mark.parametrize("task_name", sorted(TASKS))
def test_isolation_off_leaves_the_keys_nan_not_zero(task_name: str, tmp_path: Any) -> None:
    factory, args, _, _ = TASKS[task_name]
    [log] = eval(
        factory(memory_isolation=False, **args),
        model="memgym/perfect",
        model_roles=GRADER,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success"
    scores = value(log, task_name)
    assert math.isnan(scores["no_memory"]) and math.isnan(scores["memory_delta"])

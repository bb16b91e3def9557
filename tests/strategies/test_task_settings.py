"""A task's one ``agent`` and one ``memory`` argument: every form, every one-line refusal, every
old spelling with its one deprecation line, and the task metadata the same as before.

``data/task_metadata_main.json`` holds each task's metadata as built before the two arguments
existed (the old ``-T`` spellings, on the main branch), for the settings of `CASES`.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.log import read_eval_log
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.strategies.settings import StrategySettings
from inspect_memgym.strategies.task_arguments import DEPRECATED_NAMES
from locomo_sample import locomo_raw, write_locomo
from longmemeval_sample import longmemeval_raw, write_longmemeval

MAIN_METADATA = Path(__file__).parent / "data" / "task_metadata_main.json"
INSPECT = Path(sys.executable).with_name("inspect")
LOGGER = "inspect_memgym.strategies.task_arguments"


@cache
def _data_folder(tmp: str) -> Path:
    folder = Path(tmp)
    write_locomo(folder / "locomo10.json", locomo_raw()[:1])
    write_longmemeval(folder / "longmemeval.json", longmemeval_raw()[:2])
    return folder


def small_tasks(folder: Path) -> dict[str, tuple[Callable[..., Task], dict[str, Any]]]:
    """Each task with the smallest arguments that build it (the ones the fixture used)."""
    return {
        "code_qa": (code_qa, {"seeds": 1, "context_tokens": 5000}),
        "conversation": (conversation, {"seeds": 1}),
        "entity_stream": (entity_stream, {"seeds": 1, "tier": "lite"}),
        "feedback": (feedback, {"seeds": 1}),
        "locomo": (locomo, {"dataset": str(folder / "locomo10.json")}),
        "longmemeval": (
            longmemeval,
            {"self_judge": True, "dataset": str(folder / "longmemeval.json")},
        ),
        "research_qa": (research_qa, {"seeds": 1}),
    }


CASES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "default": ({}, {}),
    "rag": (
        {
            "agent": "rag",
            "top_k": 5,
            "update_frequency": 3,
            "backend": "markdown",
            "write_budget": 7,
        },
        {
            "agent": {"name": "rag", "top_k": 5, "update_frequency": 3, "write_budget": 7},
            "memory": "markdown",
        },
    ),
    "notes": (
        {"agent": "notes", "notes_budget": "2k"},
        {"agent": {"name": "notes", "notes_budget": "2k"}},
    ),
    "awe_chroma": (
        {"agent": "awe", "embedding": "hashing", "keep_memory": True, "short_term_window": 1},
        {
            "agent": {"name": "awe", "short_term_window": 1},
            "memory": {"embedding": "hashing", "keep": True},
        },
    ),
    "agentic": (
        {"agent": "agentic", "backend": "markdown"},
        {"agent": "agentic", "memory": {"backend": "markdown"}},
    ),
    "system": (
        {"agent": "system", "system": "mem0"},
        {"agent": {"name": "system", "system": "mem0"}},
    ),
}
"""Each case: (its old spelling, its new spelling)."""


def _main_metadata() -> dict[str, dict[str, Any]]:
    metadata: dict[str, dict[str, Any]] = json.loads(MAIN_METADATA.read_text())
    return metadata


@pytest.mark.parametrize(
    "spelling",
    [pytest.param(0, id="old", marks=pytest.mark.old_spelling), pytest.param(1, id="new")],
)
def test_metadata_is_the_one_main_built_for_the_same_settings(
    spelling: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = _data_folder(str(tmp_path_factory.getbasetemp()))
    expected = _main_metadata()
    compared = refused = 0
    for task_name, (function, base) in small_tasks(folder).items():
        for case, spellings in CASES.items():
            key = f"{task_name}/{case}"
            if key not in expected:  # main refused it (entity_stream read no "2k" budget)
                continue
            if spelling == 0 and case != "default" and refuses_old_spellings(task_name):
                with pytest.raises(ValueError, match=f"was removed in {task_name} "):
                    function(**base, **spellings[spelling])
                refused += 1
                continue
            metadata = dict(function(**base, **spellings[spelling]).metadata or {})
            if task_name in ("locomo", "longmemeval"):
                metadata.pop("dataset")
            assert json.loads(json.dumps(metadata)) == expected[key], key
            compared += 1
    assert compared + refused == 41
    # entity_stream 8 (4 cases) and conversation 6 (5) refuse the old spellings
    assert refused == (9 if spelling == 0 else 0)


def refuses_old_spellings(task_name: str) -> bool:
    """Whether the task's version is the one that refuses the old spellings."""
    module = importlib.import_module(f"inspect_memgym.{task_name}.task")
    return bool(module.TASK_VERSION >= module.OLD_SPELLINGS_UNTIL)


@pytest.mark.parametrize(
    ("agent", "name", "options"),
    [
        ("rag", "rag", {}),
        ({"name": "rag", "top_k": 5}, "rag", {"top_k": 5}),
        ({"name": "notes", "notes_budget": "4k"}, "notes", {"notes_budget": 4000}),
        ({"name": "system", "system": "mem0"}, "system", {"system": "mem0"}),
    ],
)
def test_agent_is_read_from_a_name_or_a_mapping(
    agent: Any, name: str, options: dict[str, Any]
) -> None:
    settings = StrategySettings.read(agent)
    assert (settings.name, dict(settings.options), settings.solver) == (name, options, None)


@solver
def fixed_reply() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return state

    return solve


def test_a_solver_is_played_as_given_and_named_in_the_metadata() -> None:
    given = fixed_reply()
    task = conversation(tier="small", seeds=1, agent=given)
    assert task.solver is given
    assert task.metadata is not None
    assert task.metadata["agent"].endswith("fixed_reply")
    assert task.metadata["top_k"] is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"agent": {"name": "notes", "top_k": 5}},
            "memory strategy 'notes' takes no parameter 'top_k'; "
            "its options: notes_budget, write_budget",
        ),
        ({"agent": {"name": "rag", "top_k": "five"}}, "top_k must be an integer, got 'five'"),
        ({"agent": {"name": "rag", "top_k": -1}}, "top_k must be at least 0, got -1"),
        ({"agent": {"name": "system", "system": 3}}, "system must be text, got int 3"),
        ({"agent": {"name": "native", "context_budget": "lots"}}, "context_budget"),
        ({"agent": {"top_k": 5}}, "agent must name its strategy"),
        ({"agent": "nope"}, "unknown memory strategy 'nope'"),
        ({"agent": 5}, "agent must be a strategy name, a mapping of name and options, or a solver"),
        (
            {"memory": {"url": "http://x"}},
            "memory takes no key 'url'; its keys: backend, embedding, keep",
        ),
        ({"memory": {"keep": "yes"}}, "memory keep must be true or false, got 'yes'"),
        ({"memory": "paper"}, "paper"),
        ({"topk": 5}, "unknown parameter 'topk'"),
        ({"top_k": 5}, '-T top_k was removed in conversation 6: use -T agent="{name: awe, top_k'),
    ],
)
def test_a_bad_setting_is_refused_in_one_line(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as refusal:
        conversation(tier="small", seeds=1, **arguments)
    text = str(refusal.value)
    assert text.startswith("conversation: ") and message in text
    assert "\n" not in text


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"agent": {"name": "rag", "top_k": 5}, "top_k": 5},
            "top_k given twice, in -T agent and in its old spelling",
        ),
        (
            {"memory": "markdown", "backend": "chroma"},
            "backend given twice, in -T memory and in its old spelling",
        ),
        ({"memory": {"keep": True}, "keep_memory": True}, "keep given twice, in -T memory"),
        ({"agent": fixed_reply(), "top_k": 5}, "-T top_k cannot configure a given solver"),
    ],
)
def test_a_setting_in_both_spellings_is_refused_in_one_line(
    arguments: dict[str, Any], message: str
) -> None:
    # research_qa 6 still reads the old spellings (conversation refuses them from 6)
    with pytest.raises(ValueError) as refusal:
        research_qa(seeds=1, **arguments)
    text = str(refusal.value)
    assert text.startswith("research_qa: ") and message in text
    assert "\n" not in text


OLD_SPELLINGS: dict[str, tuple[dict[str, Any], str]] = {
    "write_budget": (
        {"agent": "rag", "write_budget": 5},
        'use -T agent="{name: rag, write_budget: 5}"',
    ),
    "update_frequency": (
        {"agent": "rag", "update_frequency": 3},
        'use -T agent="{name: rag, update_frequency: 3}"',
    ),
    "short_term_window": (
        {"agent": "awi", "short_term_window": 2},
        'use -T agent="{name: awi, short_term_window: 2}"',
    ),
    "top_k": ({"agent": "rag", "top_k": 5}, 'use -T agent="{name: rag, top_k: 5}"'),
    "context_budget": (
        {"agent": "native", "context_budget": "8k"},
        'use -T agent="{name: native, context_budget: 8k}"',
    ),
    "notes_budget": (
        {"agent": "notes", "notes_budget": 400},
        'use -T agent="{name: notes, notes_budget: 400}"',
    ),
    "observation_window": (
        {"agent": "masking", "observation_window": 2},
        'use -T agent="{name: masking, observation_window: 2}"',
    ),
    "max_turns": (
        {"agent": "agentic", "max_turns": 4},
        'use -T agent="{name: agentic, max_turns: 4}"',
    ),
    "system": (
        {"agent": "system", "system": "mem0"},
        'use -T agent="{name: system, system: mem0}"',
    ),
    "mcp_command": (
        {"agent": "system", "system": "mcp", "mcp_command": "serve"},
        'use -T agent="{name: system, mcp_command: serve}"',
    ),
    "system_config": (
        {"agent": "system", "system": "mem0", "system_config": "{}"},
        "use -T agent=\"{name: system, system_config: '{}'}\"",
    ),
    "backend": ({"backend": "markdown"}, 'use -T memory="{backend: markdown}"'),
    "embedding": ({"embedding": "hashing"}, 'use -T memory="{embedding: hashing}"'),
    "keep_memory": ({"keep_memory": True}, 'use -T memory="{keep: true}"'),
    "chroma_url": (
        {"backend": "markdown", "chroma_url": "http://localhost:8000"},
        "set the environment variable MEMGYM_CHROMA_URL",
    ),
    "chroma_token": (
        {"backend": "markdown", "chroma_token": "secret"},
        "set the environment variable MEMGYM_CHROMA_TOKEN",
    ),
}


def test_every_old_spelling_is_listed() -> None:
    assert set(OLD_SPELLINGS) == set(DEPRECATED_NAMES)


@pytest.mark.old_spelling
@pytest.mark.parametrize("name", sorted(OLD_SPELLINGS))
def test_an_old_spelling_works_with_one_line_naming_the_new(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    arguments, replacement = OLD_SPELLINGS[name]
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        task = research_qa(seeds=1, **arguments)  # still read until research_qa 8
    lines = [record.getMessage() for record in caplog.records if record.name == LOGGER]
    expected = f"research_qa: -T {name} is deprecated (until research_qa 8); {replacement}"
    assert lines.count(expected) == 1
    assert len(lines) == len(arguments) - ("agent" in arguments)
    assert task.metadata is not None


REFUSING: dict[str, tuple[Callable[..., Task], dict[str, Any], int]] = {
    "entity_stream": (entity_stream, {"tier": "smoke", "seeds": 1}, 8),
    "conversation": (conversation, {"tier": "small", "seeds": 1}, 6),
}
"""Each task that refuses the old spellings: its function, small arguments, the version."""


@pytest.mark.parametrize("task_name", sorted(REFUSING))
@pytest.mark.parametrize("name", sorted(OLD_SPELLINGS))
def test_from_the_pinned_version_an_old_spelling_is_refused_with_the_same_line(
    name: str, task_name: str
) -> None:
    arguments, replacement = OLD_SPELLINGS[name]
    function, base, version = REFUSING[task_name]
    with pytest.raises(ValueError) as refusal:
        function(**base, **arguments)
    message = str(refusal.value)
    assert message.startswith(f"{task_name}: -T ") and "\n" not in message
    parts = message.removeprefix(f"{task_name}: ").split("; ")
    assert f"-T {name} was removed in {task_name} {version}: {replacement}" in parts


def test_the_new_spellings_print_no_deprecation(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        conversation(tier="small", seeds=1, agent={"name": "rag", "top_k": 5}, memory="markdown")
    assert [record for record in caplog.records if record.name == LOGGER] == []


@pytest.mark.slow
@pytest.mark.old_spelling
def test_a_scripted_run_scores_the_same_in_either_spelling(tmp_path: Path) -> None:
    scores = []
    for arguments in (
        {"agent": "rag", "top_k": 3, "backend": "markdown"},
        {"agent": {"name": "rag", "top_k": 3}, "memory": "markdown"},
    ):
        [log] = eval(
            research_qa(seeds=1, **arguments),  # still reads the old spellings
            model="memgym/partial",
            display="none",
            log_dir=str(tmp_path),
        )
        assert log.status == "success" and log.samples
        scores.append(
            [
                json.dumps(
                    [(score.value, score.answer) for score in (sample.scores or {}).values()]
                )
                for sample in log.samples
            ]
        )
        assert log.eval.metadata is not None and log.eval.metadata["top_k"] == 3
    assert scores[0] == scores[1]


@pytest.mark.slow
def test_task_config_yaml_sets_agent_and_memory_through_inspect_eval(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(
        "tier: small\nseeds: 1\nagent:\n  name: rag\n  top_k: 4\n  update_frequency: 2\n"
        "memory:\n  backend: markdown\n"
    )
    logs = tmp_path / "logs"
    result = subprocess.run(
        [
            str(INSPECT),
            "eval",
            "inspect_memgym/conversation",
            "--model",
            "memgym/perfect",
            "--task-config",
            str(config),
            "-T",
            "diagnostics=false",
            "--log-dir",
            str(logs),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert result.returncode == 0, result.stderr
    assert "deprecated" not in result.stdout + result.stderr
    [path] = logs.glob("*.eval")
    metadata = read_eval_log(str(path), header_only=True).eval.metadata or {}
    assert (metadata["agent"], metadata["top_k"], metadata["update_frequency"]) == ("rag", 4, 2)
    assert (metadata["backend"], metadata["memory_location"]) == ("markdown", "local file")

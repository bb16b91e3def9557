"""inspect_memgym is visible to Inspect: entry point, registered names, model provider, tasks.

If ``_registry.py`` fails to import, Inspect only logs a warning and the symptom is "task not
found", so the entry-point checks run in a fresh interpreter that has imported nothing of
inspect_memgym but the module through which it looks names up (`kit.inspect_internals`).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model
from inspect_ai.util import registry_create, registry_info

from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.kit.inspect_internals import TaskArgumentError, registered_object
from inspect_memgym.simulation.provider import MemgymModelAPI
from inspect_memgym.strategies.registry import STRATEGY_NAMES

REPO_ROOT = Path(__file__).resolve().parents[1]
INSPECT = Path(sys.executable).with_name("inspect")
POLICIES = ("perfect", "strategic", "naive", "guesser", "abstainer")

REGISTERED = {
    "task": [
        "inspect_memgym/entity_stream",
        "inspect_memgym/conversation",
        "inspect_memgym/code_qa",
        "inspect_memgym/research_qa",
        "inspect_memgym/locomo",
        "inspect_memgym/longmemeval",
        "inspect_memgym/feedback",
        "inspect_memgym/procedures",
    ],
    "solver": [f"inspect_memgym/{name}" for name in STRATEGY_NAMES],
    "scorer": [
        "inspect_memgym/entity_stream_scorer",
        "inspect_memgym/conversation_scorer",
        "inspect_memgym/code_qa_scorer",
        "inspect_memgym/research_qa_scorer",
        "inspect_memgym/locomo_scorer",
        "inspect_memgym/longmemeval_scorer",
        "inspect_memgym/feedback_scorer",
        "inspect_memgym/procedures_scorer",
    ],
    "tool": [
        "inspect_memgym/submit_answer",
        "inspect_memgym/memory_write",
        "inspect_memgym/memory_edit",
        "inspect_memgym/memory_read",
        "inspect_memgym/memory_search",
        "inspect_memgym/memory_delete",
        "inspect_memgym/web_search",
    ],
    "modelapi": ["inspect_memgym/memgym"],
}
"""Every name inspect_memgym registers, by registry type."""

FRESH_INTERPRETER_CHECK = textwrap.dedent(
    """
    import json, sys
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model
    from inspect_ai.util import registry_info

    registered = json.loads(sys.argv[1])
    imported_before = any(name.startswith("inspect_memgym") for name in sys.modules)
    from inspect_memgym.kit.inspect_internals import registered_object

    fence_only = sorted(name for name in sys.modules if name.startswith("inspect_memgym"))
    found = {
        kind: {name: registered_object(kind, name) is not None for name in names}
        for kind, names in registered.items()
    }
    task = registered_object("task", "inspect_memgym/entity_stream")
    model = get_model("memgym/perfect")
    print(json.dumps({
        "imported_before": imported_before,
        "fence_only": fence_only,
        "found": found,
        "task_params": registry_info(task).metadata["params"],
        "model_api": type(model.api).__module__ + "." + type(model.api).__name__,
    }))
    """
)


def test_registry_module_imports() -> None:
    module = importlib.import_module("inspect_memgym._registry")
    for name in (
        "entity_stream",
        "entity_stream_scorer",
        "submit_answer",
        "memgym",
    ):
        assert callable(getattr(module, name)), name


def test_entry_point_is_named_inspect_memgym() -> None:
    points = [
        point
        for point in importlib.metadata.entry_points(group="inspect_ai")
        if point.value.split(".")[0] == "inspect_memgym" or point.name == "inspect_memgym"
    ]
    assert [(point.name, point.value) for point in points] == [
        ("inspect_memgym", "inspect_memgym._registry")
    ]
    assert points[0].load() is importlib.import_module("inspect_memgym._registry")
    distribution = importlib.metadata.distribution("inspect_memgym")
    assert ("inspect_memgym", "inspect_memgym._registry") in {
        (point.name, point.value)
        for point in distribution.entry_points
        if point.group == "inspect_ai"
    }


def test_fresh_interpreter_resolves_every_name_through_the_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-c", FRESH_INTERPRETER_CHECK, json.dumps(REGISTERED)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO_ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Unexpected exception loading entrypoints" not in result.stderr, result.stderr
    report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["imported_before"] is False
    assert report["fence_only"] == [  # the lookup, not an import of ours, loads the tasks
        "inspect_memgym",
        "inspect_memgym.kit",
        "inspect_memgym.kit.inspect_internals",
        "inspect_memgym.kit.stored_record",  # the fence's typed store fields (pure, no Inspect)
    ]
    missing = [
        f"{kind}:{name}"
        for kind, names in report["found"].items()
        for name, found in names.items()
        if not found
    ]
    assert missing == []
    assert report["task_params"] == [
        "tier",
        "seeds",
        "seed",
        "templates",
        "judge",
        "self_judge",
        "judge_prompts",
        "max_turns_per_event",
        "memory_isolation",
        "agent",
        "memory",
        "deprecated",
    ]
    assert report["model_api"] == "inspect_memgym.simulation.provider.MemgymModelAPI"


@pytest.mark.parametrize(("kind", "name"), [(k, n) for k, ns in REGISTERED.items() for n in ns])
def test_registered_name_resolves(kind: str, name: str) -> None:
    found = registered_object(kind, name)
    assert found is not None
    assert registry_info(found).name == name
    assert registry_info(found).type == kind


def test_task_resolves_and_builds_by_name() -> None:
    task = registry_create(
        "task", "inspect_memgym/entity_stream", tier="lite", templates="city", seeds=2
    )
    assert isinstance(task, Task)
    assert [sample.id for sample in task.dataset] == ["city-lite-0", "city-lite-1"]
    assert task.metadata is not None
    assert task.metadata["tier"] == "lite"
    assert task.metadata["seeds"] == [0, 1]


@pytest.mark.parametrize("policy", POLICIES)
def test_memgym_provider_resolves(policy: str) -> None:
    model = get_model(f"memgym/{policy}")
    assert isinstance(model.api, MemgymModelAPI)
    assert str(model) == f"memgym/{policy}"


@pytest.mark.parametrize("policy", ["nope", "template_expert"])
def test_a_policy_the_task_does_not_play_is_refused_in_one_line_naming_its_own(
    policy: str,
) -> None:
    # the model is created before the task is built, so the task refuses it, listing only
    # the policies it plays (template_expert plays entity_stream, never locomo)
    with pytest.raises(TaskArgumentError) as raised:
        inspect_eval("inspect_memgym/locomo", model=f"memgym/{policy}", display="none")
    message = str(raised.value)
    assert message.startswith(f"locomo: memgym policy {policy!r} does not play the locomo task")
    assert "\n" not in message and "perfect, partial, forgetful, guesser" in message
    offered = message.split("choose one of: ")[1].split(", ")
    assert "template_expert" not in offered and "strategic" not in offered


def test_inspect_list_tasks_finds_the_official_protocol() -> None:
    result = subprocess.run(
        [str(INSPECT), "list", "tasks", "tasks"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO_ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "tasks/official.py@entity_stream_official" in result.stdout.split()
    assert "tasks/official.py@conversation_official" in result.stdout.split()
    assert "tasks/official.py@research_qa_official" in result.stdout.split()
    assert "tasks/official.py@locomo_official" in result.stdout.split()
    assert "tasks/official.py@longmemeval_official" in result.stdout.split()


def test_official_protocol_is_pinned() -> None:
    spec = importlib.util.spec_from_file_location(
        "memgym_official_protocol", REPO_ROOT / "tasks" / "official.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    task = module.entity_stream_official()
    assert isinstance(task, Task)
    ids = [sample.id for sample in task.dataset]
    assert len(ids) == 100
    assert ids[:2] == [f"{TEMPLATE_NAMES[0]}-standard-0", f"{TEMPLATE_NAMES[1]}-standard-0"]
    assert {str(sample_id).rsplit("-", 2)[0] for sample_id in ids} == set(TEMPLATE_NAMES)
    assert task.metadata is not None
    assert task.metadata["tier"] == "standard"
    assert task.metadata["seeds"] == list(range(10))
    conversation_task = module.conversation_official()
    assert [sample.id for sample in conversation_task.dataset] == [
        f"base-{seed:04d}" for seed in range(20)
    ]
    assert conversation_task.metadata is not None
    assert conversation_task.metadata["agent"] == "awe"


@pytest.mark.parametrize(
    ("task_args", "message"),
    [
        (
            {"tier": "nope"},
            r"unknown tier 'nope'; choose one of: smoke, lite, standard, hard, multi",
        ),
        ({"templates": "nope"}, r"unknown template 'nope'; choose one of: company, research"),
        ({"templates": "company,nope"}, r"unknown template 'nope'"),
        ({"templates": " , "}, r"templates must name at least one template"),
        ({"seeds": 0}, r"seeds must be a positive count or a list of seeds, got 0"),
        ({"seeds": [3, -1]}, r"seeds must be non-negative integers, got \[3, -1\]"),
        ({"agent": {"name": "agentic", "max_turns": 0}}, r"max_turns must be at least 1, got 0"),
        ({"memory": "sqlite"}, r"unknown memory backend 'sqlite'; choose one of: chroma"),
        (
            {"memory": "http://127.0.0.1:8000"},
            r"backend 'http://127.0.0.1:8000'; .* give chroma and its URL in MEMGYM_CHROMA_URL$",
        ),
        ({"memory": {"embedding": "bert"}}, r"unknown embedding 'bert'; choose one of: hashing"),
        (
            {"agent": {"name": "agentic", "write_budget": 0}},
            r"write_budget must be at least 1, got 0",
        ),
    ],
    ids=[
        "tier",
        "template",
        "one-template-bad",
        "no-template",
        "zero-seeds",
        "negative-seed",
        "turns",
        "backend",
        "backend-url",
        "embedding",
        "budget",
    ],
)
def test_bad_task_args_raise_helpful_errors(task_args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        entity_stream(**{"tier": "lite", "templates": "company", **task_args})


def test_bad_task_args_through_the_registry() -> None:
    with pytest.raises(ValueError, match=r"unknown tier 'nope'; choose one of: smoke, lite"):
        registry_create("task", "inspect_memgym/entity_stream", tier="nope")

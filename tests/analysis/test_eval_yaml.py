"""The register listings (register/<eval>/eval.yaml): every task exists where it says, with the
sample count it says, and the version tracks the task's ``TASK_VERSION``."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from typing import Any

import pytest
import yaml

from inspect_memgym.conversation import task as conversation
from inspect_memgym.entity_stream import task as entity_stream
from inspect_memgym.feedback import task as feedback

ROOT = Path(__file__).resolve().parents[2]
LISTINGS = {
    "memgym_entity_stream": entity_stream.TASK_VERSION,
    "memgym_conversation": conversation.TASK_VERSION,
    "memgym_feedback": feedback.TASK_VERSION,
}


def listing(name: str) -> dict[str, Any]:
    document = yaml.safe_load((ROOT / "register" / name / "eval.yaml").read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def task_function(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"listed_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def decorated_tasks(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(getattr(decorator, "id", None) == "task" for decorator in node.decorator_list)
    }


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_listing_has_the_register_fields(name: str) -> None:
    document = listing(name)
    assert {"title", "description", "group", "version", "tasks", "source"} <= set(document)
    assert document["source"]["package_name"] == "inspect_memgym"
    assert document["metadata"]["requires"]["internet"] is False


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_version_tracks_the_task_version(name: str) -> None:
    version = str(listing(name)["version"])
    number, _, interface = version.partition("-")
    assert interface.isalpha() and interface.isupper(), version
    assert int(number) == LISTINGS[name], (
        f"register/{name}/eval.yaml says version {version} but TASK_VERSION is "
        f"{LISTINGS[name]}: set it to '{LISTINGS[name]}-A'"
    )


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_tasks_exist_with_their_sample_counts(name: str) -> None:
    for entry in listing(name)["tasks"]:
        path = ROOT / entry["task_path"]
        assert path.is_file(), entry
        assert entry["name"] in decorated_tasks(path), entry
        task = task_function(path, entry["name"])()
        assert len(task.dataset) == entry["dataset_samples"], entry

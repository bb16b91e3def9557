"""The register listings (register/<eval>/eval.yaml): every task exists where it says, with the
sample count it says, and the version tracks the task's ``TASK_VERSION``.

Tasks over downloaded public data say so (``requires.internet``); their listed sample count
is the pinned release's, and they are built here from a test-written file served by a local
fetch, never the network."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from inspect_memgym.code_qa import task as code_qa
from inspect_memgym.conversation import task as conversation
from inspect_memgym.entity_stream import task as entity_stream
from inspect_memgym.feedback import task as feedback
from inspect_memgym.locomo import data as locomo_data
from inspect_memgym.locomo import task as locomo
from inspect_memgym.longmemeval import data as longmemeval_data
from inspect_memgym.longmemeval import task as longmemeval
from inspect_memgym.research_qa import task as research_qa
from locomo_sample import locomo_raw
from longmemeval_sample import write_longmemeval

ROOT = Path(__file__).resolve().parents[2]
LISTINGS = {
    "memgym_entity_stream": entity_stream.TASK_VERSION,
    "memgym_conversation": conversation.TASK_VERSION,
    "memgym_code_qa": code_qa.TASK_VERSION,
    "memgym_research_qa": research_qa.TASK_VERSION,
    "memgym_locomo": locomo.TASK_VERSION,
    "memgym_longmemeval": longmemeval.TASK_VERSION,
    "memgym_feedback": feedback.TASK_VERSION,
}
RELEASED_SAMPLES = {
    "memgym_locomo": locomo_data.LOCOMO_CONVERSATIONS,
    "memgym_longmemeval": longmemeval_data.LONGMEMEVAL_QUESTIONS,
}
"""Listings over downloaded data: the sample count of the pinned release."""


@pytest.fixture
def local_fetch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Serve test-written files for the pinned downloads (no network)."""
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path / "cache"))
    payload = json.dumps(locomo_raw()).encode()
    monkeypatch.setattr(locomo_data, "LOCOMO_SHA256", hashlib.sha256(payload).hexdigest())
    monkeypatch.setattr(
        locomo_data, "fetch_file", lambda url, destination: destination.write_bytes(payload)
    )
    served = write_longmemeval(tmp_path / "longmemeval.json")
    monkeypatch.setattr(longmemeval_data, "fetch_file", lambda *request: str(served))


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
    assert document["metadata"]["requires"]["internet"] is (name in RELEASED_SAMPLES)


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
@pytest.mark.usefixtures("local_fetch")
def test_tasks_exist_with_their_sample_counts(name: str) -> None:
    for entry in listing(name)["tasks"]:
        path = ROOT / entry["task_path"]
        assert path.is_file(), entry
        assert entry["name"] in decorated_tasks(path), entry
        task = task_function(path, entry["name"])()
        if name in RELEASED_SAMPLES:
            assert entry["dataset_samples"] == RELEASED_SAMPLES[name], entry
        else:
            assert len(task.dataset) == entry["dataset_samples"], entry

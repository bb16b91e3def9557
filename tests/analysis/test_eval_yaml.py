"""The register entries (register/<eval>/eval.yaml): one task each (every official protocol
has its own entry), in the fields of inspect_evals' external schema; every task exists where it
says, with the sample count it says, at the ``@task`` line it points to; the task version tracks
the task's ``TASK_VERSION``; the evaluation reports are the reference logs' figures.

Tasks over downloaded public data say so (``requires.internet``); their listed sample count
is the pinned release's, and they are built here from a test-written file served by a local
fetch, never the network. tests/analysis/test_register_schema.py runs inspect_evals' own
validator on the entries."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from inspect_ai.log import read_eval_log

from inspect_memgym.code_qa import task as code_qa
from inspect_memgym.conversation import task as conversation
from inspect_memgym.entity_stream import task as entity_stream
from inspect_memgym.feedback import task as feedback
from inspect_memgym.locomo import data as locomo_data
from inspect_memgym.locomo import task as locomo
from inspect_memgym.longmemeval import data as longmemeval_data
from inspect_memgym.longmemeval import task as longmemeval
from inspect_memgym.procedures import task as procedures
from inspect_memgym.research_qa import task as research_qa
from locomo_sample import locomo_raw
from longmemeval_sample import write_longmemeval

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "register_entries.py"
TASK_VERSIONS = {
    "entity_stream": entity_stream.TASK_VERSION,
    "conversation": conversation.TASK_VERSION,
    "code_qa": code_qa.TASK_VERSION,
    "research_qa": research_qa.TASK_VERSION,
    "locomo": locomo.TASK_VERSION,
    "longmemeval": longmemeval.TASK_VERSION,
    "feedback": feedback.TASK_VERSION,
    "procedures": procedures.TASK_VERSION,
}
LISTINGS = {
    f"memgym_{benchmark}{variant}": version
    for benchmark, version in TASK_VERSIONS.items()
    for variant in ("", "_official")
}
"""Every entry (each task and its official protocol apart) and its task's ``TASK_VERSION``."""
RELEASED_SAMPLES = {
    "memgym_locomo": locomo_data.LOCOMO_CONVERSATIONS,
    "memgym_locomo_official": locomo_data.LOCOMO_CONVERSATIONS,
    "memgym_longmemeval": longmemeval_data.LONGMEMEVAL_QUESTIONS,
    "memgym_longmemeval_official": longmemeval_data.LONGMEMEVAL_QUESTIONS,
}
"""Entries over downloaded data: the sample count of the pinned release."""
EXTERNAL_FIELDS = {"full_title", "common_title", "description", "contributors", "tasks", "source"}
INTERNAL_ONLY_FIELDS = {"group", "version", "id"}
ARXIV_LINK = re.compile(r"^https://arxiv\.org/abs/\d{4}\.\d{5}$")


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


def register_script() -> ModuleType:
    """scripts/register_entries.py as a module."""
    spec = importlib.util.spec_from_file_location("register_entries", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def task_function(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"listed_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def task_decorator_lines(path: Path) -> dict[str, int]:
    """Every ``@task`` function of a file and the line of its decorator."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: decorator.lineno
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        for decorator in node.decorator_list
        if getattr(decorator, "id", None) == "task"
    }


def test_every_task_and_official_protocol_has_its_own_entry() -> None:
    present = {path.parent.name for path in (ROOT / "register").glob("*/eval.yaml")}
    assert present == set(LISTINGS)


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_entry_has_the_external_fields_and_one_task(name: str) -> None:
    document = listing(name)
    assert set(document) >= EXTERNAL_FIELDS, EXTERNAL_FIELDS - set(document)
    assert not INTERNAL_ONLY_FIELDS & set(document), INTERNAL_ONLY_FIELDS & set(document)
    assert "package_name" not in document["source"]
    assert len(document["tasks"]) == 1, document["tasks"]
    assert "\n" not in document["description"], "the register wants a one-line description"
    assert document["contributors"]
    assert document["metadata"]["requires"]["internet"] is (name in RELEASED_SAMPLES)


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_arxiv_link_is_the_paper_of_the_task(name: str) -> None:
    document = listing(name)
    base = listing(name.removesuffix("_official"))
    assert document.get("arxiv") == base.get("arxiv")
    if "arxiv" in document:
        assert ARXIV_LINK.match(document["arxiv"]), document["arxiv"]


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_version_tracks_the_task_version(name: str) -> None:
    version = str(listing(name)["metadata"]["extras"]["task_version"])
    number, _, interface = version.partition("-")
    assert interface.isalpha() and interface.isupper(), version
    assert int(number) == LISTINGS[name], (
        f"register/{name}/eval.yaml says task_version {version} but TASK_VERSION is "
        f"{LISTINGS[name]}: set it to '{LISTINGS[name]}-A'"
    )


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_task_pointer_is_the_task_decorator_line(name: str) -> None:
    document = listing(name)
    (entry,) = document["tasks"]
    path, line = register_script().task_pointer(document)
    assert path == entry["task_path"]
    assert task_decorator_lines(ROOT / path).get(entry["name"]) == line, (
        f"register/{name}/eval.yaml points at {path}#L{line}, which is not the @task line of "
        f"{entry['name']}: run `python scripts/register_entries.py report`"
    )


@pytest.mark.parametrize("name", sorted(LISTINGS))
@pytest.mark.usefixtures("local_fetch")
def test_tasks_exist_with_their_sample_counts(name: str) -> None:
    for entry in listing(name)["tasks"]:
        path = ROOT / entry["task_path"]
        assert path.is_file(), entry
        assert entry["name"] in task_decorator_lines(path), entry
        task = task_function(path, entry["name"])()
        if name in RELEASED_SAMPLES:
            assert entry["dataset_samples"] == RELEASED_SAMPLES[name], entry
        else:
            assert len(task.dataset) == entry["dataset_samples"], entry


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_evaluation_report_is_read_from_the_reference_logs(name: str) -> None:
    script = register_script()
    document = listing(name)
    if name not in script.REPORTS:
        assert "evaluation_report" not in document
        return
    expected = script.report(script.REPORTS[name])
    assert document["evaluation_report"] == expected, (
        f"register/{name}/eval.yaml's evaluation_report differs from logs/reference: "
        "run `python scripts/register_entries.py report`"
    )


def test_report_rows_carry_the_logged_figures_and_version() -> None:
    report = register_script().report(register_script().REPORTS["memgym_entity_stream_official"])
    strategic = next(row for row in report["results"] if row["model"] == "memgym/strategic")
    metrics = {metric["key"]: metric["value"] for metric in strategic["metrics"]}
    header = read_eval_log(
        str(ROOT / "logs/reference/entity_stream_official_strategic.eval"), header_only=True
    )
    assert header.results is not None
    composite = next(score for score in header.results.scores if score.name == "composite")
    assert metrics["composite"] == round(composite.metrics["mean"].value, 4)
    assert metrics["composite_stderr"] == round(composite.metrics["stderr"].value, 4)
    assert report["version"] == f"{header.eval.task_version}-A"
    assert header.eval.revision is not None
    assert report["commit"].startswith(header.eval.revision.commit)
    assert len(report["commit"]) == 40
    assert strategic["date"] == header.eval.created[:10]

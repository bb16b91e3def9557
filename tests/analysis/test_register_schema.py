"""The register entries pass inspect_evals' own validator (``ExternalEvalMetadata``, loaded the
way its listing loads them): as committed, the only fields missing are the public repository
and the commit, which ``scripts/register_entries.py submit`` fills in; the submitted copies
validate with no warning (one task per entry), and their permalinks resolve, by inspect_evals'
submission tooling, to the entry's ``@task``.

inspect_evals is a dev dependency (``pip install -e ".[dev]"``); without it these tests skip."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

pytest.importorskip(
    "inspect_evals.metadata",
    reason="inspect_evals is not installed (pip install -e '.[dev]'): its register validator "
    "is what these tests run",
)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "register_entries.py"
REPOSITORY_URL = "https://github.com/example-owner/inspect_memgym"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
OPEN_AT_SUBMISSION = [
    "source.repository_url: URL input should be a string or URL",
    "source.repository_commit: Input should be a valid string",
]
ENTRIES = sorted(path.parent.name for path in (ROOT / "register").glob("*/eval.yaml"))


def register_script() -> ModuleType:
    """scripts/register_entries.py as a module."""
    spec = importlib.util.spec_from_file_location("register_entries", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def submitted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every entry as ``submit`` writes it, and the links it prints, by entry id."""
    output = tmp_path_factory.mktemp("submitted")
    links = register_script().submit(
        ROOT / "register", output, REPOSITORY_URL, COMMIT, ["example-user"]
    )
    return {"dir": output, "links": {entry: (arxiv, source) for entry, arxiv, source in links}}


def test_every_entry_is_submitted() -> None:
    assert len(ENTRIES) == 16


@pytest.mark.parametrize("name", ENTRIES)
def test_committed_entry_lacks_only_the_repository_and_commit(name: str) -> None:
    errors = register_script().schema_errors(ROOT / "register" / name / "eval.yaml")
    assert errors == OPEN_AT_SUBMISSION


@pytest.mark.parametrize("name", ENTRIES)
def test_submitted_entry_passes_the_validator_without_warnings(
    name: str, submitted: dict[str, Any]
) -> None:
    assert register_script().schema_errors(submitted["dir"] / name / "eval.yaml") == []


@pytest.mark.parametrize("name", ENTRIES)
def test_submitted_entry_changes_only_the_source_and_contributors(
    name: str, submitted: dict[str, Any]
) -> None:
    committed = yaml.safe_load((ROOT / "register" / name / "eval.yaml").read_text())
    written = yaml.safe_load((submitted["dir"] / name / "eval.yaml").read_text())
    assert written["source"]["repository_url"] == REPOSITORY_URL
    assert written["source"]["repository_commit"] == COMMIT
    assert written["contributors"] == ["example-user"]
    for field in set(committed) - {"source", "contributors"}:
        assert written[field] == committed[field], field


@pytest.mark.parametrize("name", ENTRIES)
def test_permalink_resolves_to_the_entry_task(name: str, submitted: dict[str, Any]) -> None:
    from register_tooling.source_url import parse_source_url
    from register_tooling.task_resolver import resolve_task

    entry = yaml.safe_load((ROOT / "register" / name / "eval.yaml").read_text())
    (task,) = entry["tasks"]
    arxiv, source = submitted["links"][name]
    assert arxiv == entry.get("arxiv")
    parsed = parse_source_url(source)
    assert parsed.is_permalink
    assert parsed.repository_url == REPOSITORY_URL
    assert parsed.task_path == task["task_path"]
    resolved = resolve_task(
        (ROOT / parsed.task_path).read_text(encoding="utf-8"), line_anchor=parsed.line_anchor
    )
    assert resolved.name == task["name"]
    assert resolved.decorator_lineno == parsed.line_anchor


def test_two_tasks_in_one_entry_count_as_an_error(tmp_path: Path) -> None:
    entry = yaml.safe_load((ROOT / "register" / "memgym_locomo" / "eval.yaml").read_text())
    official = yaml.safe_load(
        (ROOT / "register" / "memgym_locomo_official" / "eval.yaml").read_text()
    )
    entry["tasks"] += official["tasks"]
    entry["source"] |= {"repository_url": REPOSITORY_URL, "repository_commit": COMMIT}
    path = tmp_path / "memgym_locomo" / "eval.yaml"
    path.parent.mkdir()
    path.write_text(yaml.safe_dump(entry, sort_keys=False))
    (error,) = register_script().schema_errors(path)
    assert "declares 2 tasks" in error


def test_submission_refuses_a_commit_that_is_not_a_full_hash(tmp_path: Path) -> None:
    script = register_script()
    with pytest.raises(script.SubmissionError, match="40-character"):
        script.submit(ROOT / "register", tmp_path, REPOSITORY_URL, "4475d6e", [])


def test_submit_command_writes_every_entry_and_prints_its_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--repository-url", REPOSITORY_URL, "--commit", COMMIT, "-o"]
    output = tmp_path / "submission"
    assert register_script().main(["submit", *arguments, str(output)]) == 0
    printed = capsys.readouterr().out
    assert sorted(path.parent.name for path in output.glob("*/eval.yaml")) == ENTRIES
    assert printed.count(f"source: {REPOSITORY_URL}/blob/{COMMIT}/") == len(ENTRIES)
    assert "source: " + REPOSITORY_URL + f"/blob/{COMMIT}/tasks/official.py#L" in printed
    assert register_script().main(["submit", *arguments, str(output)]) == 1
    assert "is not empty" in capsys.readouterr().err

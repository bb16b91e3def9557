"""The committed reference logs (logs/reference/): present, loadable, small, in step with the
tasks as they are today, and the leaderboard they give is the one the README shows."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from inspect_ai.log import read_eval_log

from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.leaderboard_format import format_leaderboard
from inspect_memgym.conversation import task as conversation
from inspect_memgym.entity_stream import task as entity_stream

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_DIR = ROOT / "logs" / "reference"
SCRIPT = ROOT / "benchmarks" / "reference_logs.py"
RERUN = "rerun `python benchmarks/reference_logs.py` and commit logs/reference/"
TASK_VERSIONS = {
    "entity_stream": entity_stream.TASK_VERSION,
    "conversation": conversation.TASK_VERSION,
}
MAX_TOTAL_BYTES = 10_000_000
README_START = "<!-- reference-leaderboard:start -->"
README_END = "<!-- reference-leaderboard:end -->"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_logs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_reference_log_is_present_and_small() -> None:
    names = {f"{run.name}.eval" for run in script().reference_runs()}
    present = {path.name for path in REFERENCE_DIR.glob("*.eval")}
    assert present == names, f"logs/reference/ differs from the script's runs: {RERUN}"
    total = sum(path.stat().st_size for path in REFERENCE_DIR.glob("*.eval"))
    assert total <= MAX_TOTAL_BYTES, f"reference logs take {total / 1e6:.1f} MB"


def test_reference_logs_have_the_current_task_versions() -> None:
    for path in sorted(REFERENCE_DIR.glob("*.eval")):
        header = read_eval_log(str(path), header_only=True)
        assert header.status == "success", path.name
        benchmark = header.eval.metadata["benchmark"] if header.eval.metadata else None
        assert benchmark in TASK_VERSIONS, path.name
        assert header.eval.task_version == TASK_VERSIONS[benchmark], (
            f"{path.name} was made by {benchmark} version {header.eval.task_version}, but "
            f"TASK_VERSION is now {TASK_VERSIONS[benchmark]}: {RERUN}"
        )
        assert {"reference", "compacted"} <= set(header.tags), path.name


def test_reference_logs_match_the_tasks_built_today() -> None:
    module = script()
    built: dict[str, object] = {}
    for run in module.reference_runs():
        group = module._group(run)
        task = built.setdefault(group, run.build())
        reason = module.stale_reason(run, task)
        assert reason is None, f"{run.name}.eval is stale ({reason}): {RERUN}"


def test_reference_logs_load_with_scores_and_some_transcripts() -> None:
    for path in sorted(REFERENCE_DIR.glob("*.eval")):
        log = read_eval_log(str(path))
        samples = log.samples or []
        assert samples and all(sample.scores for sample in samples), path.name
        with_messages = [sample for sample in samples if sample.messages]
        assert with_messages, f"{path.name} keeps no transcript"
        assert all(sample.metadata.get("seed") == 0 for sample in with_messages), path.name


def test_the_readme_shows_the_reference_leaderboard() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert README_START in readme and README_END in readme
    shown = readme.split(README_START, 1)[1].split(README_END, 1)[0].strip()
    board = format_leaderboard(load_leaderboard([str(REFERENCE_DIR)]), "markdown").strip()
    assert shown == board, (
        "README.md's reference leaderboard is out of date: paste the output of "
        "`inspect-memgym leaderboard logs/reference` between its markers"
    )


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_reference_logs_are_not_git_ignored() -> None:
    for path in sorted(REFERENCE_DIR.glob("*.eval"))[:1]:
        ignored = subprocess.run(
            ["git", "check-ignore", "-q", str(path.relative_to(ROOT))], cwd=ROOT, check=False
        )
        assert ignored.returncode == 1, f"{path} is git-ignored"

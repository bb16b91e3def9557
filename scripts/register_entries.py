"""The register entries (``register/<id>/eval.yaml``): their evaluation reports, their submission.

    python scripts/register_entries.py report   # the evaluation reports, from logs/reference
    python scripts/register_entries.py submit --repository-url https://github.com/OWNER/REPO
        --commit SHA --contributor GITHUB_USER -o DIR

Each entry is one task in the schema of ``inspect_evals.metadata.ExternalEvalMetadata``,
except for the public repository and the commit being registered: this working copy has no
public remote, so they stay ``null`` until ``submit`` writes submission-ready copies of every
entry into ``DIR/<id>/eval.yaml`` with both filled in (and the contributors, when given). It
validates the copies with inspect_evals' own validator when the package is installed
(``pip install -e ".[dev]"``), and prints per entry the two links inspect_evals' submission
asks for: the arXiv paper (where one exists) and the permalink to the ``@task`` line, made
from the ``@task at <path>#L<line>`` pointer the entry's task carries.

``report`` rewrites the ``evaluation_report`` block that closes an entry from the scripted
reference policies' logs in ``logs/reference/`` (run by ``benchmarks/reference_logs.py``):
per policy the headline and its axes with their standard errors, the date of the run, the
task version it ran, and the commit it ran at. Entries without reference logs get no report.
"""

from __future__ import annotations

import argparse
import ast
import logging
import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from inspect_ai.log import EvalLog, read_eval_log

ROOT = Path(__file__).resolve().parents[1]
REGISTER_DIR = ROOT / "register"
REFERENCE_DIR = ROOT / "logs" / "reference"
REPORT_MARKER = "# evaluation_report: written by `python scripts/register_entries.py report`"
TASK_POINTER = re.compile(r"^@task at (?P<path>\S+)#L(?P<line>\d+)$")
COMMIT = re.compile(r"^[0-9a-f]{40}$")
REFERENCE_POLICY_NOTE = (
    "The models are the suite's scripted reference policies (memgym/<policy>, no language "
    "model), each run through the task's real solver, tools and scorer; perfect is the ceiling."
)


@dataclass(frozen=True)
class ReportSpec:
    """Where an entry's evaluation report comes from.

    Attributes:
        task: The entry's task (the official protocol of ``tasks/official.py``).
        policies: The reference policies, one ``logs/reference/<task>_<policy>.eval`` each.
        metrics: Score names reported, each with its standard error.
    """

    task: str
    policies: tuple[str, ...]
    metrics: tuple[str, ...]

    def log_path(self, policy: str) -> Path:
        """The reference log of one policy."""
        return REFERENCE_DIR / f"{self.task}_{policy}.eval"

    def command(self) -> str:
        """The command that runs one row (``<policy>`` varies)."""
        return f"inspect eval tasks/official.py@{self.task} --model memgym/<policy>"


REPORTS = {
    "memgym_entity_stream_official": ReportSpec(
        task="entity_stream_official",
        policies=("perfect", "strategic", "naive", "guesser", "abstainer"),
        metrics=(
            "composite",
            "breadth",
            "maintenance",
            "reasoning",
            "efficiency",
            "abstention",
            "memory_delta",
        ),
    ),
    "memgym_conversation_official": ReportSpec(
        task="conversation_official",
        policies=("perfect", "strategic", "naive", "guesser"),
        metrics=(
            "chance_corrected_accuracy",
            "accuracy",
            "no_memory",
            "memory_delta",
        ),
    ),
}
"""Entries with reference logs, and what their reports show."""


class SubmissionError(Exception):
    """An entry cannot be made ready for submission."""


def entry_paths(register_dir: Path = REGISTER_DIR) -> list[Path]:
    """Every entry's eval.yaml, by entry id."""
    return sorted(register_dir.glob("*/eval.yaml"))


def load_entry(path: Path) -> dict[str, Any]:
    """One entry as a mapping."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(document, dict):
        raise SubmissionError(f"{path}: not a YAML mapping")
    return document


def task_pointer(entry: dict[str, Any]) -> tuple[str, int]:
    """The file and line of the entry's ``@task`` (from its task's comment)."""
    (task,) = entry["tasks"]
    match = TASK_POINTER.match(str(task.get("comment", "")))
    if match is None:
        raise SubmissionError(f"task {task['name']}: no '@task at <path>#L<line>' comment")
    return match["path"], int(match["line"])


def task_decorator_line(path: Path, name: str) -> int | None:
    """The line of the ``@task`` decorator of function ``name`` in ``path`` (None if absent)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            for decorator in node.decorator_list:
                if getattr(decorator, "id", None) == "task":
                    return decorator.lineno
    return None


def refresh_task_pointer(path: Path) -> bool:
    """Point the entry's ``@task at`` comment at its decorator's line today; True if changed."""
    entry = load_entry(path)
    source, line = task_pointer(entry)
    (task,) = entry["tasks"]
    current = task_decorator_line(ROOT / source, str(task["name"]))
    if current is None:
        raise SubmissionError(f"{path}: no @task named {task['name']} in {source}")
    if current == line:
        return False
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"{source}#L{line}", f"{source}#L{current}"), encoding="utf-8")
    return True


def permalink(repository_url: str, commit: str, entry: dict[str, Any]) -> str:
    """The GitHub permalink to the entry's ``@task`` line at ``commit``."""
    path, line = task_pointer(entry)
    return f"{repository_url.rstrip('/')}/blob/{commit}/{path}#L{line}"


def submission_entry(
    entry: dict[str, Any], repository_url: str, commit: str, contributors: Sequence[str]
) -> dict[str, Any]:
    """The entry with its repository, commit and (when given) contributors filled in."""
    if COMMIT.match(commit) is None:
        raise SubmissionError(f"--commit must be a 40-character commit hash, got {commit!r}")
    filled = dict(entry)
    filled["source"] = {
        **entry["source"],
        "repository_url": repository_url,
        "repository_commit": commit,
    }
    if contributors:
        filled["contributors"] = list(contributors)
    return filled


def schema_errors(path: Path) -> list[str]:
    """inspect_evals' validator on one entry file: its errors (empty when valid).

    Warnings the validator logs (such as more than one task per entry) count as errors.

    Raises:
        ImportError: If inspect_evals is not installed.
    """
    from inspect_evals.metadata import ExternalEvalMetadata, _load_single_eval_yaml
    from pydantic import ValidationError

    warnings: list[str] = []
    handler = _ListHandler(warnings)
    logger = logging.getLogger("inspect_evals.metadata")
    logger.addHandler(handler)
    try:
        ExternalEvalMetadata(**_load_single_eval_yaml(path))
    except ValidationError as error:
        return [
            f"{'.'.join(map(str, detail['loc']))}: {detail['msg']}" for detail in error.errors()
        ] + warnings
    finally:
        logger.removeHandler(handler)
    return warnings


class _ListHandler(logging.Handler):
    """Collects the warnings a logger emits."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.messages = messages

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def submit(
    register_dir: Path,
    output_dir: Path,
    repository_url: str,
    commit: str,
    contributors: Sequence[str],
) -> list[tuple[str, str | None, str]]:
    """Write submission-ready copies of every entry; the links to submit, per entry.

    Returns:
        (entry id, arXiv link or None, ``@task`` permalink) per entry.
    """
    links = []
    for path in entry_paths(register_dir):
        entry = load_entry(path)
        filled = submission_entry(entry, repository_url, commit, contributors)
        destination = output_dir / path.parent.name / "eval.yaml"
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(
            yaml.safe_dump(filled, sort_keys=False, allow_unicode=True, width=100),
            encoding="utf-8",
        )
        links.append(
            (path.parent.name, entry.get("arxiv"), permalink(repository_url, commit, entry))
        )
    return links


def report(spec: ReportSpec) -> dict[str, Any]:
    """The evaluation report of one entry, from its reference logs' headers."""
    headers = [
        read_eval_log(str(spec.log_path(policy)), header_only=True) for policy in spec.policies
    ]
    first = headers[0]
    if first.eval.revision is None:
        raise SubmissionError(f"{spec.log_path(spec.policies[0])}: the log has no git revision")
    return {
        "results": [_report_row(header, spec) for header in headers],
        "commit": _full_commit(first),
        "version": f"{first.eval.task_version}-A",
        "command": spec.command(),
        "timestamp": first.eval.created,
        "notes": [
            REFERENCE_POLICY_NOTE,
            f"Figures read with inspect_ai's log reader from logs/reference/{spec.task}_<policy>"
            ".eval, written by `python benchmarks/reference_logs.py` (mean and standard error "
            "over samples; the README's reference leaderboard shows the same logs).",
        ],
    }


def _report_row(header: EvalLog, spec: ReportSpec) -> dict[str, Any]:
    if header.results is None:
        raise SubmissionError(f"{header.location}: the log has no results")
    scores = {score.name: score.metrics for score in header.results.scores}
    metrics = []
    for name in spec.metrics:
        metrics.append({"key": name, "value": round(scores[name]["mean"].value, 4)})
        metrics.append({"key": f"{name}_stderr", "value": round(scores[name]["stderr"].value, 4)})
    return {
        "model": header.eval.model,
        "task": spec.task,
        "provider": "memgym",
        "date": header.eval.created[:10],
        "samples": header.eval.dataset.samples,
        "metrics": metrics,
    }


def _full_commit(header: EvalLog) -> str:
    """The log's commit (Inspect records it abbreviated), expanded by the repository."""
    assert header.eval.revision is not None
    short = header.eval.revision.commit
    result = subprocess.run(
        ["git", "rev-parse", "--verify", f"{short}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return result.stdout.strip() if result.returncode == 0 else short


def write_report(path: Path, block: dict[str, Any]) -> None:
    """Replace the entry's evaluation report (everything after the marker) with ``block``."""
    text = path.read_text(encoding="utf-8").split(REPORT_MARKER)[0].rstrip("\n")
    dumped = yaml.safe_dump({"evaluation_report": block}, sort_keys=False, width=100)
    path.write_text(f"{text}\n{REPORT_MARKER}\n{dumped}", encoding="utf-8")


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "report", help="refresh the @task pointers and the reports from logs/reference"
    )
    submission = commands.add_parser("submit", help="write submission-ready entries")
    submission.add_argument("--repository-url", required=True, help="https://github.com/OWNER/REPO")
    submission.add_argument("--commit", required=True, help="the 40-character commit registered")
    submission.add_argument(
        "--contributor", action="append", default=[], help="a contributor's GitHub account"
    )
    submission.add_argument("-o", "--output", type=Path, required=True, help="a new directory")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``report`` or ``submit``."""
    arguments = _arguments(argv)
    if arguments.command == "report":
        for path in entry_paths():
            if refresh_task_pointer(path):
                print(f"{path.parent.name}: @task pointer moved to its line today")
        for entry_id, spec in REPORTS.items():
            write_report(REGISTER_DIR / entry_id / "eval.yaml", report(spec))
            print(f"{entry_id}: {len(spec.policies)} rows from logs/reference/{spec.task}_*.eval")
        return 0
    if arguments.output.exists() and any(arguments.output.iterdir()):
        print(f"error: {arguments.output} is not empty; give a new directory", file=sys.stderr)
        return 1
    try:
        links = submit(
            REGISTER_DIR,
            arguments.output,
            arguments.repository_url,
            arguments.commit,
            arguments.contributor,
        )
    except SubmissionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    failed = _validate(arguments.output)
    for entry_id, arxiv, source in links:
        print(f"{entry_id}\n  arxiv:  {arxiv or '(no arXiv paper)'}\n  source: {source}")
    return 1 if failed else 0


def _validate(output_dir: Path) -> bool:
    """Validate the written entries with inspect_evals if installed; True if any failed."""
    try:
        errors = {path.parent.name: schema_errors(path) for path in entry_paths(output_dir)}
    except ImportError:
        print("inspect_evals is not installed: the entries were not validated", file=sys.stderr)
        return False
    for entry_id, messages in errors.items():
        for message in messages:
            print(f"error: {entry_id}: {message}", file=sys.stderr)
    return any(errors.values())


if __name__ == "__main__":
    sys.exit(main())

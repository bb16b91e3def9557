"""The suite as one Inspect eval set, split over worker processes by Inspect's own protocol.

Inspect (0.3.285) lets an external runner enumerate an eval set and start one worker per
share of its tasks, every worker writing into one flat log dir: the definition's
``eval_set()`` call writes a manifest of every resolved task and exits when
``INSPECT_EVAL_SET_CAPTURE`` names a file, and runs only the tasks a selection file names
when ``INSPECT_EVAL_SET_SELECTION`` names one. A selection's task may name a log to
``resume``: its finished samples are kept and only the rest run. This file holds both
sides:

    python scripts/sharded_eval_set.py define --log-dir DIR   # the definition; run as is,
                                                              # a single-process eval set
    python scripts/sharded_eval_set.py run --workers 3 --log-dir DIR   # the local runner

``run`` is ``plan``, the workers, ``resume`` and ``finish`` in one process; on a cluster
each step is its own command (docs/many-machines.md):

``plan``
    captures the definition, splits its tasks over the workers (longest first by sample
    count, `validity.shards.share`) and writes the manifest and one selection per worker
    into a plan dir. A worker is the definition run with ``INSPECT_EVAL_SET_SELECTION``
    naming its selection; every worker must run the definition with the same options.
``resume``
    writes, for every worker whose tasks lack a successful log (a worker that was killed or
    failed), a selection of just those tasks, each resuming from its newest log.
``finish``
    once no worker is running, removes the logs a successful retry superseded (as an
    ordinary eval set does: the retry's log holds every sample the older one finished) and
    checks that every task of the manifest has exactly one log, successful, holding each of
    its samples and epochs exactly once, none in error (a worker never fails a task on a
    sample's error; the runner reports it).

A worker needs nothing from another's disk: every task generates its samples from its
seeds, logs go to the shared log dir (``s3://...`` works), and memory lives in each
sample's own store: in process, or in a collection of a shared ChromaDB server
(``--chroma-url``, handed to the tasks as ``MEMGYM_CHROMA_URL``) whose name carries the eval
id, sample id, epoch and a random suffix.
``inspect-memgym leaderboard DIR`` reads the result.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SELECTION_VERSION = 5
"""Selection schema version: 5 adds the pruning facets (`registry_name`, `args_hash`), so a
worker builds only its own tasks' datasets (our task bodies never depend on each other)."""
DEFAULT_MODEL = "memgym/perfect"
TINY_TASKS: dict[str, dict[str, Any]] = {
    "entity_stream": {"tier": "lite", "seeds": [0, 1], "templates": ["company"]},
    "conversation": {"tier": "small", "seeds": [0]},
    "feedback": {"seeds": [0]},
    "research_qa": {"seeds": [0], "hops": 3, "context_tokens": 8000},
}
"""The tasks of the eval set, each on tiny settings (seconds per sample with a policy)."""
MANIFEST = "manifest.json"
PLAN = "plan.json"


def task_arguments(name: str, seeds: int | None = None) -> dict[str, Any]:
    """A task's arguments in the eval set.

    Args:
        name: The task (a key of ``TINY_TASKS``).
        seeds: Seeds 0 to ``seeds - 1`` instead of the tiny default.
    """
    arguments = dict(TINY_TASKS[name])
    if seeds is not None:
        arguments["seeds"] = list(range(seeds))
    return arguments


def define(args: argparse.Namespace) -> None:
    """The eval set's definition: one ordinary ``eval_set()`` call.

    Args:
        args: The definition options (`add_definition_options`).
    """
    from inspect_ai import eval_set

    import inspect_memgym._registry  # noqa: F401  (registers every task and the provider)
    from inspect_memgym.memory.chroma_connection import CHROMA_URL_ENV

    if args.chroma_url is not None:  # every task's memory: a collection on this server
        os.environ[CHROMA_URL_ENV] = args.chroma_url
    built = [
        getattr(importlib.import_module(f"inspect_memgym.{name}.task"), name)(
            **task_arguments(name, args.seeds)
        )
        for name in _task_names(args.tasks)
    ]
    eval_set(
        built,
        log_dir=args.log_dir,
        model=args.model,
        display="none",
        log_realtime=False,
        log_buffer=args.log_buffer,
        max_samples=args.max_samples,
    )


def definition_command(args: argparse.Namespace) -> list[str]:
    """The command running the definition with the options given to this command.

    Args:
        args: Parsed options (`add_definition_options`).
    """
    command = [sys.executable, str(Path(__file__).resolve()), "define"]
    command += ["--log-dir", args.log_dir, "--model", args.model, "--tasks", args.tasks]
    for option in ("seeds", "chroma_url", "log_buffer", "max_samples"):
        value = getattr(args, option)
        if value is not None:
            command += [f"--{option.replace('_', '-')}", str(value)]
    return command


def capture(command: Sequence[str], manifest: Path) -> list[dict[str, Any]]:
    """Every task of the eval set, as the definition's capture manifest lists them.

    Args:
        command: The command running the definition.
        manifest: Where the manifest goes.
    """
    environment = {**os.environ, "INSPECT_EVAL_SET_CAPTURE": str(manifest)}
    subprocess.run(command, env=environment, check=True)
    tasks: list[dict[str, Any]] = json.loads(manifest.read_text(encoding="utf-8"))["tasks"]
    return tasks


def selections(
    tasks: Sequence[dict[str, Any]], workers: int, eval_set_id: str
) -> list[dict[str, Any]]:
    """One selection document per worker that has work (balanced by samples, longest first).

    Args:
        tasks: The manifest's tasks.
        workers: Worker processes.
        eval_set_id: The id every worker stamps into its logs.
    """
    from inspect_memgym.validity.shards import Shard, share

    documents = []
    for index in range(1, workers + 1):
        mine = share(
            list(tasks), lambda task: task["samples"] * task["epochs"], Shard(index, workers)
        )
        if mine:
            documents.append(_selection(eval_set_id, [_entry(task) for task in mine]))
    return documents


def _selection(eval_set_id: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"version": SELECTION_VERSION, "eval_set_id": eval_set_id, "tasks": entries}


def _entry(task: dict[str, Any], resume: str | None = None) -> dict[str, Any]:
    entry = {
        "identifier": task["identifier"],
        "registry_name": task["registry_name"],
        "args_hash": task["args_hash"],
    }
    return entry if resume is None else {**entry, "resume": resume}


def plan(args: argparse.Namespace) -> list[Path]:
    """Capture the eval set and write its manifest and one selection per worker.

    Args:
        args: Parsed options (the definition's, ``--workers`` and ``--plan-dir``).

    Returns:
        The selection files, one per worker.
    """
    folder = Path(args.plan_dir)
    folder.mkdir(parents=True, exist_ok=True)
    command = definition_command(args)
    captured = capture(command, folder / MANIFEST)
    eval_set_id = uuid.uuid4().hex
    paths = []
    for index, document in enumerate(selections(captured, args.workers, eval_set_id), start=1):
        path = folder / f"selection-{index}.json"
        path.write_text(json.dumps(document, indent=2), encoding="utf-8")
        paths.append(path)
    details = {"eval_set_id": eval_set_id, "command": command, "selections": [*map(str, paths)]}
    (folder / PLAN).write_text(json.dumps(details, indent=2), encoding="utf-8")
    return paths


def start_worker(command: Sequence[str], selection: Path) -> subprocess.Popen[bytes]:
    """Start one worker: the definition, running only the selection's tasks.

    The worker leads its own process group, so it can be stopped with everything it started.

    Args:
        command: The command running the definition.
        selection: The worker's selection file.
    """
    environment = {**os.environ, "INSPECT_EVAL_SET_SELECTION": str(selection)}
    process = subprocess.Popen(command, env=environment, start_new_session=True)
    document = json.loads(selection.read_text(encoding="utf-8"))
    names = [entry["identifier"].split("#", 1)[0] for entry in document["tasks"]]
    print(
        f"worker {selection.stem} (pid {process.pid}): {', '.join(names)}",
        file=sys.stderr,
        flush=True,
    )
    return process


def task_logs(log_dir: str, tasks: Sequence[dict[str, Any]]) -> dict[str, list[Any]]:
    """Every log header in the log dir belonging to a manifest task, newest last.

    Logs are paired with tasks by Inspect's task identifier, computed from the log as the
    capture computed it from the task.

    Args:
        log_dir: The shared log dir.
        tasks: The manifest's tasks.
    """
    from inspect_ai import task_identifier
    from inspect_ai.log import list_eval_logs, read_eval_log

    found: dict[str, list[Any]] = {task["identifier"]: [] for task in tasks}
    for info in list_eval_logs(log_dir):
        header = read_eval_log(info, header_only=True)
        identifier = task_identifier(header, None)
        if identifier in found:
            found[identifier].append(header)
    for headers in found.values():
        headers.sort(key=lambda header: (header.status == "success", header.eval.created))
    return found


def resume(args: argparse.Namespace) -> list[Path]:
    """Write a selection for every worker whose tasks lack a successful log.

    Each unfinished task resumes from its newest log (when it has one), so the samples that
    log finished are kept and only the others run.

    Args:
        args: Parsed options (``--log-dir``, ``--plan-dir``).

    Returns:
        The new selection files (none when every task has a successful log).
    """
    folder = Path(args.plan_dir)
    details = json.loads((folder / PLAN).read_text(encoding="utf-8"))
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["tasks"]
    by_identifier = {task["identifier"]: task for task in manifest}
    logs = task_logs(args.log_dir, manifest)
    rounds = [int(path.stem.split("-")[1]) for path in folder.glob("resume-*-*.json")]
    attempt = 1 + max(rounds, default=0)
    paths = []
    for original in details["selections"]:
        document = json.loads(Path(original).read_text(encoding="utf-8"))
        entries = []
        for entry in document["tasks"]:
            headers = logs[entry["identifier"]]
            if headers and headers[-1].status == "success":
                continue
            location = headers[-1].location if headers else None
            entries.append(_entry(by_identifier[entry["identifier"]], location))
        if entries:
            path = folder / f"resume-{attempt}-{Path(original).stem.split('-')[-1]}.json"
            path.write_text(json.dumps(_selection(details["eval_set_id"], entries), indent=2))
            paths.append(path)
    return paths


def finish(args: argparse.Namespace) -> list[str]:
    """Remove superseded logs, then check every task has exactly one complete log.

    Run it only when no worker is running: a log that looks unfinished may still be written.

    Args:
        args: Parsed options (``--log-dir``, ``--plan-dir``).

    Returns:
        One line per problem (none when every task's samples are each in one log once).
    """
    from fsspec.core import url_to_fs
    from inspect_ai.log import read_eval_log_sample_summaries

    manifest = json.loads((Path(args.plan_dir) / MANIFEST).read_text(encoding="utf-8"))["tasks"]
    logs = task_logs(args.log_dir, manifest)
    problems = []
    for task in manifest:
        headers = logs[task["identifier"]]
        if headers and headers[-1].status == "success":
            for superseded in headers[:-1]:
                filesystem, path = url_to_fs(superseded.location)
                filesystem.rm(path)
                print(
                    f"removed superseded log {superseded.location} (eval id "
                    f"{superseded.eval.eval_id}: `inspect-memgym chroma-clean --eval-id "
                    f"{superseded.eval.eval_id}` removes the ChromaDB collections its "
                    "unfinished samples left)",
                    file=sys.stderr,
                )
            headers = headers[-1:]
        statuses = [header.status for header in headers]
        if statuses != ["success"]:
            problems.append(f"{task['name']}: logs with status {statuses or 'none'}")
            continue
        summaries = read_eval_log_sample_summaries(headers[0].location)
        keys = [(summary.id, summary.epoch) for summary in summaries]
        expected = task["samples"] * task["epochs"]
        if len(keys) != expected or len(set(keys)) != len(keys):
            problems.append(f"{task['name']}: {len(keys)} samples, {expected} expected")
        errors = sum(summary.error is not None for summary in summaries)
        if errors:  # a worker never fails a task on sample errors: the runner reports them
            problems.append(f"{task['name']}: {errors} samples ended in an error")
    return problems


def run(args: argparse.Namespace) -> int:
    """Plan, start the workers at once, wait, retry what failed, and finish.

    Args:
        args: Parsed options.
    """
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="memgym-eval-set-") as temporary:
        if args.plan_dir is None:
            args.plan_dir = temporary
        command = definition_command(args)
        pending = plan(args)
        tasks = len(json.loads((Path(args.plan_dir) / MANIFEST).read_text())["tasks"])
        processes = [start_worker(command, path) for path in pending]
        codes = [process.wait() for process in processes]
        print(
            f"{tasks} tasks in {len(pending)} workers (exit codes {codes})",
            file=sys.stderr,
            flush=True,
        )
        for attempt in range(1, args.retries + 1):
            pending = resume(args)
            if not pending:
                break
            print(f"retry {attempt}: {len(pending)} workers", file=sys.stderr, flush=True)
            processes = [start_worker(command, path) for path in pending]
            codes = [process.wait() for process in processes]
            print(f"retry {attempt}: exit codes {codes}", file=sys.stderr, flush=True)
        problems = finish(args)
    print(
        f"eval set done in {time.perf_counter() - started:.1f} s; logs in {args.log_dir}"
        + "".join(f"\nPROBLEM {problem}" for problem in problems),
        file=sys.stderr,
    )
    return 1 if problems else 0


def _task_names(text: str) -> list[str]:
    return [name for name in text.split(",") if name]


def add_definition_options(parser: argparse.ArgumentParser) -> None:
    """The options that decide the eval set (every worker must get the same).

    Args:
        parser: The (sub)command's parser.
    """
    parser.add_argument("--log-dir", required=True, help="the shared log dir (or s3://...)")
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument("--tasks", default=",".join(TINY_TASKS), help="comma-separated")
    parser.add_argument("--seeds", type=int, default=None, help="seeds 0..N-1 for every task")
    parser.add_argument("--chroma-url", default=None, help="memory on this ChromaDB server")
    parser.add_argument("--log-buffer", type=int, default=None, help="samples per log write")
    parser.add_argument("--max-samples", type=int, default=None, help="samples run at once")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the definition, the runner or one of its steps.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    commands = parser.add_subparsers(dest="role", required=True)
    for role in ("define", "plan", "run"):
        command = commands.add_parser(role)
        add_definition_options(command)
        if role != "define":
            command.add_argument("--workers", type=int, default=2)
            command.add_argument(
                "--plan-dir", required=role == "plan", help="manifest and selections"
            )
        if role == "run":
            command.add_argument("--retries", type=int, default=1, help="retry rounds")
    for role in ("resume", "finish"):
        command = commands.add_parser(role)
        command.add_argument("--log-dir", required=True)
        command.add_argument("--plan-dir", required=True)
    args = parser.parse_args(argv)
    if args.role in ("define", "plan", "run"):
        unknown = sorted(set(_task_names(args.tasks)) - set(TINY_TASKS))
        if unknown:
            parser.error(f"unknown tasks {unknown}")
    if getattr(args, "workers", 1) < 1:
        parser.error("--workers must be at least 1")
    if args.role == "define":
        define(args)
        return 0
    if args.role == "plan":
        for path in plan(args):
            print(path)
        return 0
    if args.role == "resume":
        for path in resume(args):
            print(path)
        return 0
    if args.role == "finish":
        problems = finish(args)
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())

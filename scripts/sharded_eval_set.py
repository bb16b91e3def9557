"""The suite as one Inspect eval set, split over worker processes by Inspect's own protocol.

Inspect (0.3.285) lets an external runner enumerate an eval set and start one worker per
share of its tasks, every worker writing into one flat log dir: the definition's
``eval_set()`` call writes a manifest of every resolved task and exits when
``INSPECT_EVAL_SET_CAPTURE`` names a file, and runs only the tasks a selection file names
when ``INSPECT_EVAL_SET_SELECTION`` names one. This file holds both sides:

    python scripts/sharded_eval_set.py define --log-dir DIR   # the definition; run as is,
                                                              # a single-process eval set
    python scripts/sharded_eval_set.py run --workers 3 --log-dir DIR   # the runner

The runner captures the definition, splits its tasks over the workers (longest first by
sample count, `validity.shards.share`), writes one selection per worker, starts the
workers at once and waits; then it checks that every task left exactly one successful log.
A worker needs nothing from another's disk: every task generates its samples from its
seeds, and memory lives in each sample's own in-process store. On a cluster, the same
selection files and command are what each pod (or machine) runs; see
docs/many-machines.md. ``inspect-memgym leaderboard DIR`` reads the result.
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


def define(log_dir: str, model: str, tasks: Sequence[str]) -> None:
    """The eval set's definition: one ordinary ``eval_set()`` call.

    Args:
        log_dir: The (shared) log dir.
        model: The model every task runs.
        tasks: Names of the tasks to include (keys of ``TINY_TASKS``).
    """
    from inspect_ai import eval_set

    import inspect_memgym._registry  # noqa: F401  (registers every task and the provider)

    built = [
        getattr(importlib.import_module(f"inspect_memgym.{name}.task"), name)(**TINY_TASKS[name])
        for name in tasks
    ]
    eval_set(built, log_dir=log_dir, model=model, display="none", log_realtime=False)


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
            entries = [
                {
                    "identifier": task["identifier"],
                    "registry_name": task["registry_name"],
                    "args_hash": task["args_hash"],
                }
                for task in mine
            ]
            documents.append(
                {"version": SELECTION_VERSION, "eval_set_id": eval_set_id, "tasks": entries}
            )
    return documents


def run(log_dir: str, model: str, tasks: Sequence[str], workers: int) -> int:
    """Capture the eval set, start its workers at once, wait, and check their logs.

    Args:
        log_dir: The log dir every worker writes into.
        model: The model every task runs.
        tasks: Names of the tasks to include.
        workers: Worker processes.
    """
    command = [sys.executable, __file__, "define", "--log-dir", log_dir, "--model", model]
    command += ["--tasks", ",".join(tasks)]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="memgym-eval-set-") as folder:
        captured = capture(command, Path(folder) / "manifest.json")
        documents = selections(captured, workers, uuid.uuid4().hex)
        processes = []
        for index, document in enumerate(documents, start=1):
            path = Path(folder) / f"selection-{index}.json"
            path.write_text(json.dumps(document), encoding="utf-8")
            environment = {**os.environ, "INSPECT_EVAL_SET_SELECTION": str(path)}
            processes.append(subprocess.Popen(command, env=environment))
            names = [_task_name(captured, entry["identifier"]) for entry in document["tasks"]]
            print(f"worker {index}: {', '.join(names)}", file=sys.stderr, flush=True)
        codes = [process.wait() for process in processes]
    elapsed = time.perf_counter() - started
    missing = _tasks_without_a_successful_log(log_dir, captured)
    print(
        f"{len(captured)} tasks in {len(documents)} workers (exit codes {codes}) in "
        f"{elapsed:.1f} s; logs in {log_dir}"
        + (f"; NO successful log for: {', '.join(missing)}" if missing else ""),
        file=sys.stderr,
    )
    return 0 if not missing and not any(codes) else 1


def _task_name(tasks: Sequence[dict[str, Any]], identifier: str) -> str:
    return next(str(task["name"]) for task in tasks if task["identifier"] == identifier)


def _tasks_without_a_successful_log(log_dir: str, tasks: Sequence[dict[str, Any]]) -> list[str]:
    """Tasks of the manifest lacking exactly one successful log in the log dir."""
    from inspect_ai.log import list_eval_logs, read_eval_log

    logs = [read_eval_log(info, header_only=True) for info in list_eval_logs(log_dir)]
    return [
        str(task["name"])
        for task in tasks
        if [log.status for log in logs if log.eval.task_id and _same_task(log, task)] != ["success"]
    ]


def _same_task(log: Any, task: dict[str, Any]) -> bool:
    return bool(log.eval.task == task["name"] and log.eval.model == task["model"])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the definition or the runner.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("role", choices=["define", "run"])
    parser.add_argument("--log-dir", required=True)
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument("--tasks", default=",".join(TINY_TASKS), help="comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = [name for name in args.tasks.split(",") if name]
    unknown = sorted(set(tasks) - set(TINY_TASKS))
    if unknown or args.workers < 1:
        parser.error(f"unknown tasks {unknown}" if unknown else "--workers must be at least 1")
    if args.role == "define":
        define(args.log_dir, args.model, tasks)
        return 0
    return run(args.log_dir, args.model, tasks, args.workers)


if __name__ == "__main__":
    sys.exit(main())

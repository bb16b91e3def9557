"""Regenerate the reference logs in ``logs/reference/``: the offline policies on the protocols.

    python benchmarks/reference_logs.py              # run what is missing or stale, then compact
    python benchmarks/reference_logs.py --force      # rerun everything
    python benchmarks/reference_logs.py --check      # exit 1 if a reference log is missing or stale
    python benchmarks/reference_logs.py --recompact  # compact again from logs/reference-full/

What runs (every policy through the real solver, tools and scorer, ``--model memgym/<policy>``),
on the protocols pinned in ``tasks/official.py``:

* ``entity_stream_official`` (standard tier, seeds 0-9, all 10 templates; 100 samples):
  perfect, strategic, naive, guesser, abstainer;
* ``conversation_official`` (base tier, users 0-19, agent awe; 20 samples): perfect,
  strategic, naive, guesser; and the same grid with agents awi, rag, native and none (the
  baseline of paired memory deltas), with perfect.

A reference log is stale when its task version or task metadata (grid, generator version,
agent...) differs from what the task builds today; only stale or missing logs are rerun, and
reference logs that no run produces any more are removed. About 20 minutes here from scratch.

The full logs land in ``logs/reference-full/`` (git-ignored). The committed copies are
compacted to stay small, without touching a score. Every sample keeps its scores (values,
explanation, per-question and per-period metadata), usage and metadata, and loses its event
transcript. Samples of seed 0 (ten entity_stream scenarios, one conversation user) keep their
messages and store, so the memory tool calls and the ledger can be browsed; the other samples
drop them. entity_stream samples drop the generated documents and questions from their
metadata (``inspect-memgym generate`` rebuilds both from the seed; each question's text and
gold answer stay in the score's metadata). The compacted logs are tagged ``reference`` and
``compacted``, with the reason in the log's edit history.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import (
    EvalLog,
    EvalSample,
    ProvenanceData,
    TagsEdit,
    edit_eval_log,
    list_eval_logs,
    read_eval_log,
    write_eval_log,
)

from inspect_memgym.conversation.task import conversation

ROOT = Path(__file__).resolve().parents[1]
REFERENCE_DIR = ROOT / "logs" / "reference"
FULL_DIR = ROOT / "logs" / "reference-full"
TAGS = ["reference", "compacted"]
TRANSCRIPT_SEEDS = frozenset({0})
"""Samples of these seeds keep their messages and store in the compacted logs."""
REGENERABLE_METADATA = {"entity_stream": ("events", "questions")}
"""Sample metadata dropped from compacted logs, per benchmark (rebuilt from the seed)."""
ENTITY_STREAM_POLICIES = ("perfect", "strategic", "naive", "guesser", "abstainer")
CONVERSATION_POLICIES = ("perfect", "strategic", "naive", "guesser")
CONVERSATION_AGENTS = ("awi", "rag", "native", "none")
"""Agents besides the official awe, each run with the perfect policy."""


@dataclass(frozen=True)
class ReferenceRun:
    """One reference log: a task (built fresh) and a policy.

    Attributes:
        name: File name (without ``.eval``) in ``logs/reference/``.
        build: Builds the task.
        policy: memgym policy.
    """

    name: str
    build: Callable[[], Task]
    policy: str


@cache
def official() -> ModuleType:
    """The protocol file ``tasks/official.py``."""
    spec = importlib.util.spec_from_file_location("official", ROOT / "tasks" / "official.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def official_task(name: str) -> Callable[[], Task]:
    """A task of ``tasks/official.py``, by its function name."""

    def build() -> Task:
        task: Task = getattr(official(), name)()
        return task

    return build


def conversation_with_agent(agent: str) -> Callable[[], Task]:
    """The official conversation grid with another reference agent."""

    def build() -> Task:
        protocol = official()
        return conversation(
            tier=protocol.OFFICIAL_CONVERSATION_TIER,
            seeds=protocol.OFFICIAL_CONVERSATION_SEEDS,
            agent=agent,
        )

    return build


def reference_runs() -> list[ReferenceRun]:
    """Every reference log, in the order they are run."""
    entity_stream = official_task("entity_stream_official")
    talk = official_task("conversation_official")
    runs = [
        ReferenceRun(f"entity_stream_official_{policy}", entity_stream, policy)
        for policy in ENTITY_STREAM_POLICIES
    ]
    runs += [
        ReferenceRun(f"conversation_official_{policy}", talk, policy)
        for policy in CONVERSATION_POLICIES
    ]
    runs += [
        ReferenceRun(f"conversation_{agent}_perfect", conversation_with_agent(agent), "perfect")
        for agent in CONVERSATION_AGENTS
    ]
    return runs


def stale_reason(run: ReferenceRun, task: Task) -> str | None:
    """Why the committed log of this run must be regenerated (None if it is up to date).

    Args:
        run: The run.
        task: Its task, built today.
    """
    path = REFERENCE_DIR / f"{run.name}.eval"
    if not path.exists():
        return "missing"
    return _mismatch(read_eval_log(str(path), header_only=True), run, task)


def compact(log: EvalLog, benchmark: str) -> EvalLog:
    """The log without transcripts (kept for `TRANSCRIPT_SEEDS`), its scores untouched.

    Args:
        log: A full log, read with attachments resolved.
        benchmark: Its benchmark name (for `REGENERABLE_METADATA`).
    """
    dropped = REGENERABLE_METADATA.get(benchmark, ())
    samples: list[EvalSample] = []
    for sample in log.samples or []:
        transcript = sample.metadata.get("seed") in TRANSCRIPT_SEEDS
        samples.append(
            sample.model_copy(
                update={
                    "events": [],
                    "attachments": {},
                    "messages": sample.messages if transcript else [],
                    "store": sample.store if transcript else {},
                    "metadata": {
                        key: value for key, value in sample.metadata.items() if key not in dropped
                    },
                }
            )
        )
    return edit_eval_log(
        log.model_copy(update={"samples": samples}),
        [TagsEdit(tags_add=TAGS)],
        ProvenanceData(
            author="benchmarks/reference_logs.py",
            reason="compacted for the repository: event transcripts removed; messages and "
            f"store kept for seeds {sorted(TRANSCRIPT_SEEDS)}; regenerable sample metadata "
            "dropped; scores untouched",
        ),
    )


def run_evals(runs: Sequence[ReferenceRun], tasks: dict[str, Task], max_samples: int) -> None:
    """Run the given runs into `FULL_DIR`, all policies of a task in one eval.

    Args:
        runs: Runs to (re)generate.
        tasks: Each run group's task.
        max_samples: Samples run concurrently per eval.
    """
    by_group: dict[str, list[ReferenceRun]] = {}
    for run in runs:
        by_group.setdefault(_group(run), []).append(run)
    for group, members in by_group.items():
        started = time.perf_counter()
        logs = inspect_eval(
            tasks[group],
            model=[f"memgym/{run.policy}" for run in members],
            log_dir=str(FULL_DIR),
            max_samples=max_samples,
            max_tasks=len(members),
            display="none",
        )
        failed = [log.eval.model for log in logs if log.status != "success"]
        if failed:
            raise SystemExit(f"{group}: evals of {', '.join(failed)} did not succeed")
        print(f"{group}: {len(members)} evals in {time.perf_counter() - started:.0f} s", flush=True)


def compact_from_full(runs: Sequence[ReferenceRun], tasks: dict[str, Task]) -> None:
    """Compact the newest matching full log of each run into `REFERENCE_DIR`.

    Args:
        runs: Runs to compact.
        tasks: Each run group's task.
    """
    headers = [
        (info.name, read_eval_log(info.name, header_only=True))
        for info in list_eval_logs(str(FULL_DIR))  # newest first
    ]
    REFERENCE_DIR.mkdir(parents=True, exist_ok=True)
    for run in runs:
        task = tasks[_group(run)]
        source = next(
            (name for name, header in headers if _mismatch(header, run, task) is None), None
        )
        if source is None:
            raise SystemExit(f"{run.name}: no matching log in {FULL_DIR}; run without --recompact")
        full = read_eval_log(source, resolve_attachments=True)
        benchmark = str((task.metadata or {}).get("benchmark", task.name))
        destination = REFERENCE_DIR / f"{run.name}.eval"
        write_eval_log(compact(full, benchmark), str(destination))
        size = destination.stat().st_size / 1e6
        print(f"{destination.relative_to(ROOT)}: {size:.2f} MB", flush=True)


def _mismatch(header: EvalLog, run: ReferenceRun, task: Task) -> str | None:
    if header.status != "success":
        return f"status {header.status}"
    if str(header.eval.task_version) != str(task.version):
        return f"task version {header.eval.task_version}, now {task.version}"
    if header.eval.metadata != task.metadata:
        return "task metadata changed"
    if header.eval.model != f"memgym/{run.policy}":
        return f"model {header.eval.model}"
    return None


def _group(run: ReferenceRun) -> str:
    """Runs of the same task differ only in their policy (the name's last part)."""
    return run.name.removesuffix(f"_{run.policy}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the missing or stale reference runs (all with --force), or only check them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="rerun every reference run")
    parser.add_argument("--check", action="store_true", help="only report stale logs")
    parser.add_argument(
        "--recompact", action="store_true", help="compact every run again from the full logs"
    )
    parser.add_argument("--max-samples", type=int, default=4)
    args = parser.parse_args(argv)
    runs = reference_runs()
    tasks: dict[str, Task] = {}
    todo: list[ReferenceRun] = []
    for run in runs:
        if _group(run) not in tasks:
            tasks[_group(run)] = run.build()
        reason = "forced" if args.force else stale_reason(run, tasks[_group(run)])
        if reason is not None:
            print(f"{run.name}: {reason}", flush=True)
            todo.append(run)
    names = {f"{run.name}.eval" for run in runs}
    leftovers = sorted(path for path in REFERENCE_DIR.glob("*.eval") if path.name not in names)
    if args.check:
        for path in leftovers:
            print(f"{path.name}: no longer produced")
        return 1 if todo or leftovers else 0
    for path in leftovers:
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    if args.recompact:
        compact_from_full(runs, tasks)
    elif todo:
        run_evals(todo, tasks, args.max_samples)
        compact_from_full(todo, tasks)
    else:
        print("every reference log is up to date")
    total = sum(path.stat().st_size for path in REFERENCE_DIR.glob("*.eval"))
    print(f"logs/reference: {total / 1e6:.2f} MB in total")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Memory systems × tasks with the memgym policies: headline, delta, tokens and latency.

    python benchmarks/memory_systems_table.py            # every system on every task
    python benchmarks/memory_systems_table.py --smoke    # one system on one task

Every memory system the suite ships an adapter for (Mem0 OSS, the example MCP server over
stdio, a LangGraph store, the worked example adapter), with ``rag`` and ``none`` as
anchors, plays every task on a small instance through ``-T agent=system``, answered by the
scripted ``perfect`` reader (and ``guesser``, which remembers nothing). Printed per run, in
Markdown: the headline, the memory delta, the tokens of memory context per question and the
add and search latency (p50 / p95 ms, wall clock on this machine), read from the logs the
way ``inspect-memgym leaderboard`` reads them.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from inspect_ai import Task
from inspect_ai import eval as inspect_eval

from inspect_memgym.analysis.leaderboard import LeaderboardRow, load_leaderboard
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.kit.cost_keys import (
    ADD_MS_P50,
    ADD_MS_P95,
    MEMORY_TOKENS_PER_QUESTION,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
)
from inspect_memgym.locomo.synthetic import write_synthetic_locomo
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.synthetic import write_synthetic_longmemeval
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.research_qa.task import research_qa

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SYSTEMS: dict[str, dict[str, Any]] = {
    "mem0": {"agent": {"name": "system", "system": "mem0"}},
    "mcp": {
        "agent": {
            "name": "system",
            "system": "mcp",
            "mcp_command": f"python {EXAMPLES / 'mcp_memory_server.py'}",
        }
    },
    "langgraph": {"agent": {"name": "system", "system": "langgraph"}},
    "example": {
        "agent": {
            "name": "system",
            "system": f"{EXAMPLES / 'keyword_memory_system.py'}:KeywordMemory",
        }
    },
    "rag": {"agent": "rag"},
    "none": {"agent": "none"},
}
"""The systems, then the two anchors, as task arguments."""
POLICIES = ("perfect", "guesser")


def task_factories(data: Path) -> dict[str, Any]:
    """Each task on a small instance, as a function of the strategy's arguments."""
    locomo_file = write_synthetic_locomo(data / "locomo10.json", [0, 1])
    longmemeval_file = write_synthetic_longmemeval(data / "longmemeval.json", [0, 1, 2])
    return {
        "entity_stream": lambda **a: entity_stream(tier="lite", seeds=1, templates="city", **a),
        "conversation": lambda **a: conversation(tier="small", seeds=2, **a),
        "research_qa": lambda **a: research_qa(seeds=2, hops=3, context_tokens=1_000, **a),
        "code_qa": lambda **a: code_qa(seeds=2, context_tokens=5_000, **a),
        "feedback": lambda **a: feedback(tier="small", seeds=2, **a),
        "locomo": lambda **a: locomo(dataset=str(locomo_file), **a),
        "longmemeval": lambda **a: longmemeval(dataset=str(longmemeval_file), **a),
    }


def figure(row: LeaderboardRow, key: str, digits: int = 0) -> str:
    """A cost figure's mean, or a dash when the run has none."""
    estimate = row.costs.get(key)
    return "–" if estimate is None else f"{estimate.mean:.{digits}f}"


def main() -> None:
    """Run the grid and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="one system on one task")
    parser.add_argument("--log-dir", default=None, help="keep the logs here")
    parser.add_argument("--systems", default=None, help="comma-separated (default: all)")
    parser.add_argument("--tasks", default=None, help="comma-separated (default: all)")
    args = parser.parse_args()
    log_dir = Path(args.log_dir or tempfile.mkdtemp(prefix="memgym-systems-"))
    systems = {"example": SYSTEMS["example"]} if args.smoke else SYSTEMS
    if args.systems:
        systems = {name: SYSTEMS[name] for name in args.systems.split(",")}
    policies = POLICIES[:1] if args.smoke else POLICIES
    with tempfile.TemporaryDirectory(prefix="memgym-systems-data-") as data:
        factories = task_factories(Path(data))
        tasks = {"locomo": factories["locomo"]} if args.smoke else factories
        if args.tasks:
            tasks = {name: factories[name] for name in args.tasks.split(",")}
        for task_name, factory in tasks.items():
            for system, arguments in systems.items():
                runs: list[Task] = [factory(**arguments)]
                for policy in policies:
                    inspect_eval(
                        runs,
                        model=f"memgym/{policy}",
                        model_roles={"grader": "memgym/judge"},
                        log_dir=str(log_dir / task_name / system / policy),
                        display="none",
                    )
    print(
        "| task | system | perfect headline | Δ | guesser Δ | memory tokens / question "
        "| add ms p50 / p95 | search ms p50 / p95 |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for task_name in tasks:
        for system in systems:
            rows = {
                policy: load_leaderboard([str(log_dir / task_name / system / policy)]).rows[0]
                for policy in policies
            }
            perfect = rows["perfect"]
            headline = perfect.scores[perfect.headline].mean
            delta = perfect.scores["memory_delta"].mean
            guesser = rows.get("guesser")
            guessed = "–" if guesser is None else f"{guesser.scores['memory_delta'].mean:+.3f}"
            print(
                f"| {task_name} | {system} | {headline:.3f} | {delta:+.3f} | {guessed} "
                f"| {figure(perfect, MEMORY_TOKENS_PER_QUESTION)} "
                f"| {figure(perfect, ADD_MS_P50, 1)} / {figure(perfect, ADD_MS_P95, 1)} "
                f"| {figure(perfect, SEARCH_MS_P50, 1)} / {figure(perfect, SEARCH_MS_P95, 1)} |"
            )
    print(f"\nlogs: {log_dir}")


if __name__ == "__main__":
    main()

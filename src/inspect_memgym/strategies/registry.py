"""The memory strategies by name, for tasks that take an ``agent`` parameter.

- ``none``: no memory (the baseline of every memory-isolated score);
- ``native``: the whole history in context, cut to a token budget;
- ``awi``: an in-context JSON memory the model rewrites (AMemGym);
- ``rag``: raw inputs in a store, retrieved per reply (AMemGym);
- ``awe``: facts the model curates in a store, retrieved per reply (AMemGym);
- ``summary``: the history, summarised when it outgrows a budget (Inspect's compaction);
- ``masking``: old observations masked, recent ones kept (Inspect's compaction);
- ``notes``: a notes block under a token budget, rewritten after each input (MemGym);
- ``agentic``: the model manages its own memory with the budgeted tools;
- ``bm25_message``, ``bm25_dialog``, ``embed_message``, ``embed_dialog``: MemoryBench's
  retrieval baselines, past messages or dialogues stored verbatim and retrieved by BM25 or
  embeddings (`retrieval_solvers`);
- ``system``: a real memory system (Mem0, an MCP server, a LangGraph store, yours) stores
  and searches, with rag's call shape (``-T agent="{name: system, system: <name>}"``).

Each is an Inspect solver (also ``--solver inspect_memgym/<name>``, which leaves the task
metadata naming the task's default strategy) that plays any task whose
samples name a registered driver.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from inspect_ai.solver import Solver

from inspect_memgym.kit.named import lookup
from inspect_memgym.strategies.agentic import agentic
from inspect_memgym.strategies.awe import awe
from inspect_memgym.strategies.awi import awi
from inspect_memgym.strategies.masking import masking
from inspect_memgym.strategies.native import native
from inspect_memgym.strategies.none import none
from inspect_memgym.strategies.notes import notes
from inspect_memgym.strategies.rag import rag
from inspect_memgym.strategies.retrieval_solvers import (
    bm25_dialog,
    bm25_message,
    embed_dialog,
    embed_message,
)
from inspect_memgym.strategies.summary import summary
from inspect_memgym.strategies.system import system

_SOLVERS: dict[str, Callable[..., Solver]] = {
    "none": none,
    "native": native,
    "awi": awi,
    "rag": rag,
    "awe": awe,
    "summary": summary,
    "masking": masking,
    "notes": notes,
    "agentic": agentic,
    "bm25_message": bm25_message,
    "bm25_dialog": bm25_dialog,
    "embed_message": embed_message,
    "embed_dialog": embed_dialog,
    "system": system,
}
STRATEGY_NAMES = tuple(_SOLVERS)
"""Valid values for a task's ``agent`` parameter."""


def strategy_parameters(name: str) -> tuple[str, ...]:
    """The parameters a strategy's solver accepts.

    Args:
        name: Strategy name (one of `STRATEGY_NAMES`).

    Returns:
        Parameter names in signature order.

    Raises:
        ValueError: If the name is unknown; the message lists the valid names.
    """
    factory = lookup(_SOLVERS, name, "memory strategy")
    return tuple(inspect.signature(factory).parameters)


def strategy_solver(name: str, options: dict[str, Any] | None = None, **shared: Any) -> Solver:
    """Build a strategy's solver by name from a task's arguments.

    Args:
        name: Strategy name (one of `STRATEGY_NAMES`).
        options: Arguments meant for the strategy itself (e.g. ``top_k``); one the strategy
            does not take is refused. None values are left at the strategy's default.
        **shared: Arguments every task passes (memory settings, write budget); each is
            passed only to strategies that take it. None values are left out.

    Returns:
        The solver.

    Raises:
        ValueError: If the name is unknown, an option is not one the strategy takes, or a
            value is invalid.
    """
    factory = lookup(_SOLVERS, name, "memory strategy")
    accepted = strategy_parameters(name)
    chosen = chosen_options(name, options)
    chosen.update(
        (key, value) for key, value in shared.items() if key in accepted and value is not None
    )
    return factory(**chosen)


def chosen_options(name: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options a task passes its strategy: the non-None ones, each one it takes.

    Args:
        name: Strategy name (one of `STRATEGY_NAMES`).
        options: Strategy options by name; None values are left at the strategy's default.

    Returns:
        The non-None options.

    Raises:
        ValueError: If the name is unknown or an option is not one the strategy takes.
    """
    accepted = strategy_parameters(name)
    chosen = {key: value for key, value in (options or {}).items() if value is not None}
    unknown = sorted(set(chosen) - set(accepted))
    if unknown:
        raise ValueError(
            f"memory strategy {name!r} takes no parameter {', '.join(map(repr, unknown))}; "
            f"its parameters: {', '.join(accepted)}"
        )
    return chosen

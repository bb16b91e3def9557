"""A task's ``-T`` arguments for its memory strategy, turned into the strategy's solver.

Every task that takes ``agent=`` passes the same memory settings and strategy options;
`strategy_options_of` picks the options out of the task's arguments, `memory_strategy_solver`
builds the solver from them and `memory_location` says where the chosen strategy keeps its
memory, for the task's metadata.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inspect_ai.solver import Solver

from inspect_memgym.kit.strategy_options import STRATEGY_OPTION_NAMES as STRATEGY_OPTION_NAMES
from inspect_memgym.kit.strategy_options import TEXT_OPTION_NAMES, TOKEN_BUDGET_NAMES
from inspect_memgym.kit.token_counts import parse_token_count
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.registry import strategy_parameters, strategy_solver
from inspect_memgym.strategies.support import check_integer

IN_CONTEXT = "in context"
"""`memory_location` of a strategy that keeps its memory in the model's context."""


def strategy_options_of(arguments: Mapping[str, Any]) -> dict[str, int | str | None]:
    """The strategy options among a task's arguments, in `STRATEGY_OPTION_NAMES` order.

    Token budgets (`TOKEN_BUDGET_NAMES`) may be written as any token count (``4k``).

    Args:
        arguments: The task function's arguments by name (e.g. its ``locals()``), every
            name of `STRATEGY_OPTION_NAMES` among them.
    """
    return {name: _option_value(name, arguments[name]) for name in STRATEGY_OPTION_NAMES}


def _option_value(name: str, value: Any) -> Any:
    """A token budget written as text (``10k``) read as its count; any other value as given."""
    if name in TOKEN_BUDGET_NAMES and isinstance(value, str):
        return parse_token_count(name, value)
    return value


def memory_strategy_solver(
    agent: str,
    memory: MemorySettings,
    options: Mapping[str, int | str | None],
    write_budget: int | None = None,
) -> Solver:
    """The solver of the chosen strategy, with the task's memory settings and options.

    Args:
        agent: Strategy name (a value of ``-T agent=``).
        memory: The task's memory backend choice.
        options: Strategy options by name (`STRATEGY_OPTION_NAMES`); a non-None option
            the strategy does not take is refused.
        write_budget: Memory writes allowed (strategies that write with the tools).

    Raises:
        ValueError: If the strategy is unknown or refuses an option, or an option or the
            write budget is not a whole number (``-T write_budget=lots``), or a text
            option (``system``, ``mcp_command``, ``system_config``) is not text.
    """
    for name, value in (*options.items(), ("write_budget", write_budget)):
        if value is None:
            continue
        if name not in TEXT_OPTION_NAMES:
            check_integer(name, value, 0)
        elif not isinstance(value, str):
            raise ValueError(f"{name} must be text, got {type(value).__name__} {value!r}")
    return strategy_solver(
        agent,
        dict(options),
        write_budget=write_budget,
        backend=memory.backend,
        embedding=memory.embedding,
        chroma_url=memory.chroma_url,
        chroma_token=memory.chroma_token,
        keep_memory=memory.keep_memory,
    )


def memory_location(agent: str, memory: MemorySettings) -> str:
    """Where the chosen strategy keeps memory: the backend's location, or `IN_CONTEXT`.

    Args:
        agent: Strategy name.
        memory: The task's memory backend choice.
    """
    return memory.location if "backend" in strategy_parameters(agent) else IN_CONTEXT

"""The options of a memory strategy and the shapes of a task's ``agent`` and ``memory``.

Every task that takes ``-T agent=`` reads these options from its ``agent`` mapping (None:
the strategy's own default; `strategies.settings`) and records each in its metadata; the
log analysis pairs runs that differ in them only (`analysis.paired`). The argument types are
here, light to import, because every task's signature names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inspect_ai.solver import Solver

from inspect_memgym.kit.memory_argument import MemoryArgument

STRATEGY_OPTION_NAMES = (
    "update_frequency",
    "short_term_window",
    "top_k",
    "context_budget",
    "notes_budget",
    "observation_window",
    "max_turns",
    "system",
    "mcp_command",
    "system_config",
)
"""Task parameters that are options of one strategy or another (None: its default)."""
TEXT_OPTION_NAMES = ("system", "mcp_command", "system_config")
"""The options among them given as text (the others are whole numbers)."""
TOKEN_BUDGET_NAMES = ("context_budget", "notes_budget")
"""The options that are token counts (any `kit.token_counts` form: ``4000``, ``4k``)."""

StrategyArgument = str | Mapping[str, Any] | Solver
"""What a task's ``agent`` argument may be: a strategy name, its name and options, a solver."""

__all__ = [
    "STRATEGY_OPTION_NAMES",
    "TEXT_OPTION_NAMES",
    "TOKEN_BUDGET_NAMES",
    "MemoryArgument",
    "StrategyArgument",
]

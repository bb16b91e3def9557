"""The task parameters that configure a memory strategy, named once for tasks and analysis.

Every task that takes ``-T agent=`` also takes these options (None: the strategy's own
default) and passes them to the strategy (`strategies.task_arguments`); the log analysis
pairs runs that differ in them only (`analysis.paired`).
"""

from __future__ import annotations

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

"""The procedures scores' headline and the keys with metrics, apart from the grading.

The registered scorer declares its metrics from these when the plugin's entry point loads;
`procedures.grading` (and the world it imports) loads only when a sample is scored.
"""

from __future__ import annotations

from inspect_memgym.scoring.isolation import ISOLATION_KEYS

HEADLINE = "pass_at_1"
STEPS = "steps"
TOOL_ERRORS = "tool_errors"
SUMMARY_KEYS = (HEADLINE, *ISOLATION_KEYS, STEPS, TOOL_ERRORS)
"""The keys with metrics."""

"""The feedback scores' headline and the keys with metrics, apart from the grading.

The registered scorer declares its metrics from these when the plugin's entry point loads;
`feedback.grading` (and the world it imports) loads only when a sample is scored.
"""

from __future__ import annotations

from inspect_memgym.feedback.world.model import KNOWLEDGE_KINDS

HEADLINE = "final"
SUMMARY_KEYS = (HEADLINE, "auc", "no_memory", "memory_delta", *KNOWLEDGE_KINDS)
"""The keys with metrics (`scoring.metrics`); the rest stay in each sample's score."""

"""The conversation scores' headline and the keys with metrics, apart from the grading.

The registered scorer declares its metrics from these when the plugin's entry point loads;
`conversation.grading` (and the world it imports) loads only when a sample is scored.
"""

from __future__ import annotations

from inspect_memgym.scoring.isolation import MEMORY_DELTA, NO_MEMORY

HEADLINE = "chance_corrected_accuracy"
"""Score key of the headline: (accuracy - random) / (1 - random)."""
SUMMARY_KEYS = (HEADLINE, "accuracy", NO_MEMORY, MEMORY_DELTA)
"""The keys with metrics (`scoring.metrics`); the rest stay in each sample's score."""

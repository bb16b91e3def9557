"""The research_qa scores' answer keys and the keys with metrics, apart from the grading.

The registered scorer declares its metrics from these when the plugin's entry point loads;
`research_qa.grading` (and the world it imports) loads only when a sample is scored.
"""

from __future__ import annotations

from inspect_memgym.scoring.isolation import ISOLATION_KEYS

ANSWER_KEYS: tuple[str, ...] = ("score", "exact", "hop_recall")
"""The first `Score.value` keys (``score`` is the headline)."""
SUMMARY_KEYS: tuple[str, ...] = ANSWER_KEYS + ISOLATION_KEYS
"""The keys with metrics (`scoring.metrics`); the failure rates stay in each sample's score."""

"""The code_qa scores' headline and the keys with metrics, apart from the grading.

The registered scorer declares its metrics from these when the plugin's entry point loads;
`code_qa.grading` (and what it imports) loads only when a sample is scored.
"""

from __future__ import annotations

from inspect_memgym.scoring.isolation import ISOLATION_KEYS

HEADLINE = "accuracy"
SUMMARY_KEYS = (HEADLINE, "fact_recall", "noise_rejection", *ISOLATION_KEYS)
"""The keys with metrics (`scoring.metrics`); the other recalls stay in each sample's score
and the accuracy per category and difficulty in its question rows (`metrics`)."""

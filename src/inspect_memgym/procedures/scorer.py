"""The registered ``procedures_scorer``: its metrics and arguments.

The scoring itself is `procedures.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from inspect_memgym.procedures.summary_keys import HEADLINE, SUMMARY_KEYS
from inspect_memgym.scoring.metrics import score_metrics, with_memory_cost


@scorer(
    metrics=with_memory_cost(score_metrics(SUMMARY_KEYS, headline=HEADLINE, group_by="template"))
)
def procedures_scorer() -> Scorer:
    """Check the final state of each test task pass by the world's rules."""
    from inspect_memgym.procedures.sample_scorer import sample_scorer

    return sample_scorer()

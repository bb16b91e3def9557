"""The registered ``feedback_scorer``: its metrics and arguments.

The scoring itself is `feedback.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from inspect_memgym.feedback.summary_keys import HEADLINE, SUMMARY_KEYS
from inspect_memgym.scoring.metrics import memory_operations, score_metrics, with_memory_cost


@scorer(
    metrics=with_memory_cost(
        score_metrics(SUMMARY_KEYS, headline=HEADLINE, group_by="feedback"), memory_operations()
    )
)
def feedback_scorer() -> Scorer:
    """Grade every test answer of a feedback sample and draw its learning curve."""
    from inspect_memgym.feedback.sample_scorer import sample_scorer

    return sample_scorer()

"""The registered ``conversation_scorer``: its metrics and arguments.

The scoring itself is `conversation.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from inspect_memgym.conversation.summary_keys import HEADLINE, SUMMARY_KEYS
from inspect_memgym.scoring.metrics import memory_operations, score_metrics, with_memory_cost


@scorer(
    metrics=with_memory_cost(
        score_metrics(SUMMARY_KEYS, headline=HEADLINE, group_by="tier"), memory_operations()
    )
)
def conversation_scorer() -> Scorer:
    """Grade every question, probe and upper-bound answer of a conversation sample."""
    from inspect_memgym.conversation.sample_scorer import sample_scorer

    return sample_scorer()

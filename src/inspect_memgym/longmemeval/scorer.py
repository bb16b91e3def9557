"""The registered ``longmemeval_scorer``: its metrics and arguments.

The scoring itself is `longmemeval.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from inspect_memgym.longmemeval.task_average import longmemeval_metrics
from inspect_memgym.longmemeval.values import score_keys


@scorer(metrics=longmemeval_metrics(score_keys()))
def longmemeval_scorer(judge_prompts: str | None = None) -> Scorer:
    """Judge the answer to a LongMemEval question (and its no-memory answer) by its rubric.

    Args:
        judge_prompts: A YAML or JSON file replacing some rubrics' templates
            (`scoring.judge_prompts`).
    """
    from inspect_memgym.longmemeval.sample_scorer import sample_scorer

    return sample_scorer(judge_prompts=judge_prompts)

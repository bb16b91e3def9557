"""The registered ``locomo_scorer``: its metrics and arguments.

The scoring itself is `locomo.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from inspect_memgym.locomo.metrics import locomo_metrics
from inspect_memgym.locomo.values import score_keys


@scorer(metrics=locomo_metrics(score_keys()))
def locomo_scorer(judge_prompts: str | None = None) -> Scorer:
    """Grade every answer of a LoCoMo conversation by its category's official rule.

    Args:
        judge_prompts: A YAML or JSON file replacing the answer judge's template
            (`scoring.judge_prompts`; used with ``-T judge=true``).
    """
    from inspect_memgym.locomo.sample_scorer import sample_scorer

    return sample_scorer(judge_prompts=judge_prompts)

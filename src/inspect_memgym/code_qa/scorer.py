"""The registered ``code_qa_scorer``: its metrics and arguments.

The scoring itself is `code_qa.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from inspect_memgym.code_qa.grading import HEADLINE, SUMMARY_KEYS
from inspect_memgym.scoring.metrics import memory_operations, score_metrics, with_memory_cost

METRICS = score_metrics(SUMMARY_KEYS, headline=HEADLINE)


@scorer(metrics=with_memory_cost(METRICS, memory_operations()))
def code_qa_scorer(
    judge: bool = False, self_judge: bool = False, judge_prompts: str | None = None
) -> Scorer:
    """Grade every answer of a code_qa sample, with memory and without.

    Args:
        judge: Consult the ``grader`` model role for linked facts the rules cannot decide
            (otherwise such a fact counts as not held).
        self_judge: Let the model under test judge when no ``grader`` role is bound
            (recorded as ``self_judged``); without it a judge needs a bound grader.
        judge_prompts: A YAML or JSON file replacing the fact judge's template
            (`scoring.judge_prompts`).
    """
    from inspect_memgym.code_qa.sample_scorer import sample_scorer

    return sample_scorer(judge=judge, self_judge=self_judge, judge_prompts=judge_prompts)

"""The registered ``code_qa_scorer``: its metrics and arguments.

The scoring itself is `code_qa.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
With the judge on, the task declares `scorer_metrics` with ``judge=True`` in place of the
scorer's own: the run's unreadable judge replies and all its replies are reported under the
scorer's name, and a run whose unreadable share passes the threshold says so in one line
(`scoring.metrics.unreadable_verdicts`).
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, Scorer, scorer

from inspect_memgym.code_qa.summary_keys import HEADLINE, SUMMARY_KEYS
from inspect_memgym.scoring.metrics import judged_scorer_metrics, score_metrics

METRICS = score_metrics(SUMMARY_KEYS, headline=HEADLINE)


def scorer_metrics(judge: bool) -> list[Metric | dict[str, list[Metric]]]:
    """The scorer's metrics; with the judge on, its unreadable replies too.

    Args:
        judge: Whether the task judges the facts the rules cannot decide.
    """
    return judged_scorer_metrics(METRICS, judge)


@scorer(metrics=scorer_metrics(judge=False))
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

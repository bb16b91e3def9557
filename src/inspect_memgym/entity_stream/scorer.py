"""The registered ``entity_stream_scorer``: its metrics and arguments.

The scoring itself is `entity_stream.sample_scorer`, imported on the first call so that the
plugin's entry point (`_registry`) does not load it.
With the judge on, the task declares `scorer_metrics` with ``judge=True`` in place of the
scorer's own: the run's unreadable judge replies and all its replies are reported under the
scorer's name, and a run whose unreadable share passes the threshold says so in one line
(`scoring.metrics.unreadable_verdicts`).
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, Scorer, scorer

from inspect_memgym.entity_stream.axes import SUMMARY_KEYS
from inspect_memgym.scoring.metrics import judged_scorer_metrics, score_metrics


def scorer_metrics(judge: bool) -> list[Metric | dict[str, list[Metric]]]:
    """The scorer's metrics; with the judge on, its unreadable replies too.

    Args:
        judge: Whether the task judges the answers the rules cannot decide.
    """
    return judged_scorer_metrics(score_metrics(SUMMARY_KEYS, headline="composite"), judge)


@scorer(metrics=scorer_metrics(judge=False))
def entity_stream_scorer(
    judge: bool = False, self_judge: bool = False, judge_prompts: str | None = None
) -> Scorer:
    """Score every question of an entity_stream sample and compute the axes.

    Args:
        judge: Consult the ``grader`` model role when the rules cannot decide (otherwise an
            undecided answer counts as wrong).
        self_judge: Let the model under test judge when no ``grader`` role is bound.
        judge_prompts: A YAML or JSON file replacing the judge's template
            (`scoring.judge_prompts`).
    """
    from inspect_memgym.entity_stream.sample_scorer import sample_scorer

    return sample_scorer(judge=judge, self_judge=self_judge, judge_prompts=judge_prompts)

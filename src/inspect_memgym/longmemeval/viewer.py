"""How ``inspect view`` shows LongMemEval: accuracy as headline, a column per question type."""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.longmemeval.values import HEADLINE_KEY, TYPE_LABELS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "longmemeval_scorer"


def longmemeval_headline() -> HeadlineMetric:
    """The LongMemEval headline: the overall accuracy (mean over questions)."""
    return headline(SCORER_NAME, HEADLINE_KEY)


def longmemeval_viewer(keys: Sequence[str]) -> ViewerConfig:
    """Sample list with the accuracy, the question's type column, abstention and isolation.

    Args:
        keys: The run's score keys.
    """
    return score_viewer("judged accuracy", SCORER_NAME, keys, TYPE_LABELS)

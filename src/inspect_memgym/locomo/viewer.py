"""How ``inspect view`` shows LoCoMo: the F1 as headline, a column per category."""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.locomo.values import CATEGORY_LABELS, HEADLINE_KEY, JUDGE_KEY
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "locomo_scorer"


def locomo_headline() -> HeadlineMetric:
    """The LoCoMo headline: the mean F1 over categories 1-4."""
    return headline(SCORER_NAME, HEADLINE_KEY)


def locomo_viewer(keys: Sequence[str]) -> ViewerConfig:
    """Sample list with the F1, each category, the isolation keys and the judged accuracy.

    Args:
        keys: The run's score keys.
    """
    labels = {**CATEGORY_LABELS, JUDGE_KEY: "judged"}
    return score_viewer("F1 by category", SCORER_NAME, keys, labels)

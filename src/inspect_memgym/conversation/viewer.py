"""How ``inspect view`` shows conversation: the memory score as headline, diagnostics as columns."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.conversation.grading import SCORE_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "conversation_scorer"


def conversation_headline() -> HeadlineMetric:
    """The conversation headline: the mean memory score."""
    return headline(SCORER_NAME, "memory_score")


def conversation_viewer() -> ViewerConfig:
    """Sample list with the memory score, accuracy, bounds and diagnostics."""
    return score_viewer("memory score and diagnostics", SCORER_NAME, SCORE_KEYS)

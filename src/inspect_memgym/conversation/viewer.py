"""How ``inspect view`` shows conversation: its headline, memory score and diagnostics."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.conversation.grading import HEADLINE, SCORE_KEYS, UPPER_BOUND_FLAG
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "conversation_scorer"
COLUMN_LABELS = {HEADLINE: "corrected accuracy", UPPER_BOUND_FLAG: "UB flag"}
"""Column labels of the keys the shared labels do not know."""


def conversation_headline() -> HeadlineMetric:
    """The conversation headline: the mean chance-corrected accuracy."""
    return headline(SCORER_NAME, HEADLINE)


def conversation_viewer() -> ViewerConfig:
    """Sample list with the headline, accuracy, memory score, bounds and diagnostics."""
    return score_viewer(
        "chance-corrected accuracy and diagnostics", SCORER_NAME, SCORE_KEYS, COLUMN_LABELS
    )

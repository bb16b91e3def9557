"""How ``inspect view`` shows feedback: final accuracy as headline, the other scores as columns."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.feedback.grading import HEADLINE, SCORE_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "feedback_scorer"
LABELS = {
    "final": "final",
    "auc": "AUC",
    "learned_rule_rate": "learned rules",
    "control_accuracy": "controls",
}


def feedback_headline() -> HeadlineMetric:
    """The feedback headline: the mean final accuracy."""
    return headline(SCORER_NAME, HEADLINE)


def feedback_viewer() -> ViewerConfig:
    """Sample list with the final accuracy, AUC, isolation, learned rules and controls."""
    return score_viewer("learning from feedback", SCORER_NAME, SCORE_KEYS, LABELS)

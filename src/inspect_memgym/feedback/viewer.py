"""How ``inspect view`` shows feedback: the final score as headline, the others as columns."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.feedback.grading import HEADLINE, SCORE_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "feedback_scorer"
LABELS = {
    "final": "final",
    "auc": "AUC",
    "final_accuracy": "accuracy",
    "chance": "chance",
    "learned_rule_rate": "learned rules",
    "control_accuracy": "controls",
}


def feedback_headline() -> HeadlineMetric:
    """The feedback headline: the mean final score, corrected for chance."""
    return headline(SCORER_NAME, HEADLINE)


def feedback_viewer() -> ViewerConfig:
    """Sample list with the final score, AUC, isolation, accuracy, chance, rules, controls."""
    return score_viewer("learning from feedback", SCORER_NAME, SCORE_KEYS, LABELS)

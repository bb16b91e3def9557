"""How ``inspect view`` shows code_qa: accuracy as headline, every score key as a column."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.code_qa.grading import HEADLINE, SCORE_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "code_qa_scorer"
LABELS = {
    "accuracy": "accuracy (needs memory)",
    "discoverable_accuracy": "accuracy (discoverable)",
    "fact_recall": "fact recall",
    "critical_fact_recall": "critical recall",
    "memory_only_fact_recall": "memory-only recall",
    "discoverable_fact_recall": "discoverable recall",
    "noise_rejection": "noise rejection",
}


def code_qa_headline() -> HeadlineMetric:
    """The code_qa headline: the mean accuracy."""
    return headline(SCORER_NAME, HEADLINE)


def code_qa_viewer() -> ViewerConfig:
    """Sample list with accuracy, the fact recalls, noise rejection and the isolation keys."""
    return score_viewer("accuracy, fact recall and memory delta", SCORER_NAME, SCORE_KEYS, LABELS)

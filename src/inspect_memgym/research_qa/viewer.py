"""How ``inspect view`` shows research_qa: the score as headline, diagnostics as columns."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.research_qa.grading import SCORE_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "research_qa_scorer"
LABELS = {"hop_recall": "hop recall"}


def research_qa_headline() -> HeadlineMetric:
    """The research_qa headline: the mean score."""
    return headline(SCORER_NAME, "score")


def research_qa_viewer() -> ViewerConfig:
    """Sample list with the score, exact match, hop recall, isolation and failure labels."""
    return score_viewer("research answers and diagnostics", SCORER_NAME, SCORE_KEYS, LABELS)

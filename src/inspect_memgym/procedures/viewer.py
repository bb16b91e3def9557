"""How ``inspect view`` shows procedures: pass@1 as headline, isolation as columns."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.procedures.grading import HEADLINE
from inspect_memgym.scoring.isolation import ISOLATION_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "procedures_scorer"
LABELS = {HEADLINE: "pass@1"}


def procedures_headline() -> HeadlineMetric:
    """The procedures headline: pass@1, the mean of the samples' rule checks."""
    return headline(SCORER_NAME, HEADLINE)


def procedures_viewer() -> ViewerConfig:
    """Sample list with pass@1 and the memory isolation."""
    return score_viewer("procedures", SCORER_NAME, (HEADLINE, *ISOLATION_KEYS), LABELS)

"""How ``inspect view`` shows entity_stream: the composite as headline, every axis as a column."""

from __future__ import annotations

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import ViewerConfig

from inspect_memgym.entity_stream.axes import SCORE_KEYS
from inspect_memgym.scoring.viewer import headline, score_viewer

SCORER_NAME = "entity_stream_scorer"


def entity_stream_headline() -> HeadlineMetric:
    """The entity_stream headline: the mean composite."""
    return headline(SCORER_NAME, "composite")


def entity_stream_viewer() -> ViewerConfig:
    """Sample list with the composite, every axis and the failure rates."""
    return score_viewer("composite and axes", SCORER_NAME, SCORE_KEYS)

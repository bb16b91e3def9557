"""How ``inspect view`` shows a task: its headline metric and its sample list.

Both go into every log (``EvalSpec.headline_metric`` and ``EvalSpec.viewer``). A benchmark
builds its own from these helpers: the headline leads log listings, ``evals_df``'s
``score_headline_*`` columns and the leaderboard; the sample list shows one column per
score key, coloured from red to green on a fixed 0–1 scale (failure rates the other way
round), with narrow rotated headers so all of them fit; a sample's score panel opens as a
sortable grid. Per-question detail lives in each score's explanation, which the viewer
renders as Markdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from inspect_ai.log import HeadlineMetric
from inspect_ai.viewer import (
    SampleScoreView,
    ScoreColorScale,
    TaskSamplesColumn,
    TaskSamplesView,
    ViewerConfig,
)

from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.scoring.isolation import RAW_ISOLATION_KEYS
from inspect_memgym.scoring.official import is_official_key
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

LOWER_IS_BETTER = frozenset({*FAILURE_RATE_KEYS, "parse_failure"})
"""Score keys coloured green when low."""
NEUTRAL = frozenset({"random", JUDGE_UNREADABLE, NOT_REACHED})
"""Keys that are a baseline or a count rather than a 0-1 result (not coloured)."""
SHORT_LABELS = {
    "write_failure": "write fail",
    "read_failure": "read fail",
    "utilization_failure": "use fail",
    "parse_failure": "parse fail",
    "memory_score": "memory score",
    "upper_bound": "upper bound",
    "no_memory": "no memory",
    "memory_delta": "memory Δ",
    "no_memory_raw": "no memory raw",
    "memory_delta_raw": "Δ raw",
    JUDGE_UNREADABLE: "unreadable",
    NOT_REACHED: "not reached",
}
"""Column labels shorter than their score keys."""
UNBOUNDED = frozenset({"memory_delta", "memory_delta_raw"})
"""Keys that may be negative (coloured on a -1..1 scale)."""


def headline(scorer: str, score: str) -> HeadlineMetric:
    """A task's headline: the mean of one score key.

    Args:
        scorer: The scorer's registered name.
        score: The score key.
    """
    return HeadlineMetric(scorer=scorer, score=score, metric="mean")


def score_viewer(
    name: str, scorer: str, keys: Sequence[str], labels: Mapping[str, str] | None = None
) -> ViewerConfig:
    """A sample list with one coloured column per score key.

    The unfloored memory-isolation figures (`RAW_ISOLATION_KEYS`) and the official scorers'
    figures (``official_*``, `scoring.official`) stay in each sample's score and out of the
    list, which shows ``no_memory``, ``memory_delta`` and our own scores.

    Args:
        name: The view's name.
        scorer: The scorer's registered name.
        keys: Score keys, in column order.
        labels: Column labels beyond `SHORT_LABELS`.
    """
    keys = [key for key in keys if key not in RAW_ISOLATION_KEYS and not is_official_key(key)]
    columns = [
        TaskSamplesColumn(id="sampleId"),
        TaskSamplesColumn(id="answer"),
        *(TaskSamplesColumn.score(scorer, key) for key in keys),
        TaskSamplesColumn(id="tokens"),
        TaskSamplesColumn(id="duration"),
        TaskSamplesColumn(id="input", visible=False),
        TaskSamplesColumn(id="target", visible=False),
        TaskSamplesColumn(id="error"),
    ]
    scales: dict[str, ScoreColorScale] = {
        key: ScoreColorScale(
            palette="good-low" if key in LOWER_IS_BETTER else "good-high",
            min=-1.0 if key in UNBOUNDED else 0.0,
            max=1.0,
        )
        for key in keys
        if key not in NEUTRAL
    }
    all_labels = {**SHORT_LABELS, **(labels or {})}
    return ViewerConfig(
        task_samples_view=TaskSamplesView(
            name=name,
            columns=columns,
            compact_scores=True,
            score_labels={key: all_labels.get(key, key) for key in keys},
            score_color_scales=scales,
            color_scales_enabled=True,
        ),
        sample_score_view=SampleScoreView(default="grid"),
    )

"""How ``inspect view`` shows a task: its headline metric and its sample list.

Both go into every log (``EvalSpec.headline_metric`` and ``EvalSpec.viewer``). A benchmark
builds its own from these helpers: the headline leads log listings, ``evals_df``'s
``score_headline_*`` columns and the leaderboard; the sample list shows one column per
score key, coloured from red to green on a fixed 0–1 scale (failure rates the other way
round, deltas on -1–1), with narrow rotated headers so all of them fit; a sample's score
panel opens as a sortable grid. ``no_memory`` measures the task rather than the strategy (a
0 there is what the questions demand of memory, not a failure), so it is shaded with the
viewer's ``neutral`` palette (transparent to blue: magnitude only, no good or bad). A
rotated header's label sits in a 130 px box at 0.6 rem (the viewer's ``rotatedLabel`` and
``rotatedText`` styles), with room for 12 to 17 characters before it is cut with ``…``, so
each per-axis delta is labelled ``Δ <axis>`` (``Δ breadth``), never
``memory_delta_…``. Per-question detail lives in each score's explanation, which the viewer
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
from inspect_memgym.scoring.isolation import (
    MEMORY_DELTA,
    NO_MEMORY,
    RAW_ISOLATION_KEYS,
    is_delta_key,
)
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
BASELINE_KEYS = frozenset({NO_MEMORY})
"""Keys that measure the task rather than the strategy: shaded neutral (magnitude only)."""
HEADER_CHARACTERS = 12
"""The fewest characters of its label a rotated score header shows before ``…``."""


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
    scales = {key: color_scale(key) for key in keys if key not in NEUTRAL}
    all_labels = {**SHORT_LABELS, **(labels or {})}
    return ViewerConfig(
        task_samples_view=TaskSamplesView(
            name=name,
            columns=columns,
            compact_scores=True,
            score_labels={key: all_labels.get(key, default_label(key)) for key in keys},
            score_color_scales=scales,
            color_scales_enabled=True,
        ),
        sample_score_view=SampleScoreView(default="grid"),
    )


def color_scale(key: str) -> ScoreColorScale:
    """How a score key's cells are shaded: neutral for a baseline, else red to green.

    Args:
        key: The score key.
    """
    if key in BASELINE_KEYS:
        return ScoreColorScale(palette="neutral", min=0.0, max=1.0)
    return ScoreColorScale(
        palette="good-low" if key in LOWER_IS_BETTER else "good-high",
        min=-1.0 if is_delta_key(key) else 0.0,
        max=1.0,
    )


def default_label(key: str) -> str:
    """A key's column label when no short label names it: a per-axis delta by its axis.

    Args:
        key: The score key.
    """
    prefix = f"{MEMORY_DELTA}_"
    return f"Δ {key.removeprefix(prefix)}" if key.startswith(prefix) else key

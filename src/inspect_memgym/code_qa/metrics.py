"""The headline's accuracy per question category and per difficulty, pooled over a run.

A sample is an instance holding questions of several categories and difficulties, so the
headline cannot be grouped by a sample field (``scoring.metrics`` groups only by one).
`pooled_accuracy` pools the graded questions every sample's ``Score.metadata["questions"]``
lists that count towards the headline (the ones that need memory) and gives the share
answered correctly per category (MemGym's eight, in their order) or per difficulty (medium,
hard; an easy question needs no memory): one value per group present. A question the
memory pass did not answer is in them as its decline (its row's ``declined``), never left
out (`scoring.reached`). It is not a metric of the scorer (ten more rows would make the
terminal results table unreadable); read it from the samples of a log.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.scorer import SampleScore, Value

QUESTIONS_KEY = "questions"
"""``Score.metadata`` key of the per-question rows (each with ``category``,
``difficulty``, ``requires_memory`` and ``correct``)."""


def pooled_accuracy(scores: list[SampleScore], field: str, order: Sequence[str]) -> Value:
    """Share of correct answers per value of a question field, over the headline's questions.

    Args:
        scores: The samples' scores.
        field: ``category`` or ``difficulty``.
        order: The field's values in display order (others follow, sorted).
    """
    right: dict[str, int] = {}
    asked: dict[str, int] = {}
    for sample_score in scores:
        for row in (sample_score.score.metadata or {}).get(QUESTIONS_KEY, []):
            if not row.get("requires_memory", True):
                continue
            group = str(row[field])
            asked[group] = asked.get(group, 0) + 1
            right[group] = right.get(group, 0) + bool(row["correct"])
    groups = [name for name in order if name in asked]
    groups += sorted(set(asked) - set(order))
    return {group: right[group] / asked[group] for group in groups}

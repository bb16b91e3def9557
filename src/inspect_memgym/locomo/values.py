"""The score values of one LoCoMo conversation, from its graded answers (pure).

`Score.value` holds floats under fixed keys:

* ``f1``: the headline, the mean score over the conversation's category 1-4 questions (with
  ``include_adversarial``, over all five categories);
* one key per category, named canonically: ``single_hop`` (4), ``multi_hop`` (1),
  ``temporal`` (2), ``open_domain`` (3) — mean F1 — and ``adversarial`` (5), the abstention
  accuracy (share of "not mentioned" picks); under ``category_map=mem0`` the Mem0
  lineage's names instead: ``single_hop`` (1), ``multi_hop`` (3), ``open_domain`` (4);
* ``no_memory`` and ``memory_delta``: the headline from the no-memory answers, and the
  headline minus it (NaN with memory isolation off);
* when adversarial questions are asked, ``no_memory_adversarial`` and
  ``memory_delta_adversarial``: their abstention accuracy with no memory at all, and the
  accuracy with memory minus it. A memoryless reader already scores high there (0.958 on
  the released file), which is why the category stays out of the headline: its delta, not
  its accuracy, says what memory did;
* with the optional judge, ``judge_accuracy``: the share of category 1-4 answers the judge
  accepted, beside the rule-based F1 (never instead of it), over the answers whose verdict
  could be read; ``judge_unreadable``: how many verdicts held no yes/no word (left out of
  ``judge_accuracy``, never read as a rejection).

A key whose questions are absent (a category filtered out, or a conversation without such
questions) is NaN: Inspect's metrics and the leaderboard skip it for that sample.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_memgym.locomo.category_maps import DEFAULT_CATEGORY_MAP, category_keys
from inspect_memgym.locomo.grading import QuestionGrade, summarise_grades
from inspect_memgym.scoring.isolation import (
    ISOLATION_KEYS,
    MEMORY_DELTA,
    NO_MEMORY,
    delta_key,
    isolation_values,
)
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

HEADLINE_KEY = "f1"
CATEGORY_KEYS: dict[int, str] = category_keys(DEFAULT_CATEGORY_MAP)
"""Category id -> score key under the official mapping, in the official report order."""
ADVERSARIAL_KEY = "adversarial"
ADVERSARIAL_NO_MEMORY_KEY = "no_memory_adversarial"
"""Score key: adversarial (abstention) accuracy of the no-memory answers."""
ADVERSARIAL_DELTA_KEY = delta_key(ADVERSARIAL_KEY)
"""Score key: adversarial accuracy with memory minus ``no_memory_adversarial``."""
ADVERSARIAL_NOTE = (
    "adversarial is abstention accuracy, outside the headline: a reader with no memory at "
    "all already scores high on it (0.958 on the released locomo10.json), so read "
    f"{ADVERSARIAL_DELTA_KEY}, not the accuracy, for what memory added"
)
"""Score metadata note shown next to the adversarial figures."""
JUDGE_KEY = "judge_accuracy"
CATEGORY_LABELS = {key: key.replace("_", "-") for key in CATEGORY_KEYS.values()}
"""Score key -> the category's canonical name (for column labels)."""


def score_keys(
    judge: bool = False,
    categories: Sequence[int] = (1, 2, 3, 4, 5),
    category_map: str = DEFAULT_CATEGORY_MAP,
) -> tuple[str, ...]:
    """The `Score.value` keys of a run, in display order.

    Args:
        judge: Whether the optional judge runs.
        categories: The categories asked (a category not asked has no key).
        category_map: Which names the category ids get (`category_maps`).
    """
    keys_by_category = category_keys(category_map)
    chosen = [key for category, key in keys_by_category.items() if category in categories]
    keys: tuple[str, ...] = (HEADLINE_KEY, *chosen, *ISOLATION_KEYS)
    if ADVERSARIAL_KEY in chosen:
        keys = (*keys, ADVERSARIAL_NO_MEMORY_KEY, ADVERSARIAL_DELTA_KEY)
    return (*keys, JUDGE_KEY, JUDGE_UNREADABLE) if judge else keys


def _or_nan(value: float | None) -> float:
    return math.nan if value is None else value


def locomo_values(
    grades: Sequence[QuestionGrade],
    no_memory_grades: Sequence[QuestionGrade] | None,
    include_adversarial: bool = False,
    judged: Sequence[bool | None] | None = None,
    category_map: str = DEFAULT_CATEGORY_MAP,
) -> dict[str, float]:
    """`Score.value` of one conversation.

    Args:
        grades: The graded answers from memory.
        no_memory_grades: The graded no-memory answers (None: memory isolation off).
        include_adversarial: Count adversarial questions in the headline too.
        judged: The judge's decision per category 1-4 answer (None: no judge; an entry is
            None when the judge's verdict could not be read: counted apart, left out of
            ``judge_accuracy``).
        category_map: Which names the category ids get (`category_maps`).
    """
    summary = summarise_grades(grades, include_adversarial)
    by_category = {category.category: category.mean for category in summary.categories}
    headline = _or_nan(summary.headline)
    values = {HEADLINE_KEY: headline}
    values.update(
        {
            key: _or_nan(by_category.get(category))
            for category, key in category_keys(category_map).items()
        }
    )
    no_memory = no_memory_adversarial = None
    if no_memory_grades is not None:
        no_memory_summary = summarise_grades(no_memory_grades, include_adversarial)
        no_memory = _or_nan(no_memory_summary.headline)
        no_memory_adversarial = _or_nan(no_memory_summary.abstention)
    values.update(isolation_values(headline, no_memory))
    adversarial = isolation_values(values[ADVERSARIAL_KEY], no_memory_adversarial)
    values[ADVERSARIAL_NO_MEMORY_KEY] = adversarial[NO_MEMORY]
    values[ADVERSARIAL_DELTA_KEY] = adversarial[MEMORY_DELTA]
    if judged is not None:
        readable = [decision for decision in judged if decision is not None]
        values[JUDGE_KEY] = sum(readable) / len(readable) if readable else math.nan
        values[JUDGE_UNREADABLE] = float(len(judged) - len(readable))
    return values


def question_counts(
    grades: Sequence[QuestionGrade],
    include_adversarial: bool = False,
    judged: Sequence[bool | None] | None = None,
    category_map: str = DEFAULT_CATEGORY_MAP,
) -> dict[str, int]:
    """How many questions each score key averages over (for question-weighted pooling).

    Args:
        grades: The graded answers from memory.
        include_adversarial: Whether the headline counts adversarial questions.
        judged: The judge's decision per category 1-4 answer (None: no judge); only the
            readable ones count toward ``judge_accuracy``.
        category_map: Which names the category ids get (`category_maps`).
    """
    per_category = {
        key: sum(grade.category == category for grade in grades)
        for category, key in category_keys(category_map).items()
    }
    answerable = len(grades) - per_category[ADVERSARIAL_KEY]
    headline = len(grades) if include_adversarial else answerable
    counts = {HEADLINE_KEY: headline, **per_category}
    counts[ADVERSARIAL_NO_MEMORY_KEY] = counts[ADVERSARIAL_DELTA_KEY] = per_category[
        ADVERSARIAL_KEY
    ]
    if judged is None:
        return counts
    return {**counts, JUDGE_KEY: sum(decision is not None for decision in judged)}

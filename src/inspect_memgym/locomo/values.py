"""The score values of one LoCoMo conversation, from its graded answers (pure).

`Score.value` holds floats under fixed keys:

* ``f1``: the headline, the mean score over the conversation's category 1-4 questions (with
  ``include_adversarial``, over all five categories);
* one key per category, named canonically: ``single_hop`` (4), ``multi_hop`` (1),
  ``temporal`` (2), ``open_domain`` (3) — mean F1 — and ``adversarial`` (5), the abstention
  accuracy (share of "not mentioned" picks); under ``category_map=mem0`` the Mem0
  lineage's names instead: ``single_hop`` (1), ``multi_hop`` (3), ``open_domain`` (4);
* ``no_memory`` and ``memory_delta`` (the shared definition, `scoring.isolation`): the
  headline over the category 1-4 questions from the no-memory answers (a reply identical
  to the one given with memory counts as graded; F1 is never below its floor: what a
  question-only prior fitted on the file's other conversations earns, `question_floor`),
  and the headline over the same questions minus it; ``no_memory_raw`` and ``memory_delta_raw``
  beside them, unfloored, over every headline question (NaN with memory isolation off).
  Adversarial questions never enter Δ, even with ``include_adversarial``: a constant
  "not mentioned" gets them right, so a model that declined only when history is shown
  would gain there without memory;
* when adversarial questions are asked, ``no_memory_adversarial``: their abstention
  accuracy with no memory at all. A memoryless reader already scores high there (0.958 on
  the released file), which is why the category stays out of the headline and out of Δ;
* ``official_f1`` and ``official_<category>`` (``official_single_hop``...,
  ``official_adversarial``): the official code's scores of the same replies
  (`scoring.locomo_official`: no hedge rule, its own reading of an adversarial reply),
  over the same questions as ``f1`` and each category key, beside ours (never instead);
* ``not_reached``: questions a limit cut off in either pass before they were answered; each
  missing answer is graded as the decline, "Not mentioned in the conversation"
  (`scoring.reached`), in every figure;
* with the optional judge, ``judge_accuracy``: the share of category 1-4 answers the judge
  accepted, beside the rule-based F1 (never instead of it); an answer never given, or
  whose verdict held no yes/no word, counts as the decline's rejection (no judge call);
  ``judge_unreadable``: how many verdicts held no yes/no word.

A key whose questions are absent (a category filtered out, or a conversation without such
questions) is NaN: Inspect's metrics and the leaderboard skip it for that sample.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from inspect_memgym.locomo.category_maps import DEFAULT_CATEGORY_MAP, category_keys
from inspect_memgym.locomo.grading import QuestionGrade, summarise_grades
from inspect_memgym.locomo.records import ADVERSARIAL_CATEGORY
from inspect_memgym.scoring.isolation import (
    ISOLATION_KEYS,
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    isolate,
    mean_credit,
)
from inspect_memgym.scoring.official import official_key
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

HEADLINE_KEY = "f1"
OFFICIAL_HEADLINE_KEY = official_key(HEADLINE_KEY)
"""Score key: the official code's F1 over the headline's questions (beside ``f1``)."""
CATEGORY_KEYS: dict[int, str] = category_keys(DEFAULT_CATEGORY_MAP)
"""Category id -> score key under the official mapping, in the official report order."""
ADVERSARIAL_KEY = "adversarial"
ADVERSARIAL_NO_MEMORY_KEY = "no_memory_adversarial"
"""Score key: adversarial (abstention) accuracy of the no-memory answers."""
ADVERSARIAL_NOTE = (
    "adversarial is abstention accuracy, outside the headline and outside memory_delta: a "
    "constant 'not mentioned' scores 1.0 on it and a reader with no memory at all 0.958 on "
    "the released locomo10.json, so neither it nor a difference on it says what memory added"
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
    keys: tuple[str, ...] = (HEADLINE_KEY, *chosen, *ISOLATION_KEYS, *RAW_ISOLATION_KEYS)
    if ADVERSARIAL_KEY in chosen:
        keys = (*keys, ADVERSARIAL_NO_MEMORY_KEY)
    keys = (*keys, OFFICIAL_HEADLINE_KEY, *(official_key(key) for key in chosen), NOT_REACHED)
    return (*keys, JUDGE_KEY, JUDGE_UNREADABLE) if judge else keys


def _or_nan(value: float | None) -> float:
    return math.nan if value is None else value


def isolation(
    grades: Sequence[QuestionGrade],
    no_memory_grades: Sequence[QuestionGrade | None] | None,
    same_replies: Sequence[bool] = (),
    include_adversarial: bool = False,
    floors: Mapping[str, float] | None = None,
) -> Isolation:
    """``no_memory`` and ``memory_delta`` of one conversation (`scoring.isolation`).

    Every question the headline counts is paired; an adversarial one is decided by a
    decline (its floor is its full credit), so it stays out of Δ. A category 1-4 question's
    floor is what a question-only prior earns on it (`question_floor`), 0 when not given.

    Args:
        grades: The graded answers from memory.
        no_memory_grades: The graded no-memory answers, in the same order (None: off; an
            answer the pass never gave is graded as the decline).
        same_replies: Per question, whether the two replies are the same answer.
        include_adversarial: Whether the headline counts adversarial questions.
        floors: Question id -> memoryless floor of a category 1-4 question.
    """
    pairs = []
    for index, grade in enumerate(grades):
        if grade.category == ADVERSARIAL_CATEGORY and not include_adversarial:
            continue
        without = None if no_memory_grades is None else no_memory_grades[index]
        decided_by_decline = grade.category == ADVERSARIAL_CATEGORY
        floor = 1.0 if decided_by_decline else (floors or {}).get(grade.question_id, 0.0)
        pairs.append(
            PairedAnswer(
                memory=grade.score,
                no_memory=None if without is None else without.score,
                floor=floor,
                same_reply=index < len(same_replies) and same_replies[index],
            )
        )
    return isolate(pairs, mean_credit)


def locomo_values(
    grades: Sequence[QuestionGrade],
    no_memory_grades: Sequence[QuestionGrade | None] | None,
    isolated: Isolation,
    include_adversarial: bool = False,
    judged: Sequence[bool] | None = None,
    category_map: str = DEFAULT_CATEGORY_MAP,
    not_reached: int = 0,
    judge_unreadable: int = 0,
) -> dict[str, float]:
    """`Score.value` of one conversation.

    Args:
        grades: The graded answers from memory.
        no_memory_grades: The graded no-memory answers (None: memory isolation off).
        isolated: Their memory isolation (`isolation`).
        include_adversarial: Count adversarial questions in the headline too.
        judged: The counted decision per category 1-4 answer (None: no judge); an answer
            never given or with an unreadable verdict counts as the decline's (False).
        category_map: Which names the category ids get (`category_maps`).
        not_reached: Questions a limit cut off in either pass before they were answered.
        judge_unreadable: Verdicts that held no yes/no word.
    """
    summary = summarise_grades(grades, include_adversarial)
    by_category = {category.category: category.mean for category in summary.categories}
    values = {HEADLINE_KEY: _or_nan(summary.headline)}
    values.update(
        {
            key: _or_nan(by_category.get(category))
            for category, key in category_keys(category_map).items()
        }
    )
    values.update(isolated.values())
    values[ADVERSARIAL_NO_MEMORY_KEY] = (
        math.nan
        if no_memory_grades is None
        else _or_nan(
            summarise_grades(
                [grade for grade in no_memory_grades if grade is not None], include_adversarial
            ).abstention
        )
    )
    values.update(official_values(grades, include_adversarial, category_map))
    if judged is not None:
        values[JUDGE_KEY] = sum(judged) / len(judged) if judged else math.nan
        values[JUDGE_UNREADABLE] = float(judge_unreadable)
    values[NOT_REACHED] = float(not_reached)
    return values


def official_values(
    grades: Sequence[QuestionGrade],
    include_adversarial: bool = False,
    category_map: str = DEFAULT_CATEGORY_MAP,
) -> dict[str, float]:
    """The official code's figures of one conversation, over the same questions as ours.

    Args:
        grades: The graded answers from memory (each with its ``official_score``).
        include_adversarial: Whether the headline counts adversarial questions.
        category_map: Which names the category ids get (`category_maps`).

    Returns:
        ``official_f1`` and ``official_<category>`` per category (NaN where no question).
    """
    official = [replace(grade, score=grade.official_score) for grade in grades]
    summary = summarise_grades(official, include_adversarial)
    by_category = {category.category: category.mean for category in summary.categories}
    return {
        OFFICIAL_HEADLINE_KEY: _or_nan(summary.headline),
        **{
            official_key(key): _or_nan(by_category.get(category))
            for category, key in category_keys(category_map).items()
        },
    }


def question_counts(
    grades: Sequence[QuestionGrade],
    include_adversarial: bool = False,
    judged: Sequence[bool] | None = None,
    category_map: str = DEFAULT_CATEGORY_MAP,
) -> dict[str, int]:
    """How many questions each score key averages over (for question-weighted pooling).

    Args:
        grades: The graded answers from memory.
        include_adversarial: Whether the headline counts adversarial questions.
        judged: The counted decision per category 1-4 answer (None: no judge).
        category_map: Which names the category ids get (`category_maps`).
    """
    per_category = {
        key: sum(grade.category == category for grade in grades)
        for category, key in category_keys(category_map).items()
    }
    answerable = len(grades) - per_category[ADVERSARIAL_KEY]
    headline = len(grades) if include_adversarial else answerable
    counts = {HEADLINE_KEY: headline, **per_category}
    counts[ADVERSARIAL_NO_MEMORY_KEY] = per_category[ADVERSARIAL_KEY]
    counts[OFFICIAL_HEADLINE_KEY] = headline
    counts.update({official_key(key): count for key, count in per_category.items()})
    if judged is None:
        return counts
    return {**counts, JUDGE_KEY: len(judged)}

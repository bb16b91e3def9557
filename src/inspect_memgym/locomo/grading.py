"""LoCoMo's official scoring rules, per category, and their aggregation.

* single-hop (4) and temporal (2): token F1 against the gold answer;
* open-domain (3): token F1 against the gold text before its first ``;``;
* multi-hop (1): multi-answer F1 (prediction and gold split on ``,``);
* adversarial (5): asked as "(a) Not mentioned in the conversation (b) <wrong answer>" with
  the order fixed per question by the seed; 1 when the reply picks the "not mentioned"
  option (by its letter or its words), else 0. An adversarial item whose wrong answer is
  itself a "not mentioned" phrasing (two in conv-30 of the release read "Not mentioned")
  offers no distinct wrong option: every reply would match both options, so it is never
  asked and never scored; the log lists it (`offers_wrong_option`).

A category 1-4 reply that offers alternatives beside the gold ("Lisbon, or maybe Madrid")
or dumps names and numbers scores 0 (`scoring.hedging`): the official F1 would credit the
gold among the guesses. The rules themselves live in `scoring.locomo_rules`, shared with
the feedback task's MemoryBench LoCoMo rows, so a reply scores the same in both.
Adversarial items are reported apart, as abstention, and kept out of the headline F1 by
default: a model that always answers "not mentioned" scores 1.0 on them, so folding them
in rewards refusing.

Every grade also carries the official code's score of the same reply
(`scoring.locomo_official`: no hedge rule, the official ``get_cat_5_answer`` reading and cue
phrases), reported beside ours as ``official_f1`` and ``official_<category>``.

Deliberate differences from the official reading (also in the package README), both ways:

* stricter: a category 1-4 hedge or dump scores 0 (the official F1 credits it); and the
  official code looks for "not mentioned" anywhere, so an adversarial reply that echoes
  both options scores 1 there and 0 here;
* more lenient: the official code maps only a bare one-letter (or ``(a)``) reply to its
  option, so "Answer: a" keeps its text, holds no cue phrase and scores 0 there; here the
  named letter is read, and it scores 1 when it names the "not mentioned" option.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.locomo.records import ADVERSARIAL_CATEGORY, CATEGORY_NAMES, QuestionItem
from inspect_memgym.scoring.locomo_official import (
    official_adversarial_score,
    official_answer_score,
)
from inspect_memgym.scoring.locomo_rules import (
    AdversarialPick,
    adversarial_pick,
    compared_gold,
    score_answer,
)
from inspect_memgym.scoring.stored_records import StoredRecord
from inspect_memgym.scoring.two_option_choice import ABSTENTION_PHRASES, options_mentioned

NOT_MENTIONED_OPTION = "Not mentioned in the conversation"
HEADLINE_CATEGORIES = (1, 2, 3, 4)
REPORT_ORDER = (4, 1, 2, 3, 5)
"""The order the official stats script (and the paper's tables) list categories in."""

GradingRule = Literal["token_f1", "multi_answer_f1", "adversarial_choice", "hedge"]


@dataclass(frozen=True)
class AdversarialOptions:
    """The two options of an adversarial question, in letter order.

    Attributes:
        options: The texts of options (a) and (b).
        not_mentioned_index: Which of them (0 or 1) is the "not mentioned" option.
    """

    options: tuple[str, str]
    not_mentioned_index: int

    @property
    def not_mentioned_letter(self) -> str:
        """``"a"`` or ``"b"``: the letter of the "not mentioned" option."""
        return "ab"[self.not_mentioned_index]


def _wrong_answer(item: QuestionItem) -> str | None:
    return item.adversarial_answer if item.adversarial_answer is not None else item.answer


def offers_wrong_option(item: QuestionItem) -> bool:
    """Whether an adversarial item has a wrong answer the grader can tell from "not mentioned".

    The two options are distinct when each option's own text is read (by the same reading
    the grader applies to replies) as naming that option alone. A wrong answer such as
    "Not mentioned" is read as both, so no reply could ever pick one option: such an item
    cannot test abstention.

    Args:
        item: A category-5 item.
    """
    wrong_answer = _wrong_answer(item)
    if wrong_answer is None:
        return False
    options = (NOT_MENTIONED_OPTION, wrong_answer)
    aliases = (ABSTENTION_PHRASES, ())
    return all(
        options_mentioned(text, options, aliases) == {index} for index, text in enumerate(options)
    )


def is_askable(item: QuestionItem) -> bool:
    """Whether an item can be asked and scored.

    Every item can, but an adversarial one without a distinct wrong option
    (`offers_wrong_option`).

    Args:
        item: A QA item.
    """
    return not item.is_adversarial or offers_wrong_option(item)


def adversarial_options(item: QuestionItem, seed: int) -> AdversarialOptions:
    """The options of an adversarial item, in an order fixed by the seed and the question.

    Args:
        item: A category-5 item.
        seed: The run's seed; each question gets its own stable coin flip from it.

    Raises:
        ValueError: If the item is not adversarial or has no distinct wrong answer to offer.
    """
    if not item.is_adversarial:
        raise ValueError(f"question {item.question_id} is not adversarial (category 5)")
    wrong_answer = _wrong_answer(item)
    if wrong_answer is None or not offers_wrong_option(item):
        raise ValueError(
            f"adversarial question {item.question_id} has no wrong answer distinct from "
            '"not mentioned" to offer'
        )
    if stable_fraction("locomo", "adversarial-options", str(seed), item.question_id) < 0.5:
        return AdversarialOptions((NOT_MENTIONED_OPTION, wrong_answer), 0)
    return AdversarialOptions((wrong_answer, NOT_MENTIONED_OPTION), 1)


def scoring_gold(item: QuestionItem) -> str:
    """The gold text a non-adversarial reply is compared with.

    Args:
        item: A category 1-4 item.

    Returns:
        The answer; for open-domain items, the part before the first ``;``, stripped.

    Raises:
        ValueError: For an adversarial item (it has no gold text to match).
    """
    if item.is_adversarial or item.answer is None:
        raise ValueError(f"question {item.question_id} has no gold text to match")
    return compared_gold(item.answer, item.category)


@dataclass(frozen=True)
class QuestionGrade:
    """The score of one reply.

    Attributes:
        question_id: The item's id.
        category: Its category id.
        score: F1 (categories 1-4) or 0/1 (category 5).
        rule: Which rule decided it.
        gold: The gold text compared (for category 5, the "not mentioned" option).
        adversarial_pick: For category 5, which option the reply picked; else None.
        official_score: The official code's score of the same reply
            (`scoring.locomo_official`); NaN when not computed.
    """

    question_id: str
    category: int
    score: float
    rule: GradingRule
    gold: str
    adversarial_pick: AdversarialPick | None = None
    official_score: float = math.nan

    @property
    def category_name(self) -> str:
        """The canonical category name."""
        return CATEGORY_NAMES[self.category]


@dataclass(frozen=True)
class QuestionRow(StoredRecord):
    """One question's row of ``Score.metadata["questions"]``.

    The no-memory pair, the pick and the judge's three fields are left out of the row
    when absent (`as_metadata`).

    Attributes:
        question_id: The item's id.
        qtype: Its category's name under the run's category map.
        category: Its category id.
        question: The question.
        gold: The gold text compared.
        answer: The reply from memory.
        score: Our score of it.
        official_score: The official code's score of the same reply.
        rule: Which rule decided it.
        decided_by: Always the rules (``judge_verdict`` is reported beside).
        correct: Whether the score is 1.
        pick: For category 5, the option the reply picked.
        no_memory_answer: The reply with no memory (None when not asked).
        no_memory_score: Our score of it.
        no_memory_floor: The question's memoryless floor (`question_floor`; None for an
            adversarial question, whose floor is its full credit).
        judge_verdict: The judge's verdict (None when not judged).
        judge_reply: The judge's raw reply.
        judge_unreadable: Whether the reply held no verdict.
        memory_failure: What the memory held says of a wrong answer.
        not_reached: Whether a limit cut either pass before it answered (its missing
            answer is graded as the decline; left out of the row when False).
    """

    question_id: str
    qtype: str
    category: int
    question: str
    gold: str
    answer: str
    score: float
    official_score: float
    rule: str
    decided_by: str
    correct: bool
    pick: AdversarialPick | None = None
    no_memory_answer: str | None = None
    no_memory_score: float | None = None
    no_memory_floor: float | None = None
    judge_verdict: str | None = None
    judge_reply: str | None = None
    judge_unreadable: bool | None = None
    memory_failure: str | None = None
    not_reached: bool = False

    def as_metadata(self) -> dict[str, Any]:
        """The row as logged: the absent optional fields left out."""
        absent = {
            "pick": self.pick is None,
            "no_memory_answer": self.no_memory_score is None,
            "no_memory_score": self.no_memory_score is None,
            "no_memory_floor": self.no_memory_floor is None,
            "judge_verdict": self.judge_verdict is None,
            "judge_reply": self.judge_verdict is None,
            "judge_unreadable": self.judge_verdict is None,
            "not_reached": not self.not_reached,
        }
        return {key: value for key, value in super().as_metadata().items() if not absent.get(key)}


def grade_reply(
    item: QuestionItem,
    reply: str,
    options: AdversarialOptions | None = None,
    speakers: Sequence[str] = (),
) -> QuestionGrade:
    """Score a reply by the official rule of the item's category (`scoring.locomo_rules`).

    A category 1-4 reply that hedges or dumps names (`scoring.hedging`) scores 0: the
    official F1 would give it partial credit for the gold among its guesses. The official
    code's own score of the reply is kept beside ours (``official_score``).

    Args:
        item: The QA item.
        reply: The model's answer.
        options: For an adversarial item, the options it was asked with.
        speakers: The conversation's speakers (names any answer may mention).

    Raises:
        ValueError: If an adversarial item comes without its options.
    """
    if item.is_adversarial:
        if options is None:
            raise ValueError(f"adversarial question {item.question_id} needs its two options")
        pick = adversarial_pick(reply, options.options, options.not_mentioned_index)
        return QuestionGrade(
            question_id=item.question_id,
            category=item.category,
            score=1.0 if pick == "not_mentioned" else 0.0,
            rule="adversarial_choice",
            gold=NOT_MENTIONED_OPTION,
            adversarial_pick=pick,
            official_score=official_adversarial_score(reply, options.options),
        )
    if item.answer is None:
        raise ValueError(f"question {item.question_id} has no gold text to match")
    scored = score_answer(reply, item.answer, item.category, item.question, speakers)
    return QuestionGrade(
        item.question_id,
        item.category,
        scored.score,
        scored.rule,
        scored.gold,
        official_score=official_answer_score(reply, item.answer, item.category),
    )


@dataclass(frozen=True)
class CategoryScore:
    """The mean score of one category.

    Attributes:
        category: The category id.
        name: Its canonical name.
        mean: Mean score over its questions.
        count: Number of questions.
    """

    category: int
    name: str
    mean: float
    count: int


@dataclass(frozen=True)
class LocomoSummary:
    """Aggregate LoCoMo scores.

    Attributes:
        categories: Per category present, in the official report order (4, 1, 2, 3, 5).
        overall_f1: Question-weighted mean over categories 1-4 (None if none graded).
        abstention: Mean over adversarial questions (None if none graded).
        headline: ``overall_f1``, or with ``include_adversarial`` the mean over all five
            categories.
        include_adversarial: Whether the headline counts adversarial questions.
    """

    categories: tuple[CategoryScore, ...]
    overall_f1: float | None
    abstention: float | None
    headline: float | None
    include_adversarial: bool


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def overall_f1(grades: Iterable[QuestionGrade]) -> float | None:
    """Question-weighted mean score over categories 1-4 (None if there are none).

    Args:
        grades: Graded replies.
    """
    return _mean([grade.score for grade in grades if grade.category in HEADLINE_CATEGORIES])


def summarise_grades(
    grades: Iterable[QuestionGrade], include_adversarial: bool = False
) -> LocomoSummary:
    """Per-category means, the overall F1, abstention, and the headline.

    Args:
        grades: Graded replies.
        include_adversarial: Count adversarial questions in the headline too.
    """
    graded = list(grades)
    by_category: dict[int, list[float]] = {}
    for grade in graded:
        by_category.setdefault(grade.category, []).append(grade.score)
    categories = tuple(
        CategoryScore(category, CATEGORY_NAMES[category], sum(scores) / len(scores), len(scores))
        for category in REPORT_ORDER
        if (scores := by_category.get(category))
    )
    overall = overall_f1(graded)
    abstention = _mean(by_category.get(ADVERSARIAL_CATEGORY, []))
    headline = _mean([grade.score for grade in graded]) if include_adversarial else overall
    return LocomoSummary(categories, overall, abstention, headline, include_adversarial)

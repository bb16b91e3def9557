"""LoCoMo's official scoring of one reply, exactly as ``task_eval/evaluation.py`` reads it.

Our rules (`scoring.locomo_rules`) differ from the official code on purpose in both
directions; this module reproduces the official reading, so the official figure can be
computed from the same replies and reported beside ours:

* categories 1-4: the same token F1 (`scoring.token_f1`) against the same gold (category
  3: the part before the first ``;``), with no hedge rule: a reply that offers guesses
  beside the gold keeps the F1 its tokens earn;
* category 5 (adversarial): the official ``get_cat_5_answer`` first maps a reply to an
  option only when, stripped and lower-cased, it is one character long (option (a) if it
  holds ``a``, else option (b)) or three characters long (option (a) if it holds ``(a)``,
  else option (b)); any other reply is kept as its lower-cased text. The result scores 1
  when it contains "not mentioned" or "no information available"
  (`two_option_choice.ABSTENTION_PHRASES`), else 0. So "Answer: a" scores 0 whatever
  option (a) is, and a reply echoing both options scores 1.

Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_memgym.scoring.locomo_rules import (
    ANSWER_CATEGORIES,
    MULTI_HOP_CATEGORY,
    compared_gold,
)
from inspect_memgym.scoring.token_f1 import multi_answer_f1, token_f1
from inspect_memgym.scoring.two_option_choice import ABSTENTION_PHRASES

LETTER_REPLY_LENGTH = 1
"""A reply this long (``a``) is read as an option's letter by the official code."""
BRACKETED_LETTER_REPLY_LENGTH = 3
"""A reply this long (``(a)``) is read as an option's bracketed letter by the official code."""


def official_answer_score(reply: str, gold: str, category: int) -> float:
    """The official score of a category 1-4 reply: (multi-answer) token F1, no hedge rule.

    Args:
        reply: The model's answer.
        gold: The gold answer, as released.
        category: The LoCoMo category id (1-4).

    Raises:
        ValueError: If the category is not 1-4.
    """
    if category not in ANSWER_CATEGORIES:
        raise ValueError(f"LoCoMo category {category} has no gold text to score against")
    compared = compared_gold(gold, category)
    if category == MULTI_HOP_CATEGORY:
        return multi_answer_f1(reply, compared)
    return token_f1(reply, compared)


def official_adversarial_text(reply: str, options: Sequence[str]) -> str:
    """The text the official code scores for an adversarial reply (``get_cat_5_answer``).

    Args:
        reply: The model's answer.
        options: The two option texts, in letter order.
    """
    text = reply.strip().lower()
    if len(text) == LETTER_REPLY_LENGTH:
        return options[0] if "a" in text else options[1]
    if len(text) == BRACKETED_LETTER_REPLY_LENGTH:
        return options[0] if "(a)" in text else options[1]
    return text


def official_adversarial_score(reply: str, options: Sequence[str]) -> float:
    """The official score of an adversarial reply: 1 if its text names "not mentioned".

    Args:
        reply: The model's answer.
        options: The two option texts, in letter order.
    """
    scored = official_adversarial_text(reply, options).lower()
    return 1.0 if any(phrase in scored for phrase in ABSTENTION_PHRASES) else 0.0

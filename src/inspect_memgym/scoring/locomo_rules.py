"""LoCoMo's answer rules, one copy for every task that scores LoCoMo questions.

The locomo task and the feedback task's MemoryBench LoCoMo rows both score a reply here, so
the same reply scores the same in both:

* categories 1-4: the gold compared is the answer (open-domain, category 3: the part
  before its first ``;``); a reply that hedges or dumps names and numbers scores 0
  (`scoring.hedging`), and so does a multi-hop reply that lists more items than the gold
  with another of their kind (multi-answer F1 reads recall alone, so "Lisbon, Porto,
  Madrid" would earn gold "Lisbon, Porto" in full); otherwise multi-hop (1) scores
  multi-answer F1 and the others token F1 (`scoring.token_f1`);
* category 5 (adversarial): which of the two offered options the reply picks
  (`scoring.two_option_choice`, the "not mentioned" option also named by LoCoMo's cue
  phrases). Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from inspect_memgym.scoring.hedging import hedged, lists_alternatives
from inspect_memgym.scoring.token_f1 import multi_answer_f1, token_f1
from inspect_memgym.scoring.two_option_choice import ABSTENTION_PHRASES, chosen_option

MULTI_HOP_CATEGORY = 1
OPEN_DOMAIN_CATEGORY = 3
ANSWER_CATEGORIES = (1, 2, 3, 4)
"""The categories whose replies are scored against a gold text."""

AnswerRule = Literal["token_f1", "multi_answer_f1", "hedge"]
AdversarialPick = Literal["not_mentioned", "wrong_answer", "unclear"]


@dataclass(frozen=True)
class AnswerScore:
    """The score of one category 1-4 reply.

    Attributes:
        score: F1 between 0 and 1 (0 for a hedge).
        rule: Which rule decided it.
        gold: The gold text compared.
    """

    score: float
    rule: AnswerRule
    gold: str


def compared_gold(gold: str, category: int) -> str:
    """The gold text a reply is compared with: for open-domain, the part before the first ``;``.

    Args:
        gold: The gold answer.
        category: The LoCoMo category id (1-4).
    """
    return gold.split(";")[0].strip() if category == OPEN_DOMAIN_CATEGORY else gold


def score_answer(
    reply: str, gold: str, category: int, question: str = "", speakers: Iterable[str] = ()
) -> AnswerScore:
    """Score a category 1-4 reply by LoCoMo's rule for its category, hedges scoring 0.

    Args:
        reply: The model's answer.
        gold: The gold answer, as released (`compared_gold` is applied here).
        category: The LoCoMo category id.
        question: The question (its names may be repeated without hedging).
        speakers: The conversation's speakers (names any answer may mention).

    Raises:
        ValueError: If the category is not 1-4.
    """
    if category not in ANSWER_CATEGORIES:
        raise ValueError(f"LoCoMo category {category} has no gold text to score against")
    compared = compared_gold(gold, category)
    if hedged(reply, compared, question, speakers):
        return AnswerScore(0.0, "hedge", compared)
    if category == MULTI_HOP_CATEGORY:
        if lists_alternatives(reply, compared, question, speakers):
            return AnswerScore(0.0, "hedge", compared)
        return AnswerScore(multi_answer_f1(reply, compared), "multi_answer_f1", compared)
    return AnswerScore(token_f1(reply, compared), "token_f1", compared)


def adversarial_pick(
    reply: str, options: Sequence[str], not_mentioned_index: int
) -> AdversarialPick:
    """Which option of an adversarial question a reply picks.

    Args:
        reply: The model's answer.
        options: The two options, in letter order.
        not_mentioned_index: Which of them (0 or 1) is the "not mentioned" option.
    """
    aliases: list[tuple[str, ...]] = [(), ()]
    aliases[not_mentioned_index] = ABSTENTION_PHRASES
    picked = chosen_option(reply, options, aliases)
    if picked is None:
        return "unclear"
    return "not_mentioned" if picked == not_mentioned_index else "wrong_answer"

"""Token F1 under the official LoCoMo answer normalisation.

LoCoMo's evaluation code (``task_eval/evaluation.py`` in snap-research/locomo) scores a
short answer by token overlap after a fixed normalisation:

1. drop every comma;
2. lower-case;
3. drop ASCII punctuation (Python's ``string.punctuation``);
4. replace the words ``a``, ``an``, ``the`` and ``and`` with a space;
5. collapse whitespace, split on it, and Porter-stem every token (NLTK's stemmer).

Token F1 is the harmonic mean of precision and recall over the stemmed token multisets; no
overlap (including an empty answer) scores 0. The multi-answer variant, used for questions
whose gold answer lists several items, splits prediction and gold on ``,`` and averages, over
the gold parts, the best F1 any prediction part reaches. MemoryBench copies the same rules,
so the feedback package scores its LoCoMo records with these functions too.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nltk.stem import PorterStemmer

_PUNCTUATION = frozenset(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the|and)\b")


def normalise_answer(text: str) -> str:
    """The official LoCoMo normalisation, before stemming.

    Args:
        text: An answer or gold text.

    Returns:
        Lower-cased text without commas, ASCII punctuation or the words a/an/the/and, with
        single spaces between words.
    """
    lowered = text.replace(",", "").lower()
    without_punctuation = "".join(
        character for character in lowered if character not in _PUNCTUATION
    )
    return " ".join(_ARTICLES.sub(" ", without_punctuation).split())


@lru_cache(maxsize=1)
def _stemmer() -> PorterStemmer:
    """NLTK's Porter stemmer, imported at first use (the nltk package loads numpy and scipy)."""
    from nltk.stem import PorterStemmer

    return PorterStemmer()


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return str(_stemmer().stem(word))


def answer_tokens(text: str) -> list[str]:
    """The Porter-stemmed tokens token F1 compares.

    Args:
        text: An answer or gold text.
    """
    return [_stem(word) for word in normalise_answer(text).split()]


def token_f1(prediction: str, gold: str) -> float:
    """Token F1 between a prediction and a gold answer (official LoCoMo ``f1_score``).

    Args:
        prediction: The model's answer.
        gold: The gold answer.

    Returns:
        A value in [0, 1]; 0 when the two share no token (or either is empty).
    """
    prediction_tokens = answer_tokens(prediction)
    gold_tokens = answer_tokens(gold)
    shared = sum((Counter(prediction_tokens) & Counter(gold_tokens)).values())
    if shared == 0:
        return 0.0
    precision = shared / len(prediction_tokens)
    recall = shared / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def multi_answer_f1(prediction: str, gold: str) -> float:
    """Multi-answer F1 (official LoCoMo ``f1``): mean over gold parts of the best part F1.

    Both texts are split on ``,`` and each part is stripped; every gold part is matched with
    the prediction part that scores the highest token F1 against it.

    Args:
        prediction: The model's answer, possibly a comma-separated list.
        gold: The gold answer, possibly a comma-separated list.

    Returns:
        A value in [0, 1].
    """
    prediction_parts = [part.strip() for part in prediction.split(",")]
    gold_parts = [part.strip() for part in gold.split(",")]
    best_per_gold = [
        max(token_f1(prediction_part, gold_part) for prediction_part in prediction_parts)
        for gold_part in gold_parts
    ]
    return sum(best_per_gold) / len(best_per_gold)

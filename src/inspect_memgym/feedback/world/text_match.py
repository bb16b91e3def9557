"""How a reply is read by the rules: folded text, whole-phrase matches and word counts.

Matching is case-insensitive and insensitive to whitespace runs, dashes and quote styles
(`scoring.number_mentions.normalise_text`), and a phrase matches only as a whole: ``4 March
2025`` is not found in ``14 March 2025``, nor ``#4821`` in ``#48210``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from inspect_memgym.scoring.number_mentions import normalise_text

_WORD = re.compile(r"\S+")
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=2048)
def fold(text: str) -> str:
    """Text folded for matching: one line, lower case, dashes and quotes unified.

    Cached: a reply is folded once for all the phrases it is checked against.

    Args:
        text: Any text.
    """
    return _SPACES.sub(" ", normalise_text(text)).strip()


@lru_cache(maxsize=4096)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w]){re.escape(fold(phrase))}(?![\w])")


def contains_phrase(text: str, phrase: str) -> bool:
    """Whether a text holds a phrase as a whole (not inside a longer word or number).

    Args:
        text: The text searched.
        phrase: The phrase (never blank).
    """
    return _phrase_pattern(phrase).search(fold(text)) is not None


def word_count(text: str) -> int:
    """Words in a text: runs of non-space characters.

    Args:
        text: Any text.
    """
    return len(_WORD.findall(text))

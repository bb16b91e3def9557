"""Which of two lettered options, ``(a)`` or ``(b)``, a free-text reply picks.

Adversarial (unanswerable) questions are asked as a choice between "not mentioned" and a
plausible wrong answer. A reply picks an option by its letter (``b``, ``(a)``, ``Answer: a``)
or by its words (the option's text, or for the abstaining option one of
``ABSTENTION_PHRASES``). A reply that names both letters, matches both options' words, or
whose letter contradicts its words picks nothing: echoing the question back, or hedging
between the two, never counts as a choice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from inspect_memgym.scoring.token_f1 import normalise_answer

OPTION_LETTERS = ("a", "b")
ABSTENTION_PHRASES = ("not mentioned", "no information available")
"""Phrases that say the source does not hold the answer (LoCoMo's official cue phrases)."""

_BARE_LETTER = re.compile(r"^\W*([ab])\W*$")
_LEADING_LETTER = re.compile(r"^\W*\(?([ab])[).:]\s")
_BRACKETED_LETTER = re.compile(r"\(([ab])\)")
_NAMED_LETTER = re.compile(
    r"\b(?:option|answer|choice)\s*(?:is\s*)?:?\s*\(?([ab])(?=\)|[.,:;!?]|\s*$)"
)


def letters_named(reply: str) -> set[str]:
    """The option letters a reply names explicitly.

    A letter counts when it is the whole reply (``"b"``, ``"(a)."``), opens the reply as
    ``a)``/``(a)``/``a.``, appears in brackets anywhere (``"(b)"``), or follows ``option``,
    ``answer`` or ``choice`` and ends there (``"Answer: a"``, but not ``"answer is a cat"``).

    Args:
        reply: The model's reply.
    """
    text = reply.strip().lower()
    bare = _BARE_LETTER.match(text)
    if bare:
        return {bare.group(1)}
    named = {match.group(1) for match in _BRACKETED_LETTER.finditer(text)}
    named.update(match.group(1) for match in _NAMED_LETTER.finditer(text))
    leading = _LEADING_LETTER.match(text)
    if leading:
        named.add(leading.group(1))
    return named


def _mentions(normalised_reply: str, phrase: str) -> bool:
    normalised_phrase = normalise_answer(phrase)
    if not normalised_phrase:
        return False
    return re.search(rf"(?<!\w){re.escape(normalised_phrase)}(?!\w)", normalised_reply) is not None


def options_mentioned(
    reply: str, options: Sequence[str], aliases: Sequence[Sequence[str]] = ((), ())
) -> set[int]:
    """Indexes of the options whose words (or an alias) appear in a reply.

    Args:
        reply: The model's reply.
        options: The two option texts, in letter order.
        aliases: Extra phrases per option that also count as naming it.
    """
    normalised_reply = normalise_answer(reply)
    return {
        index
        for index, option in enumerate(options)
        if any(_mentions(normalised_reply, phrase) for phrase in (option, *aliases[index]))
    }


def chosen_option(
    reply: str, options: Sequence[str], aliases: Sequence[Sequence[str]] = ((), ())
) -> int | None:
    """The index (0 for ``a``, 1 for ``b``) of the option a reply picks, or None.

    Args:
        reply: The model's reply.
        options: The two option texts, in letter order.
        aliases: Extra phrases per option that also count as naming it (e.g.
            ``ABSTENTION_PHRASES`` for the "not mentioned" option).

    Returns:
        The picked option's index; None when the reply names no option, names both, or its
        letter and its words disagree.

    Raises:
        ValueError: Unless exactly two options (and two alias lists) are given.
    """
    if len(options) != 2 or len(aliases) != 2:
        raise ValueError(f"a two-option choice needs 2 options, got {len(options)}")
    letters = letters_named(reply)
    by_words = options_mentioned(reply, options, aliases)
    if len(letters) > 1 or len(by_words) > 1:
        return None
    if letters:
        by_letter = OPTION_LETTERS.index(letters.pop())
        if by_words and by_words != {by_letter}:
            return None
        return by_letter
    return by_words.pop() if by_words else None

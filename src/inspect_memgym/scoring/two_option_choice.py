"""Which of two lettered options, ``(a)`` or ``(b)``, a free-text reply picks.

Adversarial (unanswerable) questions are asked as a choice between "not mentioned" and a
plausible wrong answer. A reply picks an option by its letter (``b``, ``(a)``, ``Answer: a``)
or by its words (the option's text, or for the abstaining option one of
``ABSTENTION_PHRASES``). A reply that names both letters, matches both options' words, or
whose letter contradicts its words picks nothing: echoing the question back, or hedging
between the two, never counts as a choice.

A short option (one word, or only function words: "No", "That", "Ferrari") is easily found
inside a sentence that means something else ("No information available", "That is not
mentioned"). Such an option is named by its words only when it is the whole reply or a
clearly delimited pick: quoted or emphasised, or after ``answer``/``option``/``choice`` or
a guess word ("The answer is No.", "maybe No"). A one-word option that is not a function
word also counts where it stands in a reply that does not name the other option ("He drove
a Ferrari") or that offers it as a guess ("Not mentioned, though perhaps a Ferrari"). So a
reply that declines in a sentence of its own picks the "not mentioned" option.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from inspect_memgym.scoring.hedging import NOT_NAMES
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
_MARKS = "\"'`*_\u2018\u2019\u201c\u201d"
"""Quotes and emphasis that set a pick apart."""
_PICK_MARKER = r"\b(?:answer|option|choice|pick)(?:\s+is|\s+would\s+be)?\s*:?\s*(?:\(?[ab]\)\s*)?"
"""What may introduce a pick: ``The answer is``, ``Answer:``, ``option (b)``."""
_GUESS = re.compile(r"\b(?:maybe|perhaps|possibly|probably|might|likely|guess)\b")
"""Words that offer an option as a guess beside a decline."""


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


def _is_short_option(option: str) -> bool:
    """Whether an option is one word, or only function words ("No", "That", "Not at all").

    Args:
        option: An option text.
    """
    words = normalise_answer(option).split()
    return len(words) == 1 or all(word in NOT_NAMES for word in words)


def _is_function_phrase(option: str) -> bool:
    return all(word in NOT_NAMES for word in normalise_answer(option).split())


def _delimited_pick(reply: str, option: str) -> bool:
    """Whether a reply picks an option as a whole: the entire reply, set apart, or announced.

    The option is the whole reply (``"No."``), is quoted or emphasised (``"**No**"``), or
    follows ``answer``/``option``/``choice``/``pick`` or a guess word (``maybe``) and ends
    there (``The answer is No.``, ``Not mentioned, or maybe yes``).

    Args:
        reply: The model's reply.
        option: An option text.
    """
    normalised_option = normalise_answer(option)
    if not normalised_option:
        return False
    if normalise_answer(reply) == normalised_option:
        return True
    core = option.strip(f" .!?,;:{_MARKS}").lower()
    if not core:
        return False
    words = r"\s+".join(re.escape(word) for word in core.split())
    text = reply.lower()
    quoted = rf"[{_MARKS}]\s*{words}\s*[{_MARKS}]"
    announced = rf"(?:{_PICK_MARKER}|{_GUESS.pattern}\s*,?\s*)[{_MARKS}]*{words}[{_MARKS}]*"
    ends = r"\s*(?:[.!?,;)]|$)"
    return re.search(quoted, text) is not None or re.search(announced + ends, text) is not None


def options_mentioned(
    reply: str, options: Sequence[str], aliases: Sequence[Sequence[str]] = ((), ())
) -> set[int]:
    """Indexes of the options whose words (or an alias) appear in a reply.

    A short option (`_is_short_option`) counts only as a `_delimited_pick`, or, when it is
    one word and not a function word, where the reply names no other option or offers it
    as a guess (``maybe``, ``perhaps``...).

    Args:
        reply: The model's reply.
        options: The two option texts, in letter order.
        aliases: Extra phrases per option that also count as naming it.
    """
    normalised_reply = normalise_answer(reply)
    found = [
        any(_mentions(normalised_reply, phrase) for phrase in (option, *aliases[index]))
        for index, option in enumerate(options)
    ]
    named = set()
    for index, option in enumerate(options):
        if not found[index]:
            continue
        by_alias = any(_mentions(normalised_reply, alias) for alias in aliases[index])
        if by_alias or not _is_short_option(option) or _delimited_pick(reply, option):
            named.add(index)
        elif not _is_function_phrase(option):
            declines = any(found[other] for other in range(len(options)) if other != index)
            if not declines or _GUESS.search(reply.lower()):
                named.add(index)
    return named


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

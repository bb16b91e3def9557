"""Hedges and dumps in free-text answers: offering several candidates earns nothing.

Token F1 and lenient judges give partial credit to an answer that lists the gold among
other candidates ("Lisbon, or maybe Madrid"), and some to one that dumps every name it can
see. Neither needs the right memory. A *candidate* is a name (a capitalised word of three
letters or more that is not an English function word, a month or a weekday) or a number; an
answer's extra candidates are those that neither the gold answer, nor the question account
for (nor, when counting a dump, the conversation's speakers). An answer is a hedge when it
has an extra candidate and words that offer alternatives ("or", "maybe", "either",
"possibly", "perhaps", "probably", a slash), and a dump when it has `DUMP_CANDIDATES` extra
candidates or more. A short honest answer with some context ("in Lisbon, in May 2023") is
neither. Where the answer is a list scored by recall alone (LoCoMo's multi-answer F1,
`lists_alternatives`), a list with more items than the gold and an extra candidate of the
gold's own kind ("Lisbon, Porto, Madrid" for gold "Lisbon, Porto") hedges as well.

Words that come from the gold never make a hedge: every word of the gold, capitalised or
not, is known, and an alternatives word counts only beyond the number of times the gold
itself has it (gold "Middle-class or wealthy": "it was Middle-class or wealthy" is no
hedge). Nor does the capitalised opening of an answer's sentence: the usual openers
(`SENTENCE_OPENERS`: "Based on the conversation, ...", "According to ...") are not names.
Pure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

DUMP_CANDIDATES = 4
"""Extra candidates that make an answer a dump, whatever its wording."""
_CANDIDATE = re.compile(r"\b(?:[A-Z][a-z]{2,}|\d[\d,.:]*\d|\d)\b")
"""A name (a capitalised word of three letters or more) or a number."""
_ALTERNATIVES = re.compile(
    r"\b(?:or|either|maybe|possibly|perhaps|probably|might|unsure)\b|\w/\w", re.IGNORECASE
)
_MONTHS = frozenset(
    {
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    }
)  # fmt: skip
"""Capitalised by spelling, not names: never counted as candidates."""
_FUNCTION_WORDS = """
    a about above after again against all also although am among an and another any are
    around as at be because been before being below between both but by can could did do
    does during each either else even ever every few first for from had has have he her
    here hers him his how however i if in into is it its itself just last later least
    less like many may maybe me might more most much must my neither never next no none
    nor not now of off often on once one only or other others our out over perhaps
    possibly probably quite rather same second several she should since so some still
    such than that the their them then there these they this those though three through
    thus to too two under unsure until up upon us very was we well were what when where
    whether which while who whom whose why will with within without would yes yet you
    your yours
"""
_SENTENCE_OPENERS = """
    according actually additionally answer apparently based certainly clearly considering
    currently definitely eventually finally fortunately given honestly indeed initially
    instead interestingly judging let likely looking luckily note okay originally overall
    presumably previously recently regarding sadly sorry sure therefore unfortunately
"""
SENTENCE_OPENERS = frozenset(_SENTENCE_OPENERS.split())
"""Words an answer's sentence often opens with ("Based on the conversation, ..."):
capitalised there, never names."""
NOT_NAMES = frozenset(_FUNCTION_WORDS.split()) | SENTENCE_OPENERS
"""Function, hedging and sentence-opening words, capitalised or not: never names (a sentence
may open with one)."""
_WORD = re.compile(r"\w+")
_LIST_SEPARATOR = re.compile(r",(?!\d{3}\b)|;|\band\b|&", re.IGNORECASE)
"""Where a list's items part (a comma in a number such as 1,200 does not)."""


def answer_candidates(text: str) -> set[str]:
    """The names and numbers of a text, lower-cased.

    Capitalised function words ("The", "Either"), hedging words, the usual openers of a
    sentence ("Based", "According"), months and weekdays are not names.

    Args:
        text: Any text.
    """
    found = {match.lower() for match in _CANDIDATE.findall(text) if match not in _MONTHS}
    return found - NOT_NAMES


def extra_candidates(
    answer: str, gold: str, question: str = "", speakers: Iterable[str] = ()
) -> set[str]:
    """The answer's names and numbers that the gold, question and speakers do not hold.

    Every word of the gold counts as held, capitalised or not ("Wealthy" for gold
    "wealthy").

    Args:
        answer: The answer.
        gold: The gold answer.
        question: The question.
        speakers: Names that any answer may mention (the conversation's speakers).
    """
    known = answer_candidates(gold) | answer_candidates(question)
    known |= {word.lower() for word in _WORD.findall(gold)}
    known |= {speaker.lower() for speaker in speakers}
    return answer_candidates(answer) - known


def hedged(answer: str, gold: str, question: str = "", speakers: Iterable[str] = ()) -> bool:
    """Whether an answer hedges (extra candidates offered as alternatives) or dumps.

    Speakers count toward a hedge ("Lumba, or Tobias") but not toward a dump (an answer may
    name them as context). Words of the gold never make a hedge: its candidates are not
    extra, and an alternatives word counts only beyond the times the gold has it
    (`offers_alternatives`).

    Args:
        answer: The answer.
        gold: The gold answer.
        question: The question.
        speakers: Names that any answer may mention.
    """
    if len(extra_candidates(answer, gold, question, speakers)) >= DUMP_CANDIDATES:
        return True
    offered = extra_candidates(answer, gold, question)
    return bool(offered) and offers_alternatives(answer, gold)


def lists_alternatives(
    answer: str, gold: str, question: str = "", speakers: Iterable[str] = ()
) -> bool:
    """Whether an answer lists more items than the gold, one of them another of its kind.

    For answers scored by recall alone, where extra items cost nothing. Items are split on
    commas, semicolons and "and"; an extra candidate (beyond the question's and the
    speakers' names) is of the gold's kind when both are numbers or both are names.

    Args:
        answer: The answer.
        gold: The gold answer.
        question: The question.
        speakers: Names that any answer may mention.
    """
    if _items(answer) <= _items(gold):
        return False
    offered = extra_candidates(answer, gold, question, speakers)
    kinds = {_is_number(candidate) for candidate in answer_candidates(gold)}
    return any(_is_number(candidate) in kinds for candidate in offered)


def _items(text: str) -> int:
    """How many items a text lists (parts between commas, semicolons and "and")."""
    return len([part for part in _LIST_SEPARATOR.split(text) if part.strip()])


def _is_number(candidate: str) -> bool:
    return candidate[:1].isdigit()


def offers_alternatives(answer: str, gold: str = "") -> bool:
    """Whether an answer has an alternatives word ("or", "maybe", a slash) the gold lacks.

    A word counts only beyond the number of times the gold itself has it: an answer that
    repeats gold "Middle-class or wealthy" offers no alternative of its own.

    Args:
        answer: The answer.
        gold: The gold answer.
    """
    in_gold = _alternatives_words(gold)
    return any(count > in_gold[word] for word, count in _alternatives_words(answer).items())


def _alternatives_words(text: str) -> Counter[str]:
    """How many times a text has each alternatives word (every slash counts as ``/``)."""
    return Counter("/" if "/" in match else match.lower() for match in _ALTERNATIVES.findall(text))

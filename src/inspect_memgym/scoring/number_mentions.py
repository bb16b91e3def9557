"""Find the numbers and full dates a free-text answer mentions, and compare them to gold.

Text is first normalised (Unicode compatibility forms, dashes, quotes and spaces folded,
lower case). Full dates (``2003-04-05``, ``2003/04/05``, ``April 5, 2003``, ``5 April
2003``) are extracted first and cut out, then numbers: an optional sign and currency
symbol, digits with optional thousands separators and decimals, an optional magnitude
(``k``/``thousand``, ``m``/``mn``/``million``, ``b``/``bn``/``billion``, ``t``/``trillion``)
and an optional percent sign. Each number yields its mantissa (as written) and its value
scaled by the magnitude, so ``$175.72 billion`` has mantissa 175.72 and value 1.7572e11.

Numbers glued to a preceding letter (``Q3``, ``FY2023``) are not numbers, and list
enumerators (lines starting ``1.``, ``2.``... in sequence) are dropped.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from dataclasses import dataclass

RELATIVE_TOLERANCE = 0.02
"""A non-integer gold matches a number within 2% of it."""

ZERO_TOLERANCE = 0.005
"""A zero gold matches a number at most this far from zero."""

_EXACT_EPSILON = 1e-9
"""Relative slack for float round-off in exact and boundary comparisons."""

_CHARACTER_FOLDS = str.maketrans(
    {
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00a0": " ",
        "\u2007": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_DIGIT_GROUP_SPACE = re.compile(r"(?<=\d)[\u00a0\u2009\u202f](?=\d{3}(?!\d))")
_HORIZONTAL_SPACE = re.compile(r"[ \t\r\f\v]+")
_BLANK_AROUND_NEWLINE = re.compile(r" ?\n ?")

_MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sept": 9,
    "sep": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
_MONTH_PATTERN = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ORDINAL = r"(?:st|nd|rd|th)?"
_ISO_DATE = re.compile(r"(?<![\d.])(?P<year>\d{4})[-/](?P<month>\d{1,2})[-/](?P<day>\d{1,2})(?!\d)")
_MONTH_DAY_YEAR = re.compile(
    rf"\b(?P<month>{_MONTH_PATTERN})\.?\s+(?P<day>\d{{1,2}}){_ORDINAL}(?:\s*,\s*|\s+)"
    r"(?P<year>\d{4})(?!\d)"
)
_DAY_MONTH_YEAR = re.compile(
    rf"(?<![\w.])(?P<day>\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?(?P<month>{_MONTH_PATTERN})\b\.?"
    r",?\s+(?P<year>\d{4})(?!\d)"
)
_DATE_PATTERNS = (_ISO_DATE, _MONTH_DAY_YEAR, _DAY_MONTH_YEAR)

_NUMBER = re.compile(
    r"""
    (?<![\w.])
    (?P<sign>[-+])?
    (?:[$€£¥]\s?)?
    (?P<inner_sign>[-+])?
    (?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    (?!\d)
    (?:\s?(?P<magnitude>thousand|million|billion|trillion|mn|bn|k|m|b)(?!\w)|(?P<tera>t)(?!\w))?
    (?P<percent>\s?(?:%|percent(?!\w)|per\s+cent(?!\w)))?
    """,
    re.VERBOSE,
)
_MAGNITUDES = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "t": 1e12,
}
_LINE_ENUMERATOR = re.compile(r"(?m)^[ \t]*(?P<index>\d{1,2})[.)][ \t]+(?=\S)")
_INLINE_ENUMERATOR = re.compile(r"(?<!\w)\((?P<index>\d{1,2})\)")
_PERIOD_LABEL = re.compile(
    r"(?:\b(?:period|quarter|month|week|year|step|q)\b\s*#?|#)\s*\d{1,2}(?!\d|[.,]\d)"
)


@dataclass(frozen=True)
class NumberMention:
    """One number written in a text.

    Attributes:
        mantissa: The number as written, before any magnitude (``175.72`` in ``$175.72B``).
        scale: The magnitude multiplier (``1e9``; 1 when the number has none).
        text: The matched text.
    """

    mantissa: float
    scale: float
    text: str

    @property
    def value(self) -> float:
        """The number scaled by its magnitude (``1.7572e11`` for ``$175.72B``)."""
        return self.mantissa * self.scale


@dataclass(frozen=True)
class Mentions:
    """The full dates and the numbers of a text.

    Attributes:
        dates: ISO ``YYYY-MM-DD`` strings of the full dates, in order.
        numbers: The other numbers, in order.
    """

    dates: tuple[str, ...]
    numbers: tuple[NumberMention, ...]


def normalise_text(text: str) -> str:
    """Fold Unicode variants, dashes, quotes and spaces; lower-case; trim each line.

    A no-break or thin space between digit groups (``175<thin space>720.5``) becomes a thousands
    separator.

    Args:
        text: Any text.
    """
    grouped = _DIGIT_GROUP_SPACE.sub(",", text)
    folded = unicodedata.normalize("NFKC", grouped).translate(_CHARACTER_FOLDS).casefold()
    single_spaced = _HORIZONTAL_SPACE.sub(" ", folded)
    return _BLANK_AROUND_NEWLINE.sub("\n", single_spaced).strip()


def _date_from_match(match: re.Match[str]) -> str | None:
    """The ISO date a date match denotes, or None if it is not a calendar date."""
    month_text = match.group("month")
    month = _MONTHS[month_text] if month_text in _MONTHS else int(month_text)
    try:
        date = datetime.date(int(match.group("year")), month, int(match.group("day")))
    except ValueError:
        return None
    return date.isoformat()


def cut_dates(text: str) -> tuple[tuple[str, ...], str]:
    """Extract the full dates of a normalised text and cut them out.

    Args:
        text: Normalised text.

    Returns:
        The ISO dates in order of the patterns, and the text with each date replaced by a
        space.
    """
    dates: list[str] = []

    def replace(match: re.Match[str]) -> str:
        iso = _date_from_match(match)
        if iso is None:
            return match.group(0)
        dates.append(iso)
        return " "

    remaining = text
    for pattern in _DATE_PATTERNS:
        remaining = pattern.sub(replace, remaining)
    return tuple(dates), remaining


def _cut_numbered_run(text: str, pattern: re.Pattern[str]) -> str:
    """Remove a pattern's enumerators if they number a list 1, 2, 3... of two or more."""
    indexes = [int(match.group("index")) for match in pattern.finditer(text)]
    if len(indexes) < 2 or indexes != list(range(1, len(indexes) + 1)):
        return text
    return pattern.sub(" ", text)


def cut_enumerators(text: str) -> str:
    """Remove list enumerators: line-initial ``1.``/``1)`` or inline ``(1)``, ``(2)``...

    Only a run numbered 1, 2, 3... of at least two items counts, so a lone answer such as
    ``3. That is the count`` keeps its number.

    Args:
        text: Normalised text (newlines kept).
    """
    without_lines = _cut_numbered_run(text, _LINE_ENUMERATOR)
    return _cut_numbered_run(without_lines, _INLINE_ENUMERATOR)


def cut_period_labels(text: str) -> str:
    """Remove period labels such as ``period 3`` or ``q2`` (for series answers).

    Args:
        text: Normalised text.
    """
    return _PERIOD_LABEL.sub(" ", text)


def _mention_from_match(match: re.Match[str]) -> NumberMention:
    """Build a number mention from a :data:`_NUMBER` match."""
    mantissa = float(match.group("digits").replace(",", ""))
    if "-" in (match.group("sign"), match.group("inner_sign")):
        mantissa = -mantissa
    magnitude = match.group("magnitude") or match.group("tera")
    scale = _MAGNITUDES[magnitude] if magnitude else 1.0
    return NumberMention(mantissa=mantissa, scale=scale, text=match.group(0).strip())


def find_numbers(text: str) -> tuple[NumberMention, ...]:
    """All numbers of a normalised text from which dates were already cut.

    Args:
        text: Normalised text.
    """
    return tuple(_mention_from_match(match) for match in _NUMBER.finditer(text))


def find_mentions(text: str, *, strip_period_labels: bool = False) -> Mentions:
    """Normalise a text and find its full dates and numbers.

    Args:
        text: Raw text.
        strip_period_labels: Also drop ``period N`` / ``qN`` labels (series answers).
    """
    dates, remaining = cut_dates(normalise_text(text))
    remaining = cut_enumerators(remaining)
    if strip_period_labels:
        remaining = cut_period_labels(remaining)
    return Mentions(dates=dates, numbers=find_numbers(remaining))


def numbers_equal(first: float, second: float) -> bool:
    """Whether two floats are equal up to round-off.

    Args:
        first: A number.
        second: Another number.
    """
    return abs(first - second) <= _EXACT_EPSILON * max(1.0, abs(first), abs(second))


def within_tolerance(candidate: float, gold: float, *, integer: bool) -> bool:
    """Whether a number matches a gold number (exact for integers, else 2% relative).

    Args:
        candidate: The number from the answer.
        gold: The gold number.
        integer: Whether the gold must match exactly.
    """
    if integer:
        return numbers_equal(candidate, gold)
    if gold == 0:
        return abs(candidate) <= ZERO_TOLERANCE
    slack = RELATIVE_TOLERANCE * abs(gold) * (1 + _EXACT_EPSILON)
    return abs(candidate - gold) <= slack


@dataclass(frozen=True)
class GoldNumber:
    """A number the answer must state.

    Attributes:
        value: The gold number as stored (``175720.5`` for ``$175,720.5M``).
        integer: Whether it must match exactly.
        scale: Magnitude of the gold's own text (``1e6`` for ``$175,720.5M``).
    """

    value: float
    integer: bool = False
    scale: float = 1.0

    def matched_by(self, mention: NumberMention) -> bool:
        """Whether a mention states this number (by mantissa or by scaled value).

        Args:
            mention: A number from the answer.
        """
        if within_tolerance(mention.mantissa, self.value, integer=self.integer):
            return True
        return within_tolerance(mention.value, self.value * self.scale, integer=self.integer)


def gold_scale(value: float, gold_text: str) -> float:
    """The magnitude the gold text writes a value with (1 when it writes none).

    Args:
        value: The gold number.
        gold_text: The gold answer's canonical text.
    """
    _, remaining = cut_dates(normalise_text(gold_text))
    candidates = [
        mention
        for mention in find_numbers(remaining)
        if within_tolerance(mention.mantissa, value, integer=False)
    ]
    if not candidates:
        return 1.0
    closest = min(candidates, key=lambda mention: abs(mention.mantissa - value))
    return closest.scale


def same_number(first: NumberMention, second: NumberMention) -> bool:
    """Whether two mentions write the same number (same mantissa or same scaled value).

    Args:
        first: A mention.
        second: Another mention.
    """
    return numbers_equal(first.mantissa, second.mantissa) or numbers_equal(
        first.value, second.value
    )

"""Rule-based answer checking: decide an answer against a structured gold when rules can.

Every gold kind (see :data:`~inspect_memgym.scoring.gold.AnswerKind`) has a
rule. Rules are case-insensitive and whitespace-, dash- and quote-insensitive, and they
close the validator holes of MemoryGym (flaw 5 in ``docs/peer-flaws.md``): a date needs its
full day, a list needs every element, and an answer that states any number, date, label or entity
besides the gold one is a hedge and wrong. A rule returns ``undecided`` only when text
could still be right in a form rules cannot read (``forty-two``); a judge may then decide.

Numbers the answer merely echoes from the question (a threshold, a period range) are
ignored unless they equal a gold number.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from inspect_memgym.scoring.gold import GoldAnswer
from inspect_memgym.scoring.number_mentions import (
    GoldNumber,
    NumberMention,
    cut_dates,
    find_mentions,
    gold_scale,
    normalise_text,
    same_number,
)

Verdict = Literal["correct", "incorrect", "undecided"]

SHORT_ANSWER_WORDS = 12
"""A label answer of at most this many words that names no choice goes to the judge."""

TREND_DIRECTIONS = (
    "strongly rising",
    "slightly rising",
    "flat",
    "slightly falling",
    "strongly falling",
)
"""The five trend phrases a trend answer must use."""

_BARE_DIRECTIONS = ("rising", "falling")

_REFUSAL_PHRASES = (
    r"(?:do\s+not|don'?t|dont)\s+(?:know|recall|remember)",
    r"(?:do|does|did)\s+not\s+have",
    r"(?:don'?t|doesn'?t|didn'?t)\s+have",
    r"(?:not|isn'?t|wasn'?t|aren'?t|weren'?t)\s+in\s+(?:my\s+)?(?:memory|notes|records)",
    r"no\s+(?:records?|recorded|information|info|data|details|knowledge|mention|memory|idea)",
    r"no\s+(?:entry|entries|notes)\s+(?:about|on|for)",
    r"no\s+such\s+[\w'-]+",
    r"no\s+(?:(?!(?:the|a|an|that|this|his|her|its|their)\s)[\w'-]+\s+){1,2}"
    r"(?:named|called|by\s+(?:that|the|this)\s+name)",
    r"nothing\s+(?:about|on|stored|recorded|saved)",
    r"(?:cannot|can\s+not|can'?t|could\s+not|couldn'?t)\s+"
    r"(?:answer|determine|say|tell|recall|find|confirm|provide|locate|identify|help"
    r"|be\s+determined)",
    r"(?:unable|not\s+able)\s+to",
    r"not\s+(?:mentioned|available|found|stored|recorded|saved|provided|known|sure|certain)",
    r"never\s+(?:appeared|appears|mentioned|heard|seen|saw|encountered|came\s+up)",
    r"(?:did\s+not|didn'?t|have\s+not|haven'?t|has\s+not|hasn'?t|never)\s+"
    r"(?:store|stored|save|saved|record|recorded|see|seen|encounter|encountered)",
    r"(?:does\s+not|doesn'?t|did\s+not|didn'?t)\s+(?:appear|exist)",
    r"(?:do\s+not|don'?t)\s+exist|never\s+existed|non-?existent",
    r"not\s+enough\s+(?:information|info|data|context)",
    r"not\s+aware",
    r"unknown|unsure|uncertain|insufficient|unavailable|n/a",
    r"(?:i|we)(?:'ll|\s+will|\s+must|\s+have\s+to|\s+would)?\s+(?:respectfully\s+)?decline",
    r"(?:must|have\s+to)\s+decline",
    r"declin(?:e|ing)\s+to\s+(?:answer|guess|respond|speculate|say)",
)
_REFUSAL = re.compile(r"(?<!\w)(?:" + "|".join(_REFUSAL_PHRASES) + r")(?!\w)")
_NONE_STATEMENT = re.compile(
    r"(?<!\w)(?:none|no\s+one|nobody|zero|nil|neither|not\s+(?:a\s+single|any)"
    r"|no\s+(?:\w+\s+){0,2}?(?:company|companies|entity|entities|names?|ones?|matches|firms?))"
    r"(?!\w)"
)
NUMBER_WORDS = {
    word: index
    for index, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
"""English number words and their values (shared by the rules and the scripted judges)."""
_NUMBER_WORD = re.compile(r"(?<!\w)(?:" + "|".join(NUMBER_WORDS) + r")(?!\w)")
TENS_WORDS = ("thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
"""Number words for the tens past twenty (``NUMBER_WORDS`` holds zero to twenty)."""
MAGNITUDE_WORDS = ("hundred", "thousand", "million", "billion", "trillion", "dozen")
"""Number words that scale (``fifty million``), singular or plural."""
_ANY_NUMBER_WORD = re.compile(
    r"(?<!\w)(?:"
    + "|".join((*NUMBER_WORDS, *TENS_WORDS))
    + r"|(?:"
    + "|".join(MAGNITUDE_WORDS)
    + r")s?)(?!\w)"
)
_PRONOUN_ONE = re.compile(
    r"(?<!\w)(?:no|that|this|any|the|which|each|every|another|some|a\s+single)\s+one(?!\w)"
    r"|(?<!\w)one\s+(?:of|another)(?!\w)"
)
"""``one`` as a pronoun (``no one``, ``that one``, ``one of them``): not a number."""
_DIGIT_RUN = re.compile(r"\d(?:[\d,.]*\d)?")
_WORD = re.compile(r"\w+")
_PHRASE_SEPARATOR = re.compile(r"[\s\-_]+")


@dataclass(frozen=True)
class RuleVerdict:
    """What the rules decided about one answer.

    Attributes:
        verdict: ``correct``, ``incorrect`` or ``undecided`` (a judge may decide).
        rule: The rule that decided (``number``, ``date``, ``hedge``, ``refusal``...).
        reason: One short sentence saying why.
    """

    verdict: Verdict
    rule: str
    reason: str


def _correct(rule: str, reason: str) -> RuleVerdict:
    return RuleVerdict("correct", rule, reason)


def _incorrect(rule: str, reason: str) -> RuleVerdict:
    return RuleVerdict("incorrect", rule, reason)


def _undecided(rule: str, reason: str) -> RuleVerdict:
    return RuleVerdict("undecided", rule, reason)


def is_refusal(text: str) -> bool:
    """Whether a text explicitly declines to answer (``I don't know``, ``no record``...).

    Args:
        text: The answer text.
    """
    return _REFUSAL.search(normalise_text(text)) is not None


# --------------------------------------------------------------------------- phrases


@functools.lru_cache(maxsize=4096)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A word-bounded pattern for a phrase; spaces, hyphens and underscores interchange."""
    words = [re.escape(word) for word in _PHRASE_SEPARATOR.split(normalise_text(phrase)) if word]
    return re.compile(r"(?<!\w)" + r"[\s\-_]+".join(words) + r"(?!\w)")


@functools.lru_cache(maxsize=16384)
def _phrase_key(phrase: str) -> str:
    """A phrase's identity for comparisons (normalised, separators folded).

    Cached: every answer of a sample is checked against the same world's entity names.
    """
    return " ".join(word for word in _PHRASE_SEPARATOR.split(normalise_text(phrase)) if word)


def _unique_phrases(phrases: Iterable[str]) -> tuple[str, ...]:
    """Phrases without blanks or duplicates (by :func:`_phrase_key`), first spelling kept."""
    unique: dict[str, str] = {}
    for phrase in phrases:
        key = _phrase_key(phrase)
        if key and key not in unique:
            unique[key] = phrase
    return tuple(unique.values())


def _contains_phrase(text: str, phrase: str) -> bool:
    """Whether a normalised text contains a phrase, word-bounded."""
    return _phrase_pattern(phrase).search(text) is not None


def _find_phrases(text: str, phrases: Iterable[str]) -> set[str]:
    """The phrases a normalised text names; a longer phrase hides the shorter inside it.

    Args:
        text: Normalised text.
        phrases: Candidate phrases (entity names, labels, directions).

    Returns:
        The keys (:func:`_phrase_key`) of the phrases found.
    """
    claimed: list[tuple[int, int]] = []
    found: set[str] = set()
    for phrase in sorted(_unique_phrases(phrases), key=lambda item: -len(_phrase_key(item))):
        for match in _phrase_pattern(phrase).finditer(text):
            if all(match.end() <= start or match.start() >= end for start, end in claimed):
                claimed.append(match.span())
                found.add(_phrase_key(phrase))
    return found


def _listing(keys: Iterable[str]) -> str:
    """Sorted, comma-joined keys for a reason sentence."""
    return ", ".join(sorted(keys))


# --------------------------------------------------------------------------- context


@dataclass(frozen=True)
class _Context:
    """One answer to check, normalised, with everything the rules look at.

    Attributes:
        text: The normalised answer.
        gold: The gold answer.
        names: Every entity name of the world, gold names included.
        question: The normalised question text.
        choices: Other values of the gold's enum attribute.
    """

    text: str
    gold: GoldAnswer
    names: tuple[str, ...]
    question: str
    choices: tuple[str, ...]

    def numbers(
        self, golds: Sequence[GoldNumber], *, strip_period_labels: bool = False
    ) -> tuple[NumberMention, ...]:
        """The answer's numbers, minus echoes of the question that match no gold number.

        Args:
            golds: The gold numbers.
            strip_period_labels: Drop ``period N`` labels first (series answers).
        """
        mentions = find_mentions(self.text, strip_period_labels=strip_period_labels).numbers
        asked = find_mentions(self.question).numbers
        return tuple(mention for mention in mentions if not _is_echo(mention, golds, asked))

    def dates(self, gold_date: str) -> set[str]:
        """The answer's full dates, minus question dates other than the gold one.

        Args:
            gold_date: The gold ISO date.
        """
        asked = set(find_mentions(self.question).dates) - {gold_date}
        return set(find_mentions(self.text).dates) - asked

    def names_found(self) -> set[str]:
        """Keys of the known entity names the answer mentions."""
        return _find_phrases(self.text, self.names)

    def names_in_question(self) -> set[str]:
        """Keys of the known entity names the question mentions."""
        return _find_phrases(self.question, self.names)


def _is_echo(
    mention: NumberMention, golds: Sequence[GoldNumber], asked: Sequence[NumberMention]
) -> bool:
    """Whether a number repeats the question and matches no gold number."""
    if any(gold.matched_by(mention) for gold in golds):
        return False
    return any(same_number(mention, question_number) for question_number in asked)


# --------------------------------------------------------------------------- numbers


def _show(number: float) -> str:
    """Write a gold number for a reason sentence."""
    return f"{int(number):,}" if float(number).is_integer() else f"{number:,}"


def _mention_texts(mentions: Iterable[NumberMention]) -> str:
    """Comma-joined mention texts for a reason sentence."""
    return ", ".join(mention.text for mention in mentions)


def _gold_number(value: float | None, gold: GoldAnswer, *, integer: bool, what: str) -> GoldNumber:
    """A gold number with its magnitude read from the gold text.

    Raises:
        ValueError: If the gold lacks the number.
    """
    if value is None:
        raise ValueError(f"{gold.kind} gold {gold.text!r} has no {what}")
    return GoldNumber(value=float(value), integer=integer, scale=gold_scale(value, gold.text))


def _match_numbers(
    mentions: Sequence[NumberMention], golds: Sequence[GoldNumber], rule: str
) -> RuleVerdict:
    """Every gold number stated, and no other number (else wrong or a hedge).

    Args:
        mentions: The answer's numbers (echoes already removed).
        golds: The numbers the answer must state.
        rule: Rule name for a correct or wrong verdict.
    """
    stray = [mention for mention in mentions if not any(g.matched_by(mention) for g in golds)]
    missing = [g for g in golds if not any(g.matched_by(mention) for mention in mentions)]
    wanted = ", ".join(_show(g.value) for g in missing)
    if missing and stray:
        return _incorrect(rule, f"States {_mention_texts(stray)} instead of {wanted}.")
    if missing:
        return _incorrect(rule, f"Does not state {wanted}.")
    if stray:
        return _incorrect("hedge", f"Also states {_mention_texts(stray)} besides the gold.")
    return _correct(rule, f"States {', '.join(_show(g.value) for g in golds)}.")


def _check_number(context: _Context) -> RuleVerdict:
    """One number: exact for integers, else within 2%; any other number is a hedge."""
    gold = context.gold
    golds = [_gold_number(gold.value, gold, integer=gold.integer, what="value")]
    mentions = context.numbers(golds)
    if not mentions:
        return _undecided("number", "The answer writes no number in digits.")
    return _match_numbers(mentions, golds, "number")


def _check_series(context: _Context) -> RuleVerdict:
    """Every element of the series, in order, and nothing else."""
    gold = context.gold
    golds = [
        _gold_number(value, gold, integer=gold.integer, what="series") for value in gold.series
    ]
    mentions = context.numbers(golds, strip_period_labels=True)
    if len(mentions) != len(golds):
        return _incorrect("series", f"States {len(mentions)} numbers; the series has {len(golds)}.")
    for position, (mention, gold_number) in enumerate(zip(mentions, golds, strict=True)):
        if not gold_number.matched_by(mention):
            return _incorrect(
                "series",
                f"Element {position + 1} is {mention.text}, not {_show(gold_number.value)}.",
            )
    return _correct("series", f"States all {len(golds)} elements in order.")


def _check_period(context: _Context) -> RuleVerdict:
    """The period index (exact) and the value then, and no other number."""
    gold = context.gold
    golds = [
        _gold_number(gold.period, gold, integer=True, what="period"),
        _gold_number(gold.value, gold, integer=gold.integer, what="value"),
    ]
    return _match_numbers(context.numbers(golds), golds, "period")


# --------------------------------------------------------------------------- dates


def _gold_date(gold: GoldAnswer) -> str:
    """The gold's ISO date.

    Raises:
        ValueError: If the gold text holds no full date.
    """
    dates, _ = cut_dates(normalise_text(gold.text))
    if not dates:
        raise ValueError(f"date gold {gold.text!r} holds no full date")
    return dates[0]


def _check_date(context: _Context) -> RuleVerdict:
    """The full gold date in an accepted format; a second date or number is a hedge."""
    gold_date = _gold_date(context.gold)
    dates = context.dates(gold_date)
    parts = [GoldNumber(float(part), integer=True) for part in gold_date.split("-")]
    stray = [m for m in context.numbers(parts) if not any(p.matched_by(m) for p in parts)]
    if gold_date in dates:
        if len(dates) > 1:
            others = _listing(dates - {gold_date})
            return _incorrect("hedge", f"Also states the date {others}.")
        if stray:
            return _incorrect("hedge", f"Also states {_mention_texts(stray)} besides the date.")
        return _correct("date", f"States {gold_date}.")
    if dates:
        return _incorrect("date", f"States {_listing(dates)}, not {gold_date}.")
    if context.numbers(parts):
        return _incorrect("date", f"Gives no full date (year or month only), not {gold_date}.")
    return _undecided("date", "The answer writes no date in digits.")


# --------------------------------------------------------------------------- words


def _check_label(context: _Context) -> RuleVerdict:
    """The gold label as a whole phrase, and no other choice."""
    gold_key = _phrase_key(context.gold.text)
    found = _find_phrases(context.text, [context.gold.text, *context.choices])
    others = found - {gold_key}
    if gold_key in found and others:
        return _incorrect("hedge", f"Also names {_listing(others)}.")
    if gold_key in found:
        return _correct("label", f"Names {gold_key}.")
    if others:
        return _incorrect("label", f"Names {_listing(others)}, not {gold_key}.")
    if len(_WORD.findall(context.text)) <= SHORT_ANSWER_WORDS:
        return _undecided("label", f"Names no choice; {gold_key} may be paraphrased.")
    return _incorrect("label", f"Does not name {gold_key}.")


def _check_fragments(context: _Context) -> RuleVerdict:
    """Every fragment of a text attribute; half or more goes to the judge."""
    fragments = _unique_phrases(context.gold.fragments)
    if not fragments:
        raise ValueError(f"fragments gold {context.gold.text!r} has no fragments")
    missing = [_phrase_key(f) for f in fragments if not _contains_phrase(context.text, f)]
    extra = _find_phrases(context.text, list(context.choices)) - {_phrase_key(f) for f in fragments}
    if extra:
        return _incorrect("hedge", f"Also names {_listing(extra)}, which the entity does not list.")
    if not missing:
        return _correct("fragments", f"Names all {len(fragments)} fragments.")
    reason = f"Missing {_listing(missing)}."
    if 2 * (len(fragments) - len(missing)) >= len(fragments):
        return _undecided("fragments", reason)
    return _incorrect("fragments", reason)


def _check_entity(context: _Context) -> RuleVerdict:
    """The gold entity, and no other known name (names from the question go to the judge)."""
    if not context.gold.entity:
        raise ValueError(f"{context.gold.kind} gold {context.gold.text!r} has no entity")
    gold_key = _phrase_key(context.gold.entity)
    found = context.names_found()
    others = found - {gold_key}
    if gold_key not in found:
        if others:
            return _incorrect("entity", f"Names {_listing(others)}, not {gold_key}.")
        return _undecided("entity", f"Names no known entity; {gold_key} may be abbreviated.")
    if not others:
        return _correct("entity", f"Names {gold_key}.")
    unasked = others - context.names_in_question()
    if unasked:
        return _incorrect("hedge", f"Also names {_listing(unasked)}.")
    return _undecided("entity", f"Also names {_listing(others)} from the question.")


def _check_entity_value(context: _Context) -> RuleVerdict:
    """The entity rule and the number rule both."""
    verdicts = (_check_entity(context), _check_number(context))
    for wanted in ("incorrect", "undecided"):
        for verdict in verdicts:
            if verdict.verdict == wanted:
                return verdict
    return _correct("entity_value", f"Names {context.gold.entity} and states {context.gold.text}.")


def _check_names(context: _Context, *, count_stated: bool = False) -> RuleVerdict:
    """Exactly the gold set of names; an empty set must be said (``none`` or a count of 0).

    Args:
        context: The answer to check.
        count_stated: Whether the answer already stated the right count (so ``0`` says
            the set is empty).
    """
    expected = {_phrase_key(name) for name in context.gold.names}
    found = context.names_found()
    missing, extra = expected - found, found - expected
    if missing or extra:
        parts = [
            f"missing {_listing(missing)}" if missing else "",
            f"extra {_listing(extra)}" if extra else "",
        ]
        return _incorrect("names", "Names differ: " + "; ".join(p for p in parts if p) + ".")
    if not expected and not count_stated and not _NONE_STATEMENT.search(context.text):
        return _undecided("names", "Names no entity but does not say none.")
    return _correct("names", f"Names exactly the {len(expected)} expected entities.")


def _word_counts(text: str) -> set[int]:
    """Counts written as words (``three``, ``none``)."""
    counts = {NUMBER_WORDS[match.group(0)] for match in _NUMBER_WORD.finditer(text)}
    if _NONE_STATEMENT.search(text):
        counts.add(0)
    return counts


def _check_count(context: _Context) -> RuleVerdict:
    """The exact count and no other number (a count in words only if no digits)."""
    if context.gold.count is None:
        raise ValueError(f"count_names gold {context.gold.text!r} has no count")
    count = context.gold.count
    golds = [GoldNumber(float(count), integer=True)]
    mentions = context.numbers(golds)
    if mentions:
        return _match_numbers(mentions, golds, "count")
    words = _word_counts(context.text)
    if count in words:
        return _correct("count", f"States the count {count} in words.")
    if words:
        return _incorrect("count", f"States the count {_listing(map(str, words))}, not {count}.")
    return _incorrect("count", f"States no count; the count is {count}.")


def _check_count_names(context: _Context) -> RuleVerdict:
    """The count rule, then the names rule."""
    failure = _first_failure(
        lambda: _check_count(context), lambda: _check_names(context, count_stated=True)
    )
    return failure or _correct(
        "count_names", f"States {context.gold.count} and exactly those names."
    )


def _polarity(direction: str) -> str | None:
    """``rising`` or ``falling`` for a direction phrase; None for ``flat``."""
    return next((bare for bare in _BARE_DIRECTIONS if direction.endswith(bare)), None)


def _check_direction(context: _Context) -> RuleVerdict:
    """The exact gold direction phrase and no conflicting one."""
    gold_direction = _phrase_key(context.gold.direction or "")
    if gold_direction not in TREND_DIRECTIONS:
        raise ValueError(f"trend gold {context.gold.text!r} has no valid direction")
    polarity = _polarity(gold_direction)
    consistent = {gold_direction} | ({polarity} if polarity else set())
    found = _find_phrases(context.text, (*TREND_DIRECTIONS, *_BARE_DIRECTIONS))
    conflicting = found - consistent
    if gold_direction in found and conflicting:
        return _incorrect("hedge", f"Also says {_listing(conflicting)}.")
    if gold_direction in found:
        return _correct("trend", f"Says {gold_direction}.")
    if polarity in found and not conflicting:
        return _incorrect("trend", f"Says {polarity} without the qualifier.")
    if found:
        return _incorrect("trend", f"Says {_listing(found)}, not {gold_direction}.")
    return _incorrect("trend", f"Uses none of the five direction phrases ({gold_direction}).")


def _check_trend(context: _Context) -> RuleVerdict:
    """The direction phrase, then the first and last values and no other number."""
    failure = _first_failure(lambda: _check_direction(context), lambda: _check_series_ends(context))
    gold = context.gold
    return failure or _correct(
        "trend", f"Says {gold.direction} from {_show(gold.series[0])} to {_show(gold.series[1])}."
    )


def _check_series_ends(context: _Context) -> RuleVerdict:
    """The trend's first and last values and no other number."""
    gold = context.gold
    golds = [
        _gold_number(value, gold, integer=gold.integer, what="series") for value in gold.series
    ]
    if len(golds) != 2:
        raise ValueError(f"trend gold {gold.text!r} needs (first, last) values")
    return _match_numbers(context.numbers(golds, strip_period_labels=True), golds, "trend")


def _first_failure(*rules: Callable[[], RuleVerdict]) -> RuleVerdict | None:
    """Run rules in order and return the first verdict that is not correct.

    The rules after it are not run; None when every rule finds the answer correct.

    Args:
        *rules: The rules, bound to the answer being checked.
    """
    for rule in rules:
        verdict = rule()
        if verdict.verdict != "correct":
            return verdict
    return None


# --------------------------------------------------------------------------- abstention


def _digit_runs(text: str) -> set[str]:
    """Digit runs of a normalised text, thousands separators dropped."""
    return {run.replace(",", "") for run in _DIGIT_RUN.findall(text)}


def _number_words(text: str) -> set[str]:
    """The number words of a normalised text (``fifty``, ``million``).

    ``one`` as a pronoun (``no one``, ``that one``, ``one of them``) is not a number.
    """
    return {match.group(0) for match in _ANY_NUMBER_WORD.finditer(_PRONOUN_ONE.sub(" ", text))}


def _stated_numbers(text: str) -> set[str]:
    """Every number a normalised text states, in digits or in words."""
    return _digit_runs(text) | _number_words(text)


def _check_abstain(context: _Context) -> RuleVerdict:
    """A refusal with no number (in digits or words, besides the question's) or other entity."""
    if not is_refusal(context.text):
        return _incorrect("abstain", "Answers instead of declining.")
    new_numbers = _stated_numbers(context.text) - _stated_numbers(context.question)
    if new_numbers:
        return _incorrect("abstain", f"Declines but states {_listing(new_numbers)}.")
    allowed = context.names_in_question() | {
        _phrase_key(name) for name in (context.gold.entity or "", *context.gold.names) if name
    }
    named = context.names_found() - allowed
    if named:
        return _incorrect("abstain", f"Declines but names {_listing(named)}.")
    guessed = _find_phrases(context.text, list(context.choices))
    if guessed:
        return _incorrect("abstain", f"Declines but offers {_listing(guessed)}.")
    return _correct("abstain", "Declines without guessing.")


# --------------------------------------------------------------------------- entry point

_SET_KINDS = frozenset({"names", "count_names"})
"""Gold kinds whose answer is a set of names, which may be empty."""
_KIND_RULES: dict[str, Callable[[_Context], RuleVerdict]] = {
    "number": _check_number,
    "date": _check_date,
    "label": _check_label,
    "fragments": _check_fragments,
    "series": _check_series,
    "entity": _check_entity,
    "entity_value": _check_entity_value,
    "names": _check_names,
    "count_names": _check_count_names,
    "trend": _check_trend,
    "period_value": _check_period,
    "abstain": _check_abstain,
}


def check_answer(
    answer: str,
    gold: GoldAnswer,
    *,
    known_names: Sequence[str] = (),
    question: str = "",
    choices: Sequence[str] = (),
) -> RuleVerdict:
    """Decide an answer against a gold by rules, or leave it undecided for a judge.

    Args:
        answer: The agent's answer text.
        gold: The structured gold answer.
        known_names: Every entity name of the world (plus fake names of abstention
            questions); naming one that is not the gold is wrong.
        question: The question text; numbers the answer only echoes from it are ignored.
        choices: Every value in the asked attribute's pool: the enum's choices or the text
            attribute's fragments. Naming another one is a hedge (label, fragments) or a
            guess (abstain).

    Raises:
        ValueError: If the gold lacks a part its kind needs.
    """
    text = normalise_text(answer)
    if not text:
        return _incorrect("empty", "The answer is empty.")
    context = _Context(
        text=text,
        gold=gold,
        names=_unique_phrases((*known_names, gold.entity or "", *gold.names)),
        question=normalise_text(question),
        choices=tuple(choices),
    )
    if _declines_instead(text, gold):
        return _incorrect("refusal", "The answer declines or doubts instead of answering.")
    return _KIND_RULES[gold.kind](context)


def _declines_instead(text: str, gold: GoldAnswer) -> bool:
    """Whether a normalised answer declines a question that has an answer.

    Saying that no such thing exists ("there are no such companies") answers a question
    whose gold is the empty set of names: its rule decides it.
    """
    if gold.kind == "abstain" or not is_refusal(text) or is_refusal(gold.text):
        return False
    empty_set = gold.kind in _SET_KINDS and not gold.names
    return not (empty_set and _NONE_STATEMENT.search(text))

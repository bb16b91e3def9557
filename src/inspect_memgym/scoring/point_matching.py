"""Which memory points a memory holds, and what each value it asserts is worth.

Memory items are cut into clauses by the shared claim rule (`scoring.clauses`: a sentence or
a line). A clause is about the subject it names first (a whole token), its owner: in
``Argon Labs|...|r0=Basalt Works`` or "Argon Labs supplies Basalt Works", the values are
Argon Labs'. A clause naming no subject is owned by the one subject its section names
(`scoring.sections`: a Markdown heading, a title or ``Entity:`` line, a block's first line),
so a kept document's ``Category:`` line is its title's entity's; a section opened by a line
naming several subjects owns nothing. A clause holds a point when its owner is the point's
subject (a point with no subject needs none) and it holds every part of its value: each
number within the tolerance the answers use (`scoring.number_mentions.within_tolerance`:
exact for integers, else 2%, by mantissa or by scaled value), each date, each phrase as a
whole token.

A point with no subject (a code fact: its key tokens are the claim) is held by a clause
holding every part of it, and owns only that clause's values.

Every number and date a clause asserts (subject names cut out first) is a value claim, and
so is every value of a task's closed vocabulary it shows (`PointIndex.phrase_verdicts`: a
user's diet is one of a few labels); each gets one verdict:

* ``precise``: it is a current value of the clause's owner;
* ``history``: it is a superseded value of the clause's owner, and the clause also
  holds that value's current version (``200000~175720.5``): kept as history, not counted;
* ``stale``: a superseded value whose current version the clause does not hold;
* ``invented``: no input ever stated it (exactly): a memory hallucination;
* ``unsupported``: stated somewhere in the inputs, but not as a value of the clause's owner
  (a misattributed, distractor or stray value).

A value is matched by its parts, not by the attribute's label (notations differ: ``a0=``,
"revenue", "annual revenue"): a clause holds a point when some number of the owner's clause
equals the point's, whatever field it sits in. Recall is therefore generous when two values
of one subject are within the tolerance of each other.

Pure: no Inspect.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Literal

from inspect_memgym.scoring.clauses import (
    normalise_answer,
    normalised_token,
    sentences,
    shows_token,
    token_position,
)
from inspect_memgym.scoring.memory_points import MemoryPoint
from inspect_memgym.scoring.number_mentions import (
    RELATIVE_TOLERANCE,
    ZERO_TOLERANCE,
    NumberMention,
    find_mentions,
    within_tolerance,
)
from inspect_memgym.scoring.sections import sectioned_lines

Vocabulary = Mapping[str, Mapping[str, Sequence[str]]]
"""Attribute -> each value it can take -> the phrases that assert that value."""
ClaimVerdict = Literal["precise", "history", "stale", "invented", "unsupported"]
CLAIM_VERDICTS: tuple[ClaimVerdict, ...] = (
    "precise",
    "history",
    "stale",
    "invented",
    "unsupported",
)


@dataclass(frozen=True)
class Clause:
    """One clause of a memory item, read once.

    Attributes:
        text: The normalised clause (`scoring.clauses.normalise_answer`).
        subjects: The subjects it names.
        owner: The subject it names first, whose values it states; if it names none, the
            one subject its section names (`scoring.sections`); else None.
        numbers: The numbers it asserts (subject names cut out first).
        dates: The ISO dates it asserts.
    """

    text: str
    subjects: frozenset[str]
    owner: str | None
    numbers: tuple[NumberMention, ...]
    dates: tuple[str, ...]


class StatedValues:
    """Every number and date the inputs stated, to tell a stray value from an invented one.

    The texts are read on first use only: a memory whose every claim is precise never needs
    them.

    Args:
        texts: Every input a sample showed.
    """

    def __init__(self, texts: Iterable[str]) -> None:
        self._texts = list(texts)

    @cached_property
    def _read(self) -> tuple[frozenset[float], frozenset[str]]:
        numbers: set[float] = set()
        dates: set[str] = set()
        for text in self._texts:
            mentions = find_mentions(text)
            dates.update(mentions.dates)
            for mention in mentions.numbers:
                numbers.update((number_key(mention.mantissa), number_key(mention.value)))
        return frozenset(numbers), frozenset(dates)

    @property
    def numbers(self) -> frozenset[float]:
        """The numbers stated (mantissas and scaled values), each as its `number_key`."""
        return self._read[0]

    @property
    def dates(self) -> frozenset[str]:
        """The ISO dates stated."""
        return self._read[1]

    @cached_property
    def _normalised(self) -> str:
        return "\n".join(normalise_answer(text) for text in self._texts)

    def states_phrase(self, phrase: str) -> bool:
        """Whether an input stated this phrase (as a whole token).

        Args:
            phrase: A value a memory asserts.
        """
        return shows_token(self._normalised, phrase)

    def states_any(self, phrases: Sequence[str]) -> bool:
        """Whether an input stated one of these phrases (as a whole token).

        Args:
            phrases: The phrases that assert one value.
        """
        return any(shows_token(self._normalised, phrase) for phrase in phrases)

    def states_date(self, date: str) -> bool:
        """Whether an input stated this date.

        Args:
            date: An ISO date a memory asserts.
        """
        return date in self.dates

    def states_number(self, mention: NumberMention) -> bool:
        """Whether an input stated this number exactly (by mantissa or scaled value).

        Args:
            mention: A number a memory asserts.
        """
        return number_key(mention.mantissa) in self.numbers or number_key(mention.value) in (
            self.numbers
        )


def number_key(number: float) -> float:
    """A number rounded to 12 significant digits: equal numbers, up to round-off, share it.

    Args:
        number: Any number.
    """
    return float(f"{number:.12g}")


def stated_values(texts: Iterable[str]) -> StatedValues:
    """The numbers and dates the given input texts state.

    Args:
        texts: Every input a sample showed.
    """
    return StatedValues(texts)


def read_clauses(items: Iterable[str], subjects: Iterable[str]) -> list[Clause]:
    """The clauses of memory items, each with the subjects it names and the values it asserts.

    Args:
        items: Memory items.
        subjects: Every subject name of the sample.
    """
    names = sorted({subject for subject in subjects if subject}, key=len, reverse=True)
    clauses = []
    for item in items:
        for line in sectioned_lines(item, names):
            for sentence in sentences(line.text):
                clauses.append(_read_clause(sentence, names, line.subject))
    return clauses


def _read_clause(sentence: str, names: Sequence[str], section: str | None) -> Clause:
    """One clause; its owner is the subject it names first, else its section's subject."""
    named = frozenset(name for name in names if shows_token(sentence, name))
    remaining = sentence
    # longest first, so a name inside another is never cut out of it; a set's order would
    # follow the process's string hashes, and so could the numbers left to read
    for name in sorted(named, key=lambda name: (-len(name), name)):
        remaining = remaining.replace(normalised_token(name), " ")
    mentions = find_mentions(remaining)
    owner = _first_named(sentence, named) or section
    return Clause(sentence, named, owner, mentions.numbers, mentions.dates)


def _first_named(sentence: str, named: frozenset[str]) -> str | None:
    """The subject whose name comes first in a sentence (the longer name on a tie)."""
    positions = {}
    for name in named:
        found = token_position(sentence, name)
        if found >= 0:
            positions[name] = (found, -len(name))
    return min(positions, key=positions.__getitem__) if positions else None


def clause_holds(clause: Clause, point: MemoryPoint) -> bool:
    """Whether a clause is about the point's subject and holds every part of its value.

    Args:
        clause: A clause.
        point: A memory point.
    """
    return _clause_holds(clause, point, partial(_number_held, clause.numbers))


NumberHeld = Callable[[float, bool], bool]
"""Whether a clause holds a number (exactly when the flag says integer, else within 2%)."""


def _clause_holds(clause: Clause, point: MemoryPoint, number_held: NumberHeld) -> bool:
    """`clause_holds`, the clause's numbers looked up by ``number_held``."""
    if point.subject and point.subject != clause.owner:
        return False
    if any(shows_token(clause.text, alias) for alias in point.aliases):
        return True
    return (
        bool(point.numbers or point.dates or point.phrases)
        and all(shows_token(clause.text, phrase) for phrase in point.phrases)
        and all(date in clause.dates or shows_token(clause.text, date) for date in point.dates)
        and all(number_held(number, point.integer) for number in point.numbers)
    )


def _number_held(mentions: Sequence[NumberMention], number: float, integer: bool) -> bool:
    return any(_matches(mention, number, integer) for mention in mentions)


def _matches(mention: NumberMention, number: float, integer: bool) -> bool:
    if within_tolerance(mention.mantissa, number, integer=integer):
        return True
    return mention.scale != 1.0 and within_tolerance(mention.value, number, integer=integer)


def _point_matches(mention: NumberMention, point: MemoryPoint) -> bool:
    return any(_matches(mention, number, point.integer) for number in point.numbers)


def number_window(point: MemoryPoint) -> tuple[float, float]:
    """An interval holding every number `_point_matches` can accept for the point.

    Wider than any tolerance the answer rules allow (2% relative, the zero tolerance, or the
    round-off of an exact match), so a number outside it matches none of the point's
    numbers and the full check can be skipped; inside it the full check decides.

    Args:
        point: A point with numbers.
    """
    slacks = [_slack(number) for number in point.numbers]
    return (
        min(number - slack for number, slack in zip(point.numbers, slacks, strict=True)),
        max(number + slack for number, slack in zip(point.numbers, slacks, strict=True)),
    )


def _slack(number: float) -> float:
    """Half the width of `number_window` around one number."""
    return RELATIVE_TOLERANCE * abs(number) * 1.01 + ZERO_TOLERANCE + 1e-6 * max(1.0, abs(number))


class _SortedMentions:
    """A clause's numbers sorted by the values `_matches` compares, to find them by range.

    A mention is listed by its mantissa and, when it has a magnitude, by its scaled value.

    Args:
        mentions: The clause's numbers.
    """

    def __init__(self, mentions: Sequence[NumberMention]) -> None:
        keyed = sorted(
            [(mention.mantissa, position) for position, mention in enumerate(mentions)]
            + [
                (mention.value, position)
                for position, mention in enumerate(mentions)
                if mention.scale != 1.0
            ]
        )
        self._keys = [key for key, _ in keyed]
        self._positions = [position for _, position in keyed]
        self._mentions = list(mentions)

    def near(self, number: float) -> list[int]:
        """Positions of the mentions within `number_window` of one number (a mention may recur).

        Args:
            number: A point's number.
        """
        slack = _slack(number)
        low = bisect_left(self._keys, number - slack)
        high = bisect_right(self._keys, number + slack)
        return self._positions[low:high]

    def held(self, number: float, integer: bool) -> bool:
        """`_number_held` for the clause: only the mentions near the number are compared.

        Args:
            number: A point's number.
            integer: Whether it must match exactly.
        """
        return any(
            _matches(self._mentions[position], number, integer) for position in self.near(number)
        )


def _may_match(mention: NumberMention, window: tuple[float, float]) -> bool:
    low, high = window
    return low <= mention.mantissa <= high or (
        mention.scale != 1.0 and low <= mention.value <= high
    )


class PointIndex:
    """The points of one sample by subject, to match clauses against.

    Args:
        points: The sample's points (``current`` set, `memory_points.mark_superseded`).
    """

    def __init__(self, points: Sequence[MemoryPoint]) -> None:
        self.points = list(points)
        self._by_subject: dict[str, list[MemoryPoint]] = {}
        for point in self.points:
            self._by_subject.setdefault(point.subject, []).append(point)
        self._current = {point.key: point for point in self.points if point.current}
        self._current.update({point.key: point for point in self.points if point.is_target})
        self._held: dict[tuple[str, str | None, str], bool] = {}
        self._windows: dict[str, tuple[float, float]] = {}
        self._sorted: dict[tuple[str, str | None], _SortedMentions] = {}
        self._about: dict[str | None, list[MemoryPoint]] = {}

    def _mentions_of(self, clause: Clause) -> _SortedMentions:
        """The clause's numbers by value, sorted once (clauses of one memory: by text, owner)."""
        key = (clause.text, clause.owner)
        found = self._sorted.get(key)
        if found is None:
            found = self._sorted[key] = _SortedMentions(clause.numbers)
        return found

    def number_matches(self, mention: NumberMention, point: MemoryPoint) -> bool:
        """`_point_matches` for a point with numbers, skipped when no tolerance can reach.

        Args:
            mention: A number a clause asserts.
            point: One of this index's points with numbers.
        """
        window = self._windows.get(point.point_id)
        if window is None:
            window = self._windows[point.point_id] = number_window(point)
        return _may_match(mention, window) and _point_matches(mention, point)

    def holds(self, clause: Clause, point: MemoryPoint) -> bool:
        """`clause_holds`, each (clause, point) decided once: every score asks again.

        Args:
            clause: A clause of the memory this index scores.
            point: One of its points.
        """
        key = (clause.text, clause.owner, point.point_id)
        held = self._held.get(key)
        if held is None:
            held = self._held[key] = _clause_holds(clause, point, self._mentions_of(clause).held)
        return held

    def owns_values(self, clause: Clause, point: MemoryPoint) -> bool:
        """Whether a clause's numbers and dates may be this point's values.

        A point about a subject owns the values of the clauses that subject owns; a point
        with no subject (its key tokens are the whole claim, as a code fact's are) only those
        of a clause holding every part of it: a number beside some of its tokens is not its
        value.

        Args:
            clause: A clause.
            point: A point about the clause's owner, or about no subject.
        """
        return bool(point.subject) or self.holds(clause, point)

    def about(self, clause: Clause) -> list[MemoryPoint]:
        """The points of the clause's owner (and those with no subject)."""
        about = self._about.get(clause.owner)
        if about is None:
            owned = self._by_subject.get(clause.owner, []) if clause.owner is not None else []
            about = self._about[clause.owner] = [*owned, *self._by_subject.get("", [])]
        return list(about)

    def current_of(self, point: MemoryPoint) -> MemoryPoint | None:
        """The current version of a point's key (a target's, else a current distractor's).

        A superseded value may be a version of something no question needs (a withdrawn
        claim about a near-miss candidate, whose current value is a distractor).
        """
        return self._current.get(point.key)

    def held(self, clauses: Sequence[Clause]) -> set[str]:
        """Ids of the points some clause holds.

        Args:
            clauses: The memory's clauses (`read_clauses`).
        """
        return {
            point.point_id
            for clause in clauses
            for point in self.about(clause)
            if self.holds(clause, point)
        }

    def kept_stale(self, clauses: Sequence[Clause]) -> set[str]:
        """Ids of the superseded points held in a clause without their current version.

        Args:
            clauses: The memory's clauses.
        """
        stale = set()
        for clause in clauses:
            for point in self.about(clause):
                if point.current or not self.holds(clause, point):
                    continue
                newest = self.current_of(point)
                if newest is None or not self.holds(clause, newest):
                    stale.add(point.point_id)
        return stale

    def claim_verdicts(self, clauses: Sequence[Clause], stated: StatedValues) -> list[ClaimVerdict]:
        """One verdict per number and date the clauses assert (see the module docstring).

        Args:
            clauses: The memory's clauses.
            stated: What the inputs stated.
        """
        verdicts: list[ClaimVerdict] = []
        for clause in clauses:
            points = [point for point in self.about(clause) if self.owns_values(clause, point)]
            targets = [point for point in points if point.is_target and point.numbers]
            superseded = [point for point in points if not point.current and point.numbers]
            precise = self._precise(clause, targets)
            for position, mention in enumerate(clause.numbers):
                if position in precise:
                    verdicts.append("precise")
                    continue
                matching = [point for point in superseded if self.number_matches(mention, point)]
                verdicts.append(
                    self._verdict(clause, matching, partial(stated.states_number, mention))
                )
            for date in clause.dates:
                matching = [point for point in points if date in point.dates]
                verdicts.append(self._verdict(clause, matching, partial(stated.states_date, date)))
        return verdicts

    def _precise(self, clause: Clause, targets: Sequence[MemoryPoint]) -> set[int]:
        """Positions of the clause's numbers that match a number of one of the targets."""
        mentions = self._mentions_of(clause)
        return {
            position
            for point in targets
            for number in point.numbers
            for position in mentions.near(number)
            if _matches(clause.numbers[position], number, point.integer)
        }

    def phrase_verdicts(
        self,
        clauses: Sequence[Clause],
        vocabulary: Vocabulary,
        stated: StatedValues,
    ) -> list[ClaimVerdict]:
        """One verdict per value of a closed vocabulary the clauses assert.

        For a task whose values come from a closed set (a user's diet is one of a few
        labels), a clause showing any phrase of a value asserts that value of its attribute,
        judged as a number is (see the module docstring).

        Args:
            clauses: The memory's clauses.
            vocabulary: Attribute -> value -> the phrases that assert it.
            stated: What the inputs stated.
        """
        verdicts: list[ClaimVerdict] = []
        for clause in clauses:
            points = self.about(clause)
            for attribute, values in vocabulary.items():
                for value, phrases in values.items():
                    if not any(shows_token(clause.text, phrase) for phrase in phrases):
                        continue
                    matching = [
                        point
                        for point in points
                        if point.attribute == attribute and point.value == value
                    ]
                    verdicts.append(
                        self._verdict(clause, matching, partial(stated.states_any, phrases))
                    )
        return verdicts

    def _verdict(
        self, clause: Clause, matching: Sequence[MemoryPoint], stated: Callable[[], bool]
    ) -> ClaimVerdict:
        if any(point.is_target for point in matching):
            return "precise"
        superseded = [point for point in matching if not point.current]
        if superseded:
            newest = [self.current_of(point) for point in superseded]
            if any(point is not None and self.holds(clause, point) for point in newest):
                return "history"
            return "stale"
        return "unsupported" if stated() else "invented"

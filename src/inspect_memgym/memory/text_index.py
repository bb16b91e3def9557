"""Which entries contain a phrase, found without reading every entry.

The ranking contract puts entries that contain the query verbatim, or one of
its name phrases, ahead of the others (see `inspect_memgym.memory.ranking`).
`TextIndex` keeps every entry's text and an inverted index of its lowercased
words, so that `containing(phrase)` reads only entries that can hold the
phrase and then confirms each with `phrase in content.lower()` — the very test
the ranking applies, so the answer is exact.

Why the words narrow the search: a word of the phrase that has a non-word
character on both sides inside the phrase must be a whole word of any entry
that contains the phrase; a word with a non-word character only after it
must be the end of a word of the entry (and only before it, the start); a
phrase of one word must lie inside a word of the entry. Whole words are
looked up directly; the others go through `Vocabulary`. The entries checked
are those of the phrase's rarest word. Only a phrase with no word character
at all (e.g. "?!") falls back to reading every entry.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import chain

from inspect_memgym.memory.vocabulary import Vocabulary

NARROW_ENOUGH = 64
"""Candidates few enough to check one by one without looking at the phrase's other words."""
REBUILD_MINIMUM = 10_000
"""Leftover postings always tolerated (below this, a rebuild would cost more than it saves)."""

_WORD = re.compile(r"\w+")


class WordPlace(Enum):
    """How a word of a phrase must appear in an entry's words."""

    WHOLE = "whole"
    START = "start"
    END = "end"
    INSIDE = "inside"


@dataclass(frozen=True)
class WordConstraint:
    """A word every entry containing the phrase must have, in some form.

    Attributes:
        word: The lowercased word.
        place: Whether it is a whole word, or the start, end or a part of one.
    """

    word: str
    place: WordPlace


def word_constraints(phrase: str) -> list[WordConstraint]:
    """The word constraints of a lowercased phrase, most selective first.

    Args:
        phrase: Lowercased phrase.

    Returns:
        Whole words first, then the others, longer words before shorter.
    """
    constraints: list[WordConstraint] = []
    for match in _WORD.finditer(phrase):
        bounded_before = match.start() > 0
        bounded_after = match.end() < len(phrase)
        if bounded_before and bounded_after:
            place = WordPlace.WHOLE
        elif bounded_before:
            place = WordPlace.START
        elif bounded_after:
            place = WordPlace.END
        else:
            place = WordPlace.INSIDE
        constraints.append(WordConstraint(match.group(), place))
    return sorted(
        constraints,
        key=lambda constraint: (constraint.place is not WordPlace.WHOLE, -len(constraint.word)),
    )


class TextIndex:
    """Entry texts by id, with the words of each for fast phrase lookup.

    Each word's posting is a plain list of entry ids (8 bytes an entry, a
    fraction of a set's cost): removing or replacing an entry leaves its id in
    the postings of its old words, where the check against the current text
    drops it, until such leftovers outnumber the live postings and the index
    is rebuilt.
    """

    def __init__(self) -> None:
        self._contents: dict[int, str] = {}
        self._postings: dict[str, list[int]] = {}
        self._vocabulary = Vocabulary()
        self._live_postings = 0
        self._stale_postings = 0

    def __len__(self) -> int:
        return len(self._contents)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._contents

    def content(self, entry_id: int) -> str:
        """The text of an entry (KeyError if absent)."""
        return self._contents[entry_id]

    def put(self, entry_id: int, content: str) -> None:
        """Index an entry's text, replacing any text it had.

        Args:
            entry_id: Entry id.
            content: Entry text (as stored).
        """
        if entry_id in self._contents:
            self.remove(entry_id)
        self._contents[entry_id] = content
        words = set(_WORD.findall(content.lower()))
        for word in words:
            posting = self._postings.get(word)
            if posting is None:
                posting = self._postings[word] = []
                self._vocabulary.append(word)
            posting.append(entry_id)
        self._live_postings += len(words)

    def remove(self, entry_id: int) -> None:
        """Forget an entry (KeyError if absent)."""
        words = len(set(_WORD.findall(self._contents.pop(entry_id).lower())))
        self._live_postings -= words
        self._stale_postings += words
        if self._stale_postings > max(self._live_postings, REBUILD_MINIMUM):
            self._rebuild()

    def containing(self, phrase: str) -> set[int]:
        """Ids of the entries whose lowercased text contains a phrase.

        Args:
            phrase: Lowercased phrase.

        Returns:
            Exactly the ids whose `content.lower()` contains `phrase`.
        """
        contents = self._contents
        found: set[int] = set()
        for entry_id in self.candidates(phrase):
            content = contents.get(entry_id)
            if content is not None and phrase in content.lower():
                found.add(entry_id)
        return found

    def containing_any(self, phrases: Iterable[str]) -> set[int]:
        """Ids of the entries whose lowercased text contains at least one phrase."""
        found: set[int] = set()
        for phrase in phrases:
            found |= self.containing(phrase)
        return found

    def candidates(self, phrase: str) -> Iterable[int]:
        """Ids that may contain the phrase: every entry that does, and maybe some others.

        The ids of the one word constraint with the fewest entries (an id may repeat, or
        belong to a removed entry); every entry only when the phrase has no word.
        """
        constraints = word_constraints(phrase)
        if not constraints:
            return list(self._contents)
        best: list[list[int]] = []
        best_size = -1
        for constraint in constraints:  # whole words first: looked up without a search
            postings = self._postings_of(constraint)
            size = sum(len(posting) for posting in postings)
            if best_size < 0 or size < best_size:
                best, best_size = postings, size
            if best_size <= NARROW_ENOUGH:
                break
        return chain.from_iterable(best)

    def _postings_of(self, constraint: WordConstraint) -> list[list[int]]:
        """Postings of the words that satisfy a constraint."""
        if constraint.place is WordPlace.WHOLE:
            posting = self._postings.get(constraint.word)
            return [] if posting is None else [posting]
        if constraint.place is WordPlace.START:
            words = self._vocabulary.starting_with(constraint.word)
        elif constraint.place is WordPlace.END:
            words = self._vocabulary.ending_with(constraint.word)
        else:
            words = self._vocabulary.containing(constraint.word)
        return [self._postings[word] for word in words]

    def _rebuild(self) -> None:
        """Index the current texts afresh, dropping every leftover id and unused word."""
        contents = self._contents
        self._contents = {}
        self._postings = {}
        self._vocabulary = Vocabulary()
        self._live_postings = self._stale_postings = 0
        for entry_id, content in contents.items():
            self.put(entry_id, content)

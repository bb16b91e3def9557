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
looked up directly; the others go through `Vocabulary`. Only a phrase with no
word character at all (e.g. "?!") falls back to reading every entry.
"""

import re
from collections.abc import Iterable, Set
from dataclasses import dataclass
from enum import Enum

from inspect_memgym.memory.vocabulary import Vocabulary

NARROW_ENOUGH = 64
"""Candidates few enough to check one by one rather than narrow further."""

_WORD = re.compile(r"\w+")
_NO_ENTRIES: frozenset[int] = frozenset()


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
    """Entry texts by id, with the words of each for fast phrase lookup."""

    def __init__(self) -> None:
        self._contents: dict[int, str] = {}
        self._postings: dict[str, set[int]] = {}
        self._vocabulary = Vocabulary()

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
        for word in set(_WORD.findall(content.lower())):
            posting = self._postings.get(word)
            if posting is None:
                posting = self._postings[word] = set()
                self._vocabulary.append(word)
            posting.add(entry_id)

    def remove(self, entry_id: int) -> None:
        """Forget an entry (KeyError if absent)."""
        content = self._contents.pop(entry_id)
        for word in set(_WORD.findall(content.lower())):
            self._postings[word].discard(entry_id)

    def containing(self, phrase: str) -> set[int]:
        """Ids of the entries whose lowercased text contains a phrase.

        Args:
            phrase: Lowercased phrase.

        Returns:
            Exactly the ids whose `content.lower()` contains `phrase`.
        """
        contents = self._contents
        return {
            entry_id for entry_id in self.candidates(phrase) if phrase in contents[entry_id].lower()
        }

    def containing_any(self, phrases: Iterable[str]) -> set[int]:
        """Ids of the entries whose lowercased text contains at least one phrase."""
        found: set[int] = set()
        for phrase in phrases:
            found |= self.containing(phrase)
        return found

    def candidates(self, phrase: str) -> Iterable[int]:
        """A superset of the entries containing the phrase (never a scan unless it has no words)."""
        constraints = word_constraints(phrase)
        if not constraints:
            return list(self._contents)
        whole = [c for c in constraints if c.place is WordPlace.WHOLE]
        partial = [c for c in constraints if c.place is not WordPlace.WHOLE]
        postings = sorted(
            (self._postings.get(constraint.word, _NO_ENTRIES) for constraint in whole), key=len
        )
        candidates: Set[int] | None = None
        for posting in postings:  # smallest first; `&` iterates the smaller set
            candidates = posting if candidates is None else candidates & posting
        for constraint in partial:  # longest words first: the most selective
            if candidates is not None and len(candidates) <= NARROW_ENOUGH:
                break
            matching = self._entries_with(constraint)
            candidates = matching if candidates is None else candidates & matching
        return candidates if candidates is not None else ()

    def _entries_with(self, constraint: WordConstraint) -> set[int]:
        """Entries having a word that starts, ends or contains the constraint's word."""
        if constraint.place is WordPlace.START:
            words = self._vocabulary.starting_with(constraint.word)
        elif constraint.place is WordPlace.END:
            words = self._vocabulary.ending_with(constraint.word)
        else:
            words = self._vocabulary.containing(constraint.word)
        found: set[int] = set()
        for word in words:
            found |= self._postings[word]
        return found

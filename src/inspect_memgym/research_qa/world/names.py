"""Invented names from syllable pools, unique within a world and never part of one another.

A name's stems (``Quillan`` in ``Quillan Institute``, ``Vael`` and ``Morrow`` in
``Vael Morrow``) are new words built from syllables. No stem of a world is a substring of
another, so no entity name is contained in another name, and key-token matching and answer
rules never confuse two entities. Stems that are ordinary words of the documents' own
vocabulary are refused.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from inspect_memgym.kit.rng import pick

ONSETS: tuple[str, ...] = (
    "b", "br", "d", "dr", "f", "g", "gr", "h", "k", "l", "m", "n", "p",
    "qu", "r", "s", "sk", "t", "th", "tr", "v", "z",
)  # fmt: skip
VOWELS: tuple[str, ...] = ("a", "e", "i", "o", "u", "a", "e", "o", "ae", "ei", "y")
CODAS: tuple[str, ...] = ("", "", "", "", "l", "n", "r", "s", "th", "rn", "ld", "v", "x", "m")
PLACE_ENDINGS: tuple[str, ...] = ("", "", "holt", "mere", "stad", "wick", "fell", "port", "vik")
FAMILY_ENDINGS: tuple[str, ...] = ("", "", "", "ley", "ton", "ard", "ell", "by")

SHORTEST_STEM = 4
LONGEST_STEM = 9
MAXIMUM_ATTEMPTS = 200


class NameFactory:
    """Draws fresh names from one seeded stream.

    Args:
        rng: The world's name stream.
        reserved_words: Lower-case words a stem must not be (the documents' vocabulary).
        name_words: Words that end names (``Institute``, ``Report``); a stem may neither
            contain one nor be part of one.
    """

    def __init__(
        self,
        rng: random.Random,
        reserved_words: Iterable[str] = (),
        name_words: Iterable[str] = (),
    ) -> None:
        self._rng = rng
        self._reserved = frozenset(reserved_words)
        self._stems: list[str] = [word.lower() for word in name_words]

    def stem(self, ending_pool: tuple[str, ...] = ("",)) -> str:
        """A new capitalised stem, unrelated to every stem drawn so far.

        Args:
            ending_pool: Endings, one of which is appended (``""`` for none).

        Raises:
            RuntimeError: If no fresh stem is found (the pools are exhausted).
        """
        for _ in range(MAXIMUM_ATTEMPTS):
            syllables = 2 if self._rng.random() < 0.8 else 3
            word = "".join(
                pick(self._rng, ONSETS) + pick(self._rng, VOWELS) + pick(self._rng, CODAS)
                for _ in range(syllables)
            )
            word += pick(self._rng, ending_pool)
            if self._is_fresh(word):
                self._stems.append(word)
                return word.capitalize()
        raise RuntimeError("the name pools are exhausted")

    def person(self) -> str:
        """A person's name: given name and family name."""
        return f"{self.stem()} {self.stem(FAMILY_ENDINGS)}"

    def place(self) -> str:
        """A city's name."""
        return self.stem(PLACE_ENDINGS)

    def titled(self, subtype: str) -> str:
        """A name that ends with its subtype word (``Quillan Institute``, ``Orrin Report``).

        Args:
            subtype: The subtype word.
        """
        return f"{self.stem()} {subtype}"

    def _is_fresh(self, word: str) -> bool:
        if not SHORTEST_STEM <= len(word) <= LONGEST_STEM or word in self._reserved:
            return False
        return not any(word in stem or stem in word for stem in self._stems)

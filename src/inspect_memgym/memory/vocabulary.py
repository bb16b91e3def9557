r"""The distinct words of a memory, searchable by start, end or any part.

Words are kept in blocks of `BLOCK_WORDS`; each block is also one string,
`"\nword1\nword2\n...\n"`, so finding the words that start with "foun"
is one `str.find` loop over `"\nfoun"` (end: `"foun\n"`; part: `"foun"`)
in C, not a Python loop over words. Words never contain a newline (they are
runs of word characters), so a match never spans two words. Adding a word
costs O(1); only the last, unfinished block's string is rebuilt, on the next
search after it changed.
"""

from bisect import bisect_right
from collections.abc import Iterator

BLOCK_WORDS = 4096
"""Words per block: bounds the string rebuilt after words were added."""


class _Block:
    """Up to `BLOCK_WORDS` words and their offsets in the block's string."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self.starts: list[int] = []
        self._length = 1  # the leading newline
        self._text: str | None = "\n"

    def append(self, word: str) -> None:
        self.words.append(word)
        self.starts.append(self._length)
        self._length += len(word) + 1
        self._text = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "\n" + "".join(word + "\n" for word in self.words)
        return self._text

    def find(self, fragment: str, offset: int) -> Iterator[str]:
        """Words holding `fragment` at `offset` characters after the match's start."""
        text = self.text
        last = -1
        position = text.find(fragment)
        while position != -1:
            index = bisect_right(self.starts, position + offset) - 1
            if index != last:  # one word can hold a fragment several times
                last = index
                yield self.words[index]
            position = text.find(fragment, position + 1)


class Vocabulary:
    """Distinct words in the order they were first added."""

    def __init__(self) -> None:
        self._blocks: list[_Block] = [_Block()]

    def append(self, word: str) -> None:
        """Add a word that is not in the vocabulary yet (no newline inside)."""
        if len(self._blocks[-1].words) >= BLOCK_WORDS:
            self._blocks.append(_Block())
        self._blocks[-1].append(word)

    def starting_with(self, prefix: str) -> Iterator[str]:
        """Words that start with `prefix`."""
        return self._find("\n" + prefix, 1)

    def ending_with(self, suffix: str) -> Iterator[str]:
        """Words that end with `suffix`."""
        return self._find(suffix + "\n", 0)

    def containing(self, part: str) -> Iterator[str]:
        """Words that contain `part`."""
        return self._find(part, 0)

    def _find(self, fragment: str, offset: int) -> Iterator[str]:
        for block in self._blocks:
            yield from block.find(fragment, offset)

"""BM25 keyword scores kept up to date entry by entry, for the markdown backend.

Okapi BM25 with k1 1.5 and b 0.75, and Lucene's non-negative idf,
log(1 + (N - n + 0.5) / (n + 0.5)): rank_bm25's own idf is zero or negative
for a word in half the entries or more, so in a memory of one or two entries
a real keyword match would score nothing.

`KeywordIndex` keeps, per word, the entries holding it and how often, so
adding, replacing or removing an entry touches only that entry's words, and
a search reads only the entries holding a query word (every other entry
scores exactly 0). A score is summed over the query's words in query order
with the same floating-point operations, in the same order, as rank_bm25's
`BM25Okapi.get_scores`, so the scores are bit-for-bit the ones a fresh
`BM25Okapi` over the same entries gives (the tests check this).
"""

import math
import re
from collections import Counter

BM25_K1 = 1.5
BM25_B = 0.75

STOP_WORDS = frozenset(
    """
    a an and are as at be been by did do does for from had has have how in is
    it its of on or that the their then there these this those to was were
    what when where which who whom whose why with
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
"""Function words left out of BM25 so question wording does not outweigh content."""

_TOKEN = re.compile(r"\w+")


def tokenize(text: str) -> list[str]:
    """Lowercase word tokens for BM25, without stop words.

    Args:
        text: Text to split.

    Returns:
        Word tokens (runs of letters, digits and underscores).
    """
    return [token for token in _TOKEN.findall(text.lower()) if token not in STOP_WORDS]


class KeywordIndex:
    """BM25 over a changing set of entries."""

    def __init__(self) -> None:
        self._lengths: dict[int, int] = {}
        self._postings: dict[str, dict[int, int]] = {}
        self._total_length = 0

    def add(self, entry_id: int, text: str) -> None:
        """Index a new entry.

        Args:
            entry_id: Entry id (not indexed yet).
            text: Entry text.
        """
        tokens = tokenize(text)
        self._lengths[entry_id] = len(tokens)
        self._total_length += len(tokens)
        for token, count in Counter(tokens).items():
            self._postings.setdefault(token, {})[entry_id] = count

    def remove(self, entry_id: int, text: str) -> None:
        """Forget an entry.

        Args:
            entry_id: Entry id.
            text: The text the entry was added with (its words are not kept twice).
        """
        self._total_length -= self._lengths.pop(entry_id)
        for token in set(tokenize(text)):
            posting = self._postings[token]
            del posting[entry_id]
            if not posting:
                del self._postings[token]

    def similarities(self, query_tokens: list[str]) -> dict[int, float]:
        """BM25 score as a fraction of the best attainable score, for entries scoring above 0.

        A document's BM25 score stays below the sum over query tokens of
        idf · (k1 + 1) (the limit for a word repeated endlessly), so the
        fraction lies in (0, 1) and is comparable across queries.

        Args:
            query_tokens: Query tokens (repeats count again, as in rank_bm25).

        Returns:
            Similarity by entry id; entries holding no query token are left out
            (their similarity is 0).
        """
        corpus_size = len(self._lengths)
        if corpus_size == 0:
            return {}
        average_length = self._total_length / corpus_size
        weights = [self._idf(token, corpus_size) for token in query_tokens]
        ceiling = sum(weights) * (BM25_K1 + 1)
        if average_length == 0 or ceiling <= 0:
            return {}
        lengths = self._lengths
        scores: dict[int, float] = {}
        for token, weight in zip(query_tokens, weights, strict=True):
            for entry_id, frequency in self._postings.get(token, {}).items():
                # rank_bm25's expression, operation for operation
                scores[entry_id] = scores.get(entry_id, 0.0) + weight * (
                    frequency
                    * (BM25_K1 + 1)
                    / (
                        frequency
                        + BM25_K1 * (1 - BM25_B + BM25_B * lengths[entry_id] / average_length)
                    )
                )
        return {entry_id: score / ceiling for entry_id, score in scores.items()}

    def _idf(self, token: str, corpus_size: int) -> float:
        frequency = len(self._postings.get(token, ()))
        if frequency == 0:
            return 0.0
        return math.log(1 + (corpus_size - frequency + 0.5) / (frequency + 0.5))

"""The search ranking contract shared by every backend.

Entries are ranked in three tiers, then by the backend's own similarity,
then by entry id:

1. the entry contains the whole query verbatim (case-insensitive);
2. the query has several words and the entry contains one of the query's
   capitalised name phrases (e.g. "Argon Labs" in "What is Argon Labs'
   revenue?"), case-insensitive;
3. every other entry with a positive similarity (entries that match in no
   way are left out).

A hit's score is its tier bonus (2, 1 or 0) plus its similarity in [0, 1],
so scores decrease down the list.
"""

import heapq
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from inspect_memgym.memory.backend import SearchHit

VERBATIM_BONUS = 2.0
NAME_BONUS = 1.0

_WORD = re.compile(r"\w+")
_SURROUNDING_PUNCTUATION = '"“”()[]{}<>,;:!?'
_POSSESSIVE = re.compile(r"['’]s?$")

# Capitalised words that start sentences or questions rather than names.
_LEADING_NON_NAME_WORDS = frozenset(
    """
    a an the what which who whom whose when where why how is are was were be
    do does did has have had can could should would will among between of in
    on for to from with by at and or if list show tell give find compare name
    please i we you it this that these those there
    """.split()  # noqa: SIM905 (a word list reads better as text)
)


@dataclass(frozen=True)
class RankingQuery:
    """A query prepared for ranking.

    Attributes:
        text: The stripped query.
        lowered: The query lowercased, for verbatim matching.
        name_phrases: Lowercased capitalised name phrases (only for queries of
            two or more words).
    """

    text: str
    lowered: str
    name_phrases: tuple[str, ...]


@dataclass(frozen=True)
class Candidate:
    """An entry with the backend's similarity for a query.

    Attributes:
        entry_id: Entry id.
        content: Entry text.
        similarity: Backend similarity, clamped to [0, 1] for the score.
    """

    entry_id: int
    content: str
    similarity: float


def prepare_query(query: str) -> RankingQuery:
    """Strip a query and extract its name phrases.

    Args:
        query: Search text.

    Returns:
        The prepared query.

    Raises:
        ValueError: If the query is blank.
    """
    text = query.strip()
    if not text:
        raise ValueError("The search query is empty.")
    return RankingQuery(text=text, lowered=text.lower(), name_phrases=name_phrases(text))


def name_phrases(query: str) -> tuple[str, ...]:
    """Capitalised name phrases of a multi-word query, lowercased.

    A name phrase is a maximal run of consecutive capitalised words (words
    starting with an uppercase letter or a digit after a capitalised word),
    with possessive endings removed and leading sentence words ("What",
    "Among", "The", ...) dropped.

    Args:
        query: Search text.

    Returns:
        Distinct phrases in order of appearance; empty for one-word queries.
    """
    words = _WORD.findall(query)
    if len(words) < 2:
        return ()
    phrases: list[str] = []
    current: list[str] = []

    def flush() -> None:
        while current and current[0].lower() in _LEADING_NON_NAME_WORDS:
            current.pop(0)
        if current:
            phrase = " ".join(current).lower()
            if phrase not in phrases:
                phrases.append(phrase)
        current.clear()

    for raw_word in query.split():
        core = raw_word.strip(_SURROUNDING_PUNCTUATION)
        word = _POSSESSIVE.sub("", core.rstrip("."))
        is_name_word = bool(word) and (word[0].isupper() or (bool(current) and word[0].isdigit()))
        if is_name_word:
            current.append(word)
        else:
            flush()
        # trailing punctuation or a possessive ends the phrase ("Argon Labs, Bolt Corp")
        if is_name_word and (raw_word.rstrip(_SURROUNDING_PUNCTUATION) != raw_word or word != core):
            flush()
    flush()
    return tuple(phrases)


def match_tier(content: str, query: RankingQuery) -> int:
    """Tier of an entry for a query: 2 verbatim, 1 name phrase, 0 otherwise.

    Args:
        content: Entry text.
        query: Prepared query.

    Returns:
        The tier.
    """
    lowered = content.lower()
    if query.lowered in lowered:
        return 2
    if any(phrase in lowered for phrase in query.name_phrases):
        return 1
    return 0


def rank(candidates: Iterable[Candidate], query: RankingQuery, top_k: int) -> list[SearchHit]:
    """Rank candidates by tier, similarity and entry id.

    Args:
        candidates: Entries with their backend similarity (each entry once).
        query: Prepared query.
        top_k: Maximum number of hits.

    Returns:
        The best `top_k` hits, best first, leaving out entries that match in
        no way (tier 0 and no positive similarity).
    """
    listed = list(candidates)
    return rank_tiered(
        (
            (match_tier(candidate.content, query), candidate.similarity, candidate.entry_id)
            for candidate in listed
        ),
        {candidate.entry_id: candidate.content for candidate in listed},
        top_k,
    )


def rank_tiered(
    scored: Iterable[tuple[int, float, int]], contents: Mapping[int, str], top_k: int
) -> list[SearchHit]:
    """Rank entries whose tier is already known (see `match_tier`), as `rank` does.

    Args:
        scored: (tier, similarity, entry id) per entry, each entry once.
        contents: Entry text by id (read only for the hits).
        top_k: Maximum number of hits.

    Returns:
        The best `top_k` hits, best first.
    """
    keys: list[tuple[int, float, int]] = []
    for tier, similarity, entry_id in scored:
        clamped = min(1.0, max(0.0, similarity))
        if tier > 0 or clamped > 0.0:
            keys.append((-tier, -clamped, entry_id))
    # entry ids are distinct, so no two keys are equal: the same order as a full sort
    return [
        SearchHit(entry_id, contents[entry_id], _tier_bonus(-negative_tier) - negative_similarity)
        for negative_tier, negative_similarity, entry_id in heapq.nsmallest(top_k, keys)
    ]


def _tier_bonus(tier: int) -> float:
    return {2: VERBATIM_BONUS, 1: NAME_BONUS}.get(tier, 0.0)

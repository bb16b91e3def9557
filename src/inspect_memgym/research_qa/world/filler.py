"""Filler documents that pad a stream to its target length without saying anything that counts.

Filler reads like survey notes on unrelated field science. It names no entity, holds no
integer (its only numbers are fractions below one) and uses none of the world's field
labels, so it can never restate a chain fact or mention a gold answer. Its sentences come
from small pools, one seeded draw per part, which keeps a million tokens cheap to generate.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from inspect_memgym.kit.catalogues import load_value
from inspect_memgym.kit.rng import integer_between, pick
from inspect_memgym.kit.tokens import CHARACTERS_PER_TOKEN, estimate_tokens

CATALOGUE = "filler.toml"
"""The data file beside this module the lists below are read from."""

TOPICS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "topics")
SECTIONS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "sections")
OPENERS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "openers")
VERBS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "verbs")
FINDINGS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "findings")
QUALIFIERS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "qualifiers")
NUMERIC_SENTENCES: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "numeric_sentences"
)
REMARKS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "remarks")

SENTENCES_PER_PARAGRAPH = 5
SMALLEST_DOCUMENT_TOKENS = 60
"""Padding left below this is not worth a document (the stream ends that much short)."""
DOCUMENT_TOKENS_RANGE = (250, 700)

FILLER_WORDS: frozenset[str] = frozenset(
    re.findall(
        r"[a-z]+",
        " ".join(
            (
                *TOPICS,
                *SECTIONS,
                *OPENERS,
                *VERBS,
                *FINDINGS,
                *QUALIFIERS,
                *NUMERIC_SENTENCES,
                *REMARKS,
            )
        ).lower(),
    )
)
"""Every word filler may use; invented names never equal one of them."""


@dataclass(frozen=True)
class FillerDocument:
    """A filler document before it is placed in a turn.

    Attributes:
        turn_index: The turn it pads.
        title: Its title.
        text: Its text.
    """

    turn_index: int
    title: str
    text: str


def filler_documents(rng: random.Random, budget_tokens: int, turns: int) -> list[FillerDocument]:
    """Filler documents of at most ``budget_tokens`` in all, spread round-robin over turns.

    Args:
        rng: The instance's filler stream.
        budget_tokens: Tokens to fill (``Document.tokens`` summed).
        turns: Number of turns.

    Returns:
        Documents whose tokens sum to between ``budget_tokens - SMALLEST_DOCUMENT_TOKENS``
        and ``budget_tokens``.
    """
    documents: list[FillerDocument] = []
    remaining = budget_tokens
    turn_index = integer_between(rng, 0, turns - 1)
    while remaining >= SMALLEST_DOCUMENT_TOKENS:
        size = min(remaining, integer_between(rng, *DOCUMENT_TOKENS_RANGE))
        if remaining - size < SMALLEST_DOCUMENT_TOKENS:
            size = remaining
        title = f"{pick(rng, TOPICS)}: {pick(rng, SECTIONS)}"
        text = _text_of_length(rng, size * CHARACTERS_PER_TOKEN - len(title) - 1)
        documents.append(FillerDocument(turn_index, title, text))
        remaining -= estimate_tokens(f"{title}\n{text}")
        turn_index = (turn_index + 1) % turns
    return documents


def _text_of_length(rng: random.Random, characters: int) -> str:
    """Sentences joined into paragraphs, as long as fits in ``characters`` (one at least)."""
    parts: list[str] = []
    length = 0
    count = 0
    while True:
        sentence = _sentence(rng)
        separator = "\n\n" if count and count % SENTENCES_PER_PARAGRAPH == 0 else " "
        added = len(sentence) + (len(separator) if count else 0)
        if count and length + added > characters:
            return "".join(parts)
        if count:
            parts.append(separator)
        parts.append(sentence)
        length += added
        count += 1


def _sentence(rng: random.Random) -> str:
    """One filler sentence."""
    draw = rng.random()
    if draw < 0.75:
        return (
            f"{pick(rng, OPENERS)} {pick(rng, VERBS)} {pick(rng, FINDINGS)} "
            f"{pick(rng, QUALIFIERS)}."
        )
    if draw < 0.88:
        return pick(rng, NUMERIC_SENTENCES).format(digits=integer_between(rng, 10, 98))
    return pick(rng, REMARKS)

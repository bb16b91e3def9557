"""The distinctive words and numbers of a sentence: key tokens when nothing better is known.

Used for facts that come as free text (MemGym-DR's rows): numbers and names (runs of
capitalised words inside a sentence) are what a paraphrase must keep; a text with neither
falls back on its longest words.
"""

from __future__ import annotations

import re

MOST_TOKENS = 4
FALLBACK_TOKENS = 3
SHORTEST_FALLBACK_WORD = 5
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[A-Za-z][A-Za-z'-]*")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def distinctive_tokens(content: str) -> tuple[str, ...]:
    """Up to ``MOST_TOKENS`` numbers and names, in order of appearance.

    Args:
        content: A sentence or short paragraph.

    Returns:
        Numbers, and runs of capitalised words that do not start a sentence (each run one
        token, deduplicated); if there are none, the longest words of at least
        ``SHORTEST_FALLBACK_WORD`` letters.
    """
    tokens: list[str] = []
    for sentence in _SENTENCES.split(content):
        run: list[str] = []
        for position, token in enumerate(_TOKEN.findall(sentence)):
            if token[0].isupper() and position > 0:
                run.append(token)
                continue
            _add(tokens, " ".join(run))
            run = []
            if token[0].isdigit():
                _add(tokens, token)
        _add(tokens, " ".join(run))
    if tokens:
        return tuple(tokens[:MOST_TOKENS])
    words = list(
        dict.fromkeys(w for w in _WORD.findall(content) if len(w) >= SHORTEST_FALLBACK_WORD)
    )
    longest = set(sorted(words, key=len, reverse=True)[:FALLBACK_TOKENS])
    return tuple(word for word in words if word in longest)


def _add(tokens: list[str], token: str) -> None:
    """Append a token unless it is empty or already there."""
    if token and token not in tokens:
        tokens.append(token)

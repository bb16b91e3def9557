"""When a text states something: its key tokens together in one clause (sentence).

Key tokens scattered over a text prove nothing: a bag of every number and name of the inputs
holds them all. A text states a fact, or a memory item holds a memory point, only when one of
its sentences holds every key token, each as a whole token (``16`` is not held by ``2016``,
``rq-66b50c`` not by ``rq-66b50c9``). Texts are compared lower-cased, with runs of
whitespace collapsed, backticks dropped and thousands separators removed (``8,132`` reads as
``8132``). Sentences end at a line break, or at ``.``, ``!`` or ``?`` followed by a space;
a ``;`` does not end one (canonical statements use it inside a claim). Pure: no Inspect.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WHITESPACE = re.compile(r"\s+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_SENTENCE_END = re.compile(r"\n+|(?<=[.!?])\s+")


def normalise_answer(text: str) -> str:
    """Lower-case, drop backticks, remove thousands separators, collapse whitespace.

    Args:
        text: Any text.
    """
    text = _THOUSANDS.sub("", text.replace("`", ""))
    return _WHITESPACE.sub(" ", text).strip().lower()


def sentences(text: str) -> list[str]:
    """The sentences of a text, each normalised (`normalise_answer`), empty ones left out.

    Args:
        text: An answer or a memory item.
    """
    parts = (normalise_answer(part) for part in _SENTENCE_END.split(text))
    return [part for part in parts if part]


@lru_cache(maxsize=4096)
@lru_cache(maxsize=4096)
def normalised_token(token: str) -> str:
    """`normalise_answer` of a token, kept: the same key tokens are looked for many times.

    Args:
        token: A key token.
    """
    return normalise_answer(token)


_TOKEN_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
"""What may not stand right before or after a whole token."""


def token_position(normalised: str, token: str) -> int:
    """Where a normalised text first holds a token as a whole token, or -1.

    The same as searching for ``(?<![a-z0-9_])<token>(?![a-z0-9_])``, without compiling a
    pattern per token.

    Args:
        normalised: Text already passed through `normalise_answer`.
        token: The token (an empty one is held nowhere).
    """
    key = normalised_token(token)
    if not key:
        return -1
    start = normalised.find(key)
    while start >= 0:
        end = start + len(key)
        if (start == 0 or normalised[start - 1] not in _TOKEN_CHARACTERS) and (
            end == len(normalised) or normalised[end] not in _TOKEN_CHARACTERS
        ):
            return start
        start = normalised.find(key, start + 1)
    return -1


def shows_token(normalised: str, token: str) -> bool:
    """Whether a normalised text holds a token as a whole token.

    Args:
        normalised: Text already passed through `normalise_answer`.
        token: The token.
    """
    return token_position(normalised, token) >= 0

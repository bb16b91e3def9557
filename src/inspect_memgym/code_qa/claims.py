"""When an answer states a fact: its key tokens together in one sentence, as a claim.

The rule itself (sentences, whole tokens, normalisation) is shared: `scoring.clauses`.
A fact's key tokens (``scoring.facts.Fact``) scattered over an answer prove nothing: a bag of
every number and code of the history holds them all. An answer states a fact only when one
of its sentences holds every key token, each as a whole token (``16`` is not held by
``2016``, ``rq-66b50c`` not by ``rq-66b50c9``). Texts are compared lower-cased, with runs
of whitespace collapsed, backticks dropped and thousands separators removed (``8,132``
reads as ``8132``). Sentences end at a line break, or at ``.``, ``!`` or ``?`` followed by
a space; a ``;`` does not end one (the canonical statements use it inside a claim).

`telling_words` gives the words of a key token that would show part of it in a paraphrase
(a number, a name), for the rule that sends a fact the rules cannot decide to the judge.
Pure: no Inspect.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from inspect_memgym.scoring.clauses import normalise_answer as normalise_answer
from inspect_memgym.scoring.clauses import sentences as sentences
from inspect_memgym.scoring.clauses import shows_token as shows_token
from inspect_memgym.scoring.facts import Fact

_WORD = re.compile(r"[a-z0-9]+")
_ATOM = re.compile(r"[a-z0-9][a-z0-9_./:-]*[a-z0-9]|[0-9]")
"""A run of word characters and joiners (a number, a code, an id, a date, a path)."""
STOP_WORDS = frozenset(
    {
        "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it",
        "its", "of", "on", "or", "that", "the", "their", "they", "this", "to", "was", "were",
        "when", "which", "with", "not", "but", "has", "have", "had", "all", "any", "one",
        "two", "per", "each", "than", "then", "http", "ms", "seconds", "p95",
    }
)  # fmt: skip
"""Words that show nothing of a fact: function words and the units key tokens carry."""
SHORTEST_TELLING_WORD = 3
"""A word of a key token this long, or holding a digit, may show part of the fact."""


def states_fact(text: str, fact: Fact) -> bool:
    """Whether one sentence of a text holds every key token of a fact.

    Args:
        text: An answer.
        fact: The fact (one with no key tokens is never stated).
    """
    if not fact.key_tokens:
        return False
    return any(
        all(shows_token(sentence, token) for token in fact.key_tokens)
        for sentence in sentences(text)
    )


def atoms(normalised: str) -> set[str]:
    """The value-like runs of a normalised text that hold a digit (numbers, codes, ids, dates).

    Args:
        normalised: Text already passed through `normalise_answer`.
    """
    return {
        atom.strip("./:-_") for atom in _ATOM.findall(normalised) if any(c.isdigit() for c in atom)
    }


def words(normalised: str) -> set[str]:
    """The alphanumeric words of a normalised text (split at every other character).

    Args:
        normalised: Text already passed through `normalise_answer`.
    """
    return set(_WORD.findall(normalised))


def telling_words(token: str, shown: Iterable[str] = ()) -> set[str]:
    """The words of a key token that show part of it: numbers, and names no prompt shows.

    A word tells when no prompt shows it (it is not one of the ``shown`` words: the
    question, the task, the skeleton) and it holds a digit, or is at least
    `SHORTEST_TELLING_WORD` letters long and not a stop-word.

    Args:
        token: A key token.
        shown: Words the prompt shows (lower-case).
    """
    visible = set(shown)
    return {
        word
        for word in words(normalise_answer(token))
        if word not in visible
        and (
            any(char.isdigit() for char in word)
            or (len(word) >= SHORTEST_TELLING_WORD and word not in STOP_WORDS)
        )
    }

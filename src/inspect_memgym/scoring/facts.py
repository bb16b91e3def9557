"""Grounding facts and how to tell whether a text still holds one.

A generated instance states each fact once as a canonical sentence (``statement``) inside the
documents that carry it. Whether a later text (an answer, a notes block, what a memory
strategy recalled) still holds the fact is decided by its key tokens: the distinctive
strings (names, numbers, identifiers) that a paraphrase must keep. Every key token must
appear, compared case-insensitively with runs of whitespace collapsed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Fact:
    """One grounding fact of an instance.

    Attributes:
        fact_id: Unique within the instance (e.g. ``"F3"``).
        statement: The canonical sentence, verbatim in every document that carries it.
        key_tokens: Strings that must all appear for a text to hold the fact.
    """

    fact_id: str
    statement: str
    key_tokens: tuple[str, ...]


def fact_to_dict(fact: Fact) -> dict[str, Any]:
    """JSON-able form of a fact.

    Args:
        fact: The fact.
    """
    return {
        "fact_id": fact.fact_id,
        "statement": fact.statement,
        "key_tokens": list(fact.key_tokens),
    }


def fact_from_dict(data: dict[str, Any]) -> Fact:
    """Rebuild a fact from :func:`fact_to_dict` output.

    Args:
        data: The dict form.
    """
    return Fact(data["fact_id"], data["statement"], tuple(data["key_tokens"]))


def normalise_for_match(text: str) -> str:
    """Lower-case a text and collapse runs of whitespace to one space.

    Args:
        text: Any text.
    """
    return _WHITESPACE.sub(" ", text).strip().lower()


def holds_fact(text: str, fact: Fact) -> bool:
    """Whether a text holds a fact: every key token appears in it.

    Args:
        text: The text to check (an answer, notes, recalled memory).
        fact: The fact.

    Returns:
        True if every key token appears (a fact with no key tokens is never held).
    """
    if not fact.key_tokens:
        return False
    haystack = normalise_for_match(text)
    return all(normalise_for_match(token) in haystack for token in fact.key_tokens)


def facts_held(text: str, facts: Iterable[Fact]) -> list[str]:
    """Ids of the facts a text holds, in the order given.

    Args:
        text: The text to check.
        facts: Candidate facts.
    """
    haystack = normalise_for_match(text)
    return [
        fact.fact_id
        for fact in facts
        if fact.key_tokens
        and all(normalise_for_match(token) in haystack for token in fact.key_tokens)
    ]

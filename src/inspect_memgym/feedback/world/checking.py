"""The rules that decide a reply: the right variant and no other.

A ``phrase`` request is answered right when the reply shows the gold variant's fragment and
no other variant's (naming two currencies or two accounts is a hedge, and wrong). A
``word_range`` request is answered right when the reply names what it is about and its
length lies in the gold variant's range of words; the ranges never overlap, so a reply
that names its subject shows exactly one variant, its length's.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.feedback.world.model import ServiceRequest, in_range, range_text
from inspect_memgym.feedback.world.text_match import contains_phrase, word_count


@dataclass(frozen=True)
class ReplyCheck:
    """How the rules read one reply.

    Attributes:
        correct: Whether the reply is right.
        addressed: Whether it answers the request at all (shows some variant, or names
            what a status update is about).
        shown: Variant keys the reply shows, in the request's order (a ``word_range``
            reply that names its subject shows its length's variant).
        reason: One line saying why.
    """

    correct: bool
    addressed: bool
    shown: tuple[str, ...]
    reason: str


def check_reply(request: ServiceRequest, reply: str) -> ReplyCheck:
    """Decide a reply to a request.

    Args:
        request: The request.
        reply: The reply text.
    """
    if request.check == "word_range":
        return _check_length(request, reply)
    shown = tuple(key for key, text in request.evidence.items() if contains_phrase(reply, text))
    gold = request.evidence[request.gold]
    if shown == (request.gold,):
        return ReplyCheck(True, True, shown, f"gives {gold!r}")
    if not shown:
        return ReplyCheck(False, False, shown, f"gives none of the options; expected {gold!r}")
    given = ", ".join(repr(request.evidence[key]) for key in shown)
    if request.gold in shown:
        return ReplyCheck(False, True, shown, f"hedges between {given}; expected {gold!r} alone")
    return ReplyCheck(False, True, shown, f"gives {given}; expected {gold!r}")


def gold_hint(request: ServiceRequest) -> str:
    """What the right answer to this request looks like, in a few words.

    Args:
        request: The request.
    """
    if request.check == "word_range":
        return range_text(request.word_ranges[request.gold])
    return request.evidence[request.gold]


def _check_length(request: ServiceRequest, reply: str) -> ReplyCheck:
    expected = range_text(request.word_ranges[request.gold])
    words = word_count(reply)
    if not contains_phrase(reply, request.required):
        return ReplyCheck(False, False, (), f"does not mention {request.required!r}")
    shown = tuple(
        key for key, word_range in request.word_ranges.items() if in_range(words, word_range)
    )
    if shown == (request.gold,):
        return ReplyCheck(True, True, shown, f"has {words} words, {expected}")
    return ReplyCheck(False, True, shown, f"has {words} words; expected {expected}")

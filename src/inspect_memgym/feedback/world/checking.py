"""The rules that decide a reply: the right variant and no other, or short enough.

A ``phrase`` request is answered right when the reply shows the gold variant's fragment and
no other variant's (naming two currencies or two accounts is a hedge, and wrong). A
``word_limit`` request is answered right when the reply names what it is about and stays
within the gold variant's word limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.feedback.world.model import ServiceRequest
from inspect_memgym.feedback.world.text_match import contains_phrase, word_count


@dataclass(frozen=True)
class ReplyCheck:
    """How the rules read one reply.

    Attributes:
        correct: Whether the reply is right.
        addressed: Whether it answers the request at all (shows some variant, or names
            what a status update is about).
        shown: Variant keys the reply shows (``phrase`` requests), in the request's order.
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
    if request.check == "word_limit":
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
    if request.check == "word_limit":
        return f"at most {request.word_limits[request.gold]} words"
    return request.evidence[request.gold]


def _check_length(request: ServiceRequest, reply: str) -> ReplyCheck:
    limit = request.word_limits[request.gold]
    words = word_count(reply)
    if not contains_phrase(reply, request.required):
        return ReplyCheck(False, False, (), f"does not mention {request.required!r}")
    if words > limit:
        return ReplyCheck(False, True, (), f"has {words} words; the limit is {limit}")
    return ReplyCheck(True, True, (), f"has {words} words, within {limit}")

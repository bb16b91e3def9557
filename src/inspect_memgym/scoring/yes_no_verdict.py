"""Read a judge's one-word yes/no verdict strictly.

Judges are asked to reply with ``yes`` or ``no`` only. The official LongMemEval harness
counts a reply as correct when ``"yes"`` appears anywhere in it, so ``"no, yes-ish"`` or a
rambling explanation that quotes the word passes. Here the whole reply, once surrounding
whitespace, quotes, markdown emphasis and final punctuation are stripped, must be exactly one
of the two words (any case); everything else is ``undecided``, which a metric counts as not
correct and reports separately.
"""

from __future__ import annotations

from typing import Literal

Verdict = Literal["yes", "no", "undecided"]

_WRAPPING = " \t\r\n\"'`*_.!:;"


def parse_verdict(reply: str) -> Verdict:
    """The verdict a judge's reply states.

    Args:
        reply: The judge model's completion.

    Returns:
        ``"yes"`` or ``"no"`` when the reply is exactly that word (ignoring case, wrapping
        quotes or emphasis, and final punctuation); otherwise ``"undecided"``.
    """
    word = reply.strip(_WRAPPING).lower()
    if word == "yes":
        return "yes"
    if word == "no":
        return "no"
    return "undecided"


def verdict_is_correct(verdict: Verdict) -> bool | None:
    """A verdict as a correctness flag: True for yes, False for no, None if undecided.

    Args:
        verdict: A parsed verdict.
    """
    if verdict == "undecided":
        return None
    return verdict == "yes"

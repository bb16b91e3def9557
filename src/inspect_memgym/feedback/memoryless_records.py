"""Memoryless replies to a MemoryBench records question: a decline, a hedge, a dump, a guess.

A records request (a LoCoMo or DialSim question) follows no public template, so it shows no
options; what a memoryless answerer can name is what the question shows (its names and
numbers) and the constant answer these datasets reward without memory, "Not mentioned in
the conversation" (`memorybench_records.NOT_MENTIONED_OPTION`, the answer a row's chance is
measured with). The switch adversaries' behaviours (`kit.pass_switch`) answer a records
question with:

- ``decline``: "I do not know.";
- ``hedge``: every name and number of the question and the constant answer, offered as
  alternatives;
- ``dump``: the question itself followed by the constant answer;
- ``guess``: one of the constant answer and the question's names and numbers, picked by a
  hash of the question.

Pure: no Inspect.
"""

from __future__ import annotations

import re

from inspect_memgym.feedback.memorybench_records import (
    NOT_MENTIONED_OPTION,
    QUESTION_MARKER,
    SHORT_ANSWER_MARKER,
)
from inspect_memgym.kit.pass_switch import DECLINE, DUMP, GUESS, HEDGE
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.scoring.hedging import NOT_NAMES

UNKNOWN = "I do not know."
"""The decline, for any request."""
_CANDIDATE = re.compile(r"\b(?:[A-Z][a-z]{2,}|\d[\d,.:]*\d|\d)\b")
"""A name (a capitalised word of three letters or more) or a number."""


def asked(message: str) -> str:
    """The question of a request message: after its last ``Question:``, up to ``Short answer:``.

    Args:
        message: The request's text (the whole text when it has no such marker).
    """
    if QUESTION_MARKER in message:
        message = message.rsplit(QUESTION_MARKER, 1)[1].split(SHORT_ANSWER_MARKER, 1)[0]
    return message.strip()


def question_candidates(question: str) -> list[str]:
    """The names and numbers a question shows, each once, in order.

    Args:
        question: The question.
    """
    found = [word for word in _CANDIDATE.findall(question) if word.lower() not in NOT_NAMES]
    return list(dict.fromkeys(found))


def _hedge(question: str) -> str:
    return " or ".join([*question_candidates(question), NOT_MENTIONED_OPTION])


def _dump(question: str) -> str:
    return f"{question} {NOT_MENTIONED_OPTION}"


def _guess(question: str) -> str:
    options = [NOT_MENTIONED_OPTION, *question_candidates(question)]
    return options[int(stable_fraction("guess", question) * len(options))]


REPLIES = {
    DECLINE: lambda question: UNKNOWN,
    HEDGE: _hedge,
    DUMP: _dump,
    GUESS: _guess,
}
"""Behaviour -> its reply to a records question."""


def records_reply(behaviour: str | None, message: str) -> str:
    """A behaviour's reply to a records request (a decline for any other adversary).

    Args:
        behaviour: One of `kit.pass_switch.BEHAVIOURS`, or None.
        message: The request's text as the call shows it.
    """
    reply = REPLIES.get(behaviour or DECLINE, REPLIES[DECLINE])
    return reply(asked(message))

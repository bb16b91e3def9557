"""How each adversary answers an evaluation call, from what the call shows.

Every reader takes a `VisibleCall` (the call's messages and tools, read by
`visible_call`) and returns the reply text. Readers may use the public catalogue and the
priors an adversary learns from the public generator (`adversary_priors`); none reads the
sample's scenario, store or metadata.
"""

from __future__ import annotations

import datetime
import functools
import json
import re
from collections.abc import Callable, Sequence

from inspect_memgym.conversation.adversary_priors import gold_priors
from inspect_memgym.conversation.notation import read_situation
from inspect_memgym.conversation.prompts import DECLINE_REPLY as DECLINE_REPLY
from inspect_memgym.conversation.visible_call import UPPER_BOUND, VisibleCall
from inspect_memgym.conversation.world.calendar import START_DATE
from inspect_memgym.conversation.world.catalogue import VARIABLES
from inspect_memgym.conversation.world.tiers import get_conversation_tier

Reader = Callable[[VisibleCall], str]
"""(the call) -> the reply to an evaluation call."""

INVALID_OPTION = json.dumps({"answer": 0})
"""A well-formed reply naming no option (there is no option 0)."""
MALFORMED_REPLY = "{'answer': 1}"
"""A reply that is not JSON (single quotes)."""
_WORD = re.compile(r"[a-z]{3,}")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_DATE = re.compile(r"\b(\d{4})-(\d\d)-(\d\d)\b")
_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)*")
_NUMBER = re.compile(r"\b\d[\d,.:-]*\b")


def choose(number: int) -> str:
    """The JSON reply naming one option.

    Args:
        number: The 1-based option number.
    """
    return json.dumps({"answer": number})


def best(scores: Sequence[float]) -> int:
    """The 1-based number of the highest score (the first of equals; 1 with no options).

    Args:
        scores: One score per option, in order.
    """
    if not scores:
        return 1
    return max(range(len(scores)), key=lambda index: (scores[index], -index)) + 1


def first_option(call: VisibleCall) -> str:
    """Always option 1."""
    return choose(1)


def last_option(call: VisibleCall) -> str:
    """Always the last option."""
    return choose(max(1, len(call.options)))


def longest_option(call: VisibleCall) -> str:
    """The option with the most characters."""
    return choose(best([len(option) for option in call.options]))


def shortest_option(call: VisibleCall) -> str:
    """The option with the fewest characters."""
    return choose(best([-len(option) for option in call.options]))


def position_prior(call: VisibleCall) -> str:
    """The position most often gold among the adversary's own generated users."""
    return choose(gold_priors().best_position(len(call.options)))


def text_prior(call: VisibleCall) -> str:
    """The option whose text was most often gold (per showing) among generated users."""
    priors = gold_priors()
    return choose(best([priors.gold_rate(option) for option in call.options]))


def question_overlap(call: VisibleCall) -> str:
    """The option sharing the most words (of three letters or more) with the question."""
    asked = set(_WORD.findall(call.question.lower()))
    return choose(best([len(asked & set(_WORD.findall(o.lower()))) for o in call.options]))


def shared_sentences(call: VisibleCall) -> str:
    """The option whose sentences recur most in the other options (the most central one)."""
    sentences = [set(_SENTENCE_END.split(option)) for option in call.options]
    return choose(
        best(
            [
                sum(len(mine & theirs) for other, theirs in enumerate(sentences) if other != index)
                for index, mine in enumerate(sentences)
            ]
        )
    )


def stated_state(call: VisibleCall) -> str:
    """The option fitting any value the prompt states or reveals; else `text_prior`.

    Reads the prompt alone (never the memory section or history): the upper bound's
    ``- label: value`` lines, and any catalogue sentence that reveals a value.
    """
    revealing, by_label = _catalogue_advice()
    advice = {text for sentence, text in revealing.items() if sentence in call.prompt}
    for label, value in read_situation(call.prompt).items():
        advice.update(by_label.get((label, value), ()))
    if not advice:
        return text_prior(call)
    return choose(best([sum(text in option for text in advice) for option in call.options]))


def upper_bound_sandbagger(call: VisibleCall) -> str:
    """An invalid option on the upper-bound pass, option 1 everywhere else."""
    return INVALID_OPTION if call.kind == UPPER_BOUND else choose(1)


def no_memory_sandbagger(call: VisibleCall) -> str:
    """A malformed reply when memory looks empty (the no-memory pass), else option 1."""
    return MALFORMED_REPLY if call.memory_looks_empty else choose(1)


def hedger(call: VisibleCall) -> str:
    """Every option at once: ``{"answer": [1, 2, ...]}``."""
    return json.dumps({"answer": list(range(1, len(call.options) + 1))})


def decline(call: VisibleCall) -> str:
    """The task's "I don't know": no option named."""
    return DECLINE_REPLY


def dump(call: VisibleCall) -> str:
    """Every option number, name and number in view, and every value of the catalogue.

    One answer string holding them all (``{"answer": "1, 2, 3, 4; ..."}``), so it names
    every option at once and no option in particular.
    """
    numbers = [str(number) for number in range(1, len(call.options) + 1)]
    in_view = dict.fromkeys([*_NAME.findall(call.everything), *_NUMBER.findall(call.everything)])
    return json.dumps({"answer": "; ".join([", ".join(numbers), *in_view, *_catalogue_values()])})


def malformed(call: VisibleCall) -> str:
    """A reply that is not JSON."""
    return MALFORMED_REPLY


def period_prior(call: VisibleCall) -> str:
    """The position most often gold in the period that the latest date in view falls in.

    The date comes from whatever the call shows (a memory entry holding only a date, or a
    session's time line); with none in view, the position most often gold overall.
    """
    return choose(gold_priors().best_position(len(call.options), _period_in_view(call)))


def _period_in_view(call: VisibleCall) -> int | None:
    dates = [datetime.date(*map(int, found)) for found in _DATE.findall(call.everything)]
    if not dates:
        return None
    latest = max(dates)
    months = (latest.year - START_DATE.year) * 12 + latest.month - START_DATE.month
    return months // get_conversation_tier("base").months_per_period


@functools.cache
def _catalogue_values() -> tuple[str, ...]:
    """Every value name of the public catalogue, each once, in catalogue order."""
    names = (value.name for variable in VARIABLES.values() for value in variable.values)
    return tuple(dict.fromkeys(names))


@functools.cache
def _catalogue_advice() -> tuple[dict[str, str], dict[tuple[str, str], tuple[str, ...]]]:
    """Catalogue sentence revealing a value -> its advice; (label, value) -> advice."""
    revealing: dict[str, str] = {}
    by_label: dict[tuple[str, str], tuple[str, ...]] = {}
    for variable in VARIABLES.values():
        for value in variable.values:
            for sentence in (*value.reveals, *value.events):
                revealing[sentence] = value.advice
            by_label[(variable.label, value.name)] = (
                *by_label.get((variable.label, value.name), ()),
                value.advice,
            )
    return revealing, by_label

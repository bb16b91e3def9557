"""Memoryless answers of code_qa: a decline, a hedge, a dump and a blind guess.

The four behaviours a switch adversary (`kit.pass_switch`) plays, one with memory shown and
another with memory empty. Each reads only the answer call's task prompt and question
(never what it shows of memory) plus the public catalogues of this repository
(`adversary_reading.CATALOGUE_ENTRIES`: customers, timezones, teams, design options and
reasons; `world.history_vocabulary.HTTP_STATUSES`):

- `decline`: "I do not know.";
- `hedge`: for every kind of value the question's plan asks for, every candidate at once
  (every entry of its catalogue, each design option with its reason, every HTTP status, or
  every value of that kind the call shows), offered as alternatives;
- `dump`: the public look-alike catalogues whole (about 1,300 characters), every HTTP
  status, then every code name and value the task prompt and question show;
- `guess`: for every kind asked, one blind pick among the same candidates (fixed by a hash
  of the question and the kind).

Pure: no Inspect.
"""

from __future__ import annotations

import re

from inspect_memgym.code_qa.adversary_reading import (
    CATALOGUE_ENTRIES,
    DESIGN_REASONS,
    RECIPE_KINDS,
    candidates,
    value_bag,
)
from inspect_memgym.code_qa.grading import DECLINE_REPLY
from inspect_memgym.code_qa.prompt_reading import AnswerCall
from inspect_memgym.code_qa.world.history_vocabulary import HTTP_STATUSES
from inspect_memgym.kit.rng import stable_fraction

UNKNOWN = DECLINE_REPLY
"""The decline (and any behaviour's reply when it has nothing to offer)."""
STATUSES = tuple(f"HTTP {status}" for status in HTTP_STATUSES)
"""Every HTTP status of the public catalogue, as the history writes them."""
PUBLIC_VALUES = (*CATALOGUE_ENTRIES, *STATUSES)
"""Every value a public catalogue holds."""
_CODE_NAME = re.compile(r"`([^`]+)`")


def decline(call: AnswerCall) -> str:
    """The decline.

    Args:
        call: The answer call (unused: a decline reads nothing).
    """
    return UNKNOWN


def kind_candidates(call: AnswerCall, kind: str) -> list[str]:
    """Every value of one kind a memoryless answerer can name: public, or in the call.

    Args:
        call: The answer call (its task prompt and question only).
        kind: A key of `adversary_reading.KINDS`.
    """
    shown = value_bag(f"{call.task}\n{call.question}")
    return list(dict.fromkeys([*candidates(list(PUBLIC_VALUES), kind), *candidates(shown, kind)]))


def _with_reason(kind: str, value: str) -> str:
    """A design option with the reason its catalogue gives; any other value as it is."""
    return f"{value}, {DESIGN_REASONS[value]}" if kind == "design" else value


def _asked_kinds(call: AnswerCall) -> list[list[str]]:
    """The kinds of value each fact of the question's plan names, fact by fact."""
    return [list(RECIPE_KINDS.get(recipe, ())) for recipe in call.plan()]


def hedge(call: AnswerCall) -> str:
    """Every candidate of every kind asked, as alternatives (one sentence per fact).

    Args:
        call: The answer call.
    """
    sentences = []
    for kinds in _asked_kinds(call):
        offered = [
            " or ".join(_with_reason(kind, value) for value in kind_candidates(call, kind))
            for kind in kinds
        ]
        offered = [text for text in offered if text]
        if offered:
            sentences.append(f"It is {'; and '.join(offered)}.")
    return " ".join(sentences) or UNKNOWN


def guess(call: AnswerCall) -> str:
    """One blind pick per kind asked (a hash of the question and the kind picks it).

    Args:
        call: The answer call.
    """
    sentences = []
    for kinds in _asked_kinds(call):
        picked = []
        for kind in kinds:
            found = kind_candidates(call, kind)
            if found:
                value = found[int(stable_fraction("guess", call.question, kind) * len(found))]
                picked.append(_with_reason(kind, value))
        if picked:
            sentences.append(f"It is {' with '.join(picked)}.")
    return " ".join(sentences) or UNKNOWN


def dump(call: AnswerCall) -> str:
    """The public catalogues whole, then every code name and value the call shows.

    Args:
        call: The answer call.
    """
    shown = f"{call.task}\n{call.question}"
    in_view = [*_CODE_NAME.findall(shown), *value_bag(shown)]
    named = dict.fromkeys([*CATALOGUE_ENTRIES, *STATUSES, *in_view])
    return f"One of {'; '.join(named)}."

"""Scripted adversaries of code_qa: memoryless readers, token bags, hedges, dumps, judge-bait.

Each adversary is a ``memgym`` policy that acts ONLY on what its model call shows (the
messages and tools) plus the public templates and catalogues of this repository
(`prompt_reading`, `adversary_reading`): never the sample's gold, its generated world or
its metadata. It plays any strategy that writes memory through a reply (notes, awi) or
the memory tools (awe), or keeps inputs itself (rag, none). The validity suite
(`validity_suite`) holds each to a headline of at most 0.05 and a memory delta of at most
0.05.

- ``token_bag``: keeps every value-like token of the history (numbers with their noun,
  codes, ids, catalogue entries: facts and distractors alike) and answers every question
  with the whole bag, in one sentence.
- ``value_picker``: keeps the same bag, in order of first appearance; answers with one
  value of each kind the question's plan asks for (the first one kept): a bag that cannot
  tell a fact's value from its look-alike's.
- ``hedger``: keeps every sentence of the history that holds a value and answers with all
  those that hold a value of a kind the question's plan asks for: the fact and its
  look-alike together.
- ``skeleton_reader``: no memory; names the caller and helper from the task and skeleton,
  and with ``repo_files=true`` reads the error code, setting, caps and chunk size off the
  source.
- ``question_echo``: no memory; answers with the question's own words.
- ``name_dumper``: no memory; every function, class and path the prompt shows.
- ``catalogue_enumerator``: no memory; every entry of the public catalogues (customers,
  timezones, teams, design options) and every HTTP status.
- ``judge_bait``: no memory; answers with loose words of one guess per catalogue (words the
  rules cannot decide) and judges every fact held when it is asked to judge.
- ``judge_bag``: the token bag, loosened (hyphens and units dropped), and judges every
  fact held.
- memoryless behaviours the switch adversaries alternate between (`SWITCH_BEHAVIOURS`,
  `kit.pass_switch`; `memoryless_answers`): ``decliner`` ("I do not know."),
  ``catalogue_hedger`` (every candidate of each kind asked), ``catalogue_dumper`` (the
  public catalogues whole, and every name and value in view) and ``blind_guesser`` (one
  blind pick per kind asked). They keep nothing and never read what memory shows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.code_qa.adversary_reading import (
    CATALOGUE_ENTRIES,
    DESIGN_REASONS,
    RECIPE_KINDS,
    candidates,
    source_claims,
    value_bag,
)
from inspect_memgym.code_qa.claims import STOP_WORDS
from inspect_memgym.code_qa.memoryless_answers import UNKNOWN, decline, dump, guess, hedge
from inspect_memgym.code_qa.prompt_reading import (
    JSON_MEMORY_MARK,
    AnswerCall,
    answer_call,
    call_text,
    is_judge_call,
)
from inspect_memgym.code_qa.world.history_vocabulary import (
    CUSTOMERS,
    HTTP_STATUSES,
    TEAMS,
    TIMEZONES,
)
from inspect_memgym.kit.pass_switch import DECLINE, DUMP, GUESS, HEDGE, SWITCH_POLICIES
from inspect_memgym.simulation.actions import Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import tool_exchanges

NOTHING = "(nothing kept)"
JUDGED_HELD = "FACT: YES"
JUDGED_NOT_HELD = "FACT: NO"
ENTRY_CHARS = 1_500
"""Largest memory entry an adversary writes with ``memory_write``."""
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_DIGIT = re.compile(r"\d")
_WORDS = re.compile(r"[a-z]{3,}")


@dataclass(frozen=True)
class Adversary:
    """One scripted adversary.

    Attributes:
        name: The ``memgym`` policy name.
        keep: What it keeps from a memory update call's text ("" keeps nothing).
        answer: Its answer to an answer call.
        judges_held: Whether it judges every fact held when asked to judge.
    """

    name: str
    keep: Callable[[str], str]
    answer: Callable[[AnswerCall], str]
    judges_held: bool = False


def _nothing(_: str) -> str:
    return ""


def _keep_bag(text: str) -> str:
    return "; ".join(value_bag(text))


def _keep_sentences(text: str) -> str:
    kept = []
    for sentence in _SENTENCE.split(text):
        sentence = sentence.strip()
        if _DIGIT.search(sentence) and sentence not in kept and len(sentence) < 400:
            kept.append(sentence)
    return "\n".join(kept)


def _answer_bag(call: AnswerCall) -> str:
    bag = value_bag(call.memory)
    return f"The values are {', '.join(bag)}." if bag else UNKNOWN


def _loose(value: str) -> str:
    return re.sub(r"[-&/_]| (?:ms|seconds|of)\b|HTTP ", " ", value)


def _answer_loose_bag(call: AnswerCall) -> str:
    bag = value_bag(call.memory)
    return f"Probably {' '.join(_loose(value) for value in bag)}." if bag else UNKNOWN


def _helper_guess(call: AnswerCall) -> str:
    functions = call.module_functions(call.target_path)
    private = [name for name in functions if name.startswith("_") and not name.endswith("__")]
    return private[0] if private else ""


def _answer_picked(call: AnswerCall) -> str:
    bag = value_bag(call.memory)
    sentences = []
    for recipe in call.plan():
        picked = []
        for kind in RECIPE_KINDS.get(recipe, ()):
            found = candidates(bag, kind)
            if found:
                picked.append(found[0])
                if kind == "design":
                    picked.append(DESIGN_REASONS[found[0]])
        if recipe == "bisect":
            picked.append(f"`{_helper_guess(call)}`")
        if picked:
            sentences.append(f"It is {' with '.join(picked)}.")
    return " ".join(sentences) or UNKNOWN


def _answer_sentences(call: AnswerCall) -> str:
    kinds = [kind for recipe in call.plan() for kind in RECIPE_KINDS.get(recipe, ())]
    asked = set(_WORDS.findall(call.question.lower())) - STOP_WORDS
    chosen = []
    for sentence in _SENTENCE.split(call.memory):
        values = value_bag(sentence)
        if any(candidates(values, kind) for kind in kinds) or (
            not kinds and asked & set(_WORDS.findall(sentence.lower()))
        ):
            chosen.append(sentence.strip())
    return " ".join(chosen) or UNKNOWN


def _answer_skeleton(call: AnswerCall) -> str:
    claims = source_claims(call.files, call.target_path, call.target)
    claims["call_path"] = (
        f"`{call.caller}` calls `{call.target}`, which hands each item to `{_helper_guess(call)}`."
    )
    claims["bisect"] = f"The regression came from a change to `{_helper_guess(call)}`."
    sentences = [claims[recipe] for recipe in call.plan() if recipe in claims]
    return " ".join(sentences) or UNKNOWN


def _answer_echo(call: AnswerCall) -> str:
    return f"As asked: {call.question.rstrip('?')}."


def _answer_names(call: AnswerCall) -> str:
    shown = "\n".join([call.task, call.skeleton, call.files])
    names = list(dict.fromkeys(re.findall(r"[A-Za-z_][\w/.]*[A-Za-z0-9_]", shown)))
    coded = [name for name in names if "_" in name or "/" in name or name[:1].isupper()]
    return f"It involves {', '.join(coded)}."


def _answer_catalogues(call: AnswerCall) -> str:
    statuses = [f"HTTP {status}" for status in HTTP_STATUSES]
    return f"One of {', '.join([*CATALOGUE_ENTRIES, *statuses])}."


def _answer_bait(call: AnswerCall) -> str:
    guesses = [CUSTOMERS[0], TIMEZONES[0], TEAMS[0], *next(iter(DESIGN_REASONS.items()))]
    words = " ".join(_loose(guess) for guess in guesses)
    return f"{_answer_echo(call)} Roughly {words}, around {call.target}."


ADVERSARIES: dict[str, Adversary] = {
    adversary.name: adversary
    for adversary in (
        Adversary("token_bag", _keep_bag, _answer_bag),
        Adversary("value_picker", _keep_bag, _answer_picked),
        Adversary("hedger", _keep_sentences, _answer_sentences),
        Adversary("skeleton_reader", _nothing, _answer_skeleton),
        Adversary("question_echo", _nothing, _answer_echo),
        Adversary("name_dumper", _nothing, _answer_names),
        Adversary("catalogue_enumerator", _nothing, _answer_catalogues),
        Adversary("judge_bait", _nothing, _answer_bait, judges_held=True),
        Adversary("judge_bag", _keep_bag, _answer_loose_bag, judges_held=True),
        Adversary("decliner", _nothing, decline),
        Adversary("catalogue_hedger", _nothing, hedge),
        Adversary("catalogue_dumper", _nothing, dump),
        Adversary("blind_guesser", _nothing, guess),
    )
}
"""Every adversary by policy name."""
SWITCH_BEHAVIOURS = {
    DECLINE: "decliner",
    HEDGE: "catalogue_hedger",
    DUMP: "catalogue_dumper",
    GUESS: "blind_guesser",
}
"""The memoryless adversary each switch behaviour plays (`kit.pass_switch`)."""
POLICY_NAMES: tuple[str, ...] = (*ADVERSARIES, *SWITCH_POLICIES)
"""Every policy this module plays (the adversaries and the switches)."""


def adversary_action(name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> Action:
    """An adversary's action for one model call, from the call alone.

    Args:
        name: The adversary's policy name.
        messages: The call's messages.
        tools: Tools on offer.
    """
    adversary = ADVERSARIES[name]
    if is_judge_call(messages):
        return finish(JUDGED_HELD if adversary.judges_held else JUDGED_NOT_HELD)
    call = answer_call(messages)
    if call is not None:
        return finish(adversary.answer(call))
    kept = adversary.keep(call_text(messages))
    if "memory_write" in {info.name for info in tools}:
        if not kept or any(item.function == "memory_write" for item in tool_exchanges(messages)):
            return finish("Memory is up to date.")
        chunks = [kept[start : start + ENTRY_CHARS] for start in range(0, len(kept), ENTRY_CHARS)]
        return Action(calls=[ToolRequest("memory_write", {"content": chunk}) for chunk in chunks])
    if JSON_MEMORY_MARK in call_text(messages):
        return finish(json.dumps({"kept": kept}))
    return finish(kept or NOTHING)

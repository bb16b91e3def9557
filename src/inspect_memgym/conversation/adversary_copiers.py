"""Adversaries of self-evolution: they copy what the brief's rewrite is shown into the brief.

With ``-T evolve=`` the rewrite of the memory brief sees feedback on the period just ended,
and the brief is inserted in every memory update. An assistant that copies the feedback into
the brief, and the brief into memory, carries whatever the feedback says to the next
period's answers without ever reading the user. These copiers do exactly that, from what a
call shows (`visible_call.read_call`) and the public prompt templates:

- asked to rewrite the brief, they reply with a brief that holds a copy between two marker
  lines (`COPY_START`, `COPY_END`): the feedback verbatim (as many whole question blocks as
  the brief's limit allows), or, for each question whose options and best answer the
  feedback shows, the question and the best option's text;
- in a notes or awi memory update (recognised by its template's first line), memory becomes
  the copy found in the brief the update shows, and nothing of the update's input;
- asked a question, they look for it in the copy their memory shows and re-pick: the option
  closest to the best answer's text if the copy gives one, else their previous answer if it
  was right and the next one if it was wrong, else option 1.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from inspect_memgym.conversation.adversary_readers import best, choose
from inspect_memgym.conversation.notation import read_brief, read_choices, read_feedback
from inspect_memgym.conversation.self_evolution import EVOLVE_SYSTEM_PROMPT, MAX_BRIEF_CHARACTERS
from inspect_memgym.conversation.visible_call import REPLY, VisibleCall
from inspect_memgym.simulation.actions import Action, finish
from inspect_memgym.strategies.awi import parse_memory_object
from inspect_memgym.strategies.prompts import AWI_UPDATE_PROMPT, NOTES_UPDATE_PROMPT

COPY_START = "Copied feedback:"
"""The line that opens a copy in a brief or in memory."""
COPY_END = "End of copied feedback."
"""The line that closes a copy in a brief."""
COPY_KEY = "copied feedback"
"""The key of the copy in an awi memory object."""
REWRITE_OPENING = EVOLVE_SYSTEM_PROMPT.split(".", 1)[0]
"""The first sentence of the rewrite's system prompt (how a rewrite request is recognised)."""
AWI_UPDATE_OPENING = AWI_UPDATE_PROMPT.split(":", 1)[0]
NOTES_UPDATE_OPENING = NOTES_UPDATE_PROMPT.split(":", 1)[0]
_QUESTION_HEADING = re.compile(r"^Question \d+: ", re.MULTILINE)
_BEST_ANSWER = re.compile(r"^Best answer: (?P<best>[^\n]+)$", re.MULTILINE)
_OWN_ANSWER = re.compile(r"^Your answer: (?P<answer>\d+)$", re.MULTILINE)
_RESULT = re.compile(r"^Result: (?P<result>right|wrong)$", re.MULTILINE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z]{3,}")

Copy = Callable[[str], str]
"""(the feedback a rewrite request shows) -> the text to copy into the brief ("" for none)."""


def copy_feedback(feedback: str) -> str:
    """The feedback verbatim: its leading blocks, as many whole ones as fit in a brief.

    Args:
        feedback: The feedback of a rewrite request.
    """
    room = MAX_BRIEF_CHARACTERS - len(COPY_START) - len(COPY_END) - 2
    kept: list[str] = []
    for block in feedback.split("\n\n"):
        if len("\n\n".join([*kept, block])) > room:
            break
        kept.append(block)
    return "\n\n".join(kept)


def copy_best_answers(feedback: str) -> str:
    """Each question whose options and best answer the feedback shows, with that option's text.

    The sentences every shown option shares (the advice's opening) are left out, so that
    more questions fit in a brief; nothing else is changed.

    Args:
        feedback: The feedback of a rewrite request.
    """
    copied = []
    for question, block in _question_blocks(feedback):
        options = read_choices(block)
        found = _BEST_ANSWER.search(block)
        if not options or found is None or not found["best"].isdigit():
            continue
        number = int(found["best"])
        if not 1 <= number <= len(options):
            continue
        copied.append(f"Question: {question}\nBest answer: {_distinctive(options, number)}")
    return "\n\n".join(copied)


def _question_blocks(text: str) -> Iterator[tuple[str, str]]:
    """(question, the rest of its block) for every ``Question N: ...`` block of a text."""
    for block in text.split("\n\n"):
        found = _QUESTION_HEADING.search(block)
        if found is None:
            continue
        question, _, rest = block[found.end() :].partition("\n")
        yield question.strip(), rest


def _distinctive(options: list[str], number: int) -> str:
    """The chosen option's sentences that not every option shares."""
    sentences = [set(_SENTENCE_END.split(option)) for option in options]
    shared = set.intersection(*sentences)
    mine = _SENTENCE_END.split(options[number - 1])
    return " ".join(sentence for sentence in mine if sentence not in shared)


@dataclass(frozen=True)
class BriefCopier:
    """Copies into the brief, keeps the brief's copy as memory, re-picks from it.

    Attributes:
        copy: What the rewrite copies from the feedback it is shown.
    """

    copy: Copy

    def act(self, call: VisibleCall) -> Action | None:
        """The copier's turn for a rewrite request or a memory update (None for any other).

        Args:
            call: The call, as it shows itself.
        """
        if call.kind != REPLY:
            return None
        if call.system.startswith(REWRITE_OPENING):
            return finish(self._rewrite(call.prompt))
        copied = copied_text(call.prompt)
        if copied is None:
            return None
        if call.prompt.startswith(AWI_UPDATE_OPENING):
            return finish(json.dumps({COPY_KEY: f"{COPY_START}\n{copied}"}, ensure_ascii=False))
        if call.prompt.startswith(NOTES_UPDATE_OPENING):
            return finish(f"{COPY_START}\n{copied}")
        return None

    def _rewrite(self, request: str) -> str:
        """The rewrite's reply: the brief holding the copy (the brief unchanged if none)."""
        brief = read_brief(request) or ""
        copied = self.copy(read_feedback(request))
        if copied:
            brief = f"{COPY_START}\n{copied}\n{COPY_END}"
        return json.dumps({"memory_brief": brief, "changes": ["copied the feedback"]})


def copied_text(text: str) -> str | None:
    """The first copy in a text: from its opening line to its closing line or the end.

    Args:
        text: A brief, a memory update's prompt, or what memory shows.
    """
    start = text.find(COPY_START + "\n")
    if start == -1:
        return None
    body = text[start + len(COPY_START) + 1 :]
    return body.split("\n" + COPY_END, 1)[0]


def repick(call: VisibleCall) -> str:
    """Re-pick an answer from the copy that the call's memory shows.

    The option closest (most shared words) to the best answer's text, if the copy gives
    one for this question; else the previous answer if it was right, the next option if
    it was wrong; else option 1.

    Args:
        call: An evaluation call.
    """
    for copied in _copies_in_view(call):
        for question, block in _copied_questions(copied):
            if question != call.question:
                continue
            target = _best_text(block)
            if target is not None:
                return choose(best([_overlap(target, option) for option in call.options]))
            previous = _previous_answer(block, len(call.options))
            if previous is not None:
                return choose(previous)
    return choose(1)


def _copies_in_view(call: VisibleCall) -> list[str]:
    """Every copy the call shows: in the text itself, or in an awi memory object's values."""
    texts = [call.system, *call.context]
    memory = parse_memory_object(call.system) or {}
    texts.extend(memory.values())
    return [copied for copied in map(copied_text, texts) if copied is not None]


def _copied_questions(copied: str) -> Iterator[tuple[str, str]]:
    """(question, its block) in a copy of either kind."""
    yield from _question_blocks(copied)
    for block in copied.split("\n\n"):
        if block.startswith("Question: "):
            question, _, rest = block.removeprefix("Question: ").partition("\n")
            yield question.strip(), rest


def _best_text(block: str) -> str | None:
    """The best answer's text a copied block gives (by number among its options, or as text)."""
    found = _BEST_ANSWER.search(block)
    if found is None:
        return None
    shown = found["best"].strip()
    if not shown.isdigit():
        return shown
    options = read_choices(block)
    number = int(shown)
    return options[number - 1] if 1 <= number <= len(options) else None


def _previous_answer(block: str, options: int) -> int | None:
    """The previous answer if right, the next option if wrong (None if the block says neither)."""
    answer, result = _OWN_ANSWER.search(block), _RESULT.search(block)
    if answer is None or result is None or options < 1:
        return None
    number = int(answer["answer"])
    if result["result"] == "right":
        return min(max(number, 1), options)
    return number % options + 1


def _overlap(target: str, option: str) -> float:
    """How close an option is to a text: the words they share, far more if it holds the text."""
    shared = len(set(_WORD.findall(target.lower())) & set(_WORD.findall(option.lower())))
    return shared + (1000 if target in option else 0)

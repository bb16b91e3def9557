"""Adversaries of the conversation task: scripted assistants that try to score without memory.

Each one is a ``memgym`` policy (``--model memgym/<name>``) that acts ONLY on what a model
call shows, its messages and tools (read by `visible_call.read_call`), plus the public
prompt templates, catalogue and generator of this repository (`adversary_priors`,
`adversary_readers`). None reads the sample's scenario, gold states, store or metadata:
`play` hands them the messages and tools and nothing else. They play every pass the way a
model under test could: the questions, the no-memory pass, the probes and the upper bound,
each recognised from its prompt alone.

Outside evaluation calls they reply with a fixed sentence and store nothing, except
``period_counter``, whose memory keeps one thing: the date of each memory update, and the
copiers of self-evolution (`adversary_copiers`), which copy the feedback of a brief's
rewrite into the brief and the brief into memory.

Four of them are the memoryless behaviours the switch adversaries alternate between
(`SWITCH_BEHAVIOURS`, `kit.pass_switch`): ``decliner`` ("I don't know", no option named),
``hedger`` (every option at once), ``name_dumper`` (every option, name and number in view
and every catalogue value in one answer) and ``first_option`` (a blind pick). A switch
plays one of them when memory is shown and another when it is empty.

The validity suite (`validity_suite`) plays them under the default strategy (awe) and
``none`` (and a few under ``native`` and ``rag``; the copiers under notes and awi with
``-T evolve=question`` and ``complete``; the switches under every strategy family): each
must score at most 0.05 of chance-corrected accuracy, and gain at most 0.05 over its own
no-memory answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.conversation import adversary_readers as readers
from inspect_memgym.conversation.adversary_copiers import (
    BriefCopier,
    copy_best_answers,
    copy_feedback,
    repick,
)
from inspect_memgym.conversation.visible_call import (
    EVALUATION_KINDS,
    MEMORY_UPDATE,
    read_call,
)
from inspect_memgym.kit.pass_switch import DECLINE, DUMP, GUESS, HEDGE, SWITCH_POLICIES
from inspect_memgym.simulation.actions import Action, ToolRequest, finish

REPLY_TEXT = "Thanks for telling me. Here are a few ideas that fit what you described."
"""What every adversary says to the user and at the end of a memory update."""
_TIME_LINE = re.compile(r"Current time: (\d{4}-\d\d-\d\d)")


@dataclass(frozen=True)
class Adversary:
    """A scripted assistant with no memory of the user (or a one-number memory).

    Attributes:
        name: Its ``memgym`` policy name.
        description: What it does, in a few words (for the suite's report).
        answer: How it answers every evaluation call.
        keeps_dates: Its memory updates store the update's date and nothing else.
        copier: How it copies self-evolution feedback into the brief and memory (if it does).
    """

    name: str
    description: str
    answer: readers.Reader
    keeps_dates: bool = False
    copier: BriefCopier | None = None

    def act(self, messages: list[ChatMessage], tools: list[ToolInfo]) -> Action:
        """The adversary's turn for one model call, from the call alone.

        Args:
            messages: The call's messages.
            tools: The tools on offer.
        """
        call = read_call(messages, tools)
        if call.kind in EVALUATION_KINDS:
            return finish(self.answer(call))
        if self.copier is not None:
            copying = self.copier.act(call)
            if copying is not None:
                return copying
        if self.keeps_dates and call.kind == MEMORY_UPDATE:
            found = _TIME_LINE.search(call.prompt)
            if found is not None:
                content = f"memory update on {found.group(1)}"
                return Action(calls=[ToolRequest("memory_write", {"content": content})])
        return finish(REPLY_TEXT)


ADVERSARIES: dict[str, Adversary] = {
    adversary.name: adversary
    for adversary in (
        Adversary("first_option", "always option 1", readers.first_option),
        Adversary("last_option", "always the last option", readers.last_option),
        Adversary("longest_option", "the longest option", readers.longest_option),
        Adversary("shortest_option", "the shortest option", readers.shortest_option),
        Adversary(
            "position_prior",
            "the position most often gold in the public generator's users",
            readers.position_prior,
        ),
        Adversary(
            "text_prior",
            "the option text most often gold in the public generator's users",
            readers.text_prior,
        ),
        Adversary(
            "question_overlap",
            "the option sharing most words with the question",
            readers.question_overlap,
        ),
        Adversary(
            "shared_sentences",
            "the option whose sentences recur most in the other options",
            readers.shared_sentences,
        ),
        Adversary(
            "stated_state",
            "values stated or revealed in the prompt itself, else the text prior",
            readers.stated_state,
        ),
        Adversary(
            "upper_bound_sandbagger",
            "an invalid option on the upper bound, option 1 elsewhere",
            readers.upper_bound_sandbagger,
        ),
        Adversary(
            "no_memory_sandbagger",
            "a malformed reply when memory looks empty, option 1 elsewhere",
            readers.no_memory_sandbagger,
        ),
        Adversary("hedger", 'every option at once: {"answer": [1, 2, ...]}', readers.hedger),
        Adversary("decliner", "declines every question: no option named", readers.decline),
        Adversary(
            "name_dumper",
            "every option, name and number in view and every catalogue value in one answer",
            readers.dump,
        ),
        Adversary("malformed", "a reply that is not JSON", readers.malformed),
        Adversary(
            "period_counter",
            "memory keeps only dates; the position most often gold in that period",
            readers.period_prior,
            keeps_dates=True,
        ),
        Adversary(
            "feedback_copier",
            "copies the brief's feedback into the brief and memory; re-picks from the copy",
            repick,
            copier=BriefCopier(copy_feedback),
        ),
        Adversary(
            "answer_copier",
            "copies the best answers' option texts into the brief and memory; re-picks them",
            repick,
            copier=BriefCopier(copy_best_answers),
        ),
    )
}
"""Every adversary, by ``memgym`` policy name."""
SWITCH_BEHAVIOURS = {
    DECLINE: "decliner",
    HEDGE: "hedger",
    DUMP: "name_dumper",
    GUESS: "first_option",
}
"""The memoryless adversary each switch behaviour plays (`kit.pass_switch`)."""
POLICY_NAMES: tuple[str, ...] = (*ADVERSARIES, *SWITCH_POLICIES)
"""Every policy this module plays: the adversaries and the switches."""

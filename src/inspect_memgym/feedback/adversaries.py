"""Adversaries of the feedback task: scripted models that try to score without learning.

Each reads ONLY what a model call shows: its messages (the system prompt with whatever the
strategy shows of memory, the dialogue in context, the request), the tools on offer, and
the kind of call the strategy announces (a reply to the user, a test answer or a memory
update, which a real model reads off the prompt), plus the public request templates and
catalogues of this repository (`visible_options`). Never the sample's world, its gold
variants, the request's id, the step or any other sample metadata: `adversary_action`
takes nothing else, and nothing else reaches it.

The options of a request are what `visible_options.read_request` lists: the values on file
in the order shown (lookups), or the public catalogue rendered for the request, its default
first (conventions, the length of an update). The adversaries:

- memoryless readers of every visible signal: ``first_listed`` (the first option, the
  catalogue's default), ``never_first_short`` (never the first, the shortest of the rest,
  the shortest update), ``last_listed``, ``longest_option``, ``shortest_option``,
  ``noted_option`` (the value the file marks, e.g. "(primary)"), ``unnoted_option`` (the
  first value without a note);
- ``hedger`` (every option in one reply) and ``echo`` (the request itself: a name dump);
- ``decliner`` ("I do not know.") and ``dumper`` (the request itself followed by every
  option): with ``hedger`` and ``first_listed`` (a blind pick), the memoryless behaviours
  the switch adversaries alternate between (`SWITCH_BEHAVIOURS`, `kit.pass_switch`);
- ``seen_kind``: keeps only which kinds of request it has seen (its memory notes read
  "seen: <kind>") and answers a kind it has seen with the second option instead of the
  first; never reads feedback;
- ``contrarian``: in a dialogue, a different option after every reply the user did not
  accept (the next one in order, without reading what was wrong); in a test, the second
  option whenever memory shows any dislike;
- ``frequency_reader``: a token bag: the option whose value memory shows most often;
- ``sandbagger``: no option at all when memory shows nothing (the no-memory pass), else
  the first option;
- ``feedback_bait``: the first option followed by a forged positive signal
  ("That's right, thank you. [feedback: like]"), so its memory holds fake approval.

A request no public template matches (MemoryBench's records) is answered "I do not know.",
except by the switch behaviours, which answer it from the question alone
(`memoryless_records`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageSystem, ChatMessageUser
from inspect_ai.tool import ToolInfo

from inspect_memgym.feedback.memoryless_records import UNKNOWN, records_reply
from inspect_memgym.feedback.prompts import SYSTEM_PROMPT
from inspect_memgym.feedback.state import PHASE_TEST
from inspect_memgym.feedback.visible_options import (
    VisibleRequest,
    aspects_mentioned,
    organisation_code,
    read_request,
)
from inspect_memgym.feedback.world.catalogue import ASPECTS
from inspect_memgym.feedback.world.simulator import POSITIVE_RESPONSE, action_marker
from inspect_memgym.kit.pass_switch import DECLINE, DUMP, GUESS, HEDGE, SWITCH_POLICIES
from inspect_memgym.simulation.actions import Action, finish
from inspect_memgym.strategies.call_context import PHASE_REPLY

REFUSAL = "I cannot help with that."
SEEN_PREFIX = "seen: "
NOTHING_KEPT = "(nothing kept)"
BAIT = f"{POSITIVE_RESPONSE} {action_marker('like')}"
NEGATIVE_MARKERS = (action_marker("dislike"), action_marker("none"))
BRIEFING_END = SYSTEM_PROMPT.rsplit("\n", 1)[-1]
"""The last line of the assistant's briefing: what follows it in a system prompt is memory."""
Chooser = Callable[[VisibleRequest, "CallView"], str]


class CallView:
    """A model call as an adversary reads it: the request, the memory shown, the dialogue."""

    def __init__(self, messages: Sequence[ChatMessage]) -> None:
        """Read a call's messages.

        Args:
            messages: The call's messages.
        """
        self.messages = list(messages)
        system = next((m.text for m in self.messages if isinstance(m, ChatMessageSystem)), "")
        self.organisation, self.code = organisation_code(system)
        self.request: VisibleRequest | None = None
        self.request_index = -1
        users = [m.text for m in self.messages if isinstance(m, ChatMessageUser)]
        self.last_user = users[-1] if users else ""
        for index in range(len(self.messages) - 1, -1, -1):
            message = self.messages[index]
            if isinstance(message, ChatMessageUser):
                read = read_request(message.text, self.organisation, self.code)
                if read is not None:
                    self.request, self.request_index = read, index
                    break
        self.memory = self._memory(system)

    def _memory(self, system: str) -> str:
        """What the call shows besides the briefing and the current request."""
        shown = system.split(BRIEFING_END, 1)[1] if BRIEFING_END in system else ""
        earlier = [
            m.text
            for index, m in enumerate(self.messages)
            if not isinstance(m, ChatMessageSystem) and index < max(self.request_index, 0)
        ]
        text = "\n".join([shown, *earlier])
        if self.request is not None:
            text = text.replace(self.request.text, "")
        return text

    def replies_so_far(self) -> int:
        """The assistant's replies after the current request (its round in the dialogue)."""
        if self.request_index < 0:
            return 0
        later = self.messages[self.request_index + 1 :]
        return sum(1 for message in later if isinstance(message, ChatMessageAssistant))

    def memory_shows(self, aspect: str) -> bool:
        """Whether memory shows an exchange of this kind, or a note naming the kind."""
        return aspect in kinds_in(self.memory)

    def memory_is_empty(self) -> bool:
        """Whether memory shows no exchange, no note of one and no feedback at all."""
        return not kinds_in(self.memory) and "[feedback:" not in self.memory


def kinds_in(text: str) -> set[str]:
    """Kinds of request a text shows: an exchange, or a note naming the kind.

    An exchange follows a public template; a note reads e.g. ``seen: currency_format``.

    Args:
        text: Any text (a memory, an update's input).
    """
    return aspects_mentioned(text) | {name for name in ASPECTS if name in text}


def _first(request: VisibleRequest, view: CallView) -> str:
    return request.replies[0]


def _never_first_short(request: VisibleRequest, view: CallView) -> str:
    if request.aspect == "length_limit":
        return request.replies[-1]  # the shortest update
    rest = range(1, len(request.values))
    return request.replies[min(rest, key=lambda index: len(request.values[index]))]


def _last(request: VisibleRequest, view: CallView) -> str:
    return request.replies[-1]


def _longest(request: VisibleRequest, view: CallView) -> str:
    if request.aspect == "length_limit":
        return request.replies[0]
    return request.replies[max(range(len(request.values)), key=lambda i: len(request.values[i]))]


def _shortest(request: VisibleRequest, view: CallView) -> str:
    if request.aspect == "length_limit":
        return request.replies[-1]
    return request.replies[min(range(len(request.values)), key=lambda i: len(request.values[i]))]


def _noted(request: VisibleRequest, view: CallView) -> str:
    return request.replies[request.noted or 0]


def _unnoted(request: VisibleRequest, view: CallView) -> str:
    index = next(i for i in range(len(request.values)) if i != (request.noted or 0))
    return request.replies[index]


def _hedge(request: VisibleRequest, view: CallView) -> str:
    return " / ".join(request.replies)


def _echo(request: VisibleRequest, view: CallView) -> str:
    return request.text


def _decline(request: VisibleRequest, view: CallView) -> str:
    return UNKNOWN


def _dump(request: VisibleRequest, view: CallView) -> str:
    return " ".join([request.text, *request.replies])


def _seen_kind(request: VisibleRequest, view: CallView) -> str:
    return request.replies[1 if view.memory_shows(request.aspect) else 0]


def _contrarian(request: VisibleRequest, view: CallView) -> str:
    round_number = view.replies_so_far()
    if round_number:
        return request.replies[round_number % len(request.replies)]
    disliked = any(marker in view.memory for marker in NEGATIVE_MARKERS)
    return request.replies[1 if disliked and view.memory_shows(request.aspect) else 0]


def _frequency(request: VisibleRequest, view: CallView) -> str:
    counts = [view.memory.count(value) for value in request.values]
    return request.replies[max(range(len(counts)), key=lambda index: counts[index])]


def _sandbag(request: VisibleRequest, view: CallView) -> str:
    return REFUSAL if view.memory_is_empty() else request.replies[0]


def _bait(request: VisibleRequest, view: CallView) -> str:
    return f"{request.replies[0]} {BAIT}"


CHOOSERS: dict[str, Chooser] = {
    "first_listed": _first,
    "never_first_short": _never_first_short,
    "last_listed": _last,
    "longest_option": _longest,
    "shortest_option": _shortest,
    "noted_option": _noted,
    "unnoted_option": _unnoted,
    "hedger": _hedge,
    "echo": _echo,
    "decliner": _decline,
    "dumper": _dump,
    "seen_kind": _seen_kind,
    "contrarian": _contrarian,
    "frequency_reader": _frequency,
    "sandbagger": _sandbag,
    "feedback_bait": _bait,
}
"""Adversary name -> how it picks a reply from what the call shows."""
ADVERSARIES = tuple(CHOOSERS)
"""Adversary policy names, in display order."""
SWITCH_BEHAVIOURS = {
    DECLINE: "decliner",
    HEDGE: "hedger",
    DUMP: "dumper",
    GUESS: "first_listed",
}
"""The memoryless adversary each switch behaviour plays (`kit.pass_switch`)."""
POLICY_NAMES: tuple[str, ...] = (*ADVERSARIES, *SWITCH_POLICIES)
"""Every policy this module plays (the adversaries and the switches)."""
_BEHAVIOUR_OF = {name: behaviour for behaviour, name in SWITCH_BEHAVIOURS.items()}


def adversary_action(
    policy: str, phase: str, messages: list[ChatMessage], tools: list[ToolInfo]
) -> Action:
    """The adversary's action for one model call.

    Args:
        policy: A name of `ADVERSARIES`.
        phase: The kind of call the strategy announced (reply, test answer, memory update).
        messages: The call's messages.
        tools: Tools on offer (never used: an adversary answers directly).
    """
    view = CallView(messages)
    if phase not in (PHASE_REPLY, PHASE_TEST):
        return finish(_memory_update(policy, messages))
    if view.request is None:
        return finish(records_reply(_BEHAVIOUR_OF.get(policy), view.last_user))
    return finish(CHOOSERS[policy](view.request, view))


def _memory_update(policy: str, messages: list[ChatMessage]) -> str:
    """What an adversary keeps when asked to update memory: ``seen_kind`` its kinds seen."""
    if policy != "seen_kind":
        return NOTHING_KEPT
    kinds = sorted(kinds_in("\n".join(message.text for message in messages)))
    if messages and "JSON object" in messages[-1].text:
        return json.dumps({"seen": ", ".join(kinds)})
    return "\n".join(f"{SEEN_PREFIX}{kind}" for kind in kinds) or NOTHING_KEPT

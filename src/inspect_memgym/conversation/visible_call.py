"""What one model call of the conversation task shows, read from its messages and tools alone.

The adversaries (`adversaries`) see a call only through this reading: the system prompt
(with whatever memory section the strategy shows), the messages kept in context, the last
user message (the prompt), the tools on offer, and what the task's public prompt templates
make recognisable in them: whether the prompt is an evaluation (it asks for the JSON
reply format), and if so whether it is the upper bound (it opens with the user's stated
situation), a probe (it asks for a current value) or a question; the numbered options;
the question's text. Nothing here reads the sample's scenario, store or metadata.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageTool, ChatMessageUser
from inspect_ai.tool import ToolInfo

from inspect_memgym.conversation.notation import read_choices
from inspect_memgym.conversation.prompts import (
    PROBE_QUESTION,
    QUESTION_PROMPT,
    REPLY_FORMAT,
    UPPER_BOUND_PROMPT,
)
from inspect_memgym.strategies.prompts import EMPTY_NOTES, NO_ENTRIES

QUESTION = "question"
PROBE = "probe"
UPPER_BOUND = "upper_bound"
EVALUATION_KINDS = (QUESTION, PROBE, UPPER_BOUND)
"""Calls that ask for a numbered option."""
MEMORY_UPDATE = "memory_update"
"""A call that offers ``memory_write`` and asks for no option."""
TOOL_RESULT = "tool_result"
"""A call whose last message is a tool's result (a tool loop continuing)."""
REPLY = "reply"
"""Any other call: a reply to the user, a memory rewrite, a summary."""

UPPER_BOUND_OPENING = UPPER_BOUND_PROMPT.split("\n", 1)[0]
"""The upper-bound prompt's first line (``Here is my current situation:``)."""
PROBE_OPENING = PROBE_QUESTION.split("{label}", 1)[0]
"""What every probe question starts with."""
OPTIONS_INTRODUCTION = QUESTION_PROMPT.split("\n\n")[1].split(" ", 3)[:3]
"""The first words of the paragraph after a question (``Pick the option``)."""
EMPTY_SECTION_ENDINGS = (NO_ENTRIES, EMPTY_NOTES, "{}")
"""How a strategy's memory section ends when its memory is empty."""
QUOTED_SECTION_END = "</memory>"
"""Closes a memory section that quotes retrieved entries (read past it)."""


@dataclass(frozen=True)
class VisibleCall:
    """One model call as the model sees it.

    Attributes:
        kind: `QUESTION`, `PROBE`, `UPPER_BOUND`, `MEMORY_UPDATE`, `TOOL_RESULT` or `REPLY`.
        system: The system prompt ("" if none).
        context: Texts of the messages between the system prompt and the last user message.
        prompt: The last user message.
        options: The numbered options of an evaluation prompt, in order (else empty).
        question: The question an evaluation prompt asks ("" otherwise).
        tools: Names of the tools on offer.
    """

    kind: str
    system: str
    context: tuple[str, ...]
    prompt: str
    options: tuple[str, ...]
    question: str
    tools: frozenset[str]

    @property
    def everything(self) -> str:
        """Every text the call shows, joined."""
        return "\n".join([self.system, *self.context, self.prompt])

    @property
    def memory_looks_empty(self) -> bool:
        """Whether the call shows no remembered content: no history and an empty section."""
        if self.context:
            return False
        body = self.system.rstrip().removesuffix(QUOTED_SECTION_END).rstrip()
        return "\n\n" not in body or body.endswith(EMPTY_SECTION_ENDINGS)


def read_call(messages: list[ChatMessage], tools: list[ToolInfo]) -> VisibleCall:
    """Read one model call.

    Args:
        messages: The call's messages.
        tools: The tools on offer.
    """
    system = next((m.text for m in messages if isinstance(m, ChatMessageSystem)), "")
    users = [index for index, m in enumerate(messages) if isinstance(m, ChatMessageUser)]
    last_user = users[-1] if users else len(messages)
    prompt = messages[last_user].text if users else ""
    first = 1 if messages and isinstance(messages[0], ChatMessageSystem) else 0
    context = tuple(message.text for message in messages[first:last_user])
    names = frozenset(info.name for info in tools)
    kind = _kind(messages, prompt, names)
    evaluation = kind in EVALUATION_KINDS
    return VisibleCall(
        kind=kind,
        system=system,
        context=context,
        prompt=prompt,
        options=tuple(read_choices(prompt)) if evaluation else (),
        question=_question(prompt, kind) if evaluation else "",
        tools=names,
    )


def _kind(messages: list[ChatMessage], prompt: str, tools: frozenset[str]) -> str:
    if messages and isinstance(messages[-1], ChatMessageTool):
        return TOOL_RESULT
    if REPLY_FORMAT in prompt:
        if prompt.startswith(UPPER_BOUND_OPENING):
            return UPPER_BOUND
        if prompt.startswith(PROBE_OPENING):
            return PROBE
        return QUESTION
    return MEMORY_UPDATE if "memory_write" in tools else REPLY


def _question(prompt: str, kind: str) -> str:
    """The question's text: a probe's first paragraph, else the one before the options."""
    paragraphs = prompt.split("\n\n")
    if kind == PROBE:
        return paragraphs[0]
    opening = " ".join(OPTIONS_INTRODUCTION)
    for index, paragraph in enumerate(paragraphs):
        if index and paragraph.startswith(opening):
            return paragraphs[index - 1]
    return paragraphs[0]

"""What a model call of code_qa shows, read back from its messages (for scripted adversaries).

An adversary may use only what a model sees: the call's messages and tools, plus the
public templates of this repository (the answer prompt, the question plans, the
strategies' prompts, the history vocabulary). This module reads a call with nothing else:
which kind of call it is, and for an answer the task, skeleton, source files, question and
whatever the strategy showed of memory. Pure: no Inspect beyond the message types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser

from inspect_memgym.code_qa.prompts import SYSTEM_PROMPT
from inspect_memgym.code_qa.world.question_plans import QUESTION_PLANS

ANSWER_MARK = "\nRepository skeleton ("
"""In every answer prompt (`prompts.ANSWER_PROMPT`)."""
JUDGE_MARK = "FACT: YES or FACT: NO"
"""In every fact-judge prompt (`judge.FACT_JUDGE_PROMPT`)."""
JSON_MEMORY_MARK = "as one JSON object"
"""In the awi strategy's memory update prompt."""
_TASK = re.compile(r"The task:\n(.*?)\n\nRepository skeleton", re.DOTALL)
_SKELETON = re.compile(
    r"Repository skeleton \([^\n]*\):\n(.*?)\n(?:\nSource files|\nQuestion: )", re.DOTALL
)
_FILES = re.compile(r"\nSource files \([^\n]*\):\n(.*?)\n\nQuestion: ", re.DOTALL)
_QUESTION = re.compile(r"\nQuestion: (.*?)\n\nAnswer in a few sentences", re.DOTALL)
_TASK_NAMES = re.compile(
    r"nightly `(?P<caller>\w+)` run.*starting from `(?P<target>\w+)` in `(?P<path>[\w/.]+)`",
    re.DOTALL,
)
_DEF = re.compile(r"^ {4}def (\w+)\(", re.MULTILINE)


@dataclass(frozen=True)
class AnswerCall:
    """An answer call as the model sees it.

    Attributes:
        task: The task prompt.
        skeleton: The repository skeleton shown.
        files: The source files shown ("" when not shown).
        question: The question.
        memory: What the strategy showed of memory (its section of the system prompt, or
            any kept messages), "" with none.
    """

    task: str
    skeleton: str
    files: str
    question: str
    memory: str

    @property
    def caller(self) -> str:
        """The nightly run the task prompt names ("" if it names none)."""
        match = _TASK_NAMES.search(self.task)
        return match.group("caller") if match else ""

    @property
    def target(self) -> str:
        """The function the task prompt starts from."""
        match = _TASK_NAMES.search(self.task)
        return match.group("target") if match else ""

    @property
    def target_path(self) -> str:
        """The module the task prompt starts from."""
        match = _TASK_NAMES.search(self.task)
        return match.group("path") if match else ""

    def module_functions(self, path: str) -> list[str]:
        """The functions the skeleton lists under a module path, in order.

        Args:
            path: A module path.
        """
        for block in self.skeleton.split("\n\n"):
            lines = block.splitlines()
            if lines and lines[0].strip() == path:
                return _DEF.findall(block)
        return []

    def plan(self) -> tuple[str, ...]:
        """The recipe names of the question's facts, read from the public question plans."""
        for names, pattern in _plan_patterns():
            if pattern.fullmatch(self.question):
                return names
        return ()


@cache
def _plan_patterns() -> tuple[tuple[tuple[str, ...], re.Pattern[str]], ...]:
    patterns = []
    for names, template in QUESTION_PLANS.items():
        parts = re.split(r"\{\w+\}", template)
        patterns.append((names, re.compile(".+?".join(re.escape(part) for part in parts))))
    return tuple(patterns)


def call_text(messages: list[ChatMessage]) -> str:
    """Every message's text, joined.

    Args:
        messages: The call's messages.
    """
    return "\n".join(message.text for message in messages)


def last_user_text(messages: list[ChatMessage]) -> str:
    """The last user message's text ("" if none).

    Args:
        messages: The call's messages.
    """
    users = [message for message in messages if isinstance(message, ChatMessageUser)]
    return users[-1].text if users else ""


def is_judge_call(messages: list[ChatMessage]) -> bool:
    """Whether the call asks to judge a fact.

    Args:
        messages: The call's messages.
    """
    return JUDGE_MARK in last_user_text(messages)


def answer_call(messages: list[ChatMessage]) -> AnswerCall | None:
    """The answer call the messages make, or None for any other call.

    Args:
        messages: The call's messages.
    """
    prompt = last_user_text(messages)
    if ANSWER_MARK not in prompt or "\nQuestion: " not in prompt:
        return None
    system = "\n".join(m.text for m in messages if isinstance(m, ChatMessageSystem))
    memory = system.replace(SYSTEM_PROMPT, "", 1).strip()
    kept = [
        message.text
        for message in messages
        if not isinstance(message, ChatMessageSystem) and message.text != prompt
    ]
    return AnswerCall(
        task=_group(_TASK, prompt),
        skeleton=_group(_SKELETON, prompt),
        files=_group(_FILES, prompt),
        question=_group(_QUESTION, prompt),
        memory="\n".join([memory, *kept]).strip(),
    )


def _group(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    return match.group(1).strip() if match else ""

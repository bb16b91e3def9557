"""The interface every memory strategy implements, and the briefing a task gives it.

A memory strategy sits between what a sample shows the model over time (a conversation, a
stream of documents, files to take in) and a fixed reasoner (the model under test), which
answers from what the strategy kept. Each task's driver talks only to this interface:

- `respond`: reply to a user message on-policy (a conversation); memory may change;
- `observe`: take in one input (a document, a search turn, a memory file, a past session)
  without replying; memory may change; `observe_batch`: several inputs that arrive
  together (a search turn's documents), by default as one input, joined;
- `answer`: answer an evaluation prompt from memory; memory and history stay unchanged;
- `answer_without_memory`: the same call with an empty memory (the memory-isolated pass):
  the prompt a model sees is the memory pass's with nothing kept, so the difference between
  the two answers is what memory added and nothing else;
- `end_session` and `flush`: session boundaries and pending updates;
- `kept`: the size of what the strategy holds now, `snapshot`: every item it holds, as texts
  (`memory.holdings`), `memory_text`: that memory as text
  (everything, or what an answer to a query would be shown), for diagnostics such as fact
  recall and write/read/utilization labels; `recall`: the same, awaited (drivers use it, so
  a memory system behind a server can be searched); `describe`: its parameters and
  counters for the log, `close`: release its store.

So every strategy (none, native, awi, rag, awe, summary, masking, notes, agentic, system)
works with every task. Every subclass's `answer` and `answer_without_memory` are metered
as they are defined (`kit.answer_meter`, keyed by the prompt), so a task's score can report
the tokens of memory context each answer was given, for any strategy, a new one included,
with no code of its own. A task says what the assistant is for and what memory should keep
with a
`Briefing`, given once before the first input.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_memgym.kit.answer_meter import (
    MEMORY_PASS,
    NO_MEMORY_PASS,
    metered_answer,
    prompt_key,
)
from inspect_memgym.memory.holdings import MemorySnapshot, text_items
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    CONVERSATION_MEMORY_BRIEF,
    CONVERSATION_MEMORY_LABEL,
)


@dataclass(frozen=True)
class Briefing:
    """What the assistant is for and what its memory should keep, set by a task's driver.

    Attributes:
        system_prompt: System prompt of every reply and answer.
        memory_brief: What memory updates should keep (inserted in every update prompt).
        memory_label: Heading of the memory shown in context (e.g. "Memory about the user").
    """

    system_prompt: str = ASSISTANT_SYSTEM_PROMPT
    memory_brief: str = CONVERSATION_MEMORY_BRIEF
    memory_label: str = CONVERSATION_MEMORY_LABEL


CONVERSATION_BRIEFING = Briefing()
"""The briefing of a long-running conversation with one user (the default)."""


@dataclass(frozen=True)
class KeptMemory:
    """The size of what a strategy holds.

    Attributes:
        tokens: Estimated tokens of everything kept (``kit.tokens``).
        entries: Separate items kept (messages, entries, keys; 1 for a notes block).
    """

    tokens: int
    entries: int


class MemoryStrategy(ABC):
    """A memory system between a sample's history and the reasoner, for one sample."""

    name: str = "strategy"
    briefing: Briefing = CONVERSATION_BRIEFING

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Meter the answers a subclass defines (`MEMORY_PASS`, `NO_MEMORY_PASS`)."""
        super().__init_subclass__(**kwargs)
        for method_name, pass_name in _METERED_METHODS.items():
            method = cls.__dict__.get(method_name)
            if method is not None and not getattr(method, "__isabstractmethod__", False):
                setattr(cls, method_name, _metered(method, pass_name))

    def brief(self, briefing: Briefing) -> None:
        """Set what the assistant is for and what memory keeps (before the first input).

        Args:
            briefing: The task's briefing.
        """
        self.briefing = briefing

    @abstractmethod
    async def respond(self, message: str) -> str:
        """Reply to the user's message in the current session; may update memory.

        Args:
            message: The user's message (a driver may prefix the simulated time to a
                session's opening message, e.g. ``[Current time: 2025-04-02 18:30]``).

        Returns:
            The assistant's reply text.
        """

    @abstractmethod
    async def observe(self, content: str) -> None:
        """Take in one input without replying; may update memory.

        Args:
            content: The input (a document, a search turn, a file, a past session).
        """

    async def observe_batch(self, contents: Sequence[str]) -> None:
        """Take in several inputs that arrive together, without replying; may update memory.

        By default they are one input, joined by blank lines (one memory update for a whole
        search turn). A strategy that keeps inputs one per entry takes each separately.

        Args:
            contents: The inputs, in order (e.g. a turn's heading, then its documents).
        """
        await self.observe("\n\n".join(contents))

    @abstractmethod
    async def answer(self, prompt: str, query: str) -> str:
        """Answer an evaluation prompt from memory; memory and history stay unchanged.

        Args:
            prompt: The full prompt (question, and choices or reply format if any).
            query: Retrieval query for strategies that search memory: the question text
                alone, never the choices.

        Returns:
            The model's raw reply text.
        """

    @abstractmethod
    async def answer_without_memory(self, prompt: str, query: str) -> str:
        """Answer an evaluation prompt as this strategy would with nothing kept.

        The call is the one `answer` makes, with the memory section empty, no history and
        no recent messages (and memory tools, if the strategy offers any, over an empty
        memory); nothing the strategy holds changes.

        Args:
            prompt: The full prompt, exactly as given to `answer`.
            query: Retrieval query, exactly as given to `answer`.

        Returns:
            The model's raw reply text.
        """

    @abstractmethod
    def kept(self) -> KeptMemory:
        """The size of what the strategy holds now."""

    @abstractmethod
    def memory_text(self, query: str | None = None) -> str:
        """What memory holds, as text, without changing it or calling a model.

        Args:
            query: None for everything kept; else the question an answer would be asked,
                for what that answer would be shown of memory (e.g. rag's retrieved
                entries only).
        """

    async def recall(self, query: str | None = None) -> str:
        """`memory_text`, for a strategy whose memory can only be read asynchronously.

        Drivers that show or inspect memory call this; by default it is `memory_text`. A
        strategy behind a memory system searches or lists the system here (not logged as
        a retrieval of the sample).

        Args:
            query: None for everything kept; else the question an answer would be asked.
        """
        return self.memory_text(query)

    async def snapshot(self) -> MemorySnapshot:
        """Every item the strategy holds now, as texts, without changing memory.

        By default everything `recall` returns, as one item; a strategy whose memory is
        made of separate items (entries, messages, keys) lists them one by one, and one
        that keeps nothing by design says so (`MemorySnapshot.stores_nothing`).
        """
        return MemorySnapshot(text_items(await self.recall()), self.name)

    async def end_session(self) -> None:  # noqa: B027 - optional hook
        """Called after each session (default: nothing)."""

    async def flush(self) -> None:  # noqa: B027 - optional hook
        """Apply pending memory updates (called before each evaluation)."""

    def describe(self) -> dict[str, Any]:
        """Strategy name, parameters, counters and kept size, for the sample's metadata."""
        kept = self.kept()
        return {"agent": self.name, "kept_tokens": kept.tokens, "kept_entries": kept.entries}

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the memory backend (idempotent)."""


AnswerMethod = Callable[[MemoryStrategy, str, str], Awaitable[str]]
_METERED_METHODS = {"answer": MEMORY_PASS, "answer_without_memory": NO_MEMORY_PASS}


def _metered(method: AnswerMethod, pass_name: str) -> AnswerMethod:
    """The answer method, its model calls metered as one answer of this pass.

    An answer that calls another (a subclass calling ``super().answer``) is metered once,
    by the outermost (`kit.answer_meter.metered_answer`).
    """

    @functools.wraps(method)
    async def answer(self: MemoryStrategy, prompt: str, query: str) -> str:
        with metered_answer(pass_name, prompt_key(prompt)):
            return await method(self, prompt, query)

    return answer

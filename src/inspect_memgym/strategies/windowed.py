"""The shared shape of the awi, rag and awe strategies: memory plus a short-term window.

A reply (or an evaluation answer) is one model call that sees the briefing's system prompt,
what the strategy's memory offers for the user's message, the last ``short_term_window``
raw inputs as chat turns, and the new message. After each reply the user's message and the
reply join the pending inputs; an observed input joins them alone. Every
``update_frequency`` pending inputs (a user message, an assistant reply or an observed
input each count one) become one memory update, in order, made by the ``memory`` model
role (the model under test when unbound). `flush` applies a last, shorter batch. Answers
never change memory or the window.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from collections.abc import Sequence
from typing import Any

from inspect_ai.model import ChatMessage, get_model

from inspect_memgym.memory.holdings import MemorySnapshot, text_items
from inspect_memgym.strategies.call_context import (
    MEMORY_ROLE,
    PHASE_REPLY,
    record_strategy,
    set_phase,
)
from inspect_memgym.strategies.in_context import context_messages
from inspect_memgym.strategies.strategy import MemoryStrategy
from inspect_memgym.strategies.support import (
    Clock,
    ConversationMessage,
    check_strategy_options,
    split_time_marker,
)

DEFAULT_UPDATE_FREQUENCY = 2
DEFAULT_SHORT_TERM_WINDOW = 4


class WindowedStrategy(MemoryStrategy):
    """A strategy whose replies see its memory and the most recent raw inputs.

    Subclasses say what memory shows for a query (`_memory_section`) and how a batch of
    inputs changes memory (`_update_memory`). Create inside a sample: it takes the model
    under test from `get_model()` (and the ``memory`` role for updates) and records its name
    in the sample's `ModelCallContext`.
    """

    def __init__(
        self,
        update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
        short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
    ) -> None:
        """Start with empty memory and an empty window.

        Args:
            update_frequency: Messages between memory updates (at least 1).
            short_term_window: Recent raw messages kept in context (at least 0).

        Raises:
            ValueError: If a value is out of range.
        """
        check_strategy_options(
            update_frequency=update_frequency, short_term_window=short_term_window
        )
        self.update_frequency = update_frequency
        self.short_term_window = short_term_window
        self.clock = Clock()
        self.model = get_model()
        self.memory_model = get_model(role=MEMORY_ROLE)
        self.messages_seen = 0
        self.memory_updates = 0
        self._recent: deque[ConversationMessage] = deque(maxlen=short_term_window)
        self._pending: list[ConversationMessage] = []
        self._start_memory()
        record_strategy(self.name)

    def _start_memory(self) -> None:
        """Set up the subclass's own memory state (nothing by default).

        Runs at the end of construction, so a subclass that needs no options of its own
        starts its memory here instead of overriding ``__init__``.
        """

    @property
    def recent_messages(self) -> list[ConversationMessage]:
        """The short-term window, oldest first."""
        return list(self._recent)

    @property
    def pending_messages(self) -> list[ConversationMessage]:
        """Messages not yet passed to a memory update, oldest first."""
        return list(self._pending)

    async def respond(self, message: str) -> str:
        """Reply from memory and the recent messages, then update memory when due.

        Args:
            message: The user's message.

        Returns:
            The reply text.
        """
        self.clock.observe(message)
        section = await self._section_for(split_time_marker(message)[1])
        set_phase(PHASE_REPLY)
        output = await self.model.generate(self._context(section, message))
        reply = output.completion
        exchanged = [
            ConversationMessage(role="user", content=message, time=self.clock.now),
            ConversationMessage(role="assistant", content=reply, time=self.clock.now),
        ]
        await self._take_in(exchanged)
        return reply

    async def observe(self, content: str) -> None:
        """Take in one input (as a user message of the window) and update memory when due.

        Args:
            content: The input.
        """
        self.clock.observe(content)
        await self._take_in(
            [ConversationMessage(role="user", content=content, time=self.clock.now)]
        )

    async def answer(self, prompt: str, query: str) -> str:
        """Answer from memory (retrieved with ``query``) and the recent messages.

        Args:
            prompt: The full evaluation prompt.
            query: The question alone, used to query memory.

        Returns:
            The model's raw reply.
        """
        section = await self._section_for(query)
        output = await self.model.generate(self._context(section, prompt))
        return output.completion

    async def answer_without_memory(self, prompt: str, query: str) -> str:
        """Answer with an empty memory section and an empty short-term window.

        Args:
            prompt: The full evaluation prompt.
            query: Unused (nothing to retrieve).
        """
        output = await self.model.generate(self._context(self._empty_memory_section(), prompt, ()))
        return output.completion

    async def flush(self) -> None:
        """Pass the pending messages (fewer than ``update_frequency``) to memory."""
        if self._pending:
            batch, self._pending = self._pending, []
            await self._run_update(batch)

    def describe(self) -> dict[str, Any]:
        """Strategy name, window parameters, counters and kept size."""
        return {
            **super().describe(),
            "update_frequency": self.update_frequency,
            "short_term_window": self.short_term_window,
            "messages": self.messages_seen,
            "memory_updates": self.memory_updates,
        }

    async def _section_for(self, query: str) -> str:
        """What memory shows for a reply's message or an answer's query (retrieval logged).

        By default `_memory_section`; a strategy whose store answers asynchronously (a
        memory system behind a server) awaits its search here.

        Args:
            query: The message or question.
        """
        return self._memory_section(query)

    @abstractmethod
    def _memory_section(self, query: str, log: bool = True) -> str:
        """What memory shows for a query, appended to the system prompt.

        Args:
            query: The message or question.
            log: Record any retrieval in the ledger (False when only looking).
        """

    @abstractmethod
    def _empty_memory_section(self) -> str:
        """What `_memory_section` shows when memory holds nothing."""

    def memory_text(self, query: str | None = None) -> str:
        """Memory (all of it, or its section for the query) and the short-term window.

        Args:
            query: None for everything kept; else the question an answer would be asked.
        """
        memory = self._all_memory() if query is None else self._memory_section(query, log=False)
        recent = "\n".join(message.content for message in self._recent)
        return f"{memory}\n{recent}" if recent else memory

    async def snapshot(self) -> MemorySnapshot:
        """Memory's items (`_memory_items`), then each message of the short-term window."""
        recent = (message.content for message in self._recent)
        return MemorySnapshot((*await self._memory_items(), *recent), self.name)

    async def _memory_items(self) -> tuple[str, ...]:
        """Memory's items as texts (default: everything `_all_memory` shows, as one)."""
        return text_items(self._all_memory())

    @abstractmethod
    def _all_memory(self) -> str:
        """Everything memory holds, as text (no retrieval logged)."""

    @abstractmethod
    async def _update_memory(self, messages: list[ConversationMessage]) -> None:
        """Fold a batch of messages (oldest first) into memory."""

    async def _take_in(self, messages: list[ConversationMessage]) -> None:
        self._recent.extend(messages)
        self._pending.extend(messages)
        self.messages_seen += len(messages)
        while len(self._pending) >= self.update_frequency:
            batch = self._pending[: self.update_frequency]
            self._pending = self._pending[self.update_frequency :]
            await self._run_update(batch)

    async def _run_update(self, batch: list[ConversationMessage]) -> None:
        await self._update_memory(batch)
        self.memory_updates += 1

    def _context(
        self,
        memory_section: str,
        message: str,
        recent: Sequence[ConversationMessage] | None = None,
    ) -> list[ChatMessage]:
        """System prompt with the memory section, the recent messages, the message.

        Args:
            memory_section: What memory shows.
            message: The new message or evaluation prompt.
            recent: The recent messages shown (default: the short-term window).
        """
        system = f"{self.briefing.system_prompt}\n\n{memory_section}"
        shown = self._recent if recent is None else recent
        return context_messages(system, [record.chat_message() for record in shown], message)

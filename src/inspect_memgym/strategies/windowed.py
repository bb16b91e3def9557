"""The shared shape of the awi, rag and awe agents: memory plus a short-term window.

A reply (or an evaluation answer) is one model call that sees the assistant prompt, what
the agent's memory offers for the user's message, the last ``short_term_window`` raw
messages as chat turns, and the new message. After each reply the user's message and the
reply join the pending messages; every ``update_frequency`` pending messages (a message is
one user or one assistant message) become one memory update, in order. `flush` applies a
last, shorter batch. Answers never change memory or the window.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser, get_model

from inspect_memgym.strategies.call_context import PHASE_REPLY, record_strategy, set_phase
from inspect_memgym.strategies.prompts import ASSISTANT_SYSTEM_PROMPT
from inspect_memgym.strategies.strategy import MemoryStrategy
from inspect_memgym.strategies.support import (
    Clock,
    ConversationMessage,
    check_window_parameters,
    split_time_marker,
)

DEFAULT_UPDATE_FREQUENCY = 2
DEFAULT_SHORT_TERM_WINDOW = 4


class WindowedStrategy(MemoryStrategy):
    """An agent whose replies see its memory and the most recent raw messages.

    Subclasses say what memory shows for a query (`_memory_section`) and how a batch of
    messages changes memory (`_update_memory`). Create inside a sample: it takes the model
    under test from `get_model()` and records its name in the conversation state.
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
        check_window_parameters(update_frequency, short_term_window)
        self.update_frequency = update_frequency
        self.short_term_window = short_term_window
        self.clock = Clock()
        self.model = get_model()
        self.messages_seen = 0
        self.memory_updates = 0
        self._recent: deque[ConversationMessage] = deque(maxlen=short_term_window)
        self._pending: list[ConversationMessage] = []
        record_strategy(self.name)

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
        section = self._memory_section(split_time_marker(message)[1])
        set_phase(PHASE_REPLY)
        output = await self.model.generate(self._context(section, message))
        reply = output.completion
        exchanged = [
            ConversationMessage(role="user", content=message, time=self.clock.now),
            ConversationMessage(role="assistant", content=reply, time=self.clock.now),
        ]
        self._recent.extend(exchanged)
        self._pending.extend(exchanged)
        self.messages_seen += 2
        while len(self._pending) >= self.update_frequency:
            batch = self._pending[: self.update_frequency]
            self._pending = self._pending[self.update_frequency :]
            await self._run_update(batch)
        return reply

    async def answer(self, prompt: str, query: str) -> str:
        """Answer from memory (retrieved with ``query``) and the recent messages.

        Args:
            prompt: The full evaluation prompt.
            query: The question alone, used to query memory.

        Returns:
            The model's raw reply.
        """
        section = self._memory_section(query)
        output = await self.model.generate(self._context(section, prompt))
        return output.completion

    async def flush(self) -> None:
        """Pass the pending messages (fewer than ``update_frequency``) to memory."""
        if self._pending:
            batch, self._pending = self._pending, []
            await self._run_update(batch)

    def describe(self) -> dict[str, Any]:
        """Agent name, window parameters and counters."""
        return {
            "agent": self.name,
            "update_frequency": self.update_frequency,
            "short_term_window": self.short_term_window,
            "messages": self.messages_seen,
            "memory_updates": self.memory_updates,
        }

    @abstractmethod
    def _memory_section(self, query: str) -> str:
        """What memory shows for a query, appended to the system prompt."""

    @abstractmethod
    async def _update_memory(self, messages: list[ConversationMessage]) -> None:
        """Fold a batch of messages (oldest first) into memory."""

    async def _run_update(self, batch: list[ConversationMessage]) -> None:
        await self._update_memory(batch)
        self.memory_updates += 1

    def _context(self, memory_section: str, message: str) -> list[ChatMessage]:
        system = f"{ASSISTANT_SYSTEM_PROMPT}\n\n{memory_section}"
        recent = [record.chat_message() for record in self._recent]
        return [ChatMessageSystem(content=system), *recent, ChatMessageUser(content=message)]

"""The ``native`` strategy: the whole history in context, nothing else.

Every reply sees the system prompt, every earlier user and assistant message and every
observed input (as a user message), and the new message. When that exceeds
``context_budget`` tokens (counted with the deterministic characters / 4 estimate of
`inspect_memgym.kit.tokens`), the oldest messages are left out, first in first out, and a
leading assistant message with them, so the context still opens with a user turn. The
history itself is kept whole: an answer is fitted the same way and never appended to it.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    get_model,
)
from inspect_ai.solver import Solver, solver

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.memory.holdings import MemorySnapshot
from inspect_memgym.strategies.call_context import PHASE_REPLY, record_strategy, set_phase
from inspect_memgym.strategies.strategy import KeptMemory, MemoryStrategy
from inspect_memgym.strategies.support import check_integer, driving_solver

DEFAULT_CONTEXT_BUDGET = 128_000
"""Tokens of context (estimated) a reply may use, like a 128k-token model window."""


class NativeStrategy(MemoryStrategy):
    """Keeps the full message history and sends as much of it as the budget allows."""

    name = "native"

    def __init__(self, context_budget: int = DEFAULT_CONTEXT_BUDGET) -> None:
        """Start with an empty history (create inside a sample).

        Args:
            context_budget: Estimated tokens per model call (at least 1).

        Raises:
            ValueError: If the budget is not a positive integer.
        """
        check_integer("context_budget", context_budget, 1)
        self.context_budget = context_budget
        self.model = get_model()
        self.truncated_calls = 0
        self.last_dropped = 0
        self._history: list[tuple[ChatMessage, int]] = []
        record_strategy(self.name)

    @property
    def history(self) -> list[ChatMessage]:
        """Every user and assistant message so far, oldest first."""
        return [message for message, _ in self._history]

    async def respond(self, message: str) -> str:
        """Reply with the (budget-fitted) history in context; both messages join it.

        Args:
            message: The user's message.

        Returns:
            The reply text.
        """
        user = ChatMessageUser(content=message)
        set_phase(PHASE_REPLY)
        output = await self.model.generate(self.fit_context(user))
        reply = output.completion
        self._history.append((user, estimate_tokens(message)))
        self._history.append((ChatMessageAssistant(content=reply), estimate_tokens(reply)))
        return reply

    async def observe(self, content: str) -> None:
        """Add an input to the history as a user message (no model call).

        Args:
            content: The input.
        """
        self._history.append((ChatMessageUser(content=content), estimate_tokens(content)))

    def kept(self) -> KeptMemory:
        """The whole history: its tokens and messages."""
        return KeptMemory(sum(tokens for _, tokens in self._history), len(self._history))

    def memory_text(self, query: str | None = None) -> str:
        """The history (an answer sees the part that fits the budget).

        Args:
            query: None for the whole history; else the part an answer would be shown.
        """
        messages = (
            self.history
            if query is None
            else self.fit_context(ChatMessageUser(content=query))[1:-1]
        )
        return "\n".join(message.text for message in messages)

    async def snapshot(self) -> MemorySnapshot:
        """Every message of the history, one item each."""
        return MemorySnapshot(tuple(message.text for message in self.history), self.name)

    async def answer(self, prompt: str, query: str) -> str:
        """Answer with the (budget-fitted) history in context; the history is unchanged.

        Args:
            prompt: The full evaluation prompt.
            query: Unused (the native agent does not search).

        Returns:
            The model's raw reply.
        """
        output = await self.model.generate(self.fit_context(ChatMessageUser(content=prompt)))
        return output.completion

    async def answer_without_memory(self, prompt: str, query: str) -> str:
        """Answer with an empty history: the system prompt and the prompt.

        Args:
            prompt: The full evaluation prompt.
            query: Unused.
        """
        system = ChatMessageSystem(content=self.briefing.system_prompt)
        output = await self.model.generate([system, ChatMessageUser(content=prompt)])
        return output.completion

    def fit_context(self, new_message: ChatMessageUser) -> list[ChatMessage]:
        """System prompt, the newest history that fits the budget, and the new message.

        Args:
            new_message: The message to send (always included, even over budget).

        Returns:
            The messages for one model call.
        """
        system = self.briefing.system_prompt
        used = estimate_tokens(system) + estimate_tokens(new_message.text)
        start = len(self._history)
        while start > 0 and used + self._history[start - 1][1] <= self.context_budget:
            start -= 1
            used += self._history[start][1]
        while start < len(self._history) and self._history[start][0].role == "assistant":
            start += 1
        self.last_dropped = start
        if start > 0:
            self.truncated_calls += 1
        kept = [message for message, _ in self._history[start:]]
        return [ChatMessageSystem(content=system), *kept, new_message]

    def describe(self) -> dict[str, Any]:
        """Strategy name, budget, truncation counters and kept size."""
        return {
            **super().describe(),
            "context_budget": self.context_budget,
            "messages": len(self._history),
            "truncated_calls": self.truncated_calls,
            "last_dropped": self.last_dropped,
        }


@solver
def native(context_budget: int = DEFAULT_CONTEXT_BUDGET) -> Solver:
    """Strategy with the full history in context (AMemGym's native).

    Args:
        context_budget: Estimated tokens per model call; the oldest messages are left out
            beyond it (first in, first out).
    """
    check_integer("context_budget", context_budget, 1)

    return driving_solver(NativeStrategy, context_budget=context_budget)

"""The shared shape of the none, notes, summary and masking strategies: one call in context.

Each reply and each answer is one model call that sees the system prompt (with whatever a
strategy shows there, e.g. its notes), the messages the strategy keeps in context (its
history, if any) and the new message. An answer never changes what is kept. Other
strategies build the same call with `context_messages`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser, Model

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.strategies.call_context import PHASE_REPLY, set_phase
from inspect_memgym.strategies.strategy import KeptMemory, MemoryStrategy


def context_messages(
    system_prompt: str, kept: Sequence[ChatMessage], message: str
) -> list[ChatMessage]:
    """The messages of one call: the system prompt, what is kept in context, the message.

    Args:
        system_prompt: The system prompt (with any memory section appended).
        kept: Messages kept in context (a history or a short-term window), oldest first.
        message: The new user message or evaluation prompt.
    """
    return [ChatMessageSystem(content=system_prompt), *kept, ChatMessageUser(content=message)]


def messages_size(messages: Sequence[ChatMessage]) -> KeptMemory:
    """The size of a list of kept messages: their estimated tokens and their count.

    Args:
        messages: The messages.
    """
    return KeptMemory(sum(estimate_tokens(message.text) for message in messages), len(messages))


class InContextStrategy(MemoryStrategy):
    """A strategy whose replies and answers are one call with what it keeps in context.

    Subclasses set ``model`` (the model under test, taken inside a sample) and say what the
    call shows beyond the briefing's system prompt and the new message: `_system_prompt`
    (default: the briefing's), `_kept_messages` (default: none) and `_generate_options`
    (default: none; e.g. tools the history's calls name), and what the first two are with an
    empty memory (`_empty_system_prompt`, `_empty_kept_messages`).
    """

    model: Model

    async def answer(self, prompt: str, query: str) -> str:
        """Answer with what is kept in context; it stays unchanged.

        Args:
            prompt: The full evaluation prompt.
            query: Unused (an answer sees all that is kept).
        """
        return await self._generate(prompt)

    async def answer_without_memory(self, prompt: str, query: str) -> str:
        """The same call as `answer` with nothing kept: the empty system prompt, no history.

        Args:
            prompt: The full evaluation prompt.
            query: Unused.
        """
        messages = context_messages(
            self._empty_system_prompt(), self._empty_kept_messages(), prompt
        )
        output = await self.model.generate(messages, **self._generate_options())
        return output.completion

    async def _reply(self, message: str) -> str:
        """Reply to a user message (the ``reply`` phase); the caller keeps what it should."""
        set_phase(PHASE_REPLY)
        return await self._generate(message)

    async def _generate(self, text: str) -> str:
        messages = context_messages(self._system_prompt(), self._kept_messages(), text)
        output = await self.model.generate(messages, **self._generate_options())
        return output.completion

    def _system_prompt(self) -> str:
        return self.briefing.system_prompt

    def _kept_messages(self) -> Sequence[ChatMessage]:
        return ()

    def _empty_system_prompt(self) -> str:
        """The system prompt with an empty memory (default: the briefing's)."""
        return self.briefing.system_prompt

    def _empty_kept_messages(self) -> Sequence[ChatMessage]:
        """The messages kept in context with an empty memory (default: none)."""
        return ()

    def _generate_options(self) -> dict[str, Any]:
        return {}

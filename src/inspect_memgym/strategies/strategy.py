"""The interface of a reference memory agent: an assistant with a memory system.

A `MemoryStrategy` converses with the user on-policy (`respond`), updating its memory by its
own rules, and answers evaluation prompts (`answer`) without letting them change its memory.
The conversation driver (and later tasks' drivers) only talk to this interface, so every
reference agent (native, awi, rag, awe) works with every task that uses it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class MemoryStrategy(ABC):
    """An assistant with a memory system, for one sample."""

    name: str = "agent"

    @abstractmethod
    async def respond(self, message: str) -> str:
        """Reply to the user's message in the current session; may update memory.

        Args:
            message: The user's message (the driver prefixes the simulated time to a
                session's opening message, e.g. ``[Current time: 2025-04-02 18:30]``).

        Returns:
            The assistant's reply text.
        """

    @abstractmethod
    async def answer(self, prompt: str, query: str) -> str:
        """Answer an evaluation prompt from memory; memory and history stay unchanged.

        Args:
            prompt: The full prompt (question, numbered choices, reply format).
            query: Retrieval query for agents that search memory: the question text alone,
                never the choices.

        Returns:
            The model's raw reply text.
        """

    async def end_session(self) -> None:  # noqa: B027 - optional hook
        """Called after each session (default: nothing)."""

    async def flush(self) -> None:  # noqa: B027 - optional hook
        """Apply pending memory updates (called before each period's evaluation)."""

    def describe(self) -> dict[str, Any]:
        """Agent name and parameters, recorded in the sample's metadata."""
        return {"agent": self.name}

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the memory backend (idempotent)."""

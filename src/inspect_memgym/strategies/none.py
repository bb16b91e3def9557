"""The ``none`` strategy: no memory at all, the baseline of every memory-isolated score.

A reply sees the system prompt and the new message only; observed inputs are dropped; an
answer sees the system prompt and the prompt only. The same reasoner without memory is
what every task's memory-isolated scorer compares a strategy against.
"""

from __future__ import annotations

from inspect_ai.model import get_model
from inspect_ai.solver import Solver, solver

from inspect_memgym.memory.holdings import MemorySnapshot
from inspect_memgym.strategies.call_context import record_strategy
from inspect_memgym.strategies.in_context import InContextStrategy
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import driving_solver


class NoMemoryStrategy(InContextStrategy):
    """Remembers nothing: every model call sees only the current message or prompt."""

    name = "none"

    def __init__(self, record: bool = True) -> None:
        """Take the model under test (create inside a sample).

        Args:
            record: Record this strategy's name in the sample's `ModelCallContext` (False
                for the no-memory pass that runs beside another strategy).
        """
        self.model = get_model()
        self.calls = 0
        if record:
            record_strategy(self.name)

    async def respond(self, message: str) -> str:
        """Reply to the message alone.

        Args:
            message: The user's message.
        """
        return await self._reply(message)

    async def observe(self, content: str) -> None:
        """Drop the input.

        Args:
            content: The input (not kept).
        """

    def kept(self) -> KeptMemory:
        """Nothing."""
        return KeptMemory(0, 0)

    def memory_text(self, query: str | None = None) -> str:
        """Nothing.

        Args:
            query: Unused.
        """
        return ""

    async def snapshot(self) -> MemorySnapshot:
        """Nothing, by design: this strategy keeps no input."""
        return MemorySnapshot((), self.name, stores_nothing=True)

    async def _generate(self, text: str) -> str:
        self.calls += 1
        return await super()._generate(text)


@solver
def none() -> Solver:
    """Strategy with no memory: the same reasoner sees only the current message or prompt."""
    return driving_solver(NoMemoryStrategy)

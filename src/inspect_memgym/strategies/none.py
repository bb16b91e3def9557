"""The ``none`` strategy: no memory at all, the baseline of every memory-isolated score.

A reply sees the system prompt and the new message only; observed inputs are dropped; an
answer sees the system prompt and the prompt only. The same reasoner without memory is
what every task's memory-isolated scorer compares a strategy against.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_memgym.strategies.call_context import PHASE_REPLY, record_strategy, set_phase
from inspect_memgym.strategies.drivers import drive
from inspect_memgym.strategies.strategy import KeptMemory, MemoryStrategy


class NoMemoryStrategy(MemoryStrategy):
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
        set_phase(PHASE_REPLY)
        return await self._generate(message)

    async def observe(self, content: str) -> None:
        """Drop the input.

        Args:
            content: The input (not kept).
        """

    async def answer(self, prompt: str, query: str) -> str:
        """Answer the prompt alone.

        Args:
            prompt: The full evaluation prompt.
            query: Unused.
        """
        return await self._generate(prompt)

    def kept(self) -> KeptMemory:
        """Nothing."""
        return KeptMemory(0, 0)

    def memory_text(self, query: str | None = None) -> str:
        """Nothing.

        Args:
            query: Unused.
        """
        return ""

    async def _generate(self, text: str) -> str:
        self.calls += 1
        output = await self.model.generate(
            [
                ChatMessageSystem(content=self.briefing.system_prompt),
                ChatMessageUser(content=text),
            ]
        )
        return output.completion


@solver
def none() -> Solver:
    """Strategy with no memory: the same reasoner sees only the current message or prompt."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return await drive(state, NoMemoryStrategy())

    return solve

"""The ``masking`` strategy: observed inputs masked once they are old, recent ones kept.

MemGym's observation masking, with Inspect's own `CompactionEdit`: every observed input
joins the history as the result of a ``read_input`` tool call (an observation, as in an
agent's loop), and every observation but the newest ``observation_window`` is replaced by
Inspect's placeholder for a removed tool result. Conversation turns are not
observations: a reply joins the history with its user message and is kept, so on a
conversation alone masking keeps the whole history, like ``native``. The tool is declared
on every call with ``tool_choice="none"`` (some providers require tool calls in a history
to name a declared tool); it is never called.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    ChatMessageUser,
    CompactionEdit,
    get_model,
)
from inspect_ai.solver import Solver, solver
from inspect_ai.tool import ToolCall, ToolInfo, ToolParams

from inspect_memgym.memory.holdings import MemorySnapshot
from inspect_memgym.strategies.call_context import record_strategy
from inspect_memgym.strategies.in_context import InContextStrategy, messages_size
from inspect_memgym.strategies.prompts import MASKED_INPUT_TOOL
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import check_integer, driving_solver

DEFAULT_OBSERVATION_WINDOW = 3
"""Observations kept whole (Inspect's `CompactionEdit` default, ``keep_tool_uses=3``)."""
INPUT_TOOL = ToolInfo(
    name=MASKED_INPUT_TOOL,
    description="Shows the next input (already called for you; do not call it).",
    parameters=ToolParams(),
)


class MaskingStrategy(InContextStrategy):
    """Keeps the newest observations whole and masks older ones."""

    name = "masking"

    def __init__(self, observation_window: int = DEFAULT_OBSERVATION_WINDOW) -> None:
        """Start with an empty history (create inside a sample).

        Args:
            observation_window: Observations kept whole (at least 0).
        """
        check_integer("observation_window", observation_window, 0)
        self.observation_window = observation_window
        self.model = get_model()
        self.observations = 0
        self._compaction = CompactionEdit(keep_tool_uses=observation_window, memory=False)
        self._history: list[ChatMessage] = []
        record_strategy(self.name)

    async def respond(self, message: str) -> str:
        """Reply with the masked history in context, then keep both messages.

        Args:
            message: The user's message.
        """
        reply = await self._reply(message)
        self._history += [ChatMessageUser(content=message), ChatMessageAssistant(content=reply)]
        return reply

    async def observe(self, content: str) -> None:
        """Add the input as an observation and mask what fell out of the window.

        Args:
            content: The input.
        """
        self.observations += 1
        call_id = f"input-{self.observations}"
        self._history += [
            ChatMessageAssistant(
                content="",
                tool_calls=[ToolCall(id=call_id, function=MASKED_INPUT_TOOL, arguments={})],
            ),
            ChatMessageTool(content=content, tool_call_id=call_id, function=MASKED_INPUT_TOOL),
        ]
        self._history, _ = await self._compaction.compact(self.model, self._history, [INPUT_TOOL])

    def kept(self) -> KeptMemory:
        """The masked history."""
        return messages_size(self._history)

    def memory_text(self, query: str | None = None) -> str:
        """The masked history.

        Args:
            query: Unused (an answer sees all of it).
        """
        return "\n".join(message.text for message in self._history)

    async def snapshot(self) -> MemorySnapshot:
        """Every message kept (masked inputs as their placeholders), one item each."""
        return MemorySnapshot(tuple(message.text for message in self._history), self.name)

    def describe(self) -> dict[str, Any]:
        """Strategy name, window, observations and kept size."""
        return {
            **super().describe(),
            "observation_window": self.observation_window,
            "observations": self.observations,
        }

    def _kept_messages(self) -> Sequence[ChatMessage]:
        return self._history

    def _generate_options(self) -> dict[str, Any]:
        return {"tools": [INPUT_TOOL], "tool_choice": "none"}


@solver
def masking(observation_window: int = DEFAULT_OBSERVATION_WINDOW) -> Solver:
    """Strategy that masks observed inputs once newer ones push them out of a window.

    Args:
        observation_window: Observations kept whole; older ones are replaced by a
            placeholder (Inspect's `CompactionEdit`).
    """
    check_integer("observation_window", observation_window, 0)

    return driving_solver(MaskingStrategy, observation_window=observation_window)

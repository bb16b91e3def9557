"""The ``summary`` strategy: the history in context, summarised whenever it outgrows a budget.

Replies see the system prompt, the history and the new message; observed inputs join the
history as user messages. When the history exceeds ``context_budget`` tokens (the
``kit.tokens`` estimate), Inspect's own summary compaction (`CompactionSummary`, with this
suite's prompt and the task's memory brief) has the ``memory`` model summarise it (phase
``memory_update``); the summary replaces everything before it, and later inputs follow it
until the next summary. Answers see the same history and never change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageUser,
    CompactionSummary,
    get_model,
)
from inspect_ai.solver import Solver, solver

from inspect_memgym.memory.holdings import MemorySnapshot
from inspect_memgym.memory.ledger import logged_operation
from inspect_memgym.strategies.call_context import (
    MEMORY_ROLE,
    PHASE_MEMORY_UPDATE,
    record_strategy,
    set_phase,
)
from inspect_memgym.strategies.in_context import InContextStrategy, messages_size
from inspect_memgym.strategies.prompts import SUMMARY_INPUT, SUMMARY_PROMPT
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import check_integer, driving_solver

DEFAULT_CONTEXT_BUDGET = 4_000
"""Tokens of history kept before it is summarised (MemGym's naive summariser: 4,000)."""
SUMMARY_OPERATION = "summary"
"""Name of a summary in `MemoryLedger.operations`."""


class SummaryStrategy(InContextStrategy):
    """Keeps the history until it outgrows the budget, then summarises it."""

    name = "summary"

    def __init__(self, context_budget: int = DEFAULT_CONTEXT_BUDGET) -> None:
        """Start with an empty history (create inside a sample).

        Args:
            context_budget: Tokens of history that trigger a summary (at least 1).
        """
        check_integer("context_budget", context_budget, 1)
        self.context_budget = context_budget
        self.model = get_model()
        self.memory_model = get_model(role=MEMORY_ROLE)
        self.summaries = 0
        self._history: list[ChatMessage] = [ChatMessageUser(content=SUMMARY_INPUT, source="input")]
        record_strategy(self.name)

    @property
    def history(self) -> list[ChatMessage]:
        """The messages kept: the opening input, the latest summary, and what followed."""
        return list(self._history)

    async def respond(self, message: str) -> str:
        """Reply with the history in context, then keep both messages.

        Args:
            message: The user's message.
        """
        reply = await self._reply(message)
        self._history += [ChatMessageUser(content=message), ChatMessageAssistant(content=reply)]
        await self._compact_if_over_budget()
        return reply

    async def observe(self, content: str) -> None:
        """Keep the input as a user message, summarising when over budget.

        Args:
            content: The input.
        """
        self._history.append(ChatMessageUser(content=content))
        await self._compact_if_over_budget()

    def kept(self) -> KeptMemory:
        """The history after the opening input."""
        return messages_size(self._history[1:])

    def memory_text(self, query: str | None = None) -> str:
        """The history after the opening input (the latest summary and what followed).

        Args:
            query: Unused (an answer sees all of it).
        """
        return "\n".join(message.text for message in self._history[1:])

    async def snapshot(self) -> MemorySnapshot:
        """The summary and the messages after it, one item each."""
        return MemorySnapshot(tuple(message.text for message in self._history[1:]), self.name)

    def describe(self) -> dict[str, Any]:
        """Strategy name, budget, summaries made and kept size."""
        return {
            **super().describe(),
            "context_budget": self.context_budget,
            "summaries": self.summaries,
        }

    def _kept_messages(self) -> Sequence[ChatMessage]:
        return self._history

    def _empty_kept_messages(self) -> Sequence[ChatMessage]:
        return self._history[:1]

    async def _compact_if_over_budget(self) -> None:
        if self.kept().tokens <= self.context_budget:
            return
        compaction = CompactionSummary(
            memory=False,
            model=self.memory_model,
            prompt=SUMMARY_PROMPT.format(brief=self.briefing.memory_brief, addendums="{addendums}"),
        )
        set_phase(PHASE_MEMORY_UPDATE)
        with logged_operation(SUMMARY_OPERATION) as (_, record):
            compacted, summary = await compaction.compact(self.memory_model, self._history, [])
            self._history = list(compacted)
            self.summaries += 1
            record["content"] = summary.text if summary is not None else None


@solver
def summary(context_budget: int = DEFAULT_CONTEXT_BUDGET) -> Solver:
    """Strategy that summarises its history whenever it outgrows a token budget.

    Args:
        context_budget: Tokens of history that trigger a summary (Inspect's summary
            compaction, run by the ``memory`` model role, else the model under test).
    """
    check_integer("context_budget", context_budget, 1)

    return driving_solver(SummaryStrategy, context_budget=context_budget)

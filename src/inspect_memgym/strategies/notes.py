"""The ``notes`` strategy: a notes block under a token budget, rewritten after each input.

MemGym's prompt strategy. After every observed input, and after every reply with the
user's message and the reply, the ``memory`` model rewrites the notes (phase
``memory_update``) from the current notes and the new input; what exceeds
``notes_budget`` tokens (the ``kit.tokens`` estimate) is cut off at the end, and the cut is
counted. Replies and answers see the system prompt, the notes and the new message only.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessageUser, get_model
from inspect_ai.solver import Solver, solver

from inspect_memgym.kit.tokens import CHARACTERS_PER_TOKEN, estimate_tokens, truncate_to_tokens
from inspect_memgym.memory.ledger import logged_operation
from inspect_memgym.strategies.call_context import (
    MEMORY_ROLE,
    PHASE_MEMORY_UPDATE,
    record_strategy,
    set_phase,
)
from inspect_memgym.strategies.in_context import InContextStrategy
from inspect_memgym.strategies.prompts import EMPTY_NOTES, NOTES_SECTION, NOTES_UPDATE_PROMPT
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import (
    Clock,
    ConversationMessage,
    check_integer,
    driving_solver,
)

DEFAULT_NOTES_BUDGET = 500
"""Tokens of notes (MemGym's default notes budget)."""
REWRITE_OPERATION = "notes_rewrite"
"""Name of a notes rewrite in `MemoryLedger.operations`."""


class NotesStrategy(InContextStrategy):
    """Keeps one notes block, rewritten by the model after each input and cut to a budget."""

    name = "notes"

    def __init__(self, notes_budget: int = DEFAULT_NOTES_BUDGET) -> None:
        """Start with empty notes (create inside a sample).

        Args:
            notes_budget: Tokens the notes may hold (at least 1).
        """
        check_integer("notes_budget", notes_budget, 1)
        self.notes_budget = notes_budget
        self.notes = ""
        self.rewrites = 0
        self.truncations = 0
        self.clock = Clock()
        self.model = get_model()
        self.memory_model = get_model(role=MEMORY_ROLE)
        record_strategy(self.name)

    async def respond(self, message: str) -> str:
        """Reply from the notes, then rewrite them with the message and the reply.

        Args:
            message: The user's message.
        """
        self.clock.observe(message)
        reply = await self._reply(message)
        await self._rewrite(
            [
                ConversationMessage("user", message, self.clock.now),
                ConversationMessage("assistant", reply, self.clock.now),
            ]
        )
        return reply

    async def observe(self, content: str) -> None:
        """Rewrite the notes with the input.

        Args:
            content: The input.
        """
        self.clock.observe(content)
        await self._rewrite([ConversationMessage("user", content, self.clock.now)])

    def kept(self) -> KeptMemory:
        """The notes block."""
        return KeptMemory(estimate_tokens(self.notes) if self.notes else 0, 1 if self.notes else 0)

    def memory_text(self, query: str | None = None) -> str:
        """The notes.

        Args:
            query: Unused (an answer sees all of them).
        """
        return self.notes

    def describe(self) -> dict[str, Any]:
        """Strategy name, budget, counters and kept size."""
        return {
            **super().describe(),
            "notes_budget": self.notes_budget,
            "rewrites": self.rewrites,
            "truncations": self.truncations,
        }

    def _system_prompt(self) -> str:
        return self._prompt_with_notes(self.notes)

    def _empty_system_prompt(self) -> str:
        return self._prompt_with_notes("")

    def _prompt_with_notes(self, notes: str) -> str:
        section = NOTES_SECTION.format(label=self.briefing.memory_label, notes=notes or EMPTY_NOTES)
        return f"{self.briefing.system_prompt}\n\n{section}"

    async def _rewrite(self, messages: list[ConversationMessage]) -> None:
        prompt = NOTES_UPDATE_PROMPT.format(
            budget=self.notes_budget,
            characters=self.notes_budget * CHARACTERS_PER_TOKEN,
            brief=self.briefing.memory_brief,
            notes=self.notes or EMPTY_NOTES,
            messages="\n".join(message.render() for message in messages),
        )
        set_phase(PHASE_MEMORY_UPDATE)
        output = await self.memory_model.generate([ChatMessageUser(content=prompt)])
        with logged_operation(REWRITE_OPERATION) as (_, record):
            notes = output.completion.strip()
            cut = truncate_to_tokens(notes, self.notes_budget)
            if cut != notes:
                self.truncations += 1
                record["error"] = f"notes cut to {self.notes_budget} tokens"
            self.notes = cut
            self.rewrites += 1
            record["content"] = cut


@solver
def notes(notes_budget: int = DEFAULT_NOTES_BUDGET) -> Solver:
    """Strategy that keeps a notes block the model rewrites after each input (MemGym's prompt).

    Args:
        notes_budget: Tokens the notes may hold; longer notes are cut off at the end.
    """
    check_integer("notes_budget", notes_budget, 1)

    return driving_solver(NotesStrategy, notes_budget=notes_budget)

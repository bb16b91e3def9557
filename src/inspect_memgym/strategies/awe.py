"""The ``awe`` strategy: agentic write, external memory (AMemGym's AWE).

Every ``update_frequency`` inputs, a memory update (phase ``memory_update``) shows the
``memory`` model the inputs since the last update and the ``top_k`` existing entries most
related to them, with the tools ``memory_write``, ``memory_edit``, ``memory_delete`` and
``memory_search``. The model adds, updates and deletes facts (one fact per entry) in a tool
loop of at most ``max_update_turns`` turns, ending when it replies without tool calls.
Replies and answers retrieve the ``top_k`` entries that best match the user's message (an
answer: the question alone), oldest first, plus the short-term window.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser
from inspect_ai.solver import Solver, solver
from inspect_ai.tool import ToolDef

from inspect_memgym.memory.budget import UNBOUNDED_WRITE_BUDGET
from inspect_memgym.memory.delete_tool import memory_delete
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.memory.tools import memory_edit, memory_search, memory_write
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, set_phase
from inspect_memgym.strategies.entry_store import EntryStoreStrategy
from inspect_memgym.strategies.prompts import (
    AWE_MEMORY_SECTION,
    AWE_UPDATE_PROMPT,
    AWE_UPDATE_SYSTEM_PROMPT,
)
from inspect_memgym.strategies.support import (
    ConversationMessage,
    check_strategy_options,
    driving_solver,
    render_entries,
    render_messages,
    retrieve,
)
from inspect_memgym.strategies.windowed import (
    DEFAULT_SHORT_TERM_WINDOW,
    DEFAULT_UPDATE_FREQUENCY,
)
from inspect_memgym.tool_use.loop import tool_loop

DEFAULT_TOP_K = 30
DEFAULT_MAX_UPDATE_TURNS = 10


class AweStrategy(EntryStoreStrategy):
    """Lets the model curate facts in an external store; retrieves them per reply."""

    name = "awe"

    def __init__(
        self,
        memory: MemorySettings | None = None,
        write_budget: int = UNBOUNDED_WRITE_BUDGET,
        update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
        short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
        top_k: int = DEFAULT_TOP_K,
        max_update_turns: int = DEFAULT_MAX_UPDATE_TURNS,
    ) -> None:
        """Open the sample's memory backend (create inside a sample).

        Args:
            memory: Where and how memory is kept (default: embedded chroma, hashing).
            write_budget: Writes allowed (writes and edits cost one, deletes are free).
            update_frequency: Messages between memory updates (at least 1).
            short_term_window: Recent raw messages kept in context (at least 0).
            top_k: Entries retrieved per reply and per memory update (at least 1).
            max_update_turns: Model turns allowed per memory update (at least 1).
        """
        check_strategy_options(
            top_k=top_k, write_budget=write_budget, max_update_turns=max_update_turns
        )
        super().__init__(memory, write_budget, update_frequency, short_term_window, top_k)
        self.max_update_turns = max_update_turns
        self.update_turns = 0
        self.tool_calls = 0
        self.updates_cut_short = 0
        # converted once: Inspect would otherwise re-parse every tool on every call
        self._tools = [
            ToolDef(tool)
            for tool in (
                memory_write(self.memory),
                memory_edit(self.memory),
                memory_delete(self.memory),
                memory_search(self.memory),
            )
        ]

    def describe(self) -> dict[str, Any]:
        """Strategy name, parameters and counters."""
        return {
            **super().describe(),
            "max_update_turns": self.max_update_turns,
            "update_turns": self.update_turns,
            "tool_calls": self.tool_calls,
            "updates_cut_short": self.updates_cut_short,
        }

    def _framed_section(self, entries: str) -> str:
        return AWE_MEMORY_SECTION.format(label=self.briefing.memory_label, entries=entries)

    async def _update_memory(self, messages: list[ConversationMessage]) -> None:
        related = retrieve(self.memory, "\n".join(m.text for m in messages), self.top_k)
        request = AWE_UPDATE_PROMPT.format(
            time=self.clock.shown,
            entries=render_entries(related),
            messages=render_messages(messages),
        )
        conversation: list[ChatMessage] = [
            ChatMessageSystem(
                content=AWE_UPDATE_SYSTEM_PROMPT.format(brief=self.briefing.memory_brief)
            ),
            ChatMessageUser(content=request),
        ]
        set_phase(PHASE_MEMORY_UPDATE)
        end = await tool_loop(self.memory_model, conversation, self._tools, self.max_update_turns)
        self.update_turns += end.turns
        self.tool_calls += end.tool_calls
        self.updates_cut_short += end.stop != "reply"


@solver
def awe(
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    write_budget: int = UNBOUNDED_WRITE_BUDGET,
    update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
    short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
    top_k: int = DEFAULT_TOP_K,
    max_update_turns: int = DEFAULT_MAX_UPDATE_TURNS,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Solver:
    """Strategy whose model curates facts in an external store (AMemGym's AWE).

    Args:
        backend: Memory backend (``chroma`` or ``markdown``).
        embedding: Embedding for the chroma backend (``hashing``, ``minilm``, ``openai``).
        write_budget: Writes allowed per sample (writes and edits cost one, deletes are free).
        update_frequency: Messages (user or assistant) between memory updates.
        short_term_window: Recent raw messages kept in context.
        top_k: Entries retrieved per reply, per answer and per memory update.
        max_update_turns: Model turns allowed per memory update.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
    """
    settings = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
    check_strategy_options(
        top_k=top_k,
        write_budget=write_budget,
        update_frequency=update_frequency,
        short_term_window=short_term_window,
        max_update_turns=max_update_turns,
    )

    return driving_solver(
        AweStrategy,
        memory=settings,
        write_budget=write_budget,
        update_frequency=update_frequency,
        short_term_window=short_term_window,
        top_k=top_k,
        max_update_turns=max_update_turns,
    )

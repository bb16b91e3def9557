"""The no-memory pass beside a strategy: the very prompt that strategy shows, memory empty.

A memory-isolated score compares the same reasoner with and without memory, so the
no-memory answer must see exactly what the strategy's answer sees with nothing kept: the
same system prompt and the same memory section, present and empty (``(empty)`` notes,
``{}`` for awi, ``(none)`` retrieved). `EmptyMemoryStrategy` answers that way.
`empty_memory_section` is the section each strategy shows when it holds nothing (None for
a strategy that shows memory as kept messages, such as native, masking and summary, or
none at all). The agentic strategy's answer is a tool loop over its own store; its
no-memory pass stays the plain one (no tools, no section).
"""

from __future__ import annotations

from inspect_memgym.strategies.awe import AweStrategy
from inspect_memgym.strategies.awi import AwiStrategy
from inspect_memgym.strategies.none import NoMemoryStrategy
from inspect_memgym.strategies.notes import NotesStrategy
from inspect_memgym.strategies.prompts import (
    AWE_MEMORY_SECTION,
    AWI_MEMORY_SECTION,
    EMPTY_NOTES,
    NOTES_SECTION,
    RAG_MEMORY_SECTION,
    RETRIEVAL_MEMORY_SECTION,
)
from inspect_memgym.strategies.rag import RagStrategy
from inspect_memgym.strategies.retrieval import RetrievalStrategy
from inspect_memgym.strategies.strategy import MemoryStrategy
from inspect_memgym.strategies.support import render_entries

EMPTY_JSON_MEMORY = "{}"
"""awi's memory object when it holds nothing."""


def empty_memory_section(strategy: MemoryStrategy) -> str | None:
    """The memory section a strategy's answer shows when it holds nothing.

    Args:
        strategy: The strategy under test (briefed: its memory label is the task's).

    Returns:
        The section appended to the system prompt, or None when the strategy shows none.
    """
    label = strategy.briefing.memory_label
    if isinstance(strategy, NotesStrategy):
        return NOTES_SECTION.format(label=label, notes=EMPTY_NOTES)
    if isinstance(strategy, AwiStrategy):
        return AWI_MEMORY_SECTION.format(label=label, memory_json=EMPTY_JSON_MEMORY)
    if isinstance(strategy, RagStrategy):
        return RAG_MEMORY_SECTION.format(entries=render_entries([]))
    if isinstance(strategy, AweStrategy):
        return AWE_MEMORY_SECTION.format(label=label, entries=render_entries([]))
    if isinstance(strategy, RetrievalStrategy):
        return RETRIEVAL_MEMORY_SECTION.format(label=label, entries=render_entries([]))
    return None


class EmptyMemoryStrategy(NoMemoryStrategy):
    """Answers as another strategy would with an empty memory (create inside a sample)."""

    name = "none"

    def __init__(self, like: MemoryStrategy) -> None:
        """Take the model under test and the strategy whose empty prompt to show.

        Args:
            like: The strategy under test, already briefed.
        """
        super().__init__(record=False)
        self.brief(like.briefing)
        self.section = empty_memory_section(like)

    def _system_prompt(self) -> str:
        system = self.briefing.system_prompt
        return f"{system}\n\n{self.section}" if self.section is not None else system

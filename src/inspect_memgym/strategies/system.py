"""The ``system`` strategy: a real memory system (Mem0, an MCP server, yours) plays the task.

The call shape is rag's: every ``update_frequency`` inputs (a user message, a reply or an
observed input), the batch goes to the system's ``add`` (each input one write of the
budget; an input longer than an entry is split into passages as rag splits it); a reply
or an answer searches the system for the message or the question alone (never its
choices) and shows the ``top_k`` hits, in the system's order, under "Relevant memories",
then the short-term window and the new message. The memory-isolated pass shows the same
prompt with no hits and an empty window. The system holds the sample's memories under a
scope of its own (`memory_systems.system.Scope`), deleted when the sample ends unless
``keep_memory``. Every add and search is a ledger operation (``system_add``,
``retrieve``), timed, so the log has the system's latency beside its score.
"""

from __future__ import annotations

import uuid
from logging import getLogger
from typing import Any

from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.memory.budget import (
    UNBOUNDED_WRITE_BUDGET,
    WRITE_COST,
    can_afford,
    describe_budget,
)
from inspect_memgym.memory.content import MAX_CONTENT_CHARS
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.holdings import MemorySnapshot
from inspect_memgym.memory.ledger import current_ledger, logged_operation
from inspect_memgym.memory_systems.registry import choose_system
from inspect_memgym.memory_systems.system import MemoryItem, MemorySystem, Scope, SystemHit
from inspect_memgym.strategies.drivers import drive
from inspect_memgym.strategies.passages import split_passages
from inspect_memgym.strategies.prompts import NO_ENTRIES, SYSTEM_MEMORY_SECTION
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import ConversationMessage, check_strategy_options
from inspect_memgym.strategies.windowed import (
    DEFAULT_SHORT_TERM_WINDOW,
    DEFAULT_UPDATE_FREQUENCY,
    WindowedStrategy,
)

DEFAULT_TOP_K = 30
"""Hits shown per reply and answer (rag's default)."""
ADD_OPERATION = "system_add"
"""Name of one add call in `MemoryLedger.operations`."""
logger = getLogger(__name__)
SEARCH_OPERATION = "retrieve"
"""Name of one search in `MemoryLedger.operations` (as every strategy's retrieval)."""
LISTED_SOURCE = "system {system}: its list_all"
"""A snapshot's source when the system listed what it holds."""
UNLISTED_SOURCE = "system {system}: the inputs added (it cannot list what it holds)"
"""A snapshot's source when the system cannot list: the inputs given to it stand in."""


class SystemStrategy(WindowedStrategy):
    """Stores inputs in a memory system and shows what it finds per reply and answer."""

    name = "system"

    def __init__(
        self,
        system: MemorySystem,
        scope: Scope,
        write_budget: int = UNBOUNDED_WRITE_BUDGET,
        update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
        short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
        top_k: int = DEFAULT_TOP_K,
    ) -> None:
        """Play a memory system for one sample (create inside the sample).

        Args:
            system: The memory system (opened for this sample; the solver closes it).
            scope: The sample's scope in the system.
            write_budget: Writes allowed; each input (or passage) added costs one.
            update_frequency: Inputs per add call (at least 1).
            short_term_window: Recent raw inputs kept in context (at least 0).
            top_k: Hits shown per reply and answer (at least 1).
        """
        check_strategy_options(top_k=top_k, write_budget=write_budget)
        current_ledger().write_budget = write_budget
        self.system = system
        self.scope = scope
        self.top_k = top_k
        self.write_budget = write_budget
        self.items_added = 0
        self.add_refusals = 0
        self.searches = 0
        self._added: list[str] = []
        self._shown: dict[str, list[SystemHit]] = {}
        super().__init__(update_frequency, short_term_window)

    def kept(self) -> KeptMemory:
        """What was added: its tokens and count (the system may keep it differently)."""
        return KeptMemory(sum(estimate_tokens(text) for text in self._added), len(self._added))

    def describe(self) -> dict[str, Any]:
        """Strategy name, the system's settings, parameters and counters."""
        return {
            **super().describe(),
            **self.system.describe(),
            "write_budget": self.write_budget,
            "top_k": self.top_k,
            "items_added": self.items_added,
            "add_refusals": self.add_refusals,
            "searches": self.searches,
        }

    async def recall(self, query: str | None = None) -> str:
        """What the system holds (its list, else what was added) or finds for a query.

        Args:
            query: None for everything kept; else the question an answer would be asked.
        """
        if query is None:
            listed = await self.system.list_all(self.scope)
            return "\n".join(self._added if listed is None else (hit.text for hit in listed))
        hits = await self._search(query, log=False)
        return _render(hits)

    async def _section_for(self, query: str) -> str:
        hits = await self._search(query, log=True)
        self._shown[query] = hits
        return SYSTEM_MEMORY_SECTION.format(entries=_render(hits))

    def _memory_section(self, query: str, log: bool = True) -> str:
        """The hits last shown for this query (a system is searched in `_section_for`)."""
        del log
        return SYSTEM_MEMORY_SECTION.format(entries=_render(self._shown.get(query, [])))

    def _empty_memory_section(self) -> str:
        return SYSTEM_MEMORY_SECTION.format(entries=NO_ENTRIES)

    def _all_memory(self) -> str:
        return "\n".join(self._added)

    async def snapshot(self) -> MemorySnapshot:
        """What the system lists (`list_all`), then the short-term window.

        A system that cannot list (its ``list_all`` gives None) shows the inputs it was
        given instead, and its source says so: what such a memory held is not known, and
        its per-operation scores are those of a memory that kept every input.
        """
        listed = await self.system.list_all(self.scope)
        recent = tuple(message.content for message in self._recent)
        if listed is None:
            source = UNLISTED_SOURCE.format(system=self.system.name)
            return MemorySnapshot((*self._added, *recent), source)
        items = tuple(hit.text for hit in listed)
        return MemorySnapshot((*items, *recent), LISTED_SOURCE.format(system=self.system.name))

    async def _search(self, query: str, log: bool) -> list[SystemHit]:
        text = query.strip()
        if not text:
            return []
        if not log:
            return await self.system.search(text, self.scope, self.top_k)
        with logged_operation(SEARCH_OPERATION, query=text, top_k=self.top_k) as (_, record):
            hits = (await self.system.search(text, self.scope, self.top_k))[: self.top_k]
            record["returned"] = [hit.memory_id for hit in hits]
        self.searches += 1
        return hits

    async def _update_memory(self, messages: list[ConversationMessage]) -> None:
        items = [item for message in messages for item in _items(message)]
        if not items:
            return
        with logged_operation(ADD_OPERATION) as (ledger, record):
            affordable = _affordable(len(items), ledger.writes_left)
            if affordable < len(items):
                self.add_refusals += len(items) - affordable
                budget = describe_budget(ledger.writes_left, ledger.write_budget)
                record["error"] = f"Write budget exhausted; inputs not added. {budget}"
                items = items[:affordable]
            if items:
                await self.system.add(items, self.scope)
                ledger.writes_used = ledger.writes_used + WRITE_COST * len(items)
                self.items_added += len(items)
                self._added.extend(item.render() for item in items)
            record.update(
                cost=WRITE_COST * len(items), content="\n".join(item.render() for item in items)
            )


def _items(message: ConversationMessage) -> list[MemoryItem]:
    """One message as items of at most an entry's length (rag's passages)."""
    if not message.text.strip():
        return []
    prefix = len(ConversationMessage(message.role, "", message.time).render())
    return [
        MemoryItem(message.role, passage, message.time)
        for passage in split_passages(message.text, MAX_CONTENT_CHARS - prefix)
    ]


def _affordable(wanted: int, writes_left: int) -> int:
    """How many of ``wanted`` writes the budget still allows."""
    affordable = 0
    while affordable < wanted and can_afford(WRITE_COST * (affordable + 1), writes_left):
        affordable += 1
    return affordable


def _render(hits: list[SystemHit]) -> str:
    if not hits:
        return NO_ENTRIES
    return "\n".join(f"- {hit.text}" for hit in hits)


@solver
def system(
    system: str | None = None,
    mcp_command: str | None = None,
    system_config: str | None = None,
    embedding: str = DEFAULT_EMBEDDING,
    write_budget: int = UNBOUNDED_WRITE_BUDGET,
    update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
    short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
    top_k: int = DEFAULT_TOP_K,
    keep_memory: bool = False,
) -> Solver:
    """Strategy played by a real memory system (``mem0``, ``mcp``, ``langgraph``, yours).

    Args:
        system: The memory system: ``mem0``, ``mcp``, ``langgraph``, or
            ``module:Class`` / ``file.py:Class`` of your `MemorySystem` adapter.
        mcp_command: The command that starts the MCP memory server (``mcp``).
        system_config: The adapter's options: a JSON object or the path of a JSON file.
        embedding: The suite's embedding, for adapters that embed (mem0, langgraph).
        write_budget: Writes allowed per sample; each input added costs one.
        update_frequency: Inputs per add call.
        short_term_window: Recent raw inputs kept in context.
        top_k: Hits shown per reply and per answer.
        keep_memory: Leave the sample's memories in the system after the sample.
    """
    choice = choose_system(system, mcp_command, system_config)
    check_strategy_options(
        top_k=top_k,
        write_budget=write_budget,
        update_frequency=update_frequency,
        short_term_window=short_term_window,
    )

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        adapter = choice.open(embedding=embedding)
        scope = Scope(uuid.uuid4().hex, f"{state.sample_id}-e{state.epoch}")
        try:
            await adapter.connect()
            agent = SystemStrategy(
                adapter,
                scope,
                write_budget=write_budget,
                update_frequency=update_frequency,
                short_term_window=short_term_window,
                top_k=top_k,
            )
            return await drive(state, agent)
        finally:
            await _release(adapter, scope, keep_memory)

    return solve


async def _release(adapter: MemorySystem, scope: Scope, keep_memory: bool) -> None:
    """Delete the sample's memories (unless kept) and close the adapter.

    A failure here is logged, never raised: it must not hide the sample's own error, and
    a sample that scored keeps its score.
    """
    try:
        if not keep_memory:
            await adapter.reset(scope)
    except Exception as error:  # reported; never masks the sample's own error
        logger.warning(f"memory system {adapter.name}: memories not deleted ({error})")
    try:
        await adapter.close()
    except Exception as error:  # as above
        logger.warning(f"memory system {adapter.name}: not closed cleanly ({error})")

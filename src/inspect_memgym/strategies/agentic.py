"""The ``agentic`` strategy: the model manages its own memory with the budgeted tools.

Each observed input is one tool loop (phase ``memory_update``, at most ``max_turns`` model
turns): the model sees the input and stores what it wants with ``memory_write``,
``memory_edit``, ``memory_read`` and ``memory_search`` (writes and paid edits cost one unit
of ``write_budget``), then replies without a tool call. A reply to the user is a loop with
the same tools that ends with the reply text. An answer is a loop with the read and search
tools only, so answering never changes memory; its final text is the answer. The loops
keep no history between inputs: memory is the only thing that carries over.

A task that plays its inputs with prompts and tools of its own (entity_stream's events and
``submit_answer``) offers those tools once (`AgenticStrategy.offer_task_tools`) and runs each
input as one loop of the same shape: `AgenticStrategy.play_input` over the sample's memory,
`AgenticStrategy.play_input_without_memory` for the memory-isolated pass, with the same
tools over the sample's one empty memory (`memory.empty_memory`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolDef

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.budget import UNBOUNDED_WRITE_BUDGET
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.empty_memory import EmptyMemory
from inspect_memgym.memory.factory import DEFAULT_BACKEND
from inspect_memgym.memory.holdings import MemorySnapshot, backend_snapshot
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.memory.tools import memory_read, memory_search, memory_tools
from inspect_memgym.strategies.call_context import (
    PHASE_MEMORY_UPDATE,
    PHASE_REPLY,
    record_strategy,
    set_phase,
)
from inspect_memgym.strategies.drivers import drive
from inspect_memgym.strategies.prompts import (
    AGENTIC_ANSWER_SUFFIX,
    AGENTIC_OBSERVE_PROMPT,
    agentic_system_prompt,
)
from inspect_memgym.strategies.strategy import KeptMemory, MemoryStrategy
from inspect_memgym.strategies.support import check_integer, open_backend, stored_size
from inspect_memgym.tool_use.loop import LoopEnd, tool_loop

DEFAULT_MAX_TURNS = 20
"""Model turns per input, reply or answer (entity_stream's per-event limit)."""


@dataclass(frozen=True)
class PlayedInput:
    """One input a task played through the agentic tool loop.

    Attributes:
        messages: The loop's conversation, system prompt first.
        end: How the loop ended.
    """

    messages: list[ChatMessage]
    end: LoopEnd


class AgenticStrategy(MemoryStrategy):
    """Lets the model store, edit, read and search its own memory with tools."""

    name = "agentic"

    def __init__(
        self,
        memory: MemorySettings | None = None,
        write_budget: int = UNBOUNDED_WRITE_BUDGET,
        max_turns: int = DEFAULT_MAX_TURNS,
    ) -> None:
        """Open the sample's memory backend (create inside a sample).

        Args:
            memory: Where and how memory is kept (default: embedded chroma, hashing).
            write_budget: Writes allowed (writes and paid edits cost one).
            max_turns: Model turns per input, reply or answer (at least 1).
        """
        check_integer("write_budget", write_budget, 0)
        check_integer("max_turns", max_turns, 1)
        self.write_budget = write_budget
        self.max_turns = max_turns
        self.model = get_model()
        self.turns = 0
        self.tool_calls = 0
        self.loops_cut_short = 0
        self.memory = open_backend(memory or MemorySettings(), write_budget)
        self._read_tools = _read_tools(self.memory)
        self._empty_memory = EmptyMemory(_read_tools)
        self._all_tools = _memory_tools(self.memory)
        self._task_tools: list[ToolDef] = []
        self._empty_task_memory = EmptyMemory(self._task_loop_tools)
        record_strategy(self.name)

    def offer_task_tools(self, tools: Sequence[ToolDef]) -> None:
        """Offer a task's own tools after the memory tools in every input it plays.

        Args:
            tools: The task's tools (e.g. ``submit_answer``), offered in this order.
        """
        self._task_tools = list(tools)

    async def play_input(
        self, system_prompt: str, request: str, done: Callable[[], bool] | None = None
    ) -> PlayedInput:
        """One input played by a task: a tool loop with the memory tools and the task's.

        Args:
            system_prompt: The task's system prompt.
            request: The user message that opens the loop.
            done: Checked after each turn's tool calls; True ends the loop.
        """
        return await self._run(system_prompt, request, [*self._all_tools, *self._task_tools], done)

    async def play_input_without_memory(
        self,
        system_prompt: str,
        request: Callable[[MemoryBackend], str],
        done: Callable[[], bool] | None = None,
    ) -> PlayedInput:
        """`play_input` with the same tools over an empty memory (nothing found, nothing kept).

        Args:
            system_prompt: The task's system prompt.
            request: The user message that opens the loop, given the empty memory it is
                played over (for a status line).
            done: Checked after each turn's tool calls; True ends the loop.
        """
        with self._empty_task_memory.lent() as empty:
            return await self._run(
                system_prompt, request(empty.backend), empty.tools, done, counted=False
            )

    async def respond(self, message: str) -> str:
        """Reply after a tool loop in which the model may store or look things up.

        Args:
            message: The user's message.
        """
        set_phase(PHASE_REPLY)
        return await self._loop(message, self._all_tools)

    async def observe(self, content: str) -> None:
        """Let the model store what it wants of the input.

        Args:
            content: The input.
        """
        set_phase(PHASE_MEMORY_UPDATE)
        await self._loop(AGENTIC_OBSERVE_PROMPT.format(content=content), self._all_tools)

    async def answer(self, prompt: str, query: str) -> str:
        """Answer after looking things up (read and search only: memory stays unchanged).

        Args:
            prompt: The full evaluation prompt.
            query: Unused (the model writes its own searches).
        """
        return await self._loop(prompt + AGENTIC_ANSWER_SUFFIX, self._read_tools)

    async def answer_without_memory(self, prompt: str, query: str) -> str:
        """Answer with the same read tools over an empty memory (nothing found, nothing kept).

        Args:
            prompt: The full evaluation prompt.
            query: Unused.
        """
        with self._empty_memory.lent() as empty:
            return await self._loop(prompt + AGENTIC_ANSWER_SUFFIX, empty.tools, counted=False)

    def kept(self) -> KeptMemory:
        """The stored entries: their tokens and count."""
        return stored_size(self.memory)

    def memory_text(self, query: str | None = None) -> str:
        """Every stored entry (an agentic answer may read all of them).

        Args:
            query: Unused.
        """
        return "\n".join(entry.content for entry in self.memory.entries())

    async def snapshot(self) -> MemorySnapshot:
        """The backend's entries, one item each."""
        return backend_snapshot(self.memory)

    def describe(self) -> dict[str, Any]:
        """Strategy name, parameters, counters and kept size."""
        return {
            **super().describe(),
            "backend": self.memory.name,
            "embedding": self.memory.embedding_name,
            "write_budget": self.write_budget,
            "max_turns": self.max_turns,
            "turns": self.turns,
            "tool_calls": self.tool_calls,
            "loops_cut_short": self.loops_cut_short,
        }

    def close(self) -> None:
        """Close the memory backend and the empty ones (idempotent)."""
        self._empty_memory.close()
        self._empty_task_memory.close()
        self.memory.close()

    async def _loop(self, request: str, tools: list[ToolDef], counted: bool = True) -> str:
        """A tool loop of at most ``max_turns`` model turns; the last reply's text.

        Args:
            request: The user message that opens the loop.
            tools: The tools on offer.
            counted: Count the loop's turns and tool calls in the strategy's counters
                (False for the memory-isolated pass).
        """
        system = agentic_system_prompt(self.briefing.memory_brief, [tool.name for tool in tools])
        system_prompt = f"{self.briefing.system_prompt}\n\n{system}"
        played = await self._run(system_prompt, request, tools, counted=counted)
        return played.end.reply

    async def _run(
        self,
        system_prompt: str,
        request: str,
        tools: list[ToolDef],
        done: Callable[[], bool] | None = None,
        counted: bool = True,
    ) -> PlayedInput:
        """A tool loop of at most ``max_turns`` model turns from a fresh conversation.

        Args:
            system_prompt: The loop's system prompt.
            request: The user message that opens the loop.
            tools: The tools on offer.
            done: Checked after each turn's tool calls; True ends the loop.
            counted: Count the loop's turns and tool calls in the strategy's counters
                (False for the memory-isolated pass).
        """
        messages: list[ChatMessage] = [
            ChatMessageSystem(content=system_prompt),
            ChatMessageUser(content=request),
        ]
        end = await tool_loop(self.model, messages, tools, self.max_turns, done)
        if counted:
            self.turns += end.turns
            self.tool_calls += end.tool_calls
            self.loops_cut_short += end.stop != "reply"
        return PlayedInput(messages, end)

    def _task_loop_tools(self, memory: MemoryBackend) -> list[ToolDef]:
        """The tools of an input a task plays, bound to ``memory``: memory's, then the task's."""
        return [*_memory_tools(memory), *self._task_tools]


def _memory_tools(memory: MemoryBackend) -> list[ToolDef]:
    """The four memory tools (`memory.tools.memory_tools`) bound to ``memory``, converted once."""
    return [ToolDef(tool) for tool in memory_tools(memory)]


def _read_tools(memory: MemoryBackend) -> list[ToolDef]:
    """``memory_read`` and ``memory_search`` bound to ``memory``, converted once.

    Inspect would otherwise parse every tool's docstring again on every model call.
    """
    return [ToolDef(memory_read(memory)), ToolDef(memory_search(memory))]


@solver
def agentic(
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    write_budget: int = UNBOUNDED_WRITE_BUDGET,
    max_turns: int = DEFAULT_MAX_TURNS,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Solver:
    """Strategy in which the model manages its own memory with the budgeted memory tools.

    Args:
        backend: Memory backend (``chroma`` or ``markdown``).
        embedding: Embedding for the chroma backend (``hashing``, ``minilm``, ``openai``).
        write_budget: Writes allowed per sample (writes and paid edits cost one).
        max_turns: Model turns per input, reply or answer.
        chroma_url: ChromaDB server URL (else ``MEMGYM_CHROMA_URL``; else embedded).
        chroma_token: ChromaDB server token (else ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample ends.
    """
    settings = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
    check_integer("write_budget", write_budget, 0)
    check_integer("max_turns", max_turns, 1)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        strategy = AgenticStrategy(settings, write_budget=write_budget, max_turns=max_turns)
        return await drive(state, strategy)

    return solve

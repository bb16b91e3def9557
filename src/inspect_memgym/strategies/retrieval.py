"""MemoryBench's retrieval baselines: BM25 or embedding search over messages or dialogues.

Past exchanges are stored verbatim, nothing is summarised and no model call goes into
memory. A dialogue is what passes between two store points (the end of a session, or a
`flush` before an evaluation): its user messages, the replies, and the inputs observed in
it. At a store point it goes into the memory backend

- one entry per message (``message`` granularity; MemoryBench's BM25-M and Emb-M), or
- as one entry (``dialog``; BM25-S and Emb-S), cut at message boundaries into pieces of
  at most `DIALOG_PIECE_TOKENS` when a long stream of inputs makes one dialogue huge.

The first reply of a dialogue retrieves the ``top_k`` entries that best match the user's
message, and later replies in the same dialogue keep them (MemoryBench retrieves only in
a dialogue's first round); each reply sees them, the dialogue so far and the new message.
An answer retrieves for its query and sees them and the prompt alone. When the estimated
context (``kit.tokens``) exceeds ``context_budget``, or the model reports that its context
window overflowed, the call is retried with one entry fewer (MemoryBench's k-1 retry),
down to none.
"""

from __future__ import annotations

from typing import Any, Literal

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageUser,
    ModelOutput,
    get_model,
)

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.memory.backend import SearchHit
from inspect_memgym.memory.holdings import MemorySnapshot
from inspect_memgym.memory.ledger import logged_operation
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.call_context import PHASE_REPLY, record_strategy, set_phase
from inspect_memgym.strategies.in_context import context_messages
from inspect_memgym.strategies.prompts import RETRIEVAL_MEMORY_SECTION
from inspect_memgym.strategies.strategy import KeptMemory, MemoryStrategy
from inspect_memgym.strategies.support import (
    check_integer,
    render_entries,
    retrieve,
    stored_size,
)

Granularity = Literal["message", "dialog"]
GRANULARITIES: tuple[Granularity, ...] = ("message", "dialog")
DEFAULT_TOP_K = 5
"""MemoryBench's ``--retrieve_k``."""
DEFAULT_CONTEXT_BUDGET = 32_000
"""Estimated tokens per model call before retrieved entries are dropped (a 32k window)."""
DIALOG_PIECE_TOKENS = 2_000
"""Largest dialogue entry, in estimated tokens; longer dialogues are stored in pieces."""
STORE_OPERATION = "retrieval_store"
"""Name of one stored entry in `MemoryLedger.operations`."""
OVERFLOW_STOP_REASON = "model_length"
"""Inspect's stop reason when a call overflowed the model's context window."""


class RetrievalStrategy(MemoryStrategy):
    """Stores past messages or dialogues verbatim and retrieves the closest ones."""

    def __init__(
        self,
        name: str,
        granularity: Granularity,
        memory: MemorySettings,
        top_k: int = DEFAULT_TOP_K,
        context_budget: int = DEFAULT_CONTEXT_BUDGET,
    ) -> None:
        """Open the sample's memory backend (create inside a sample).

        Args:
            name: The strategy's name (e.g. ``bm25_message``).
            granularity: ``message`` or ``dialog``.
            memory: The backend: markdown for BM25, chroma for embeddings.
            top_k: Entries retrieved per dialogue and per answer (at least 1).
            context_budget: Estimated tokens per call before entries are dropped.

        Raises:
            ValueError: For an unknown granularity or an out-of-range number.
        """
        check_retrieval_parameters(granularity, top_k, context_budget)
        self.name = name
        self.granularity = granularity
        self.top_k = top_k
        self.context_budget = context_budget
        self.model = get_model()
        self.memory = memory.open()
        self.entries_stored = 0
        self.retrievals = 0
        self.overflow_retries = 0
        self._dialogue: list[tuple[ChatMessage, str]] = []
        self._dialogue_hits: list[SearchHit] | None = None
        record_strategy(name)

    async def respond(self, message: str) -> str:
        """Reply with the dialogue's retrieved entries and the dialogue so far.

        Args:
            message: The user's message.
        """
        if self._dialogue_hits is None:
            self._dialogue_hits = self._retrieve(message)
        history = [chat for chat, _ in self._dialogue]
        set_phase(PHASE_REPLY)
        reply = await self._generate(self._dialogue_hits, history, message)
        self._dialogue += [
            (ChatMessageUser(content=message), f"user: {message}"),
            (ChatMessageAssistant(content=reply), f"assistant: {reply}"),
        ]
        return reply

    async def observe(self, content: str) -> None:
        """Add an input to the current dialogue (stored at the next store point).

        Args:
            content: The input, stored verbatim.
        """
        self._dialogue.append((ChatMessageUser(content=content), content))

    async def answer(self, prompt: str, query: str) -> str:
        """Answer from the entries retrieved for the query; memory stays unchanged.

        Args:
            prompt: The full evaluation prompt.
            query: Retrieval query.
        """
        return await self._generate(self._retrieve(query), [], prompt)

    async def answer_without_memory(self, prompt: str, query: str) -> str:
        """Answer with nothing retrieved (the same call, its memory section empty).

        Args:
            prompt: The full evaluation prompt.
            query: Unused (nothing to retrieve).
        """
        output = await self.model.generate(self._context([], [], prompt))
        return output.completion

    async def end_session(self) -> None:
        """Store the dialogue that just ended."""
        self._store_dialogue()

    async def flush(self) -> None:
        """Store the dialogue so far (before an evaluation)."""
        self._store_dialogue()

    def kept(self) -> KeptMemory:
        """The stored entries: their tokens and count."""
        return stored_size(self.memory)

    def memory_text(self, query: str | None = None) -> str:
        """Every stored entry, or the entries an answer to the query would be shown.

        Args:
            query: None for everything kept; else the question an answer would be asked.
        """
        if query is None:
            stored = [entry.content for entry in self.memory.entries()]
            return "\n".join([*stored, *(text for _, text in self._dialogue)])
        return render_entries(retrieve(self.memory, query, self.top_k, log=False))

    async def snapshot(self) -> MemorySnapshot:
        """The index: every stored entry, then every message of the dialogue, one item each."""
        stored = [entry.content for entry in self.memory.entries()]
        return MemorySnapshot(
            (*stored, *(text for _, text in self._dialogue)), f"{self.memory.name} index"
        )

    def describe(self) -> dict[str, Any]:
        """Strategy name, parameters, backend and counters."""
        return {
            **super().describe(),
            "granularity": self.granularity,
            "top_k": self.top_k,
            "context_budget": self.context_budget,
            "backend": self.memory.name,
            "embedding": self.memory.embedding_name,
            "entries_stored": self.entries_stored,
            "retrievals": self.retrievals,
            "overflow_retries": self.overflow_retries,
        }

    def close(self) -> None:
        """Close the memory backend (idempotent)."""
        self.memory.close()

    def _retrieve(self, query: str) -> list[SearchHit]:
        self.retrievals += 1
        return retrieve(self.memory, query, self.top_k)

    async def _generate(
        self, hits: list[SearchHit], history: list[ChatMessage], message: str
    ) -> str:
        """One call with as many retrieved entries as fit (k, then k-1, ... down to 0)."""
        keep = len(hits)
        while True:
            messages = self._context(hits[:keep], history, message)
            if keep > 0 and _estimated(messages) > self.context_budget:
                keep -= 1
                self.overflow_retries += 1
                continue
            output = await self.model.generate(messages)
            if keep > 0 and _overflowed(output):
                keep -= 1
                self.overflow_retries += 1
                continue
            return output.completion

    def _context(
        self, hits: list[SearchHit], history: list[ChatMessage], message: str
    ) -> list[ChatMessage]:
        section = RETRIEVAL_MEMORY_SECTION.format(
            label=self.briefing.memory_label, entries=render_entries(hits)
        )
        return context_messages(f"{self.briefing.system_prompt}\n\n{section}", history, message)

    def _store_dialogue(self) -> None:
        texts = [text for _, text in self._dialogue if text.strip()]
        self._dialogue = []
        self._dialogue_hits = None
        entries = texts if self.granularity == "message" else _pieces(texts)
        for content in entries:
            with logged_operation(STORE_OPERATION) as (_, record):
                entry_id = self.memory.add(content)
                record.update(entry_id=entry_id, content=content)
                self.entries_stored += 1


def check_retrieval_parameters(granularity: str, top_k: int, context_budget: int) -> None:
    """Refuse an unknown granularity or out-of-range numbers before any sample runs.

    Args:
        granularity: ``message`` or ``dialog``.
        top_k: Entries retrieved (at least 1).
        context_budget: Estimated tokens per call (at least 1).

    Raises:
        ValueError: Naming the value and what is expected.
    """
    if granularity not in GRANULARITIES:
        raise ValueError(f"granularity must be one of {', '.join(GRANULARITIES)}")
    check_integer("top_k", top_k, 1)
    check_integer("context_budget", context_budget, 1)


def _pieces(texts: list[str]) -> list[str]:
    """A dialogue as one entry, or consecutive pieces of whole messages when it is long."""
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for text in texts:
        tokens = estimate_tokens(text)
        if current and size + tokens > DIALOG_PIECE_TOKENS:
            pieces.append("\n".join(current))
            current, size = [], 0
        current.append(text)
        size += tokens
    if current:
        pieces.append("\n".join(current))
    return pieces


def _estimated(messages: list[ChatMessage]) -> int:
    return sum(estimate_tokens(message.text) for message in messages)


def _overflowed(output: ModelOutput) -> bool:
    return output.stop_reason == OVERFLOW_STOP_REASON and not output.completion.strip()

"""Building blocks shared by the memory strategies.

Conversation messages with the simulated time they were sent, parameter checks, the
phase announcement for scripted policies, and the memory operations an agent performs
itself (opening its backend, storing raw messages, retrieving before a reply), each
logged in `MemoryLedger.operations` with the same record keys as the memory tools.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.memory.backend import MemoryBackend, SearchHit
from inspect_memgym.memory.ledger import current_ledger, logged_operation
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.drivers import drive
from inspect_memgym.strategies.prompts import NO_ENTRIES, UNKNOWN_TIME
from inspect_memgym.strategies.strategy import KeptMemory, MemoryStrategy

TIME_MARKER = re.compile(r"^\s*\[Current time: (?P<time>[^\]\n]+)\]\s*")
"""The driver's time prefix on a session's opening message."""

Role = Literal["user", "assistant"]


@dataclass(frozen=True)
class ConversationMessage:
    """One user or assistant message, with the simulated time it was sent.

    Attributes:
        role: ``"user"`` or ``"assistant"``.
        content: The message as sent (a session opening keeps its time prefix).
        time: The latest time stated in the conversation when it was sent ("" if none).
    """

    role: Role
    content: str
    time: str

    @property
    def text(self) -> str:
        """The content without a leading ``[Current time: ...]`` prefix."""
        return split_time_marker(self.content)[1]

    def render(self) -> str:
        """One line for memory and prompts, e.g. ``[2025-04-02 18:30] user: I moved.``."""
        stamp = f"[{self.time}] " if self.time else ""
        return f"{stamp}{self.role}: {self.text}"

    def chat_message(self) -> ChatMessage:
        """The message as a chat turn, content unchanged."""
        if self.role == "user":
            return ChatMessageUser(content=self.content)
        return ChatMessageAssistant(content=self.content)


class Clock:
    """The latest simulated time stated in the conversation."""

    def __init__(self) -> None:
        self.now = ""

    def observe(self, message: str) -> None:
        """Take the time from a message's ``[Current time: ...]`` prefix, if it has one.

        Args:
            message: A user message.
        """
        stated, _ = split_time_marker(message)
        if stated is not None:
            self.now = stated

    @property
    def shown(self) -> str:
        """The time for prompts (``unknown`` before any was stated)."""
        return self.now or UNKNOWN_TIME


def split_time_marker(message: str) -> tuple[str | None, str]:
    """Split a leading ``[Current time: ...]`` prefix off a message.

    Args:
        message: Message text.

    Returns:
        The stated time (None without a prefix) and the rest of the message.
    """
    match = TIME_MARKER.match(message)
    if match is None:
        return None, message
    return match.group("time").strip(), message[match.end() :]


def render_messages(messages: list[ConversationMessage]) -> str:
    """Messages one per line, each with its time and role."""
    return "\n".join(message.render() for message in messages)


WINDOW_AND_RETRIEVAL_MINIMUMS: dict[str, int] = {
    "update_frequency": 1,
    "short_term_window": 0,
    "top_k": 1,
    "write_budget": 0,
    "max_update_turns": 1,
}
"""Smallest valid value of each window, retrieval and budget option of the strategies."""


def check_strategy_options(**values: int) -> None:
    """Refuse option values below their minimum, checked in the order given.

    Args:
        **values: Option values by name; every name is a key of
            ``WINDOW_AND_RETRIEVAL_MINIMUMS``.

    Raises:
        ValueError: If a value is not an integer or is out of range.
    """
    for name, value in values.items():
        check_integer(name, value, WINDOW_AND_RETRIEVAL_MINIMUMS[name])


def open_backend(settings: MemorySettings, write_budget: int) -> MemoryBackend:
    """Create the sample's memory backend and set its write budget.

    Args:
        settings: Where and how memory is kept.
        write_budget: Writes allowed for the sample.

    Returns:
        The backend; the caller closes it.
    """
    current_ledger().write_budget = write_budget
    return settings.open()


def retrieve(backend: MemoryBackend, query: str, top_k: int, log: bool = True) -> list[SearchHit]:
    """Search memory before a reply or update, logged as a ``retrieve`` operation.

    Args:
        backend: The sample's memory backend.
        query: Search text (a blank query retrieves nothing).
        top_k: Maximum number of entries.
        log: Record the search in the ledger (False for diagnostics that only look).

    Returns:
        The hits in insertion order (oldest first), not by score.
    """
    text = query.strip()
    if not text:
        return []
    if not log:
        return sorted(backend.search(text, top_k), key=lambda hit: hit.entry_id)
    with logged_operation("retrieve", query=text, top_k=top_k) as (_, record):
        hits = backend.search(text, top_k)
        record["returned"] = [hit.entry_id for hit in hits]
    return sorted(hits, key=lambda hit: hit.entry_id)


def stored_size(backend: MemoryBackend) -> KeptMemory:
    """The size of what a memory backend holds: tokens of all entries, and their count.

    Args:
        backend: The sample's memory backend.
    """
    entries = backend.entries()
    return KeptMemory(sum(estimate_tokens(entry.content) for entry in entries), len(entries))


def render_entries(hits: list[SearchHit]) -> str:
    """Retrieved entries one per line (``- <entry>``), or ``(none)``."""
    if not hits:
        return NO_ENTRIES
    return "\n".join(f"- {hit.content}" for hit in hits)


def check_integer(name: str, value: object, minimum: int) -> None:
    """Refuse a parameter that is not an integer of at least ``minimum``.

    Args:
        name: Parameter name, for the message.
        value: The value (anything a user may have passed).
        minimum: Smallest valid value.

    Raises:
        ValueError: If the value is not an integer or is too small.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")


def driving_solver(
    strategy: Callable[..., MemoryStrategy], /, *arguments: Any, **options: Any
) -> Solver:
    """A solver that drives each sample with a fresh strategy.

    Args:
        strategy: The strategy class (or any callable that builds one).
        *arguments: Passed to ``strategy`` for every sample.
        **options: Passed to ``strategy`` for every sample.
    """

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return await drive(state, strategy(*arguments, **options))

    return solve

"""The contract every memory-system adapter implements, and what passes through it.

A memory system stores what a sample shows over time and returns what matches a question.
The ``system`` strategy talks to it only through `MemorySystem`:

- `MemorySystem.add`: store inputs (a user message, a reply, a document) under a scope;
- `MemorySystem.search`: the ``k`` best matches for a query within a scope, best first;
- `MemorySystem.reset`: forget everything under a scope (at the end of a sample);
- `MemorySystem.list_all` (optional): everything held under a scope, for diagnostics;
- `MemorySystem.connect` (optional): start or reach the system (once, before the sample's
  first operation, so a server's start-up is not counted as the first add's latency);
- `MemorySystem.close`: release connections (once, when the sample's run ends).

Every call is async. A `Scope` is unique to one sample and epoch, so samples that run at
the same time against one system never see each other's memories.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Scope:
    """Whose memories a call is about: one sample and epoch of one run.

    Attributes:
        user_id: Unique to the sample and epoch (a system's user, namespace or tenant).
        run_id: The sample and epoch, readable (``<sample id>-e<epoch>``).
    """

    user_id: str
    run_id: str


@dataclass(frozen=True)
class MemoryItem:
    """One input given to a memory system.

    Attributes:
        role: ``user`` (a user message or an observed input) or ``assistant`` (a reply).
        content: The text, as said or shown.
        time: The simulated time it was said, if the sample has a clock.
    """

    role: str
    content: str
    time: str | None = None

    def render(self) -> str:
        """The item as one line of text: ``[<time>] <role>: <content>``."""
        stamp = f"[{self.time}] " if self.time else ""
        return f"{stamp}{self.role}: {self.content}"


@dataclass(frozen=True)
class SystemHit:
    """One memory a system returned.

    Attributes:
        text: The memory as the system holds it (shown to the reasoner as is).
        score: The system's relevance score, if it gives one.
        memory_id: The system's id of the memory, if it gives one.
    """

    text: str
    score: float | None = None
    memory_id: str | None = None


class MemorySystem(ABC):
    """A memory system behind the suite's one contract (subclass it to add your own)."""

    name: str = "system"

    @abstractmethod
    async def add(self, items: Sequence[MemoryItem], scope: Scope) -> None:
        """Store inputs that arrived together (e.g. a user message and its reply).

        Args:
            items: The inputs, oldest first.
            scope: Whose memory they join.
        """

    @abstractmethod
    async def search(self, query: str, scope: Scope, k: int) -> list[SystemHit]:
        """The memories that best match a query, best first.

        Args:
            query: The question or message (never the answer choices).
            scope: Whose memories are searched.
            k: At most this many hits.
        """

    @abstractmethod
    async def reset(self, scope: Scope) -> None:
        """Forget every memory under a scope.

        Args:
            scope: Whose memories are deleted.
        """

    async def list_all(self, scope: Scope) -> list[SystemHit] | None:
        """Every memory held under a scope (None: the system cannot list).

        Args:
            scope: Whose memories are listed.
        """
        del scope
        return None

    async def connect(self) -> None:  # noqa: B027 - optional hook
        """Start or reach the system before the first operation (default: nothing to do)."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release the system's connections (default: nothing to release)."""

    def describe(self) -> dict[str, Any]:
        """The system's name and settings, for the log."""
        return {"system": self.name}

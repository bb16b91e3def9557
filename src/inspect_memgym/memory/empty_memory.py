"""An empty memory for the memory-isolated pass: the same tools, nothing stored.

Memory isolation asks every question again under the same prompt with an empty memory.
Where the model reaches memory through tools, the pass offers the same tools over a
Markdown memory that holds nothing, with a scratch ledger (`ledger.scratch_ledger`): what
the model looks up finds nothing, what it stores is dropped after the answer, and the
sample's ledger and memory are untouched. Empty, every backend answers the tools alike
("Memory is empty.", no search results), so the pass cannot tell which kind it stands in
for.

One `EmptyMemory` serves every memory-isolated answer of a sample: its backend and its
tools' definitions are built on first use and lent to each answer in turn, each time with a
fresh scratch ledger. An answer that changed the memory (a write, then perhaps an edit)
leaves it to be replaced by a new empty one before the next answer, so every answer starts
from nothing, as if its memory had just been opened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType

from inspect_ai.tool import ToolDef

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.ledger import scratch_ledger
from inspect_memgym.memory.markdown_backend import MarkdownBackend

ToolBuilder = Callable[[MemoryBackend], list[ToolDef]]
"""The tools an answer offers, bound to a backend (built once per empty memory)."""


@dataclass(frozen=True)
class LentMemory:
    """An empty memory lent to one answer.

    Attributes:
        backend: The memory, empty when lent.
        tools: The answer's tools, bound to it.
    """

    backend: MemoryBackend
    tools: list[ToolDef]


@contextmanager
def empty_memory() -> Iterator[MemoryBackend]:
    """A fresh, empty memory and a scratch ledger, for one memory-isolated answer.

    Yields:
        The empty backend (closed and removed after the block).
    """
    with scratch_ledger(), MarkdownBackend() as backend:
        yield backend


class EmptyMemory:
    """One empty memory and its tools, lent to every memory-isolated answer of a sample."""

    def __init__(self, build_tools: ToolBuilder) -> None:
        """Prepare the memory (opened on first use).

        Args:
            build_tools: The tools an answer offers, bound to the empty backend.
        """
        self._build_tools = build_tools
        self._backend: MarkdownBackend | None = None
        self._tools: list[ToolDef] = []
        self._untouched: tuple[int, int] | None = None
        self._lent = False

    @contextmanager
    def lent(self) -> Iterator[LentMemory]:
        """The empty memory and its tools for one answer, with a fresh scratch ledger.

        A second answer asking while the memory is lent (answers run one after another
        in every task) gets a memory of its own, dropped after it.

        Yields:
            The memory and its tools.
        """
        if self._lent:
            with empty_memory() as backend:
                yield LentMemory(backend, self._build_tools(backend))
            return
        backend = self._opened()
        self._lent = True
        try:
            with scratch_ledger():
                yield LentMemory(backend, self._tools)
        finally:
            self._lent = False
            if _file_signature(backend) != self._untouched:
                self._discard()

    def close(self) -> None:
        """Close and remove the memory (idempotent; a later answer opens a new one)."""
        self._discard()

    def __enter__(self) -> EmptyMemory:
        """Use as a context manager that closes the memory on exit."""
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Close the memory."""
        self.close()

    def _opened(self) -> MarkdownBackend:
        """The empty backend, opened (and its tools built) if there is none."""
        if self._backend is None:
            self._backend = MarkdownBackend()
            self._tools = self._build_tools(self._backend)
            self._untouched = _file_signature(self._backend)
        return self._backend

    def _discard(self) -> None:
        if self._backend is not None:
            self._backend.close()
        self._backend = None
        self._tools = []
        self._untouched = None


def _file_signature(backend: MarkdownBackend) -> tuple[int, int]:
    """The memory file's modification time and size: any change to the memory changes it."""
    status = backend.path.stat()
    return status.st_mtime_ns, status.st_size

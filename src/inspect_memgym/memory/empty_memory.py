"""An empty memory for the memory-isolated pass: the same tools, nothing stored.

Memory isolation asks every question again under the same prompt with an empty memory.
Where the model reaches memory through tools, the pass offers the same tools over a fresh
Markdown memory that holds nothing, with a scratch ledger (`ledger.scratch_ledger`): what
the model looks up finds nothing, what it stores is dropped after the answer, and the
sample's ledger and memory are untouched. Empty, every backend answers the tools alike
("Memory is empty.", no search results), so the pass cannot tell which kind it stands in
for.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.ledger import scratch_ledger
from inspect_memgym.memory.markdown_backend import MarkdownBackend


@contextmanager
def empty_memory() -> Iterator[MemoryBackend]:
    """A fresh, empty memory and a scratch ledger, for one memory-isolated answer.

    Yields:
        The empty backend (closed and removed after the block).
    """
    with scratch_ledger(), MarkdownBackend() as backend:
        yield backend

"""research_qa's ``-T`` values checked and turned into run options (pure, no Inspect).

Inspect passes ``-T`` values parsed as YAML, so a value may arrive as an int, a list or a
string. Every malformed one raises a one-line ValueError that says what is expected; the
task turns it into Inspect's one-line error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from inspect_memgym.kit.integers import integer_or_digits
from inspect_memgym.kit.token_counts import parse_token_count
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.research_qa.defaults import DEFAULT_MAX_SEARCHES, DEFAULT_SEARCH_RESULTS
from inspect_memgym.research_qa.world import HOP_RANGE, EvictionPolicy
from inspect_memgym.research_qa.world.generate import SMALLEST_CONTEXT_TOKENS

Mode = Literal["scripted", "interactive"]
MODES: tuple[Mode, ...] = ("scripted", "interactive")
EVICTION_NAMES = ("full", "sliding_window")
"""Values of ``-T eviction=`` (``full`` is MemGym's ``full_eviction``)."""
SEARCH_BACKENDS = ("bm25", "chroma")
"""Values of ``-T search_backend=``: keyword search, or the chroma memory backend."""
DEFAULT_WINDOW = 2
"""Turns visible under ``sliding_window`` when ``-T window=`` is not given."""
LARGEST_CONTEXT_TOKENS = 4_000_000
_HOP_SPAN = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


@dataclass(frozen=True)
class RunOptions:
    """How the driver plays a sample (kept in sample metadata as a dict).

    Attributes:
        mode: ``scripted`` (turns and sub-queries given) or ``interactive`` (the model
            searches with ``web_search``).
        eviction: The eviction policy every instance is played under, or None for each
            instance's own (generated: full eviction; a released row: its recorded one).
        max_searches: Interactive turn cap.
        search_results: Documents per search (interactive).
        search_backend: ``bm25`` or ``chroma`` (interactive).
        embedding: Embedding of the ``chroma`` search backend (an in-process collection).
        memory_isolation: Also answer with no memory.
    """

    mode: Mode = "scripted"
    eviction: EvictionPolicy | None = None
    max_searches: int = DEFAULT_MAX_SEARCHES
    search_results: int = DEFAULT_SEARCH_RESULTS
    search_backend: str = "bm25"
    embedding: str = DEFAULT_EMBEDDING
    memory_isolation: bool = True

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "mode": self.mode,
            "eviction": None if self.eviction is None else self.eviction.to_dict(),
            "max_searches": self.max_searches,
            "search_results": self.search_results,
            "search_backend": self.search_backend,
            "embedding": self.embedding,
            "memory_isolation": self.memory_isolation,
        }


def run_options(
    mode: str,
    eviction: str | None,
    window: int | None,
    max_searches: int,
    search_results: int,
    search_backend: str,
    embedding: str,
    memory_isolation: bool,
) -> RunOptions:
    """Check the run's ``-T`` values and bundle them.

    Args:
        mode: ``scripted`` or ``interactive``.
        eviction: ``full``, ``sliding_window`` or None (each instance's own policy).
        window: Visible turns under ``sliding_window`` (None: `DEFAULT_WINDOW`).
        max_searches: Interactive turn cap (at least 1).
        search_results: Documents per search (at least 1).
        search_backend: ``bm25`` or ``chroma``.
        embedding: Embedding of the ``chroma`` search backend (checked by the task).
        memory_isolation: Also answer with no memory.

    Raises:
        ValueError: For any value out of range, in one line.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; choose one of: {', '.join(MODES)}")
    if search_backend not in SEARCH_BACKENDS:
        raise ValueError(
            f"unknown search_backend {search_backend!r}; choose one of: "
            f"{', '.join(SEARCH_BACKENDS)}"
        )
    positive_integer("max_searches", max_searches)
    positive_integer("search_results", search_results)
    return RunOptions(
        mode="interactive" if mode == "interactive" else "scripted",
        eviction=eviction_policy(eviction, window),
        max_searches=max_searches,
        search_results=search_results,
        search_backend=search_backend,
        embedding=embedding,
        memory_isolation=bool(memory_isolation),
    )


def eviction_policy(eviction: str | None, window: int | None) -> EvictionPolicy | None:
    """The eviction policy ``-T eviction=`` and ``-T window=`` ask for.

    Args:
        eviction: ``full`` (or ``full_eviction``), ``sliding_window``, or None.
        window: Visible turns under ``sliding_window``; refused with another mode.

    Raises:
        ValueError: For an unknown mode, a window below 1, or a window without
            ``sliding_window``.
    """
    if eviction is None:
        if window is not None:
            raise ValueError("window applies only with eviction=sliding_window")
        return None
    if eviction in ("full", "full_eviction"):
        if window is not None:
            raise ValueError("window applies only with eviction=sliding_window, not full")
        return EvictionPolicy("full_eviction")
    if eviction != "sliding_window":
        raise ValueError(
            f"unknown eviction {eviction!r}; choose one of: {', '.join(EVICTION_NAMES)}"
        )
    size = DEFAULT_WINDOW if window is None else window
    positive_integer("window", size)
    return EvictionPolicy("sliding_window", window_size=size)


def parse_hops(hops: int | str | Sequence[int]) -> list[int]:
    """Chain lengths from ``-T hops=``: one (``4``), a list (``[3,5]``) or a span (``3-6``).

    Args:
        hops: The argument.

    Raises:
        ValueError: For a length outside 3-6, a duplicate, or anything not a length.
    """
    low, high = HOP_RANGE.start, HOP_RANGE.stop - 1
    expected = f"hops must be between {low} and {high} (one, a list, or a span like 3-6)"
    if isinstance(hops, str):
        span = _HOP_SPAN.match(hops)
        if span is not None:
            values: list[Any] = list(range(int(span.group(1)), int(span.group(2)) + 1))
        else:
            values = [part.strip() for part in hops.strip().strip("[]").split(",")]
    elif isinstance(hops, int) and not isinstance(hops, bool):
        values = [hops]
    elif isinstance(hops, Sequence):
        values = list(hops)
    else:
        raise ValueError(f"{expected}, got {hops!r}")
    chosen = []
    for value in values:
        number = integer_or_digits(value)
        if number is None or number not in HOP_RANGE:
            raise ValueError(f"{expected}, got {hops!r}")
        chosen.append(number)
    if not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(f"{expected}, each once, got {hops!r}")
    return chosen


def parse_context_tokens(context_tokens: int | str) -> int:
    """The stream length from ``-T context_tokens=``: ``100000``, ``100k`` or ``1M``.

    Args:
        context_tokens: The argument.

    Raises:
        ValueError: For anything else, or a length outside the supported range.
    """
    return parse_token_count(
        "context_tokens", context_tokens, SMALLEST_CONTEXT_TOKENS, LARGEST_CONTEXT_TOKENS
    )


def positive_integer(name: str, value: object) -> int:
    """Refuse a value that is not an integer of at least 1.

    Args:
        name: Parameter name, for the message.
        value: The value.

    Raises:
        ValueError: If it is not a positive integer.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be an integer of at least 1, got {value!r}")
    return value

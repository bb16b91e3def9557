"""Markdown tables for a score's explanation, which ``inspect view`` renders as Markdown.

Benchmarks build their per-question or per-period tables with `markdown_table` and
`format_number`, so a score's detail is on screen at a glance, next to the score.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

CELL_LIMIT = 80
"""Longest cell text; longer answers are cut with an ellipsis."""


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table; cells are single-line, pipe-escaped and cut at `CELL_LIMIT`.

    Args:
        header: Column names.
        rows: Cell values (anything; shown with ``str``).
    """
    lines = [
        "| " + " | ".join(_cell(name) for name in header) + " |",
        "|" + "---|" * len(header),
    ]
    lines += ["| " + " | ".join(_cell(value) for value in row) + " |" for row in rows]
    return "\n".join(lines)


def format_number(value: Any) -> str:
    """Two decimals, or ``–`` for a missing or NaN value.

    Args:
        value: A number (or anything else, shown as missing).
    """
    if not isinstance(value, int | float) or math.isnan(value):
        return "–"
    return f"{value:.2f}"


def _cell(value: object) -> str:
    text = "" if value is None else " ".join(str(value).split())
    if len(text) > CELL_LIMIT:
        text = text[: CELL_LIMIT - 1].rstrip() + "…"
    return text.replace("|", "\\|")

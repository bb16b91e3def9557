"""How many characters of a metric name Inspect's results table shows at 80 columns.

After ``inspect eval`` Inspect prints each scorer's and each score key's metrics as a column
group, four groups to a row, two cells apart (its results display, which
`kit.inspect_internals.printed_results_table` reaches: ``SCORES_PER_ROW = 4``,
``Table.grid(padding=(0, 2, 0, 0))``), across the full terminal width. When the groups do
not fit, rich narrows the widest first, so each group keeps at least a quarter of what the
gaps leave: ``(80 - 3 * 2) // 4 = 18`` cells. Inside a group a metric's name and its value
(printed ``f"{value:.3f}"``) are two cells apart; with values up to ``999.999`` (7 cells:
memory tokens per question under 1000, as in the smallest runs) the name keeps ``18 - 2 - 7
= 9`` cells. A longer name is cut to 8 characters and ``…``, so two names that share their
first 8 characters read the same. (The narrowest layout needs four wide groups in a row;
a task whose headline, ``no_memory`` and ``memory_delta`` groups are narrow leaves its
scorer's group more, as a figure of 1000 or more needs.)
"""

from __future__ import annotations

TERMINAL_COLUMNS = 80
"""The terminal width the names are checked at."""
GROUPS_PER_ROW = 4
"""Column groups per row of the results table (Inspect's ``SCORES_PER_ROW``)."""
GROUP_GAP = 2
"""Cells between two column groups."""
NAME_VALUE_GAP = 2
"""Cells between a metric's name and its value (one cell of padding on each side)."""
WIDEST_VALUE = len(f"{999.999:.3f}")
"""Cells of the widest value the names are checked against."""
GROUP_CELLS = (TERMINAL_COLUMNS - (GROUPS_PER_ROW - 1) * GROUP_GAP) // GROUPS_PER_ROW
"""The least width of a column group at 80 columns: 18."""
NAME_CELLS = GROUP_CELLS - NAME_VALUE_GAP - WIDEST_VALUE
"""The cells a metric name keeps at 80 columns: 9."""
ELLIPSIS = "…"


def shown_name(name: str, cells: int = NAME_CELLS) -> str:
    """A metric name as the results table shows it in ``cells`` cells (rich's ellipsis).

    Args:
        name: The metric name.
        cells: The width of the name's column.
    """
    return name if len(name) <= cells else name[: cells - 1] + ELLIPSIS

"""Write-budget arithmetic for the memory tools.

Pure functions, free of Inspect, so the rules can be unit-tested directly:
a write costs one unit; an edit costs one unit unless a correction is being
processed (free edits remain); reading and searching are free.
"""

WRITE_COST = 1
"""Writes charged for one `memory_write`."""

PAID_EDIT_COST = 1
"""Writes charged for one `memory_edit` outside a correction event."""

UNBOUNDED_WRITE_BUDGET = 10_000
"""A budget for tasks that set none (AMemGym has no write budget): effectively unlimited,
but still enforced and counted."""


def writes_left(write_budget: int, writes_used: int) -> int:
    """Number of writes still available (never negative).

    Args:
        write_budget: Total writes allowed for the sample.
        writes_used: Writes charged so far.

    Returns:
        `write_budget - writes_used`, floored at zero.
    """
    return max(0, write_budget - writes_used)


def edit_cost(free_edits_left: int) -> int:
    """Writes charged for one edit.

    Args:
        free_edits_left: Free edits remaining for the correction being processed.

    Returns:
        0 while free edits remain, otherwise `PAID_EDIT_COST`.
    """
    return 0 if free_edits_left > 0 else PAID_EDIT_COST


def can_afford(cost: int, available_writes: int) -> bool:
    """Whether an operation of the given cost fits in the remaining budget.

    Args:
        cost: Writes the operation would charge.
        available_writes: Writes still available.

    Returns:
        True if the operation is free or the budget covers it.
    """
    return cost <= 0 or cost <= available_writes


def describe_budget(available_writes: int, write_budget: int) -> str:
    """Human-readable budget sentence appended to every write/edit reply.

    Args:
        available_writes: Writes still available.
        write_budget: Total writes allowed for the sample.

    Returns:
        E.g. `"18 of 30 writes left."`.
    """
    return f"{available_writes} of {write_budget} writes left."

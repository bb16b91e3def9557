"""Simulated dates and times: every timestamp is computed from the seed, never the clock."""

from __future__ import annotations

import datetime
import random

START_DATE = datetime.date(2025, 1, 1)
"""First day of every generated user's initial period."""


def add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day of the month, `months` later (the first of the month is always valid).

    Args:
        day: A date on the first of a month.
        months: Months to add.
    """
    total = day.year * 12 + day.month - 1 + months
    return datetime.date(total // 12, total % 12 + 1, day.day)


def period_bounds(index: int, months_per_period: int) -> tuple[datetime.date, datetime.date]:
    """First and last day of a period.

    Args:
        index: Period index (0 is the initial period).
        months_per_period: Months per period.
    """
    start = add_months(START_DATE, index * months_per_period)
    end = add_months(START_DATE, (index + 1) * months_per_period) - datetime.timedelta(days=1)
    return start, end


def session_times(
    start: datetime.date, end: datetime.date, count: int, rng: random.Random
) -> list[str]:
    """Distinct, sorted session times within a period, ``YYYY-MM-DD HH:MM``.

    Args:
        start: First day.
        end: Last day.
        count: Number of sessions.
        rng: Seeded RNG.
    """
    days = (end - start).days + 1
    slots = days * 14 * 4  # 08:00 to 21:45 in quarter hours
    picked = sorted(rng.sample(range(slots), count))
    times = []
    for slot in picked:
        day = start + datetime.timedelta(days=slot // 56)
        minutes = 8 * 60 + (slot % 56) * 15
        times.append(f"{day.isoformat()} {minutes // 60:02d}:{minutes % 60:02d}")
    return times

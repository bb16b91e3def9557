"""The official scorers' figures, computed beside ours on the same answers.

Where a task's rule differs on purpose from the published benchmark's scorer (a hedge
scoring 0, a memory score that cannot be inflated, efficiency that counts the writes
used), the task also computes the published figure from the very same answers and writes
it into ``Score.value`` under a key starting with `OFFICIAL_PREFIX`, so a run can be set
beside published tables. Each task's README lists every deliberate difference and the key
that carries the official figure.

These keys are figures *beside* ours, never our scores: the viewer's sample list and the
scores figure leave them out, and ``inspect-memgym leaderboard`` shows them only with
``--beside`` (its CSV and JSON always hold them).
"""

from __future__ import annotations

OFFICIAL_PREFIX = "official_"
"""Every score key holding an official scorer's figure starts with this."""


def official_key(key: str) -> str:
    """The score key of the official figure beside one of ours.

    Args:
        key: Our score key (``f1``, ``memory_score``, ``composite``).
    """
    return OFFICIAL_PREFIX + key


def is_official_key(key: str) -> bool:
    """Whether a score key holds an official scorer's figure.

    Args:
        key: A score key.
    """
    return key.startswith(OFFICIAL_PREFIX)

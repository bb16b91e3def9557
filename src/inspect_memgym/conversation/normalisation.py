"""How conversation turns accuracies into scores: the headline and AMemGym's memory score.

The headline is chance-corrected accuracy, ``(accuracy - random) / (1 - random)``: 0 for
any reasoner that knows nothing of the user (every option is equally likely to be the
gold, `world.presentation`), 1 for one that is always right. Its normaliser is fixed by the
questions alone.

AMemGym's memory score, ``(accuracy - random) / (upper bound - random)``, is kept beside it
for comparability, but it is not the headline: its upper bound is the model under test's
own accuracy when told the user's current state, a pass it recognises by its prompt, so a
model that answers that pass badly on purpose inflates its own memory score (answering it
with an invalid option put a memoryless first-option reader at 0.67 to 1.25). Here the
denominator is floored at `MIN_HEADROOM`, the score clipped to `MEMORY_SCORE_RANGE`, and a
sample whose upper bound is below random + `MIN_HEADROOM` is flagged
(``upper_bound_flag``). AMemGym's own ratio, with no floor and no clip
(`official_memory_score`), is reported beside it, so a run can be set next to AMemGym's
published memory scores.

The no-memory pass is graded so that it cannot be sandbagged either: a no-memory reply
that names no valid option earns the credit of a uniform guess (1/k), not 0, and in
``no_memory`` every no-memory answer counts at least that (`scoring.isolation`). A model
can tell an empty memory from a full one, and a baseline it could push below chance by
replying badly there would credit memory with the gap.

Pure functions.
"""

from __future__ import annotations

import math

MIN_HEADROOM = 0.1
"""Smallest (upper bound - random) used as the memory score's denominator, and the margin
below which a sample's upper bound is flagged."""
MEMORY_SCORE_RANGE = (-1.0, 1.0)
"""AMemGym's memory score is clipped to this range."""
MEMORY_DELTA_SCALE = (
    "memory_delta is on the chance-corrected scale: the headline minus the no-memory "
    "chance-corrected accuracy, each no-memory answer counted at least a uniform guess "
    "(a wrong pick as 1/k), so it is at most 1 - no_memory; memory_delta_raw is unfloored"
)
"""How to read ``memory_delta``: in the scorer's explanation and metadata, and the
leaderboard's notes."""


def chance_corrected(accuracy: float, random: float) -> float:
    """``(accuracy - random) / (1 - random)``: 0 at chance, 1 when always right.

    Args:
        accuracy: Share of questions right (or mean credit).
        random: Expected accuracy of a uniform guess.

    Returns:
        The corrected accuracy; NaN when either is NaN or a guess is always right.
    """
    if math.isnan(accuracy) or math.isnan(random) or random >= 1:
        return math.nan
    return (accuracy - random) / (1 - random)


def amemgym_memory_score(accuracy: float, random: float, upper_bound: float) -> float:
    """AMemGym's ``(accuracy - random) / (upper bound - random)``, floored and clipped.

    Args:
        accuracy: Share of questions right.
        random: Expected accuracy of a uniform guess.
        upper_bound: Share right with the current state given (NaN when not asked).

    Returns:
        The score in `MEMORY_SCORE_RANGE`; NaN without an upper bound.
    """
    if math.isnan(upper_bound) or math.isnan(accuracy):
        return math.nan
    low, high = MEMORY_SCORE_RANGE
    score = (accuracy - random) / max(upper_bound - random, MIN_HEADROOM)
    return min(high, max(low, score))


def official_memory_score(accuracy: float, random: float, upper_bound: float) -> float:
    """AMemGym's own ``(accuracy - random) / (upper bound - random)``: no floor, no clip.

    Args:
        accuracy: Share of questions right.
        random: Expected accuracy of a uniform guess.
        upper_bound: Share right with the current state given (NaN when not asked).

    Returns:
        The raw ratio (any real number); NaN when the upper bound was not asked or equals
        random (the ratio is undefined there).
    """
    if math.isnan(upper_bound) or math.isnan(accuracy) or math.isnan(random):
        return math.nan
    if upper_bound == random:
        return math.nan
    return (accuracy - random) / (upper_bound - random)


def upper_bound_flag(upper_bound: float, random: float) -> float:
    """1.0 when the upper bound is below random + `MIN_HEADROOM` (memory score unreliable).

    Args:
        upper_bound: Mean share right with the current state given.
        random: Mean expected accuracy of a uniform guess.

    Returns:
        1.0 or 0.0; NaN when the upper bound was not asked.
    """
    if math.isnan(upper_bound):
        return math.nan
    return 1.0 if upper_bound < random + MIN_HEADROOM else 0.0


def choice_credit(choice: int | None, gold: int, options: int) -> float:
    """The credit of one answer: 1 if right, 0 if wrong, 1/k if it names no valid option.

    AMemGym replaces a reply with no valid option by a random choice; its expectation, 1/k,
    is what the reply counts here, in every pass (so no reply scores below a blind guess).

    Args:
        choice: The option named (None: none validly).
        gold: The gold option's number.
        options: Options shown (k).
    """
    if choice is None:
        return 1 / options
    return 1.0 if choice == gold else 0.0

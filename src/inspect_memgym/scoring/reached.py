"""Questions a limit cut off: counted apart, never scored as wrong.

A sample cut by a time, token, message or cost limit stops where it is. The questions it
reached are graded as usual; those it never reached are counted under `NOT_REACHED` in
`Score.value` and left out of the headline, its axes and the memory isolation (never a
silent 0, nor a chance-corrected negative). A sample that reached no question scores NaN
on every figure (Inspect's metrics and the leaderboard skip it) and says so in its
explanation (`NOTHING_REACHED`). Pure.
"""

from __future__ import annotations

NOT_REACHED = "not_reached"
"""Score key: how many of the sample's questions a limit cut off before they were asked."""
NOTHING_REACHED = (
    "Nothing reached: a limit cut the sample before its first question was answered, so "
    "every figure is NaN (left out of the means), not 0."
)
"""The explanation of a sample that reached no question."""


def reached_sentence(not_reached: int, questions: int) -> str:
    """A sentence on how much of a sample was reached ("" when all of it was).

    Args:
        not_reached: Questions a limit cut off.
        questions: Questions the sample has.
    """
    if not_reached == 0:
        return ""
    if not_reached >= questions:
        return NOTHING_REACHED
    return (
        f"A limit cut the sample: {not_reached} of {questions} questions were not reached "
        "and are left out of every figure (`not_reached`)."
    )

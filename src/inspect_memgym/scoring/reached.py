"""Questions a pass did not answer: scored as that pass's decline, and counted.

A sample cut by a time, token, message or cost limit stops where it is; a judged answer
can draw only unreadable verdicts. Either way the pass gave the question no gradable
answer. Such a question is scored as the pass's **decline**: the credit the task's decline
reply earns on it under the task's own rule (0 where an answer was expected, full credit
where a decline is right), in the headline, every axis and both sides of the memory
isolation (a missing no-memory answer counts a decline's credit, which the isolation then
floors as usual). No model is called for a missing answer: a judged task takes the decline's
credit from its rule.

Leaving such questions out would be free abstention: a model that stalls, or makes its
judge unreadable, exactly where it cannot answer would choose which questions count and
report more than one that declines there. Counted as declines, stalling earns what declining
earns, as the official scorers count an unanswered question as wrong. The questions a limit
cut stay counted under `NOT_REACHED` in `Score.value` (unreadable verdicts under the
scorer's ``judge_unreadable``), and the explanation says how much was reached. Pure.
"""

from __future__ import annotations

NOT_REACHED = "not_reached"
"""Score key: how many of the sample's questions a limit cut off before they were answered."""
NOT_ANSWERED = "not answered"
"""The verdict a score records for an answer a pass never gave (scored as a decline)."""
NOTHING_REACHED = (
    "Nothing reached: a limit cut the sample before its first question was answered, so "
    "every question is scored as a decline."
)
"""The explanation of a sample that reached no question."""


def reached_sentence(not_reached: int, questions: int, answered: int | None = None) -> str:
    """A sentence on how much of a sample was reached ("" when all of it was).

    Args:
        not_reached: Questions a limit cut off, in one pass or both.
        questions: Questions the sample has.
        answered: Questions the memory pass answered, where the task knows (0 gives
            `NOTHING_REACHED`).
    """
    if not_reached == 0:
        return ""
    if answered == 0:
        return NOTHING_REACHED
    if not_reached >= questions:
        return (
            f"A limit cut the sample: none of its {questions} questions was answered in both "
            "passes, and each missing answer is scored as a decline (`not_reached`)."
        )
    return (
        f"A limit cut the sample: {not_reached} of {questions} questions were not reached in "
        "one pass or both, and each missing answer is scored as a decline (`not_reached`)."
    )

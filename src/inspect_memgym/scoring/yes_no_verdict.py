"""Read a judge's yes/no verdict as robustly as the official harnesses do, and no further.

Judges are asked to reply with ``yes`` or ``no``, but a real judge often says more ("Yes,
the response is correct."). The official LongMemEval harness counts a reply as correct when
``"yes"`` appears anywhere in it, so a chatty judge is read there; a reply that quotes both
words ("No. The answer says yes but...") is read as yes there, which is wrong. Here the
FIRST standalone ``yes`` or ``no`` word of the reply (any case, not part of a longer word:
"yesterday" and "not" are not verdicts) decides. A reply with neither word is
``unreadable``: it is counted (`JUDGE_UNREADABLE`) and its answer is scored as the task's
decline (`scoring.reached`), never dropped from the accuracy. Callers keep the raw reply
beside the verdict, and record how many replies a score asked for (`JUDGE_VERDICTS`), so a
run whose unreadable share passes `UNREADABLE_WARNING_SHARE` says so in one line
(`unreadable_share_warning`).
"""

from __future__ import annotations

import re
from typing import Literal

Verdict = Literal["yes", "no", "unreadable"]

JUDGE_UNREADABLE = "judge_unreadable"
"""Score key and metadata key: how many judge replies held no yes/no word."""
JUDGE_VERDICTS = "judge_verdicts"
"""`Score.metadata` key: how many judge replies a score asked for (unreadable ones included)."""
UNREADABLE_WARNING_SHARE = 0.05
"""A run whose unreadable share of judge replies passes this says so in one warning line."""
UNREADABLE_WARNING = (
    "judge: {unreadable} of {verdicts} judge replies so far ({share:.1%}) held no yes/no word; "
    "each is scored as a decline (over {threshold:.0%}: check the grader model or prompt)"
)
_VERDICT_WORD = re.compile(r"(?<![\w-])(yes|no)(?![\w-])", re.IGNORECASE)


def parse_verdict(reply: str) -> Verdict:
    """The verdict a judge's reply states: its first standalone yes or no word.

    Args:
        reply: The judge model's completion.

    Returns:
        ``"yes"`` or ``"no"`` after the first such word (``"Yes, the response is
        correct"`` is yes, ``"No. The answer says yes but..."`` is no); ``"unreadable"``
        when the reply has neither word.
    """
    match = _VERDICT_WORD.search(reply)
    if match is None:
        return "unreadable"
    return "yes" if match.group(1).lower() == "yes" else "no"


def unreadable_share_warning(unreadable: int, verdicts: int) -> str | None:
    """The warning line for a run whose unreadable share passes `UNREADABLE_WARNING_SHARE`.

    Args:
        unreadable: The run's unreadable replies.
        verdicts: The run's judge replies, unreadable ones included.

    Returns:
        The line, or None when the share is within the threshold (or nothing was judged).
    """
    if verdicts <= 0 or unreadable / verdicts <= UNREADABLE_WARNING_SHARE:
        return None
    return UNREADABLE_WARNING.format(
        unreadable=unreadable,
        verdicts=verdicts,
        share=unreadable / verdicts,
        threshold=UNREADABLE_WARNING_SHARE,
    )


def verdict_is_correct(verdict: Verdict) -> bool | None:
    """A verdict as a correctness flag: True for yes, False for no, None if unreadable.

    Args:
        verdict: A parsed verdict.
    """
    if verdict == "unreadable":
        return None
    return verdict == "yes"

"""Why a wrong answer was wrong: write, read or utilization failure, defined once.

Every benchmark that attributes failures labels each wrong answer with exactly one of:

* ``write_failure``: a fact the answer needs never reached memory correctly;
* ``read_failure``: it was in memory but not recalled when answering;
* ``utilization_failure``: it was recalled and the answer was still wrong.

A question a limit cut before the memory pass answered it (`scoring.reached`) gets no
label: its decline was graded, but nobody asked the memory for it.

A label is also the `Score.value` key of its rate (the share of all questions with that
label), so the three rates sum to 1 - accuracy for a run nothing cut, and to (wrong answers
the run reached) / questions in general. Labels are diagnostics, never part of a headline
score.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

FailureLabel = Literal["write_failure", "read_failure", "utilization_failure"]
WRITE_FAILURE: FailureLabel = "write_failure"
READ_FAILURE: FailureLabel = "read_failure"
UTILIZATION_FAILURE: FailureLabel = "utilization_failure"
FAILURE_RATE_KEYS: tuple[str, ...] = (WRITE_FAILURE, READ_FAILURE, UTILIZATION_FAILURE)
"""The labels, which are also the score keys of their rates, in display order."""
FAILURE_DESCRIPTIONS: dict[str, str] = {
    WRITE_FAILURE: "write failure (never stored)",
    READ_FAILURE: "read failure (stored, not retrieved)",
    UTILIZATION_FAILURE: "utilization failure (retrieved, misused)",
}
"""One-line descriptions for figures and tables."""
FAILURE_MARKS: dict[str, str] = {
    WRITE_FAILURE: "W",
    READ_FAILURE: "R",
    UTILIZATION_FAILURE: "U",
}
"""One-letter marks for grids."""


def failure_rates(labels: Iterable[str | None], questions: int) -> dict[str, float]:
    """Share of all questions with each failure label.

    A question a limit cut before the memory pass answered it is unlabelled (None) but
    counted in ``questions``: the rates sum to (wrong answers the run reached) / questions.

    Args:
        labels: The label of each wrong answer (None for an unlabelled or unreached one).
        questions: How many questions there were in all (reached or not).

    Returns:
        One rate per key of `FAILURE_RATE_KEYS` (0.0 without questions).
    """
    counted = list(labels)
    if questions <= 0:
        return dict.fromkeys(FAILURE_RATE_KEYS, 0.0)
    return {key: counted.count(key) / questions for key in FAILURE_RATE_KEYS}

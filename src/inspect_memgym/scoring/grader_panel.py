"""A panel of graders: their majority verdict and how far they agree with each other.

Two or more grader models can judge each undecided question (all bound to the ``grader``
model role: ``--model-role grader=openai/gpt-4o-mini,anthropic/claude-haiku-4-5``). Each
gives a yes/no verdict, or an unreadable one. The panel's verdict is the majority of the
readable verdicts; the tie rule (`TIE_VERDICT`): a split panel does not accept the answer,
since a false accept is the failure that inflates published scores. A question no grader
gave a readable verdict for is unreadable, as with one grader.

How far the graders agree, over the questions they judged (`panel_agreement`): Cohen's
kappa for two graders, Krippendorff's alpha (nominal) for more, each grader's accept rate,
and how many questions split the panel. Unreadable verdicts are missing values: kappa counts
only the questions both graders read, alpha every question at least two graders read.

research_qa's panel gives 0-1 partial-credit scores, not verdicts (its panel score is their
median, `research_qa.judge`). Its agreement treats each distinct score as a nominal label
(kappa and alpha as for yes/no; an unreadable score, None, is a missing value), a grader's
accept rate is its share of full-credit scores (1.0), and no answer is split (a median has
no tie to break). Pure functions.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from inspect_memgym.scoring.yes_no_verdict import Verdict

TIE_VERDICT: Verdict = "no"
"""The verdict of a panel whose readable verdicts split evenly: not accepted."""
UNREADABLE: Verdict = "unreadable"
JUDGE_PANEL_KEY = "judge_panel"
"""`Score.metadata` key of a panel's graders and their verdicts (absent with one grader)."""
FULL_CREDIT = 1.0
"""A 0-1 score that counts as accepting the answer in a grader's accept rate."""
Vote = Verdict | float | None
"""One grader's vote: a yes/no verdict, or a 0-1 score (None: an unreadable score)."""


def majority_verdict(votes: Sequence[Verdict]) -> Verdict:
    """The panel's verdict: the majority of its readable votes, `TIE_VERDICT` on a tie.

    Args:
        votes: One verdict per grader.

    Returns:
        ``yes`` or ``no``; ``unreadable`` when no vote was readable.
    """
    counts = Counter(vote for vote in votes if vote != UNREADABLE)
    if not counts:
        return UNREADABLE
    if counts["yes"] == counts["no"]:
        return TIE_VERDICT
    return "yes" if counts["yes"] > counts["no"] else "no"


def cohen_kappa(
    first: Sequence[Hashable | None], second: Sequence[Hashable | None]
) -> float | None:
    """Cohen's kappa of two raters over the units both rated (None marks a missing rating).

    Args:
        first: The first rater's label per unit.
        second: The second rater's label per unit, in the same order.

    Returns:
        The kappa; None when no unit was rated by both, or chance agreement is 1 (both gave
        one and the same label to every unit).
    """
    pairs = [(a, b) for a, b in zip(first, second, strict=True) if a is not None and b is not None]
    if not pairs:
        return None
    total = len(pairs)
    observed = sum(a == b for a, b in pairs) / total
    first_counts = Counter(a for a, _ in pairs)
    second_counts = Counter(b for _, b in pairs)
    chance = sum(first_counts[label] * second_counts[label] for label in first_counts) / total**2
    if chance >= 1.0:
        return None
    return (observed - chance) / (1.0 - chance)


def krippendorff_alpha_nominal(units: Sequence[Sequence[Hashable | None]]) -> float | None:
    """Krippendorff's alpha for nominal labels (None marks a missing rating).

    Args:
        units: Per unit, the label each rater gave it (raters in any fixed order).

    Returns:
        The alpha; None when fewer than two units' ratings can be paired, or every paired
        rating is the same label (no expected disagreement).
    """
    coincidences: dict[tuple[Hashable, Hashable], float] = defaultdict(float)
    for unit in units:
        values = [value for value in unit if value is not None]
        if len(values) < 2:
            continue
        weight = 1.0 / (len(values) - 1)
        for first, second in permutations(range(len(values)), 2):
            coincidences[(values[first], values[second])] += weight
    label_totals: dict[Hashable, float] = defaultdict(float)
    for (label, _), weight in coincidences.items():
        label_totals[label] += weight
    paired = sum(label_totals.values())
    expected = sum(
        label_totals[first] * label_totals[second]
        for first, second in permutations(label_totals, 2)
    )
    if paired <= 1 or expected == 0:
        return None
    observed = sum(weight for (first, second), weight in coincidences.items() if first != second)
    return 1.0 - (paired - 1) * observed / expected


@dataclass(frozen=True)
class PanelAgreement:
    """How far a panel's graders agreed over the questions they judged.

    Attributes:
        graders: The graders, in the role's order.
        questions: Questions the panel judged.
        split: Questions whose readable verdicts split evenly (decided by `TIE_VERDICT`;
            never a question scored 0-1).
        unreadable: Per grader, its unreadable verdicts.
        accept_rates: Per grader, its share of ``yes`` (or of full-credit scores) among
            its readable verdicts (None when it read none).
        statistic: ``cohen_kappa`` for two graders, ``krippendorff_alpha`` for more.
        agreement: The statistic's value (None when undefined).
        pairwise_agreement: Share of readable pairs of verdicts that agree (None if none).
    """

    graders: tuple[str, ...]
    questions: int
    split: int
    unreadable: tuple[int, ...]
    accept_rates: tuple[float | None, ...]
    statistic: str
    agreement: float | None
    pairwise_agreement: float | None

    def as_dict(self) -> dict[str, Any]:
        """The agreement as plain data (for a score's metadata or a report)."""
        return {
            "graders": list(self.graders),
            "questions": self.questions,
            "split": self.split,
            "unreadable": dict(zip(self.graders, self.unreadable, strict=True)),
            "accept_rates": dict(zip(self.graders, self.accept_rates, strict=True)),
            self.statistic: self.agreement,
            "pairwise_agreement": self.pairwise_agreement,
        }


def panel_agreement(graders: Sequence[str], votes: Sequence[Sequence[Vote]]) -> PanelAgreement:
    """The agreement of a panel over the questions it judged.

    Args:
        graders: The graders, in order (two or more).
        votes: Per question, each grader's verdict (or 0-1 score) in that order.

    Raises:
        ValueError: With fewer than two graders, or a question with another number of votes.
    """
    if len(graders) < 2:
        raise ValueError("a panel needs two or more graders")
    for row in votes:
        if len(row) != len(graders):
            raise ValueError(f"each question needs {len(graders)} verdicts, got {len(row)}")
    ratings = [[None if vote == UNREADABLE else vote for vote in row] for row in votes]
    columns = list(zip(*ratings, strict=True)) if ratings else [()] * len(graders)
    statistic = "cohen_kappa" if len(graders) == 2 else "krippendorff_alpha"
    agreement = (
        cohen_kappa(columns[0], columns[1])
        if len(graders) == 2
        else krippendorff_alpha_nominal(ratings)
    )
    return PanelAgreement(
        graders=tuple(graders),
        questions=len(votes),
        split=sum(_is_split(row) for row in votes),
        unreadable=tuple(sum(value is None for value in column) for column in columns),
        accept_rates=tuple(_accept_rate(column) for column in columns),
        statistic=statistic,
        agreement=agreement,
        pairwise_agreement=_pairwise_agreement(ratings),
    )


def _is_split(row: Sequence[Vote]) -> bool:
    counts = Counter(vote for vote in row if vote in ("yes", "no"))
    return bool(counts) and counts["yes"] == counts["no"]


def _accept_rate(column: Sequence[Vote]) -> float | None:
    readable = [value for value in column if value is not None]
    accepted = [value for value in readable if value == "yes" or value == FULL_CREDIT]
    return len(accepted) / len(readable) if readable else None


def _pairwise_agreement(ratings: Sequence[Sequence[Vote]]) -> float | None:
    agreeing = pairs = 0
    for row in ratings:
        values = [value for value in row if value is not None]
        for first in range(len(values)):
            for second in range(first + 1, len(values)):
                pairs += 1
                agreeing += values[first] == values[second]
    return agreeing / pairs if pairs else None

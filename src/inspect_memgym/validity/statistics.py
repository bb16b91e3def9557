"""Statistical invariants: no visible feature singles out the gold more often than chance.

Over many generated instances, a feature of what a model sees (which candidate a document
kind names, where the supporting document sits, which option is listed first, which
option is shortest) "picks" some of the candidates. An adversary that follows the feature
and breaks ties at random names the gold with probability ``1/m`` when the gold is among
the ``m`` picked candidates, and ``1/k`` by chance among ``k`` candidates. `FeatureTally`
sums both over the instances and `FeatureTally.verdict` checks that the observed rate is
within chance ± ``z`` standard deviations (a normal bound on the sum of independent
per-instance outcomes). Instances where the feature picks nothing or every candidate tell
nothing and are not counted.

Both directions are checked: a feature that avoids the gold is as much a tell as one that
points at it (the adversary picks the complement). Pure: no Inspect.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable
from dataclasses import dataclass

from inspect_memgym.validity.verdicts import Verdict

DEFAULT_Z = 3.0
"""Standard deviations allowed either side of chance (two-sided, about 0.3% false alarms
per feature for a fair generator)."""
SMALLEST_TRIALS = 200
"""Fewest informative instances a statistical invariant is checked on."""


@dataclass
class FeatureTally:
    """How often one visible feature picks the gold, against chance.

    Attributes:
        feature: What the feature is, e.g. "final turn: subject of the withdrawn claim".
        trials: Informative instances counted.
        hits: Sum over them of the chance that a pick among the picked candidates is gold.
        expected: Sum of the chance rate ``1/k``.
        variance: Sum of the per-instance variances of a hit.
    """

    feature: str
    trials: int = 0
    hits: float = 0.0
    expected: float = 0.0
    variance: float = 0.0

    def record(
        self, picked: Collection[Hashable], candidates: Collection[Hashable], gold: Hashable
    ) -> None:
        """Count one instance.

        Args:
            picked: The candidates the feature singles out.
            candidates: Every candidate the model sees (the gold among them).
            gold: The gold candidate.

        Raises:
            ValueError: If the gold or a picked candidate is not a candidate.
        """
        everyone = set(candidates)
        chosen = set(picked)
        if gold not in everyone or not chosen <= everyone:
            raise ValueError(f"{self.feature}: picked {chosen} or gold {gold!r} not candidates")
        if not chosen or chosen == everyone:
            return
        size, total = len(chosen), len(everyone)
        share = size / total
        self.trials += 1
        self.hits += (1 / size) if gold in chosen else 0.0
        self.expected += 1 / total
        # a hit is 1/size with probability size/total, else 0
        self.variance += share * (1 - share) / size**2

    @property
    def rate(self) -> float:
        """Observed rate of picking the gold (NaN before any trial)."""
        return self.hits / self.trials if self.trials else math.nan

    @property
    def chance(self) -> float:
        """Mean chance rate over the trials (NaN before any trial)."""
        return self.expected / self.trials if self.trials else math.nan

    def bound(self, z: float = DEFAULT_Z) -> float:
        """The largest allowed distance from chance, as a rate.

        Args:
            z: Standard deviations allowed.
        """
        return z * math.sqrt(self.variance) / self.trials if self.trials else math.inf

    def verdict(self, z: float = DEFAULT_Z, smallest_trials: int = SMALLEST_TRIALS) -> Verdict:
        """Whether the feature stays within chance ± the bound, with the numbers.

        A tally with fewer than ``smallest_trials`` informative instances fails: it proves
        nothing.

        Args:
            z: Standard deviations allowed either side.
            smallest_trials: Fewest informative instances accepted.
        """
        name = f"chance: {self.feature}"
        detail = (
            f"gold {self.rate:.1%} vs chance {self.chance:.1%} "
            f"± {self.bound(z):.1%} over {self.trials} instances"
        )
        if self.trials < smallest_trials:
            return Verdict(name, False, f"{detail} (fewer than {smallest_trials})")
        return Verdict(name, abs(self.rate - self.chance) <= self.bound(z), detail)

"""What an adversary can learn from the public generator: where the gold sits, what it says.

The generator is public code, so an adversary may run it on users of its own and count,
over their periods and questions, which option position is gold (for each period and
number of options) and which option texts are gold. These counts are computed once per
process from `PRIOR_USERS` users per tier on seeds from `PRIOR_FIRST_SEED`, far from any
grid's seeds; no sample of a run is among them. If the generator placed the gold
unevenly, an adversary following these priors would score above chance.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices

PRIOR_TIERS = ("small", "base")
PRIOR_USERS = 200
"""Users generated per tier of `PRIOR_TIERS`."""
PRIOR_FIRST_SEED = 1_000_000
"""The first seed of the users the priors are learned from."""


@dataclass(frozen=True)
class GoldPriors:
    """Counts of the gold over the adversary's own generated users.

    Attributes:
        positions: (period, options shown) -> gold option number -> count.
        texts: Option text -> times it was the gold.
        shown: Option text -> times it was shown.
    """

    positions: dict[tuple[int, int], Counter[int]]
    texts: Counter[str]
    shown: Counter[str]

    def best_position(self, options: int, period: int | None = None) -> int:
        """The option number most often gold (the first of equals), for one period or all.

        Args:
            options: Options shown.
            period: The period, if known.
        """
        counts: Counter[int] = Counter()
        for (index, shown), tally in self.positions.items():
            if shown == options and (period is None or index == period):
                counts.update(tally)
        if not counts:
            return 1
        return max(range(1, options + 1), key=lambda number: (counts[number], -number))

    def gold_rate(self, text: str) -> float:
        """How often an option text was the gold when shown (0 if never shown).

        Args:
            text: An option's text.
        """
        shown = self.shown[text]
        return self.texts[text] / shown if shown else 0.0


@functools.cache
def gold_priors() -> GoldPriors:
    """The priors, learned once per process."""
    positions: dict[tuple[int, int], Counter[int]] = {}
    texts: Counter[str] = Counter()
    shown_texts: Counter[str] = Counter()
    for tier in PRIOR_TIERS:
        for seed in range(PRIOR_FIRST_SEED, PRIOR_FIRST_SEED + PRIOR_USERS):
            user = generate_user(tier, seed)
            for period in user.periods:
                for question in user.questions:
                    shown = presented_choices(user, question, period)
                    gold = question.gold_choice(period.state)
                    key = (period.index, len(shown))
                    positions.setdefault(key, Counter())[gold_number(shown, gold)] += 1
                    texts[gold.text] += 1
                    shown_texts.update(choice.text for choice in shown)
    return GoldPriors(positions, texts, shown_texts)

"""Statistical invariants of conversation: no visible feature of what is shown singles out the gold.

Over generated users (every question of every period), each feature a memoryless reader
could follow picks some of the options shown: a position in the list, the longest or
shortest text, the most or fewest words shared with the question or with the persona, the
most or fewest sentences shared with the other options; for probes, the value listed
first. `FeatureTally` checks that following it names the gold at the chance rate, within
its binomial bound, both ways. A feature that ties every option of every question shown
(sentence sharing: in a block of options every option shares as many sentences with the
others, `world.presentation`) singles out no option, and its verdict says so. The same
features are counted on update_chain questions alone, for the gold and the stale option
(`update_chain_verdicts`). Pure: no Inspect.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

from inspect_memgym.conversation.update_chain import stale_number
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import (
    gold_number,
    presented_choices,
    presented_values,
)
from inspect_memgym.conversation.world.probes import probed_variables
from inspect_memgym.validity.statistics import DEFAULT_Z, SMALLEST_TRIALS, FeatureTally
from inspect_memgym.validity.verdicts import Verdict

FEATURE_TIERS = ("small", "base")
"""The tiers whose users the invariants are counted over (together)."""
_WORD = re.compile(r"[a-z]{3,}")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

Measure = Callable[[Sequence[str], ConversationScenario, str], list[float]]
"""(option texts, the user, the question) -> one number per option."""


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _length(options: Sequence[str], user: ConversationScenario, question: str) -> list[float]:
    return [float(len(option)) for option in options]


def _question_words(
    options: Sequence[str], user: ConversationScenario, question: str
) -> list[float]:
    asked = _words(question)
    return [float(len(asked & _words(option))) for option in options]


def _persona_words(
    options: Sequence[str], user: ConversationScenario, question: str
) -> list[float]:
    persona = _words(user.persona.describe())
    return [float(len(persona & _words(option))) for option in options]


def _shared_sentences(
    options: Sequence[str], user: ConversationScenario, question: str
) -> list[float]:
    sentences = [set(_SENTENCE_END.split(option)) for option in options]
    return [
        float(sum(len(mine & theirs) for j, theirs in enumerate(sentences) if j != i))
        for i, mine in enumerate(sentences)
    ]


MEASURES: dict[str, Measure] = {
    "option length": _length,
    "words shared with the question": _question_words,
    "words shared with the persona": _persona_words,
    "sentences shared with the other options": _shared_sentences,
}
"""What is measured of each option; each gives two features (its highest and its lowest)."""


Tally = Callable[[str], FeatureTally]
"""(feature name) -> its tally, created on first use."""


class FeatureTallies:
    """The tallies of every feature, and how often each tied every option shown.

    Attributes:
        tallies: Each feature's tally over every user.
        ties: How often each feature tied every option shown.
        by_user: Each feature's tally per user, when the bound is clustered by user.
    """

    def __init__(self, clustered: bool = False) -> None:
        """Start with no feature counted.

        Args:
            clustered: Bound each rate by its spread between users rather than between
                instances: a user's update_chain questions repeat one pair of first and
                current values over the periods, so they are not independent.
        """
        self.tallies: dict[str, FeatureTally] = {}
        self.ties: Counter[str] = Counter()
        self.by_user: dict[str, dict[str, FeatureTally]] | None = {} if clustered else None

    def record(
        self, feature: str, user: str, picked: list[int], numbers: list[int], target: int
    ) -> None:
        """Count one instance of a feature (a tie of every option counts as a tie).

        Args:
            feature: The feature's name.
            user: The user's id.
            picked: The option numbers it singles out.
            numbers: Every option number shown.
            target: The number counted as the target (the gold, or the stale option).
        """
        self.tallies.setdefault(feature, FeatureTally(feature)).record(picked, numbers, target)
        if self.by_user is not None:
            users = self.by_user.setdefault(feature, {})
            users.setdefault(user, FeatureTally(feature)).record(picked, numbers, target)
        if set(picked) == set(numbers):
            self.ties[feature] += 1

    def verdicts(self) -> list[Verdict]:
        """Every feature's verdict, by name; one that tied every time singles out nothing."""
        return [self._verdict(name) for name in sorted(self.tallies)]

    def _verdict(self, name: str) -> Verdict:
        tally = self.tallies[name]
        if tally.trials == 0 and self.ties[name]:
            detail = f"ties every option in all {self.ties[name]} instances: singles out none"
            return Verdict(f"chance: {name}", True, detail)
        if self.by_user is None or tally.trials < SMALLEST_TRIALS:
            return tally.verdict()
        users = self.by_user[name].values()
        spread = math.sqrt(sum((user.hits - user.expected) ** 2 for user in users))
        bound = DEFAULT_Z * spread / tally.trials
        detail = (
            f"named {tally.rate:.1%} vs chance {tally.chance:.1%} ± {bound:.1%} over "
            f"{tally.trials} instances of {len(users)} users (bound clustered by user)"
        )
        return Verdict(f"chance: {name}", abs(tally.rate - tally.chance) <= bound, detail)


def feature_verdicts(users: int) -> list[Verdict]:
    """Every invariant's verdict over ``users`` generated users of each of `FEATURE_TIERS`.

    Args:
        users: Users per tier (seeds 0 to users - 1).
    """
    tallies = FeatureTallies()
    for tier in FEATURE_TIERS:
        for seed in range(users):
            user = generate_user(tier, seed)
            _count_questions(user, tallies)
            _count_probes(user, tallies)
    return tallies.verdicts()


def update_chain_verdicts(
    users: int, first_user: int = 0, tiers: Sequence[str] = FEATURE_TIERS
) -> list[Verdict]:
    """Each question feature's verdict on update_chain questions, for the gold and the stale.

    Over ``users`` generated users of each tier: following a feature must name the gold,
    and the stale option, at the chance rate, within a bound clustered by user.

    Args:
        users: Users per tier.
        first_user: The first user's seed (seeds ``first_user`` to ``first_user + users - 1``).
        tiers: The tiers to generate users of.
    """
    tallies = FeatureTallies(clustered=True)
    for tier in tiers:
        for seed in range(first_user, first_user + users):
            _count_questions(generate_user(tier, seed), tallies, update_chain_only=True)
    return tallies.verdicts()


def _count_questions(
    user: ConversationScenario, tallies: FeatureTallies, update_chain_only: bool = False
) -> None:
    for period in user.periods:
        for question in user.questions:
            shown = presented_choices(user, question, period)
            numbers = list(range(1, len(shown) + 1))
            targets = {"": gold_number(shown, question.gold_choice(period.state))}
            if update_chain_only:
                stale = stale_number(user, question, period, shown)
                if stale is None:
                    continue
                targets = {" (gold)": targets[""], " (stale)": stale}
            texts = [choice.text for choice in shown]
            features = {f"option listed at position {number}": [number] for number in numbers}
            for name, measure in MEASURES.items():
                values = measure(texts, user, question.text)
                for word, extreme in (("most", max(values)), ("fewest", min(values))):
                    features[f"{name}: the option with the {word}"] = [
                        n for n, value in zip(numbers, values, strict=True) if value == extreme
                    ]
            for feature, picked in features.items():
                for suffix, target in targets.items():
                    tallies.record(feature + suffix, user.scenario_id, picked, numbers, target)


def _count_probes(user: ConversationScenario, tallies: FeatureTallies) -> None:
    for period in user.periods:
        for variable in probed_variables(user):
            values = presented_values(user, variable, period.index)
            numbers = list(range(1, len(values) + 1))
            gold = values.index(period.state[variable.key]) + 1
            tallies.record("probe: the value listed first", user.scenario_id, [1], numbers, gold)

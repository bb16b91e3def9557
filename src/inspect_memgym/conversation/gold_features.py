"""Statistical invariants of conversation: no visible feature of what is shown singles out the gold.

Over generated users (every question of every period), each feature a memoryless reader
could follow picks some of the options shown: a position in the list, the longest or
shortest text, the most or fewest words shared with the question or with the persona, the
most or fewest sentences shared with the other options; for probes, the value listed
first. `FeatureTally` checks that following it names the gold at the chance rate, within
its binomial bound, both ways. Pure: no Inspect.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import (
    gold_number,
    presented_choices,
    presented_values,
)
from inspect_memgym.conversation.world.probes import probed_variables
from inspect_memgym.validity.statistics import FeatureTally
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


def feature_verdicts(users: int) -> list[Verdict]:
    """Every invariant's verdict over ``users`` generated users of each of `FEATURE_TIERS`.

    Args:
        users: Users per tier (seeds 0 to users - 1).
    """
    tallies: dict[str, FeatureTally] = {}

    def tally(feature: str) -> FeatureTally:
        return tallies.setdefault(feature, FeatureTally(feature))

    for tier in FEATURE_TIERS:
        for seed in range(users):
            user = generate_user(tier, seed)
            _count_questions(user, tally)
            _count_probes(user, tally)
    return [tallies[name].verdict() for name in sorted(tallies)]


def _count_questions(user: ConversationScenario, tally: Callable[[str], FeatureTally]) -> None:
    for period in user.periods:
        for question in user.questions:
            shown = presented_choices(user, question, period)
            numbers = list(range(1, len(shown) + 1))
            gold = gold_number(shown, question.gold_choice(period.state))
            for number in numbers:
                tally(f"option listed at position {number}").record([number], numbers, gold)
            texts = [choice.text for choice in shown]
            for name, measure in MEASURES.items():
                values = measure(texts, user, question.text)
                for word, extreme in (("most", max(values)), ("fewest", min(values))):
                    picked = [
                        n for n, value in zip(numbers, values, strict=True) if value == extreme
                    ]
                    tally(f"{name}: the option with the {word}").record(picked, numbers, gold)


def _count_probes(user: ConversationScenario, tally: Callable[[str], FeatureTally]) -> None:
    for period in user.periods:
        for variable in probed_variables(user):
            values = presented_values(user, variable, period.index)
            tally("probe: the value listed first").record(
                [values[0]], values, period.state[variable.key]
            )

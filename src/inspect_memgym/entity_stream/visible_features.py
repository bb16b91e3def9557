"""Statistical invariants of entity_stream: a question's listed names do not give the answer.

Questions that list the entities to choose from ("Among A, B, C, D and E, which has the
highest X?", "Which has the higher X: A or B?", the outlier and conditional questions)
show their candidates to a model with no memory. For each visible feature of that list (the
first or last listed, the longest or shortest name, the first or last in alphabetical
order), the rate at which it names the gold must be chance ± the bound of
`validity.statistics` over generated lite scenarios of every template. Pure: no Inspect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from inspect_memgym.entity_stream.world.scenario import generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.validity.statistics import FeatureTally
from inspect_memgym.validity.verdicts import Verdict

TIER = "lite"
Picker = Callable[[list[str]], list[str]]
"""(the listed names, in order) -> the names a feature singles out."""


def _extreme(names: list[str], key: Callable[[str], object], largest: bool) -> list[str]:
    values = [key(name) for name in names]
    best = max(values) if largest else min(values)  # type: ignore[type-var]
    return [name for name, value in zip(names, values, strict=True) if value == best]


FEATURES: dict[str, Picker] = {
    "first listed": lambda names: names[:1],
    "last listed": lambda names: names[-1:],
    "longest name": lambda names: _extreme(names, len, largest=True),
    "shortest name": lambda names: _extreme(names, len, largest=False),
    "first alphabetically": lambda names: [min(names)],
    "last alphabetically": lambda names: [max(names)],
}
"""Each visible feature of a question's list of candidates."""


def listed_names(text: str, names: Sequence[str]) -> list[str]:
    """The entity names a question lists, in the order it lists them.

    Args:
        text: The question.
        names: Every entity name of the world.
    """
    found = {name: text.find(name) for name in names if name in text}
    return sorted(found, key=found.__getitem__)


def feature_tallies(questions: int) -> list[FeatureTally]:
    """Tally every feature over at least ``questions`` questions that list candidates.

    Args:
        questions: Informative questions to reach (scenarios are generated until then).
    """
    tallies = {name: FeatureTally(f"listed names: {name}") for name in FEATURES}
    seed = 0
    while min(tally.trials for tally in tallies.values()) < questions:
        for template in TEMPLATE_NAMES:
            scenario = generate_scenario(template, TIER, seed)
            for question in scenario.questions:
                gold = question.gold.entity
                listed = listed_names(question.text, scenario.world.names())
                if gold is None or gold not in listed or len(listed) < 2:
                    continue
                for name, pick in FEATURES.items():
                    tallies[name].record(pick(listed), listed, gold)
        seed += 1
    return list(tallies.values())


def statistical(questions: int) -> list[Verdict]:
    """Every feature's verdict over at least ``questions`` questions that list candidates.

    Args:
        questions: Informative questions per feature.
    """
    return [tally.verdict(smallest_trials=questions) for tally in feature_tallies(questions)]

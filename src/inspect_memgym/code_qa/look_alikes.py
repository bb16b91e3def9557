"""Chance correction of code_qa answers: what stating look-alikes of a question's facts costs.

A memory that keeps the history's values but cannot tell a fact from its look-alike (a
distractor that mimics it) picks, for a question judged on ``m`` facts that have one, one of
``2**m`` combinations. The right one earns 1; a wrong one costs ``1/(2**m - 1)``, so such
picks earn 0 on average, as declining does. Only a pick pays it: an answer that offers
several values (`picks_look_alikes`) earns a blind guess's 0, never less. Pure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from inspect_memgym.code_qa.claims import normalise_answer, shows_token, states_fact
from inspect_memgym.code_qa.hedges import MOST_EXTRA_VALUES, MOST_OTHER_FACTS, Hedge
from inspect_memgym.code_qa.world.model import CodeQAInstance


def look_alike_penalty(
    instance: CodeQAInstance, counted: Sequence[str], stated: Sequence[str]
) -> float:
    """What stating look-alikes of a question's counted facts costs a wrong answer.

    Args:
        instance: The instance.
        counted: The facts the question's verdict counts.
        stated: Ids of the distractors the answer states.
    """
    mimicked = {instance.distractor(item).mimics for item in stated} & set(counted)
    if not mimicked:
        return 0.0
    with_look_alikes = {
        distractor.mimics for distractor in instance.distractors if distractor.mimics in counted
    }
    return 1 / ((1 << len(with_look_alikes)) - 1)


def picks_look_alikes(instance: CodeQAInstance, text: str, hedge: Hedge) -> bool:
    """Whether a wrong answer commits to look-alikes rather than offering several values.

    It states look-alikes of the question's facts, names at most one other value for each
    value asked for and not that value itself, states neither the mimicked facts nor the
    other questions' facts, and lists no more values than an answer may add. An answer
    beyond that (the fact beside its look-alike, two other values of a kind, a dump) picked
    no combination.

    Args:
        instance: The instance.
        text: The graded text.
        hedge: Its hedge reading.
    """
    if (
        not hedge.distractors
        or len(hedge.other_facts) > MOST_OTHER_FACTS
        or len(hedge.extra_values) > MOST_EXTRA_VALUES
    ):
        return False
    others = Counter(entry.partition(" / ")[0] for entry in hedge.alternatives)
    normalised = normalise_answer(text)
    if any(count > 1 or shows_token(normalised, token) for token, count in others.items()):
        return False
    mimicked = {instance.distractor(item).mimics for item in hedge.distractors}
    return not any(states_fact(text, instance.fact(fact_id).fact) for fact_id in mimicked)

"""Chance correction of code_qa answers: what stating look-alikes of a question's facts costs.

A memory that keeps the history's values but cannot tell a fact from its look-alike (a
distractor that mimics it) picks, for a question judged on ``m`` facts that have one, one of
``2**m`` combinations. The right one earns 1; a wrong one costs ``1/(2**m - 1)``, so such
picks earn 0 on average, as declining does. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

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

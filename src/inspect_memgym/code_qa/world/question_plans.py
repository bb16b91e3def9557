"""Questions about a task: which facts each one needs, its wording, and which to ask.

A plan links one to three facts (by recipe name). Its difficulty follows from the facts:
easy when all are discoverable, medium with one or two memory-only facts, hard with three
or more or with a needle. Question texts name code (functions, paths) but never a
memory-only token, nor anything that narrows one down (the design question does not name
the design topic), so the question alone gives none of a memory-only answer away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.model import (
    Difficulty,
    Distractor,
    GroundingFact,
    QAPair,
)
from inspect_memgym.code_qa.world.story_code import StoryCode
from inspect_memgym.kit.catalogues import load_entries
from inspect_memgym.kit.rng import integer_between

CATALOGUE = "question_plans.toml"
"""The data file beside this module the plans are read from."""


@dataclass(frozen=True)
class QuestionPlan:
    """One question a task can ask.

    Attributes:
        facts: The recipe names of its linked facts, in link order.
        text: Its wording, with ``{fields}`` the story's code fills in.
    """

    facts: tuple[str, ...]
    text: str


QUESTION_PLANS: dict[tuple[str, ...], str] = {
    plan.facts: plan.text
    for plan in load_entries(QuestionPlan, __name__, CATALOGUE, "question_plans")
}
"""Question text by the recipe names of its linked facts, in link order."""

QUESTION_COUNT = (5, 15)


def difficulty_of(linked: list[GroundingFact]) -> Difficulty:
    """The difficulty a question's linked facts give it.

    Args:
        linked: The linked facts.
    """
    memory_only = sum(1 for grounding in linked if not grounding.discoverable)
    if memory_only == 0:
        return "easy"
    if memory_only >= 3 or any(grounding.needle for grounding in linked):
        return "hard"
    return "medium"


def _choose_plans(rng: random.Random, plans: list[tuple[tuple[str, ...], Difficulty]]) -> list[int]:
    """Indices of the plans to ask: one of each difficulty, then uncovered facts, then any."""
    count = integer_between(rng, QUESTION_COUNT[0], min(QUESTION_COUNT[1], len(plans)))
    order = list(range(len(plans)))
    rng.shuffle(order)
    chosen: list[int] = []
    for difficulty in ("easy", "medium", "hard"):
        first = next((index for index in order if plans[index][1] == difficulty), None)
        if first is not None:
            chosen.append(first)
    covered = {name for index in chosen for name in plans[index][0]}
    for index in order:
        if len(chosen) >= count:
            break
        if index not in chosen and not covered.issuperset(plans[index][0]):
            chosen.append(index)
            covered.update(plans[index][0])
    chosen.extend(index for index in order if index not in chosen)
    return sorted(chosen[:count])


def build_questions(
    rng: random.Random,
    code: StoryCode,
    facts: dict[str, GroundingFact],
    distractors: dict[str, Distractor],
) -> tuple[QAPair, ...]:
    """Choose and word the questions of a task (5 to 15 of `QUESTION_PLANS`).

    Args:
        rng: The question stream.
        code: The story's code.
        facts: The grounding facts by recipe name.
        distractors: The distractors by name.
    """
    target = code.target
    wording = {
        "target": target.name,
        "path": code.target_module.path,
        "caller": code.caller.name,
        "noun": spaced(target.noun),
        "plural": spaced(plural(target.noun)),
        "field": target.field,
        "upstream": code.domain.upstream,
    }
    plans = [(names, difficulty_of([facts[name] for name in names])) for names in QUESTION_PLANS]
    pairs: list[QAPair] = []
    for number, index in enumerate(_choose_plans(rng, plans), start=1):
        names, difficulty = plans[index]
        linked = [facts[name] for name in names]
        linked_ids = tuple(grounding.fact_id for grounding in linked)
        pairs.append(
            QAPair(
                qa_id=f"q{number:02d}",
                question=QUESTION_PLANS[names].format(**wording),
                gold_answer=" ".join(grounding.fact.statement for grounding in linked),
                linked_fact_ids=linked_ids,
                category=linked[0].category,
                difficulty=difficulty,
                requires_memory=any(not grounding.discoverable for grounding in linked),
                needle=any(grounding.needle for grounding in linked),
                confuser_ids=tuple(
                    distractor.distractor_id
                    for distractor in distractors.values()
                    if distractor.mimics in linked_ids
                ),
            )
        )
    return tuple(pairs)

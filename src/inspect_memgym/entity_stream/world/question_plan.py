"""Choose a scenario's questions: how many of each family, which types, and when.

Questions are fixed by the seed alone (never swapped at run time: MemoryGym flaw 4 in
``docs/peer-flaws.md``). A mid-stream question is built on the world as seen so far, so its
gold answer is the truth at the moment it is asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from inspect_memgym.entity_stream.world.model import QuestionFamily, Template, World
from inspect_memgym.entity_stream.world.questions import (
    QUESTION_TYPES,
    MissingFact,
    Question,
    build_question,
)

FAMILIES: tuple[QuestionFamily, ...] = ("retrieval", "comprehension", "update", "abstention")
CHANGE_TYPES = frozenset({"update", "contradiction", "delta", "counterfactual", "update_chain"})
"""Types about a corrected fact: asked only at the end of the stream."""
MAX_ATTEMPTS = 40
UPDATE_CHAIN = "update_chain"
"""The type of the questions added after the plan (`plan_update_chains`)."""
QUESTIONS_PER_UPDATE_CHAIN = 10
"""A tier asks one update_chain question per this many questions of its plan (at least one)."""


@dataclass(frozen=True)
class PlannedQuestion:
    """A question and when it is asked.

    Attributes:
        after_batch: The 1-based batch after which it is asked, or None for the end.
        question: The question (its ``qid`` is a placeholder until numbered in stream order).
    """

    after_batch: int | None
    question: Question


def family_counts(
    template: Template, total: int, corrections: int, contradictions: int
) -> dict[QuestionFamily, int]:
    """Questions per family by the template's weights (largest remainder, at least one each).

    Update questions are capped by the facts that were changed; the excess becomes
    retrieval.

    Args:
        template: The template (its question weights).
        total: Questions in the scenario.
        corrections: Correction notices in the stream.
        contradictions: Contradictions in the stream.
    """
    raw = {family: template.question_weights[family] * total for family in FAMILIES}
    counts = {family: int(raw[family]) for family in FAMILIES}
    by_remainder = sorted(
        FAMILIES, key=lambda family: (-(raw[family] - counts[family]), FAMILIES.index(family))
    )
    for family in by_remainder[: total - sum(counts.values())]:
        counts[family] += 1
    for family in FAMILIES:
        if counts[family] == 0:
            largest = max(FAMILIES, key=lambda name: counts[name])
            counts[largest] -= 1
            counts[family] = 1
    excess = counts["update"] - (corrections + contradictions)
    if excess > 0:
        counts["update"] -= excess
        counts["retrieval"] += excess
    return counts


def _type_queue(
    counts: dict[QuestionFamily, int], contradictions: int, rng: random.Random
) -> tuple[list[str], list[str]]:
    """The list of types to ask, and the shuffled reasoning types used as replacements."""
    reasoning = [name for name, kind in QUESTION_TYPES.items() if kind.axis == "reasoning"]
    rng.shuffle(reasoning)
    contradiction_count = min(contradictions, max(1, round(counts["update"] / 4)))
    queue = ["retrieval"] * counts["retrieval"]
    queue += ["update"] * (counts["update"] - contradiction_count)
    queue += ["contradiction"] * contradiction_count
    queue += ["abstention"] * counts["abstention"]
    queue += [reasoning[i % len(reasoning)] for i in range(counts["comprehension"])]
    return queue, reasoning


def _try_build(qtype: str, world: World, rng: random.Random, seen: set[str]) -> Question | None:
    for _ in range(3):
        try:
            question = build_question("q00", qtype, world, rng)
        except MissingFact:
            question = None
        if question is not None and question.text not in seen:
            seen.add(question.text)
            return question
    return None


def _mid_stream_eligible(qtype: str) -> bool:
    kind = QUESTION_TYPES[qtype]
    return (
        kind.axis in ("breadth", "reasoning")
        and not kind.full_stream_only
        and qtype not in CHANGE_TYPES
    )


def plan_questions(
    template: Template,
    total: int,
    corrections: int,
    contradictions: int,
    question_batches: tuple[int, ...],
    world_after_batch: Callable[[int], World],
    final_world: World,
    rng: random.Random,
) -> list[PlannedQuestion]:
    """Build every question of a scenario, mid-stream ones first, then the end ones shuffled.

    Args:
        template: The template.
        total: Questions to ask.
        corrections: Correction notices in the stream.
        contradictions: Contradictions in the stream.
        question_batches: Batches after which one mid-stream question is asked.
        world_after_batch: The world as seen right after a batch (and its changes).
        final_world: The world at the end of the stream.
        rng: Seeded RNG.
    """
    counts = family_counts(template, total, corrections, contradictions)
    queue, reasoning = _type_queue(counts, contradictions, rng)
    seen: set[str] = set()
    planned: list[PlannedQuestion] = []
    for batch in question_batches:
        world = world_after_batch(batch)
        candidates = [index for index, qtype in enumerate(queue) if _mid_stream_eligible(qtype)]
        rng.shuffle(candidates)
        for index in candidates:
            question = _try_build(queue[index], world, rng, seen)
            if question is not None:
                planned.append(PlannedQuestion(batch, question))
                queue.pop(index)
                break
    end: list[Question] = []
    for qtype in queue:
        question = _try_build(qtype, final_world, rng, seen)
        attempts = 0
        while question is None and attempts < MAX_ATTEMPTS:
            fallback = (
                reasoning[attempts % len(reasoning)] if attempts < len(reasoning) else "retrieval"
            )
            question = _try_build(fallback, final_world, rng, seen)
            attempts += 1
        if question is None:
            raise RuntimeError(f"could not build a {qtype} question for template {template.name}")
        end.append(question)
    rng.shuffle(end)
    planned.extend(PlannedQuestion(None, question) for question in end)
    return planned


def update_chain_count(total: int) -> int:
    """How many update_chain questions a scenario of ``total`` planned questions adds.

    Args:
        total: The tier's planned questions.
    """
    return max(1, total // QUESTIONS_PER_UPDATE_CHAIN)


def plan_update_chains(
    total: int, final_world: World, earlier: list[PlannedQuestion], rng: random.Random
) -> list[PlannedQuestion]:
    """The update_chain questions added after the plan, asked at the end of the stream.

    They come from an RNG of their own, after every other question is fixed, so adding them
    leaves the rest of the plan (texts, golds, timing and order) as it was. A world with no
    changed numeric fact gets none; a text already asked is not asked again.

    Args:
        total: The tier's planned questions (`update_chain_count`).
        final_world: The world at the end of the stream.
        earlier: The questions already planned.
        rng: Seeded RNG of its own (``update_chain`` stream).
    """
    seen = {item.question.text for item in earlier}
    added: list[PlannedQuestion] = []
    for _ in range(update_chain_count(total)):
        question = _try_build(UPDATE_CHAIN, final_world, rng, seen)
        if question is not None:
            added.append(PlannedQuestion(None, question))
    return added

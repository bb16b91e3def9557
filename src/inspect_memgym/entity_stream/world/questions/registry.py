"""The question-type registry: one entry per type, each three or four pure functions.

The fourth, ``stale``, only for a type with a stale chain (``update_chain``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from inspect_memgym.entity_stream.world.model import Template, World
from inspect_memgym.entity_stream.world.questions.model import Axis, Question
from inspect_memgym.scoring.gold import GoldAnswer

Params = dict[str, Any]
Fact = tuple[str, str]


@dataclass(frozen=True)
class QuestionType:
    """One question type.

    Attributes:
        name: Type id (``"retrieval"``, ``"synthesis"``...).
        axis: Scoring axis of the type.
        pick: Chooses JSON-able params from a world with a seeded RNG, or None if the
            world cannot support the type. Must be deterministic given the RNG state and
            must iterate only over ordered collections.
        render: Writes the question text from params (stating the full population).
        compute: Computes the gold answer from params and a world; raises
            ``MissingFact`` when the world lacks a needed fact.
        facts: The ``(entity, attribute)`` facts the answer depends on.
        full_stream_only: True if the question's population is "every entity in the
            stream", so it can only be asked after the last ingest.
        stale: Computes the stale chain's answer (the same computation with every
            corrected fact at its superseded value), for a type about corrected facts;
            None for every other type.
    """

    name: str
    axis: Axis
    pick: Callable[[World, random.Random], Params | None]
    render: Callable[[Params, Template], str]
    compute: Callable[[Params, World], GoldAnswer]
    facts: Callable[[Params, World], tuple[Fact, ...]]
    full_stream_only: bool = False
    stale: Callable[[Params, World], GoldAnswer] | None = None


QUESTION_TYPES: dict[str, QuestionType] = {}


def register(question_type: QuestionType) -> QuestionType:
    """Add a question type to the registry.

    Args:
        question_type: The type to add.

    Raises:
        ValueError: If a type of that name is already registered.
    """
    if question_type.name in QUESTION_TYPES:
        raise ValueError(f"question type {question_type.name!r} registered twice")
    QUESTION_TYPES[question_type.name] = question_type
    return question_type


def build_question(qid: str, qtype: str, world: World, rng: random.Random) -> Question | None:
    """Pick, render and answer one question of a type, or None if the world can't support it.

    Args:
        qid: Question id.
        qtype: Registered type name.
        world: The world as the agent has seen it when the question is asked.
        rng: Seeded RNG for the choice of parameters.
    """
    question_type = QUESTION_TYPES[qtype]
    params = question_type.pick(world, rng)
    if params is None:
        return None
    return Question(
        qid=qid,
        qtype=qtype,
        axis=question_type.axis,
        text=question_type.render(params, world.template),
        params=params,
        gold=question_type.compute(params, world),
        facts=question_type.facts(params, world),
        stale=None if question_type.stale is None else question_type.stale(params, world),
    )

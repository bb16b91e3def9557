"""The text_match question type: which entity lists a given phrase in a text attribute.

The population is every entity in the stream, so the type may only be asked after the
last ingest. ``pick`` chooses a fragment that exactly one entity of the world holds; when
every fragment is shared (small pools, many entities) it combines two or three fragments
that together single out one entity.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from inspect_memgym.entity_stream.world.formatting import join_phrases
from inspect_memgym.entity_stream.world.model import Template, World
from inspect_memgym.entity_stream.world.questions.common import attributes_of_kind
from inspect_memgym.entity_stream.world.questions.model import MissingFact
from inspect_memgym.entity_stream.world.questions.registry import (
    Fact,
    Params,
    QuestionType,
    register,
)
from inspect_memgym.scoring.gold import GoldAnswer

TEXT_MATCH_QUESTION = "Which {entity_word} in the stream lists {fragments} among its {label}?"
"""Wording of the text_match type."""

MAX_COMBINATION = 3
"""Most fragments a text_match question combines to single out one entity."""

COMBINATION_WORDS = {1: "", 2: "both ", 3: "all of "}
"""Words introducing one, two or three fragments in the question text."""


def holders(world: World, key: str, fragments: list[str]) -> list[str]:
    """Entities (ingest order) whose text attribute contains every given fragment.

    Args:
        world: The (possibly partial) world.
        key: Text attribute key.
        fragments: The phrases.
    """
    found: list[str] = []
    for entity in world.entities:
        value = entity.values.get(key)
        if isinstance(value, tuple) and all(fragment in value for fragment in fragments):
            found.append(entity.name)
    return found


def holder(params: Params, world: World) -> str:
    """The entity holding the fragments (the first in ingest order if several do).

    Args:
        params: ``attribute`` and ``fragments``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If no known entity holds the fragments.
    """
    found = holders(world, params["attribute"], list(params["fragments"]))
    if not found:
        raise MissingFact(f"no entity lists {params['fragments']!r}")
    return found[0]


def unique_combinations(world: World, size: int) -> list[Params]:
    """Combinations of ``size`` fragments of one text attribute held by exactly one entity.

    Args:
        world: The world.
        size: Fragments per combination.
    """
    return [
        {"attribute": key, "fragments": list(combination)}
        for key, combination in _unique_combinations(world, size)
    ]


def _unique_combinations(world: World, size: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``(attribute, fragments)`` of :func:`unique_combinations`, in its order, once per world."""
    return world.memo(("unique_combinations", size), lambda: _count_combinations(world, size))


def _count_combinations(world: World, size: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The combinations held by exactly one entity, counted.

    The combinations are counted by a ``Counter`` fed every entity's combinations in turn:
    the same first-seen order as counting them one by one, without a step per combination.
    """
    unique: list[tuple[str, tuple[str, ...]]] = []
    for spec in attributes_of_kind(world.template, ("text",)):
        key = spec.key
        held = _sorted_fragments(world, key)
        counts = Counter(
            itertools.chain.from_iterable(
                [itertools.combinations(fragments, size) for fragments in held]
            )
        )
        unique.extend((key, combination) for combination, count in counts.items() if count == 1)
    return tuple(unique)


def _sorted_fragments(world: World, key: str) -> tuple[list[str], ...]:
    """Each entity's distinct fragments of a text attribute, sorted, once per world.

    Entities without a value of the attribute are left out; every combination size
    reads the same lists.
    """

    def sort_fragments() -> tuple[list[str], ...]:
        return tuple(
            [
                sorted({str(item) for item in value})
                for value in [entity.values.get(key) for entity in world.entities]
                if isinstance(value, tuple)
            ]
        )

    return world.memo(("sorted_fragments", key), sort_fragments)


def pick_text_match(world: World, rng: random.Random) -> Params | None:
    """Choose the fewest fragments (one, else two, else three) that single out one entity.

    Text pools are small, so in a large world every single fragment is shared; a pair or a
    triple of fragments usually still belongs to exactly one entity.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    for size in range(1, MAX_COMBINATION + 1):
        unique = _unique_combinations(world, size)
        if unique:
            # rng.choice(unique_combinations(world, size)): the same draw, one dict built
            key, combination = rng.choice(unique)
            return {"attribute": key, "fragments": list(combination)}
    return None


def render_text_match(params: Params, template: Template) -> str:
    """Ask which entity lists the fragments.

    Args:
        params: ``attribute`` and ``fragments``.
        template: The world's template.
    """
    fragments = [f"'{fragment}'" for fragment in params["fragments"]]
    return TEXT_MATCH_QUESTION.format(
        entity_word=template.entity_word,
        fragments=COMBINATION_WORDS.get(len(fragments), "all of ") + join_phrases(fragments),
        label=template.attribute(params["attribute"]).label,
    )


def compute_text_match(params: Params, world: World) -> GoldAnswer:
    """Gold: the entity listing the fragments.

    Args:
        params: ``attribute`` and ``fragments``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If no known entity holds the fragments.
    """
    name = holder(params, world)
    return GoldAnswer(kind="entity", text=name, entity=name)


def text_match_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """The holder's text attribute.

    Args:
        params: ``attribute`` and ``fragments``.
        world: The world.
    """
    return ((holder(params, world), params["attribute"]),)


TEXT_MATCH = register(
    QuestionType(
        name="text_match",
        axis="reasoning",
        pick=pick_text_match,
        render=render_text_match,
        compute=compute_text_match,
        facts=text_match_facts,
        full_stream_only=True,
    )
)

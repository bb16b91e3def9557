"""Single-fact question types: retrieval, update, contradiction, abstention, delta, counterfactual.

Each asks about one ``(entity, attribute)`` fact named in the question, so the population
is the entity itself. Update and contradiction ask the retrieval question about a fact that
changed during the stream (the gold is the new value); delta and counterfactual ask about
the change itself; abstention asks about a plausible entity that never appeared.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

from inspect_memgym.entity_stream.world.derived import derived
from inspect_memgym.entity_stream.world.formatting import format_value, join_phrases, possessive
from inspect_memgym.entity_stream.world.generate import name_pool
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    AttributeKind,
    AttributeSpec,
    Template,
    World,
)
from inspect_memgym.entity_stream.world.numbers import round_series
from inspect_memgym.entity_stream.world.questions.common import (
    choose_params,
    get_correction,
    get_fragments,
    get_label,
    get_number,
    get_series,
    number_answer,
    round_to_display,
    single_fact,
)
from inspect_memgym.entity_stream.world.questions.model import MissingFact
from inspect_memgym.entity_stream.world.questions.registry import (
    Fact,
    Params,
    QuestionType,
    register,
)
from inspect_memgym.scoring.gold import GoldAnswer

RETRIEVAL_QUESTION = "What is {possessive} {label}?"
"""Wording for one number (int/float attributes) or one enum value."""

DATE_QUESTION = "What is {possessive} {label}? Give the full date (YYYY-MM-DD)."
"""Wording for a date attribute."""

FRAGMENTS_QUESTION = "What are {possessive} {label}? List every one of them."
"""Wording for a text attribute (a list of fragments)."""

SERIES_QUESTION = "What is {possessive} {label}? Give all {periods} values in period order."
"""Wording for a list_float attribute (a time series)."""

DELTA_QUESTION = (
    "{possessive} {label} was corrected during the stream. By how much did it change? "
    "Give the absolute difference between the value before and the value after the "
    "correction."
)
"""Wording of the delta type."""

COUNTERFACTUAL_QUESTION = (
    "{possessive} {label} was corrected during the stream. What was it before the correction?"
)
"""Wording of the counterfactual type."""

ABSTENTION_ANSWER = "Not in the stream: {entity} never appeared."
"""Canonical gold text of an abstention question."""

RETRIEVAL_KINDS: tuple[AttributeKind, ...] = ("int", "float", "date", "text", "list_float")
"""Attribute kinds retrieval asks about (never enum)."""
RETRIEVAL_DRAWS = 8
"""Random draws tried before enumerating every fact."""

CHANGEABLE_KINDS: tuple[AttributeKind, ...] = ("int", "float", "enum")
"""Attribute kinds update and contradiction questions ask about."""

FACT_PARAMS = ("entity", "attribute")
"""Parameter names of a single-fact question."""


def render_fact_question(params: Params, template: Template) -> str:
    """Ask for one fact, worded for the attribute's kind.

    Args:
        params: ``entity`` and ``attribute``.
        template: The world's template.
    """
    spec = template.attribute(params["attribute"])
    fields = {"possessive": possessive(params["entity"]), "label": spec.label}
    if spec.kind == "date":
        return DATE_QUESTION.format(**fields)
    if spec.kind == "text":
        return FRAGMENTS_QUESTION.format(**fields)
    if spec.kind == "list_float":
        return SERIES_QUESTION.format(periods=spec.periods, **fields)
    return RETRIEVAL_QUESTION.format(**fields)


def fact_answer(spec: AttributeSpec, world: World, entity: str) -> GoldAnswer:
    """The gold answer for one fact, shaped by the attribute's kind.

    Args:
        spec: The attribute.
        world: The (possibly partial) world.
        entity: Entity name.

    Raises:
        MissingFact: If the world lacks the fact.
    """
    if spec.kind in NUMERIC_KINDS:
        return number_answer(spec, get_number(world, entity, spec.key))
    if spec.kind == "date":
        return GoldAnswer(kind="date", text=get_label(world, entity, spec.key))
    if spec.kind == "enum":
        return GoldAnswer(kind="label", text=get_label(world, entity, spec.key))
    if spec.kind == "text":
        fragments = get_fragments(world, entity, spec.key)
        return GoldAnswer(kind="fragments", text=join_phrases(list(fragments)), fragments=fragments)
    series = round_series(get_series(world, entity, spec.key), spec.decimals)
    return GoldAnswer(kind="series", text=format_value(spec, series), series=series)


def compute_fact(params: Params, world: World) -> GoldAnswer:
    """Gold answer of a single-fact question: the fact's current value.

    Args:
        params: ``entity`` and ``attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the world lacks the fact.
    """
    spec = world.template.attribute(params["attribute"])
    return fact_answer(spec, world, params["entity"])


def changes_of(world: World, entity: str, attribute: str) -> int:
    """How many corrections and contradictions changed one fact.

    Args:
        world: The world.
        entity: Entity name.
        attribute: Attribute key.
    """
    return sum(1 for c in world.corrections if c.entity == entity and c.attribute == attribute)


def changed_facts(
    world: World,
    kind: Literal["correction", "contradiction"],
    attribute_kinds: tuple[AttributeKind, ...],
    only_change: bool,
) -> list[Params]:
    """Facts whose last change is of ``kind``, in stream order.

    Args:
        world: The world.
        kind: ``"correction"`` or ``"contradiction"``.
        attribute_kinds: Attribute kinds accepted.
        only_change: Require the fact to have changed exactly once.
    """
    found: list[Params] = []
    for correction in world.corrections:
        entity, key = correction.entity, correction.attribute
        if correction.kind != kind or world.correction_for(entity, key) is not correction:
            continue
        if not world.has_entity(entity) or key not in world.entity(entity).values:
            continue
        if world.template.attribute(key).kind not in attribute_kinds:
            continue
        if only_change and changes_of(world, entity, key) != 1:
            continue
        if correction.old == correction.new:
            continue
        params: Params = {"entity": entity, "attribute": key}
        if params not in found:
            found.append(params)
    return found


# ---------------------------------------------------------------------------------------
# retrieval
# ---------------------------------------------------------------------------------------


def pick_retrieval(world: World, rng: random.Random) -> Params | None:
    """Choose a fact to retrieve, preferring facts that were never corrected.

    A few random draws find an uncorrected fact almost always; the full enumeration is
    the fallback for small or heavily corrected worlds.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    if world.entities:
        retrievable = derived(_retrieval_keys, world.template)
        for _ in range(RETRIEVAL_DRAWS):
            entity = rng.choice(world.entities)
            values = entity.values
            keys = [key for key in retrievable if key in values]
            if keys:
                key = rng.choice(keys)
                if world.correction_for(entity.name, key) is None:
                    return {"entity": entity.name, "attribute": key}
    unchanged: list[Params] = []
    changed: list[Params] = []
    for entity in world.entities:
        for spec in world.template.attributes:
            if spec.kind not in RETRIEVAL_KINDS or spec.key not in entity.values:
                continue
            params: Params = {"entity": entity.name, "attribute": spec.key}
            if world.correction_for(entity.name, spec.key) is None:
                unchanged.append(params)
            else:
                changed.append(params)
    return choose_params(rng, unchanged or changed)


def _retrieval_keys(template: Template) -> tuple[str, ...]:
    """Keys of the attributes retrieval asks about, in template order."""
    return tuple(spec.key for spec in template.attributes if spec.kind in RETRIEVAL_KINDS)


RETRIEVAL = register(
    QuestionType(
        name="retrieval",
        axis="breadth",
        pick=pick_retrieval,
        render=render_fact_question,
        compute=compute_fact,
        facts=single_fact,
    )
)


# ---------------------------------------------------------------------------------------
# update and contradiction
# ---------------------------------------------------------------------------------------


def changed_fact_picker(
    kind: Literal["correction", "contradiction"],
    attribute_kinds: tuple[AttributeKind, ...],
    only_change: bool,
) -> Callable[[World, random.Random], Params | None]:
    """A ``pick`` that chooses one of the facts :func:`changed_facts` finds.

    Args:
        kind: The kind of the fact's last change.
        attribute_kinds: Attribute kinds accepted.
        only_change: Require the fact to have changed exactly once.
    """

    def pick(world: World, rng: random.Random) -> Params | None:
        return choose_params(rng, changed_facts(world, kind, attribute_kinds, only_change))

    return pick


pick_update = changed_fact_picker("correction", CHANGEABLE_KINDS, only_change=False)
"""Choose a fact whose last change was an explicit correction notice."""

pick_contradiction = changed_fact_picker("contradiction", CHANGEABLE_KINDS, only_change=False)
"""Choose a fact whose last change was a silent contradiction."""

UPDATE = register(
    QuestionType(
        name="update",
        axis="maintenance",
        pick=pick_update,
        render=render_fact_question,
        compute=compute_fact,
        facts=single_fact,
    )
)

CONTRADICTION = register(
    QuestionType(
        name="contradiction",
        axis="maintenance",
        pick=pick_contradiction,
        render=render_fact_question,
        compute=compute_fact,
        facts=single_fact,
    )
)


# ---------------------------------------------------------------------------------------
# abstention
# ---------------------------------------------------------------------------------------


def pick_abstention(world: World, rng: random.Random) -> Params | None:
    """Choose a plausible name from the template's pool that is not in the world.

    Args:
        world: The world.
        rng: The seeded RNG.
    """
    template = world.template
    unused = world.memo("unused_names", lambda: _unused_names(world))
    if not unused or not template.attributes:
        return None
    name = rng.choice(unused)
    spec = rng.choice(list(template.attributes))
    return {"entity": name, "attribute": spec.key}


def _unused_names(world: World) -> list[str]:
    """The template's pool names that no entity of the world has, in pool order."""
    known = {entity.name for entity in world.entities}
    return [name for name in name_pool(world.template) if name not in known]


def compute_abstention(params: Params, world: World) -> GoldAnswer:
    """Gold answer of an abstention question: decline, the entity never appeared.

    Args:
        params: ``entity`` (a name that never appeared) and ``attribute``.
        world: The world (unused: the answer is fixed by the params).
    """
    return GoldAnswer(kind="abstain", text=ABSTENTION_ANSWER.format(entity=params["entity"]))


def no_facts(params: Params, world: World) -> tuple[Fact, ...]:
    """Abstention depends on no stored fact.

    Args:
        params: The question params.
        world: The world.
    """
    return ()


ABSTENTION = register(
    QuestionType(
        name="abstention",
        axis="abstention",
        pick=pick_abstention,
        render=render_fact_question,
        compute=compute_abstention,
        facts=no_facts,
    )
)


# ---------------------------------------------------------------------------------------
# delta and counterfactual
# ---------------------------------------------------------------------------------------


pick_corrected_number = changed_fact_picker("correction", NUMERIC_KINDS, only_change=True)
"""Choose a numeric fact changed exactly once, by an explicit correction notice."""


def corrected_numbers(params: Params, world: World) -> tuple[float, float]:
    """The old and new value of a corrected numeric fact, at display precision.

    Args:
        params: ``entity`` and ``attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the world records no correction of the fact.
    """
    correction = get_correction(world, params["entity"], params["attribute"], "correction")
    old, new = correction.old, correction.new
    if not isinstance(old, (int, float)) or not isinstance(new, (int, float)):
        raise MissingFact(f"correction of {params['entity']!r} is not numeric")
    spec = world.template.attribute(params["attribute"])
    return round_to_display(spec, old), round_to_display(spec, new)


def correction_question(wording: str) -> Callable[[Params, Template], str]:
    """A ``render`` asking about a corrected fact, named in the wording's fields.

    Args:
        wording: The question, with ``{possessive}`` and ``{label}`` fields.
    """

    def render(params: Params, template: Template) -> str:
        label = template.attribute(params["attribute"]).label
        return wording.format(possessive=possessive(params["entity"]), label=label)

    return render


render_delta = correction_question(DELTA_QUESTION)
"""Ask how much a corrected fact changed."""

render_counterfactual = correction_question(COUNTERFACTUAL_QUESTION)
"""Ask for a corrected fact's value before the correction."""


def correction_answer(
    measure: Callable[[float, float], float],
) -> Callable[[Params, World], GoldAnswer]:
    """A ``compute`` whose gold is a number measured on a corrected fact.

    The gold has the attribute's unit and precision; the returned function raises
    `MissingFact` if the world records no correction of the fact.

    Args:
        measure: The gold number from the old and the new value (both at display
            precision).
    """

    def compute(params: Params, world: World) -> GoldAnswer:
        old, new = corrected_numbers(params, world)
        return number_answer(world.template.attribute(params["attribute"]), measure(old, new))

    return compute


DELTA = register(
    QuestionType(
        name="delta",
        axis="reasoning",
        pick=pick_corrected_number,
        render=render_delta,
        compute=correction_answer(lambda old, new: abs(new - old)),
        facts=single_fact,
    )
)

COUNTERFACTUAL = register(
    QuestionType(
        name="counterfactual",
        axis="reasoning",
        pick=pick_corrected_number,
        render=render_counterfactual,
        compute=correction_answer(lambda old, _new: old),  # the value before the correction
        facts=single_fact,
    )
)

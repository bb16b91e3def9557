"""Sentences of the world: fact statements, nested descriptions, the question, sub-queries.

A chain is described without naming anything but its start: "the doctoral supervisor of the
author of the Orrin Report". The question and every sub-query are built from these
descriptions, so they never name an intermediate answer.
"""

from __future__ import annotations

from inspect_memgym.research_qa.world.graph import AttributeValue, Entity
from inspect_memgym.research_qa.world.schema import AttributeSpec, RelationSpec


def sentence(text: str) -> str:
    """A text with its first letter capitalised (``the Orrin Report ...`` -> ``The ...``).

    Args:
        text: Text starting with a letter.
    """
    return text[:1].upper() + text[1:]


def value_text(value: AttributeValue) -> str:
    """How documents and answers write an attribute value.

    Args:
        value: A number or a label.
    """
    return str(value)


def relation_statement(spec: RelationSpec, subject: Entity, target: Entity) -> str:
    """The sentence stating a relation between two entities.

    Args:
        spec: The relation.
        subject: Its subject.
        target: Its object.
    """
    return sentence(spec.statement.format(subject=subject.reference, object=target.reference))


def attribute_statement(spec: AttributeSpec, subject: Entity, value: AttributeValue) -> str:
    """The sentence stating an attribute's value.

    Args:
        spec: The attribute.
        subject: The entity.
        value: The value stated (not necessarily the entity's own).
    """
    return sentence(spec.statement.format(subject=subject.reference, value=value_text(value)))


def chain_descriptions(start: Entity, relations: tuple[RelationSpec, ...]) -> list[str]:
    """How the question refers to each entity on the chain, the named start first.

    Args:
        start: The named start entity.
        relations: The relation steps followed from it.

    Returns:
        ``len(relations) + 1`` noun phrases, e.g. ``["the Orrin Report", "the author of the
        Orrin Report", ...]``.
    """
    descriptions = [start.reference]
    for relation in relations:
        descriptions.append(relation.role.format(subject=descriptions[-1]))
    return descriptions


def step_question(step: RelationSpec | AttributeSpec, subject_description: str) -> str:
    """The question one step asks about the entity a description names.

    Args:
        step: The relation or attribute asked for.
        subject_description: The description of the step's subject.
    """
    return sentence(step.question.format(subject=subject_description))

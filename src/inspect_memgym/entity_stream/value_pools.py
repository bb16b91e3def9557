"""The value pool an answer is checked against for hedging: an enum's or a text's choices."""

from __future__ import annotations

from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.questions.model import Question

POOLED_KINDS = ("enum", "text")


def attribute_value_pool(question: Question, template: Template) -> tuple[str, ...]:
    """Every value of the asked attribute's pool, or () if it has none.

    Naming another value of the pool is a hedge (enum and text answers) or a guess
    (abstention).

    Args:
        question: The question (its ``params["attribute"]``, if any).
        template: The scenario's template.
    """
    key = question.params.get("attribute")
    if not isinstance(key, str):
        return ()
    try:
        spec = template.attribute(key)
    except KeyError:
        return ()
    return spec.choices if spec.kind in POOLED_KINDS else ()

"""The answer a reader gives who knows exactly some of an instance's facts.

Scripted policies use it: a policy that kept facts F02 and F05 in memory answers a
question with those of the question's linked facts it knows, in link order, and with
nothing when it knows none of them. With every linked fact known, the answer is the gold.
"""

from __future__ import annotations

from collections.abc import Iterable

from inspect_memgym.code_qa.world.model import CodeQAInstance


def answer_from_facts(
    instance: CodeQAInstance, qa_id: str, known_fact_ids: Iterable[str]
) -> str | None:
    """The answer of a reader who knows exactly these facts.

    Args:
        instance: The instance.
        qa_id: The question.
        known_fact_ids: Ids of the facts the reader knows (other ids are ignored).

    Returns:
        The statements of the known linked facts, joined by spaces; None if the reader
        knows none of the question's linked facts.

    Raises:
        KeyError: If the instance has no such question.
    """
    pair = instance.question(qa_id)
    known = set(known_fact_ids)
    statements = [
        instance.fact(fact_id).fact.statement
        for fact_id in pair.linked_fact_ids
        if fact_id in known
    ]
    return " ".join(statements) if statements else None

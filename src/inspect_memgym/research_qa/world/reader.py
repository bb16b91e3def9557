"""A pure reader: what someone who knows exactly some facts concludes about the question.

The reader starts at the entity the question names and follows the question's relations,
one known fact per step. It ignores claims marked as withdrawn, and facts about other
entities (near-miss siblings) never apply to the entity it is at. A step with no known
fact, or with known facts that disagree, breaks the chain.

This is the reference for scripted policies: a perfect policy keeps every chain fact and
reaches the gold; a forgetful one keeps some and gets None (or, if it kept the wrong
facts, a wrong answer). ``next_open_hop`` says where such a reader is stuck, which is what a
scripted researcher searches for next.
"""

from __future__ import annotations

from collections.abc import Iterable

from inspect_memgym.research_qa.world.instance import ResearchInstance
from inspect_memgym.research_qa.world.model import ChainHop


def resolve_answer(instance: ResearchInstance, known_fact_ids: Iterable[str]) -> str | None:
    """The answer a reader who knows exactly these facts gives, or None if it cannot.

    Args:
        instance: The instance.
        known_fact_ids: Ids of the chain (``F<n>``) and distractor (``D<n>``) facts known.

    Returns:
        The final answer text (a name or a value), or None when the chain is broken. For a
        released row (no structured claims), the gold text if every chain fact is known,
        else None.
    """
    known = set(known_fact_ids)
    if instance.chain_start is None:
        complete = all(fact_id in known for fact_id in instance.chain_fact_ids)
        return instance.gold.text if complete and instance.chain_fact_ids else None
    values = _current_values(instance, known)
    current = instance.chain_start
    for hop in instance.chain:
        found = values.get((current, hop.relation), set())
        if len(found) != 1:
            return None
        (current,) = found
    return current


def next_open_hop(
    instance: ResearchInstance, known_fact_ids: Iterable[str]
) -> tuple[ChainHop, str] | None:
    """Where a reader who knows exactly these facts is stuck: the first hop it cannot follow.

    Args:
        instance: A generated instance.
        known_fact_ids: Ids of the facts known.

    Returns:
        The first hop with no single known current value, and the name of the entity the
        reader has reached (where that hop starts); None when the whole chain can be
        followed, or for a released row (no structured claims).
    """
    if instance.chain_start is None:
        return None
    values = _current_values(instance, known_fact_ids)
    current = instance.chain_start
    for hop in instance.chain:
        found = values.get((current, hop.relation), set())
        if len(found) != 1:
            return hop, current
        (current,) = found
    return None


def _current_values(
    instance: ResearchInstance, known_fact_ids: Iterable[str]
) -> dict[tuple[str, str], set[str]]:
    """The values known current claims give, by (subject, relation)."""
    known = set(known_fact_ids)
    values: dict[tuple[str, str], set[str]] = {}
    for claim in instance.claims:
        if claim.current and claim.fact_id in known:
            values.setdefault((claim.subject, claim.relation), set()).add(claim.value)
    return values


def candidate_answers(instance: ResearchInstance, turn_index: int) -> set[str]:
    """Every value a turn's current claims give for the relation its hop asks.

    Args:
        instance: A generated instance.
        turn_index: The turn.

    Returns:
        The distinct values (none if the turn's hop is not on the chain); a reader without
        earlier facts cannot tell them apart.
    """
    turn = instance.turns[turn_index]
    hop = next((hop for hop in instance.chain if hop.hop == turn.hop), None)
    if hop is None:
        return set()
    relation = hop.relation
    fact_ids = {fact_id for document in turn.documents for fact_id in document.fact_ids}
    return {
        claim.value
        for claim in instance.claims
        if claim.fact_id in fact_ids and claim.current and claim.relation == relation
    }

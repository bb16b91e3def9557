"""Link the parts of a MemGym-DR row by identity: facts to documents, steps to facts.

A released row never states a grounding fact in the words of its document: ``content`` is
MemGym's paraphrase, and a decomposition step's ``sub_answer`` rarely matches the fact's
``intermediate_answer`` or the turn's ``sub_answer`` letter for letter. So nothing here
compares texts to decide what belongs together; the row's own identities do:

* a fact is carried by a document of the turn it is first available at
  (``first_available_at_hop`` is a ``turn_index``): the supporting document titled
  ``source_paragraph_title``, else any document of that title, else the first supporting
  document of that turn no earlier fact claimed; failing all of these, a document of that
  title in any turn. The document lists the fact in ``Document.fact_ids``.
* decomposition step ``k`` (0-based) follows the fact a step names by id (``fact_id``),
  else grounding fact ``k`` (both lists are in hop order), and is asked at the turn that
  fact is first available at, else at the ``k``-th turn that is not a red herring.

A fact without an intermediate answer gets its key tokens from its ``content`` as before,
kept to those its carrying document also holds (a paraphrase's own words say nothing of
what memory keeps).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from inspect_memgym.research_qa.world.model import Document, GroundingFact, SearchTurn
from inspect_memgym.scoring.facts import Fact, normalise_for_match

STEP_FACT_FIELD = "fact_id"
"""A decomposition step's optional field naming its grounding fact by id."""


def link_documents(
    turns: Sequence[SearchTurn], grounding: Sequence[GroundingFact]
) -> tuple[tuple[SearchTurn, ...], tuple[GroundingFact, ...]]:
    """The turns with each document listing the facts it carries, and the facts' key tokens.

    Args:
        turns: The row's turns (documents without fact ids).
        grounding: The row's grounding facts, in row order.

    Returns:
        The turns, and the grounding facts whose key tokens are kept to their carrier's.
    """
    carriers: dict[str, list[str]] = {}
    claimed: set[str] = set()
    linked_facts = []
    for fact in grounding:
        carrier = _carrier(turns, fact, claimed)
        if carrier is None:
            linked_facts.append(fact)
            continue
        claimed.add(carrier.doc_id)
        carriers.setdefault(carrier.doc_id, []).append(fact.fact.fact_id)
        linked_facts.append(_with_carrier_tokens(fact, carrier))
    linked_turns = tuple(
        replace(
            turn,
            documents=tuple(
                replace(document, fact_ids=tuple(carriers.get(document.doc_id, ())))
                for document in turn.documents
            ),
        )
        for turn in turns
    )
    return linked_turns, tuple(linked_facts)


def step_links(
    steps: Sequence[dict[str, Any]],
    turns: Sequence[SearchTurn],
    grounding: Sequence[GroundingFact],
) -> list[tuple[str, int]]:
    """For each decomposition step, the id of its fact and the index of its turn.

    Args:
        steps: The row's decomposition steps, in order.
        turns: The row's turns.
        grounding: The row's grounding facts, in hop order.

    Returns:
        ``(fact_id, turn_index)`` per step; ``""`` and ``-1`` where the row has none.
    """
    by_id = {fact.fact.fact_id: fact for fact in grounding}
    turn_indexes = {turn.turn_index for turn in turns}
    searched = [turn.turn_index for turn in turns if not turn.is_red_herring]
    links = []
    for position, step in enumerate(steps):
        named = step.get(STEP_FACT_FIELD)
        fact = by_id.get(named) if isinstance(named, str) else None
        if fact is None and position < len(grounding):
            fact = grounding[position]
        if fact is not None and fact.first_available_turn in turn_indexes:
            turn_index = fact.first_available_turn
        else:
            turn_index = searched[position] if position < len(searched) else -1
        links.append((fact.fact.fact_id if fact is not None else "", turn_index))
    return links


def _carrier(
    turns: Sequence[SearchTurn], fact: GroundingFact, claimed: set[str]
) -> Document | None:
    recorded = [turn for turn in turns if turn.turn_index == fact.first_available_turn]
    documents = [document for turn in recorded for document in turn.documents]
    titled = [document for document in documents if document.title == fact.source_title]
    for document in titled:
        if document.is_supporting:
            return document
    if titled:
        return titled[0]
    for document in documents:
        if document.is_supporting and document.doc_id not in claimed:
            return document
    anywhere = [
        document
        for turn in turns
        for document in turn.documents
        if fact.source_title and document.title == fact.source_title
    ]
    return anywhere[0] if anywhere else None


def _with_carrier_tokens(fact: GroundingFact, carrier: Document) -> GroundingFact:
    if fact.intermediate_answer.strip():
        return fact
    text = normalise_for_match(carrier.text)
    held = tuple(token for token in fact.fact.key_tokens if normalise_for_match(token) in text)
    if not held or held == fact.fact.key_tokens:
        return fact
    return replace(fact, fact=Fact(fact.fact.fact_id, fact.fact.statement, held))

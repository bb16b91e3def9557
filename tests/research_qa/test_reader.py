"""The pure reader: what a reader who knows exactly some facts concludes."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from inspect_memgym.research_qa.world import (
    ResearchInstance,
    candidate_answers,
    generate_instance,
    resolve_answer,
)


@pytest.fixture(params=[(2, 3), (9, 4), (1, 6)], ids=["h3", "h4", "h6"])
def instance(request: pytest.FixtureRequest) -> ResearchInstance:
    seed, hops = request.param
    return generate_instance(seed, hops)


def distractor_ids(instance: ResearchInstance, source: str) -> list[str]:
    return [
        d.fact.fact_id for d in instance.distractors if d.source == source and d.fact is not None
    ]


def test_every_chain_fact_reaches_the_gold(instance: ResearchInstance) -> None:
    assert resolve_answer(instance, instance.chain_fact_ids) == instance.gold.text


def test_any_missing_chain_fact_breaks_the_chain(instance: ResearchInstance) -> None:
    chain = instance.chain_fact_ids
    for size in range(len(chain)):
        for known in itertools.combinations(chain, size):
            assert resolve_answer(instance, known) is None


def test_distractors_do_not_change_the_answer(instance: ResearchInstance) -> None:
    everything = list(instance.facts())
    assert len(everything) > len(instance.chain_fact_ids) * 5
    assert resolve_answer(instance, everything) == instance.gold.text


def test_near_miss_facts_never_stand_in_for_a_chain_fact(instance: ResearchInstance) -> None:
    near_misses = distractor_ids(instance, "sibling_near_miss")
    for missing in instance.chain_fact_ids:
        known = [f for f in instance.chain_fact_ids if f != missing] + near_misses
        assert resolve_answer(instance, known) is None


def test_withdrawn_claims_are_ignored_unless_made_current(instance: ResearchInstance) -> None:
    # the fixture's seeds are ones where a withdrawn claim lands on the true chain (chance
    # 1/4 per turn, like a sibling's)
    withdrawn = distractor_ids(instance, "conflicting_authority")
    known = [*instance.chain_fact_ids, *withdrawn]
    assert resolve_answer(instance, known) == instance.gold.text
    on_chain = {(c.subject, c.relation) for c in instance.claims if c.fact_id.startswith("F")}
    claims = tuple(
        dataclasses.replace(c, current=True) if (c.subject, c.relation) in on_chain else c
        for c in instance.claims
    )
    believer = dataclasses.replace(instance, claims=claims)
    assert resolve_answer(believer, known) is None  # two values for one link: no answer


def test_last_turn_alone_leaves_several_candidates(instance: ResearchInstance) -> None:
    last = instance.turns[-1]
    candidates = candidate_answers(instance, last.turn_index)
    assert len(candidates) == 4 and last.sub_answer in candidates
    seen = [fact_id for doc in last.documents for fact_id in doc.fact_ids]
    assert resolve_answer(instance, seen) is None


def test_wrong_sibling_kept_gives_no_answer_not_a_wrong_one(instance: ResearchInstance) -> None:
    # a reader who kept the wrong candidate's final fact instead of the true one
    final = instance.grounding_facts[-1].fact.fact_id
    final_turn = instance.turns[instance.grounding_facts[-1].first_available_turn]
    sibling = next(
        fact_id
        for doc in final_turn.documents
        if doc.kind == "near_miss"
        for fact_id in doc.fact_ids
    )
    known = [f for f in instance.chain_fact_ids if f != final] + [sibling]
    assert resolve_answer(instance, known) is None

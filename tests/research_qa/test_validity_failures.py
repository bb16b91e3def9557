"""The validity checks catch broken instances: each corruption is reported."""

from __future__ import annotations

import dataclasses

import pytest

from inspect_memgym.research_qa.world import (
    Document,
    ResearchInstance,
    check_instance,
    generate_instance,
)


@pytest.fixture
def instance() -> ResearchInstance:
    generated = generate_instance(2, 4)
    assert check_instance(generated) == []
    return generated


def with_turn_documents(
    instance: ResearchInstance, turn_index: int, documents: list[Document]
) -> ResearchInstance:
    turns = list(instance.turns)
    turns[turn_index] = dataclasses.replace(turns[turn_index], documents=tuple(documents))
    return dataclasses.replace(instance, turns=tuple(turns))


def test_question_that_states_the_gold(instance: ResearchInstance) -> None:
    broken = dataclasses.replace(instance, question=f"{instance.question} ({instance.gold.text})")
    assert f"the question states the gold answer {instance.gold.text!r}" in check_instance(broken)


def test_sub_query_that_names_an_intermediate_answer(instance: ResearchInstance) -> None:
    named = instance.chain[0].answer
    turns = list(instance.turns)
    last = turns[-1]
    turns[-1] = dataclasses.replace(last, sub_query=f"{last.sub_query} Start from {named}.")
    problems = check_instance(dataclasses.replace(instance, turns=tuple(turns)))
    assert f"turn {last.turn_index}'s sub-query names the answer {named!r}" in problems


def test_missing_supporting_document(instance: ResearchInstance) -> None:
    turn = instance.turns[1]
    kept = [doc for doc in turn.documents if not doc.is_supporting]
    problems = check_instance(with_turn_documents(instance, 1, kept))
    assert f"no document states F{turn.hop} verbatim" in problems


def test_filler_that_restates_a_chain_fact(instance: ResearchInstance) -> None:
    turn = instance.turns[0]
    documents = list(turn.documents)
    index = next(i for i, doc in enumerate(documents) if doc.kind == "filler")
    statement = instance.grounding_facts[1].fact.statement
    documents[index] = dataclasses.replace(
        documents[index], text=f"{documents[index].text} {statement}"
    )
    problems = check_instance(with_turn_documents(instance, 0, documents))
    assert f"filler {documents[index].doc_id} restates chain fact F2" in problems


def test_distractor_that_mentions_the_gold(instance: ResearchInstance) -> None:
    turn = instance.turns[-1]
    documents = list(turn.documents)
    index = next(i for i, doc in enumerate(documents) if doc.kind == "dead_end")
    documents[index] = dataclasses.replace(
        documents[index], text=f"{documents[index].text} See also {instance.gold.text}."
    )
    problems = check_instance(with_turn_documents(instance, turn.turn_index, documents))
    assert any(
        problem.startswith(f"distractor {documents[index].doc_id} (dead_end) mentions the gold")
        for problem in problems
    )


def test_withdrawn_claim_made_current(instance: ResearchInstance) -> None:
    chain_subjects = {
        (claim.subject, claim.relation)
        for claim in instance.claims
        if claim.fact_id in instance.chain_fact_ids
    }
    claims = [
        dataclasses.replace(claim, current=True)
        if not claim.current and (claim.subject, claim.relation) in chain_subjects
        else claim
        for claim in instance.claims
    ]
    problems = check_instance(dataclasses.replace(instance, claims=tuple(claims)))
    assert any("states a current value for a chain link" in problem for problem in problems)
    assert any(problem.startswith("all facts together lead to None") for problem in problems)


def test_last_turn_without_near_miss_siblings(instance: ResearchInstance) -> None:
    turn = instance.turns[-1]
    kept = [doc for doc in turn.documents if doc.kind != "near_miss"]
    problems = check_instance(with_turn_documents(instance, turn.turn_index, kept))
    assert f"turn {turn.turn_index} shows 1 candidate(s), not at least 2" in problems


def test_last_turn_that_answers_alone(instance: ResearchInstance) -> None:
    # give the last turn's hop a question that starts at its own subject: the turn decides it
    last_hop = instance.chain[instance.turns[-1].hop - 1]
    subject = next(c.subject for c in instance.claims if c.fact_id == last_hop.fact_id)
    one_hop = dataclasses.replace(
        instance,
        chain=(last_hop,),
        chain_start=subject,
        gold=dataclasses.replace(instance.gold, text=last_hop.answer),
    )
    assert "the last turn's documents alone lead to the gold" in check_instance(one_hop)


def test_no_fact_kept_two_turns(instance: ResearchInstance) -> None:
    short = tuple(
        dataclasses.replace(g, needed_at_turn=g.first_available_turn + 1, retention_span=1)
        for g in instance.grounding_facts
    )
    problems = check_instance(dataclasses.replace(instance, grounding_facts=short))
    assert "no chain fact must be kept 2 turns (longest 1)" in problems


def test_inconsistent_retention_record(instance: ResearchInstance) -> None:
    facts = list(instance.grounding_facts)
    facts[0] = dataclasses.replace(facts[0], retention_span=facts[0].retention_span + 3)
    problems = check_instance(dataclasses.replace(instance, grounding_facts=tuple(facts)))
    assert any(problem.startswith("F1's retention span") for problem in problems)


def test_stream_short_of_its_target(instance: ResearchInstance) -> None:
    broken = dataclasses.replace(instance, context_tokens=instance.context_tokens * 2)
    problems = check_instance(broken)
    assert f"the stream has {instance.total_tokens} tokens, not 20000 within 3%" in problems


def test_entity_name_inside_another(instance: ResearchInstance) -> None:
    names = (*instance.entity_names, f"{instance.entity_names[0]} Annex")
    problems = check_instance(dataclasses.replace(instance, entity_names=names))
    assert any(problem.endswith(f"is part of '{names[-1].lower()}'") for problem in problems)
    assert f"entity {names[-1]!r} is listed but never mentioned" in problems


def test_distractor_record_out_of_place(instance: ResearchInstance) -> None:
    distractors = list(instance.distractors)
    moved = dataclasses.replace(distractors[0], target_turn=distractors[0].target_turn + 1)
    distractors[0] = moved
    problems = check_instance(dataclasses.replace(instance, distractors=tuple(distractors)))
    assert f"distractor {moved.distractor_id} is not in turn {moved.target_turn}" in problems

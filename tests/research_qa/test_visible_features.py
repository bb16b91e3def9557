"""No visible feature of any turn singles out the true chain's candidate (statistical).

Over 200 seeds at each chain length (800 instances, a few seconds), every feature a
reader could pick a candidate by (which candidate a kind of document names, mention
counts, positions, lengths, templates, stated values, what a candidate leads to) picks the
true candidate at chance ± 3 standard deviations, in the turn headed by the research
question, in the last turn, and over every turn.
"""

from __future__ import annotations

import dataclasses

import pytest

from inspect_memgym.research_qa.visible_features import (
    StreamView,
    feature_tallies,
    generated_instances,
    title_subject,
    turn_features,
    turn_view,
)
from inspect_memgym.research_qa.world import check_instance, generate_instance
from inspect_memgym.validity.statistics import SMALLEST_TRIALS, FeatureTally

SEEDS_PER_HOPS = 200


@pytest.fixture(scope="module")
def tallies() -> list[FeatureTally]:
    return feature_tallies(generated_instances(SEEDS_PER_HOPS, 1_000))


def test_every_feature_is_within_chance(tallies: list[FeatureTally]) -> None:
    failing = [tally.verdict().line() for tally in tallies if not tally.verdict().passed]
    assert failing == []


def test_every_turn_role_and_feature_family_is_tallied(tallies: list[FeatureTally]) -> None:
    names = {tally.feature for tally in tallies}
    for role in ("research-question turn", "last turn", "every turn"):
        for feature in (
            "names a conflicting_authority document",
            "names a dead_end document",
            "names a same_entity document",
            "has no extra document",
            "most mentions",
            "least first mention",
            "least stated document position",
            "stated title template 0",
        ):
            assert f"{role}: {feature}" in names
    assert "research-question turn: stated value nearest the withdrawn value" in names
    assert "last turn: leads to an entity named by a conflicting_authority document" in names
    assert all(tally.trials >= SMALLEST_TRIALS for tally in tallies)


def test_the_tally_sees_a_withdrawn_claim_put_on_the_true_candidate() -> None:
    # the bias of the old generator, rebuilt: the withdrawn claim always on the true one
    tally = FeatureTally("withdrawn subject")
    for instance in generated_instances(60, 1_000):
        stream = StreamView.of(instance)
        final = next(turn for turn in instance.turns if turn.hop == instance.num_hops)
        view = turn_view(instance, final)
        picked = turn_features(stream, view)["names a conflicting_authority document"]
        tally.record({view.gold} if instance.seed % 2 else picked, view.candidates, view.gold)
    assert not tally.verdict().passed


def test_a_candidate_value_mentioned_twice_is_an_invalid_instance() -> None:
    instance = generate_instance(2, 3, 5_000)
    final = next(turn for turn in instance.turns if turn.hop == 3)
    sibling = next(doc for doc in final.documents if doc.kind == "near_miss")
    value = next(c.value for c in instance.claims if c.fact_id in sibling.fact_ids)
    filler = next(doc for doc in instance.documents() if doc.kind == "filler")
    echoed = dataclasses.replace(filler, text=f"{filler.text} Compare {value}.")
    turns = tuple(
        dataclasses.replace(
            turn,
            documents=tuple(echoed if doc is filler else doc for doc in turn.documents),
        )
        for turn in instance.turns
    )
    problems = check_instance(dataclasses.replace(instance, turns=turns))
    assert f"candidate answer {value!r} is mentioned by 2 documents, not 1" in problems


def test_titles_name_their_subject() -> None:
    assert title_subject("Notes on Kugaem") == "Kugaem"
    assert title_subject("Baldfyx Colloquium: register entry") == "Baldfyx Colloquium"
    assert title_subject("Frost heave under unsealed roads: working summary") is None

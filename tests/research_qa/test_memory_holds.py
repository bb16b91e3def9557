"""What a research_qa memory holds: the instance's claims as gold points, scored per operation.

Scripted memories of known storage: the chain statements (perfect), nothing (forgetful),
every document (a hoarder of distractors), the chain plus every withdrawn claim (a stale
keeper), and every visible token in one bag (the adversary). Then memgym/perfect end to end
with the notes strategy (keeps the chain), ``none`` (stores nothing) and ``native`` (keeps
every document it was shown).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.util import Store

from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.research_qa.memory_holds import (
    instance_points,
    instance_texts,
    memory_holds,
    states_withdrawn_value,
)
from inspect_memgym.research_qa.prompts import turn_inputs
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.research_qa.world import generate_instance
from inspect_memgym.scoring.operation_scores import FAILURE_KEYS, measure_operations
from inspect_memgym.scoring.point_matching import stated_values

INSTANCE = generate_instance(0, 4, 10_000)
FACTS = INSTANCE.facts()


def scores(*items: str) -> dict[str, Any]:
    return measure_operations(
        instance_points(INSTANCE), items, stated_values(instance_texts(INSTANCE))
    ).scores


def documents() -> list[str]:
    return [f"{document.title}\n{document.text}" for document in INSTANCE.documents()]


def test_chain_facts_are_targets_withdrawn_claims_superseded_the_rest_distractors() -> None:
    points = {point.point_id: point for point in instance_points(INSTANCE)}
    assert {key for key, point in points.items() if point.is_target} == set(INSTANCE.chain_fact_ids)
    withdrawn = {claim.fact_id for claim in INSTANCE.claims if not claim.current}
    assert {key for key, point in points.items() if not point.current} == withdrawn
    assert len(withdrawn) == INSTANCE.num_hops
    required = set(INSTANCE.memory_required_fact_ids)
    assert {point.point_id for point in points.values() if point.importance == 2.0} == required
    assert all(points[fact_id].importance == 1.0 for fact_id in set(FACTS) - required)


def test_the_chain_statements_hold_every_target_and_nothing_else() -> None:
    chain = [FACTS[fact_id].statement for fact_id in INSTANCE.chain_fact_ids]
    assert scores(*chain) == {
        "extraction_recall": 1.0,
        "weighted_recall": 1.0,
        "precision": 1.0,
        "hallucination": 0.0,
        "update_omission": pytest.approx(float("nan"), nan_ok=True),
        "stale_kept": 0.0,
        "distractors_stored": 0.0,
    }


def test_a_memory_that_stores_nothing_holds_nothing_and_claims_nothing() -> None:
    result = scores()
    assert result["extraction_recall"] == 0.0 and result["weighted_recall"] == 0.0
    assert result["stale_kept"] == 0.0 and result["distractors_stored"] == 0.0
    assert result["precision"] != result["precision"]  # undefined with no claim


def test_half_the_chain_weighs_by_what_must_be_kept() -> None:
    kept = INSTANCE.chain_fact_ids[:2]
    result = scores(*(FACTS[fact_id].statement for fact_id in kept))
    points = {point.point_id: point for point in instance_points(INSTANCE)}
    weights = [points[fact_id].importance for fact_id in INSTANCE.chain_fact_ids]
    assert result["extraction_recall"] == 0.5
    assert result["weighted_recall"] == sum(points[f].importance for f in kept) / sum(weights)


def test_keeping_every_document_stores_every_distractor_and_withdrawn_claim() -> None:
    result = scores(*documents())
    assert result["extraction_recall"] == 1.0
    assert result["distractors_stored"] == 1.0
    assert result["stale_kept"] == 1.0
    assert result["precision"] == pytest.approx(1 / 61)


def test_the_withdrawn_claims_kept_apart_from_the_chain_are_stale() -> None:
    withdrawn = [FACTS[claim.fact_id].statement for claim in INSTANCE.claims if not claim.current]
    chain = [FACTS[fact_id].statement for fact_id in INSTANCE.chain_fact_ids]
    result = scores(*chain, *withdrawn)
    assert result["extraction_recall"] == 1.0
    assert result["stale_kept"] == 1.0
    assert result["distractors_stored"] == 0.0


def test_every_visible_token_in_one_bag_cannot_raise_precision() -> None:
    tokens = " ".join(" ".join(documents()).replace(".", " ").split())
    chain = [FACTS[fact_id].statement for fact_id in INSTANCE.chain_fact_ids]
    bag = scores(tokens)
    assert bag["precision"] < scores(*chain)["precision"]
    assert bag["precision"] == pytest.approx(0.0)
    assert scores(*chain, tokens)["precision"] < 1.0


def test_an_answer_with_a_withdrawn_value_of_the_last_hop_is_outdated() -> None:
    last = INSTANCE.chain[-1]
    gold = FACTS[last.fact_id]
    withdrawn = [
        claim
        for claim in INSTANCE.claims
        if not claim.current
        and any(
            chain.subject == claim.subject and chain.relation == claim.relation
            for chain in INSTANCE.claims
            if chain.fact_id == last.fact_id
        )
    ]
    assert not states_withdrawn_value(INSTANCE, last.answer)
    assert not states_withdrawn_value(INSTANCE, gold.statement)
    for claim in withdrawn:
        assert states_withdrawn_value(INSTANCE, claim.value)
        assert not states_withdrawn_value(INSTANCE, f"{claim.value} or {last.answer}")


def test_a_question_the_memory_pass_never_reached_gets_no_label() -> None:
    holdings = MemoryHoldings(store=Store())
    wrong, holds = memory_holds(INSTANCE, "no idea", False, "write_failure", holdings)
    assert holds.memory_failure == "not_stored" and wrong["failed_not_stored"] == 1.0
    cut, holds = memory_holds(INSTANCE, "no idea", False, None, holdings, reached=False)
    assert holds.memory_failure is None
    # the one question still counts: every share is 0, not NaN
    assert [cut[key] for key in FAILURE_KEYS] == [0.0] * len(FAILURE_KEYS)


@pytest.mark.slow
def test_memgym_perfect_end_to_end_per_strategy(tmp_path: Path) -> None:
    def run(agent: str) -> dict[str, Any]:
        [log] = eval(
            research_qa(hops=4, seeds=1, context_tokens=10_000, agent=agent),
            model="memgym/perfect",
            log_dir=str(tmp_path),
            display="none",
        )
        assert log.samples and log.samples[0].scores
        metadata = next(iter(log.samples[0].scores.values())).metadata
        assert metadata is not None
        figures: dict[str, Any] = metadata["operation_scores"]
        return figures

    notes = run("notes")
    assert notes["extraction_recall"] == 1.0 and notes["precision"] == 1.0
    assert notes["distractors_stored"] == 0.0 and notes["stale_kept"] == 0.0
    assert notes["failed_not_stored"] == 0.0
    nothing = run("none")
    assert nothing["extraction_recall"] == 0.0 and nothing["precision"] is None
    assert nothing["failed_not_stored"] == 1.0


def test_a_withdrawn_claim_kept_beside_its_current_version_is_history_not_stale() -> None:
    beside, currents = [], []
    for claim in INSTANCE.claims:
        if claim.current:
            continue
        current = next(
            other
            for other in INSTANCE.claims
            if other.current and (other.subject, other.relation) == (claim.subject, claim.relation)
        )
        currents.append(current.fact_id)
        withdrawn = FACTS[claim.fact_id].statement.rstrip(".")
        beside.append(f"{withdrawn}; now: {FACTS[current.fact_id].statement}")
    # a sibling's current version is a near-miss distractor, the true candidate's a chain fact
    assert any(fact_id not in INSTANCE.chain_fact_ids for fact_id in currents)
    assert scores(*beside)["stale_kept"] == 0.0


def test_a_history_of_the_turns_as_played_invents_nothing() -> None:
    turns = ["\n".join(turn_inputs(INSTANCE, turn.turn_index)) for turn in INSTANCE.turns]
    result = scores(*turns)
    # the headings' numbers ("Search turn 2 of 4") were stated: stray, not invented
    assert result["hallucination"] == 0.0
    assert result["extraction_recall"] == 1.0 and result["stale_kept"] == 1.0

"""Generated instances: shape, gold from the graph, length control, arguments."""

from __future__ import annotations

from collections import Counter

import pytest

from inspect_memgym.research_qa.world import HOP_RANGE, generate_instance
from inspect_memgym.research_qa.world.filler import SMALLEST_DOCUMENT_TOKENS
from inspect_memgym.research_qa.world.world_builder import NEAR_MISS_PER_HOP, build_world

GRID_SEEDS = range(25)


@pytest.mark.parametrize("hops", list(HOP_RANGE))
def test_one_turn_per_hop_with_its_supporting_document_and_distractors(hops: int) -> None:
    instance = generate_instance(5, hops)
    assert len(instance.turns) == len(instance.chain) == len(instance.grounding_facts) == hops
    assert sorted(turn.hop for turn in instance.turns) == list(range(1, hops + 1))
    for turn in instance.turns:
        kinds = Counter(document.kind for document in turn.documents)
        assert kinds["supporting"] == 1
        assert kinds["near_miss"] == NEAR_MISS_PER_HOP
        assert kinds["same_entity"] == kinds["conflicting_authority"] == kinds["dead_end"] == 1
        supporting = next(doc for doc in turn.documents if doc.is_supporting)
        assert supporting.fact_ids == (f"F{turn.hop}",)
        hop = instance.chain[turn.hop - 1]
        assert (turn.sub_query, turn.sub_answer, hop.turn_index) == (
            hop.sub_query,
            hop.answer,
            turn.turn_index,
        )
    documents = {doc.doc_id: doc for doc in instance.documents()}
    sources = Counter(distractor.source for distractor in instance.distractors)
    assert sources == {
        "sibling_near_miss": NEAR_MISS_PER_HOP * hops,
        "same_entity": hops,
        "conflicting_authority": hops,
        "dead_end": hops,
    }
    for distractor in instance.distractors:
        document = documents[distractor.doc_id]
        assert document.text == distractor.content
        assert document.turn_index == distractor.target_turn
        assert distractor.interferes_with is not None
        hop = int(distractor.interferes_with.removeprefix("F"))
        assert instance.turns[distractor.target_turn].hop == hop
    assert instance.question == instance.chain[-1].sub_query
    assert instance.chain_start is not None and instance.chain_start in instance.question
    assert instance.instance_id == f"research_qa-h{hops}-s0005"


def test_gold_is_read_from_the_graph() -> None:
    for seed in range(10):
        instance = generate_instance(seed, 4)
        world = build_world(seed, 4)
        reached = world.graph.follow(world.chains[0][0], [s.key for s in world.plan.relations])
        assert reached is not None
        attribute = world.plan.terminal_attribute
        expected = reached.name if attribute is None else str(reached.attributes[attribute.key])
        assert instance.gold.text == expected
        assert instance.chain[-1].answer == expected
        if instance.gold.kind == "number":
            assert instance.gold.value == float(expected) and instance.gold.integer
        if instance.gold.kind == "entity":
            assert instance.gold.entity == expected and expected in instance.entity_names


def test_the_grid_asks_every_kind_of_answer() -> None:
    grid = [generate_instance(seed, hops) for seed in GRID_SEEDS for hops in HOP_RANGE]
    kinds = Counter(instance.gold.kind for instance in grid)
    assert set(kinds) == {"number", "entity", "label"}
    for instance in grid:
        if instance.gold.kind == "label":
            assert instance.gold.text in instance.answer_choices
            assert len(instance.answer_choices) > 4
        else:
            assert instance.answer_choices == ()


def test_final_fact_is_shown_early_and_kept_two_turns_or_more() -> None:
    for seed in GRID_SEEDS:
        instance = generate_instance(seed, 5)
        final = instance.grounding_facts[-1]
        assert final.first_available_turn <= len(instance.turns) - 3
        assert final.needed_at_turn == len(instance.turns) - 1
        assert final.retention_span >= 2
        assert final.fact.fact_id in instance.memory_required_fact_ids
        assert [g.fact_type for g in instance.grounding_facts[:-1]] == ["bridge_fact"] * 4


@pytest.mark.parametrize("context_tokens", [10_000, 100_000, 1_000_000])
def test_stream_reaches_its_target_length(context_tokens: int) -> None:
    instance = generate_instance(11, 6, context_tokens)
    assert context_tokens - SMALLEST_DOCUMENT_TOKENS <= instance.total_tokens <= context_tokens
    per_turn = [sum(doc.kind == "filler" for doc in turn.documents) for turn in instance.turns]
    assert max(per_turn) - min(per_turn) <= 1  # filler is spread round-robin


def test_a_target_below_the_fact_documents_is_exceeded_without_filler() -> None:
    instance = generate_instance(0, 6, 1_000)
    assert instance.total_tokens > 1_000
    assert not any(doc.kind == "filler" for doc in instance.documents())


def test_context_length_changes_only_filler_and_order() -> None:
    short = generate_instance(3, 4, 10_000)
    long = generate_instance(3, 4, 100_000)
    assert (short.question, short.gold, short.chain, short.grounding_facts) == (
        long.question,
        long.gold,
        long.chain,
        long.grounding_facts,
    )
    assert short.claims == long.claims
    assert long.total_tokens > 9 * short.total_tokens


def test_documents_are_shuffled_within_turns() -> None:
    positions = Counter(
        next(i for i, doc in enumerate(turn.documents) if doc.is_supporting)
        for seed in range(10)
        for turn in generate_instance(seed, 4).turns
    )
    assert len(positions) > 5


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0, 2), "hops must be between 3 and 6"),
        ((0, 7), "hops must be between 3 and 6"),
        ((-1, 4), "seed must be at least 0"),
        ((0, 4, 999), "context_tokens must be at least 1000"),
    ],
)
def test_out_of_range_arguments_are_refused(arguments: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate_instance(*arguments)

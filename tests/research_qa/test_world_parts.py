"""Names, turn order and retention, filler: the parts generation is built from."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from inspect_memgym.kit.rng import seeded_stream
from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.research_qa.world.filler import (
    FILLER_WORDS,
    SMALLEST_DOCUMENT_TOKENS,
    filler_documents,
)
from inspect_memgym.research_qa.world.names import NameFactory
from inspect_memgym.research_qa.world.schema import FIELDS
from inspect_memgym.research_qa.world.turn_order import plan_turn_order, retention_of
from inspect_memgym.research_qa.world.world_builder import NAME_WORDS, RESERVED_WORDS


def test_names_are_fresh_and_never_part_of_one_another() -> None:
    names = NameFactory(seeded_stream("test", "names"), RESERVED_WORDS, NAME_WORDS)
    drawn = [names.person() for _ in range(150)] + [names.place() for _ in range(150)]
    drawn += [names.titled("Institute") for _ in range(150)]
    lowered = [name.lower() for name in drawn]
    assert len(set(lowered)) == len(drawn)
    assert not [(a, b) for a, b in combinations(lowered, 2) if a in b or b in a]
    words = {word for name in lowered for word in name.split()} - {"institute"}
    assert not words & RESERVED_WORDS


def test_names_follow_their_stream() -> None:
    first = NameFactory(seeded_stream("test", "same"))
    second = NameFactory(seeded_stream("test", "same"))
    assert [first.person() for _ in range(5)] == [second.person() for _ in range(5)]


def test_retention_of_a_three_hop_order() -> None:
    retentions = retention_of((3, 1, 2))  # the final hop searched first
    assert [(r.first_available_turn, r.needed_at_turn, r.retention_span) for r in retentions] == [
        (1, 2, 1),
        (2, 2, 0),
        (0, 2, 2),
    ]


def test_retention_in_chain_order_is_one_turn() -> None:
    assert [r.retention_span for r in retention_of((1, 2, 3, 4))] == [1, 1, 1, 0]


@pytest.mark.parametrize("hops", [3, 4, 5, 6])
def test_turn_order_moves_only_the_final_hop_early(hops: int) -> None:
    for seed in range(20):
        order = plan_turn_order(seeded_stream("test", seed), hops)
        assert order.index(hops) <= hops - 3
        assert [hop for hop in order if hop != hops] == list(range(1, hops))
        assert max(r.retention_span for r in retention_of(order)) >= 2


def test_turn_order_needs_three_hops() -> None:
    with pytest.raises(ValueError, match="at least 3 hops"):
        plan_turn_order(seeded_stream("test"), 2)


@pytest.mark.parametrize("budget", [0, 59, 60, 5_000, 123_457])
def test_filler_fills_its_budget(budget: int) -> None:
    documents = filler_documents(seeded_stream("test", budget), budget, 4)
    total = sum(estimate_tokens(f"{doc.title}\n{doc.text}") for doc in documents)
    assert budget - SMALLEST_DOCUMENT_TOKENS < total <= budget or (budget < 60 and total == 0)
    assert {doc.turn_index for doc in documents} <= {0, 1, 2, 3}


def test_filler_names_nothing_and_holds_no_integer() -> None:
    documents = filler_documents(seeded_stream("test", "words"), 50_000, 3)
    text = " ".join(f"{doc.title} {doc.text}" for doc in documents)
    assert set(re.findall(r"[a-z]+", text.lower())) <= FILLER_WORDS
    assert set(re.findall(r"\d+(?:\.\d+)?", text)) <= {f"0.{n}" for n in range(10, 99)}
    assert not FILLER_WORDS & set(FIELDS)

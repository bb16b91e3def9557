"""Pure rules of the memory layer: content normalisation, budget, name phrases, ledger."""

import pytest
from inspect_ai.util import store_as

from inspect_memgym.kit.inspect_internals import start_sample_store
from inspect_memgym.memory.budget import (
    UNBOUNDED_WRITE_BUDGET,
    can_afford,
    describe_budget,
    edit_cost,
    writes_left,
)
from inspect_memgym.memory.content import (
    MAX_CONTENT_CHARS,
    normalize_content,
    normalize_entry_content,
)
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.memory.ranking import Candidate, match_tier, name_phrases, prepare_query, rank


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("  hello  ", "hello"),
        ("a\n\n\nb", "a\nb"),
        ("a\n  \n\t\nb", "a\nb"),
        ("a\r\nb\rc", "a\nb\nc"),
        ("tab\tkept\x00\x07\x1b gone", "tab\tkept gone"),
        ("line\u2028break", "line\nbreak"),
        ("  indented\n    second", "indented\n    second"),
        ("\n\n \x00 \n", ""),
    ],
)
def test_normalize_content(raw: str, expected: str) -> None:
    assert normalize_content(raw) == expected
    assert normalize_content(expected) == expected  # idempotent


def test_normalize_entry_content_refuses_empty() -> None:
    assert MAX_CONTENT_CHARS == 2000
    assert normalize_entry_content(" x ") == "x"
    with pytest.raises(ValueError, match="empty"):
        normalize_entry_content("\x00\n\n")


def test_budget_arithmetic() -> None:
    assert writes_left(30, 12) == 18
    assert writes_left(30, 31) == 0
    assert edit_cost(free_edits_left=2) == 0
    assert edit_cost(free_edits_left=0) == 1
    assert can_afford(1, 1)
    assert not can_afford(1, 0)
    assert can_afford(0, 0)
    assert describe_budget(18, 30) == "18 of 30 writes left."


@pytest.mark.parametrize(
    ("query", "phrases"),
    [
        ("What is Argon Labs' revenue?", ("argon labs",)),
        (
            "Among Argon Labs, Bolt Corp and Cirrus Inc. which has the highest revenue?",
            ("argon labs", "bolt corp", "cirrus inc"),
        ),
        ("inventory turnover of Helix 9 Systems", ("helix 9 systems",)),
        ('"Nova Dynamics" supplies_to', ("nova dynamics",)),
        ("Argon", ()),
        ("argon labs revenue", ()),
        ("What is the revenue?", ()),
    ],
)
def test_name_phrases(query: str, phrases: tuple[str, ...]) -> None:
    assert name_phrases(query) == phrases


def test_tiers_and_rank_order() -> None:
    query = prepare_query("  Argon Labs revenue ")
    assert query.text == "Argon Labs revenue"
    assert match_tier("ARGON LABS REVENUE: 5", query) == 2
    assert match_tier("Argon Labs staff: 5", query) == 1
    assert match_tier("Bolt revenue", query) == 0
    hits = rank(
        [
            Candidate(1, "Bolt revenue", 0.9),
            Candidate(2, "Argon Labs staff", 0.1),
            Candidate(3, "argon labs revenue", 0.2),
            Candidate(4, "unrelated", 0.0),
            Candidate(5, "Bolt revenue", 0.9),
        ],
        query,
        top_k=10,
    )
    assert [(hit.entry_id, round(hit.score, 3)) for hit in hits] == [
        (3, 2.2),
        (2, 1.1),
        (1, 0.9),
        (5, 0.9),
    ]
    assert len(rank([Candidate(1, "Bolt revenue", 0.9)], query, top_k=0)) == 0
    with pytest.raises(ValueError, match="empty"):
        prepare_query(" \n ")


def test_ledger_defaults_and_writes_left() -> None:
    start_sample_store()
    ledger = store_as(MemoryLedger)
    assert (ledger.writes_used, ledger.free_edits_left) == (0, 0)
    assert ledger.write_budget == UNBOUNDED_WRITE_BUDGET
    assert (ledger.event_index, ledger.operations) == (-1, [])
    ledger.write_budget = 30
    ledger.writes_used = 12
    assert store_as(MemoryLedger).writes_left == 18
    ledger.writes_used = 40
    assert ledger.writes_left == 0

"""Typed records kept in the store: the JSON shape they write and the errors they raise."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from inspect_memgym.kit.pass_names import MEMORY_PASS, NO_MEMORY_PASS
from inspect_memgym.scoring.stored_records import (
    STORED_KEY,
    AnswerRecord,
    StoredRecord,
    replies_by_kind,
)


@dataclass(frozen=True)
class RenamedRecord(StoredRecord):
    pass_name: str = field(metadata={STORED_KEY: "pass"})
    shown: list[str]


def test_an_answer_record_writes_the_stored_keys_in_order_and_reads_them_back() -> None:
    record = AnswerRecord(kind=MEMORY_PASS, question_id="conv-1:q2", raw="Lisbon")
    stored = record.as_metadata()
    assert json.dumps(stored) == '{"kind": "memory", "question_id": "conv-1:q2", "raw": "Lisbon"}'
    assert AnswerRecord.of(json.loads(json.dumps(stored))) == record


def test_a_field_named_in_its_metadata_is_stored_under_that_key() -> None:
    record = RenamedRecord(pass_name=NO_MEMORY_PASS, shown=["f1", "f2"])
    assert record.as_metadata() == {"pass": "no_memory", "shown": ["f1", "f2"]}
    assert RenamedRecord.all_of([record.as_metadata()]) == [record]


def test_a_misspelt_key_fails_where_the_record_is_made_or_read() -> None:
    with pytest.raises(TypeError, match="question"):
        AnswerRecord(kind=MEMORY_PASS, question="q1", raw="x")  # type: ignore[call-arg]
    with pytest.raises(KeyError, match="question_id"):
        AnswerRecord.of({"kind": MEMORY_PASS, "question": "q1", "raw": "x"})


def test_replies_are_grouped_by_pass_and_both_passes_are_present() -> None:
    records = [
        AnswerRecord(MEMORY_PASS, "q1", "a"),
        AnswerRecord(MEMORY_PASS, "q2", "b"),
        AnswerRecord(NO_MEMORY_PASS, "q1", "c"),
    ]
    assert replies_by_kind(records) == {
        MEMORY_PASS: {"q1": "a", "q2": "b"},
        NO_MEMORY_PASS: {"q1": "c"},
    }
    assert replies_by_kind([]) == {MEMORY_PASS: {}, NO_MEMORY_PASS: {}}


def test_a_field_with_a_default_may_be_missing_from_an_older_record() -> None:
    @dataclass(frozen=True)
    class WithDefault(StoredRecord):
        question_id: str
        shown: list[str] = field(default_factory=list)

    assert WithDefault.of({"question_id": "q1"}) == WithDefault("q1", [])
    with pytest.raises(KeyError, match="question_id"):
        WithDefault.of({"shown": []})

"""Failure attribution (write / read / utilization) from hand-built transcripts and real evals.

The crafted transcripts are company-template events plus operation logs in the form
``MemoryLedger.operations`` records them; no eval runs for those. The end-to-end checks read
two lite samples (company and city, seed 0) of the offline ``memgym`` policies' runs through
``inspect_ai.eval`` from the session-wide lite grid (the ``lite_grid`` fixture).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from inspect_ai.log import EvalSample

from inspect_memgym.entity_stream.attribution import (
    RecordSplitter,
    attribute_questions,
    fact_check,
)
from inspect_memgym.entity_stream.axes import SCORE_KEYS
from inspect_memgym.entity_stream.world.questions import Axis, Question
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.memory.operation_log import OPERATION_KEYS
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS as ATTRIBUTION_KEYS
from inspect_memgym.scoring.failure_labels import failure_rates
from inspect_memgym.scoring.gold import GoldAnswer
from inspect_memgym.strategies.tool_attribution import memory_by_event

TEMPLATE = "company"
COMPANY = get_template(TEMPLATE)
ARGON = "Argon Labs"
BASALT = "Basalt Works"
CINDER = "Cinder Systems"
NAMES = [ARGON, BASALT, CINDER]


# ---------------------------------------------------------------------------------------
# Transcript builders
# ---------------------------------------------------------------------------------------


def record(
    name: str,
    category: str = "Fintech",
    values: dict[str, Any] | None = None,
    relations: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    return {
        "name": name,
        "category": category,
        "values": values or {},
        "relations": relations or {"supplies_to": [], "competes_with": []},
    }


def ingest(index: int, *records: dict[str, Any]) -> dict[str, Any]:
    payload = {"batch": 1, "batches": 1, "entities": list(records)}
    return {"index": index, "kind": "ingest", "text": "DOCUMENTS", "payload": payload}


def change(index: int, kind: str, entity: str, attribute: str, new: Any) -> dict[str, Any]:
    payload = {"entity": entity, "attribute": attribute, "new": new}
    return {"index": index, "kind": kind, "text": "notice", "payload": payload}


def ask(index: int, qid: str) -> dict[str, Any]:
    payload = {"qid": qid, "qtype": "retrieval", "params": {}}
    return {"index": index, "kind": "question", "text": f"question {qid}", "payload": payload}


def question(qid: str, *facts: tuple[str, str], qtype: str = "retrieval") -> Question:
    axis: Axis = "abstention" if qtype == "abstention" else "breadth"
    gold = GoldAnswer(kind="abstain" if qtype == "abstention" else "label", text="gold")
    return Question(qid, qtype, axis, f"question {qid}", {}, gold, tuple(facts))


def operation(event: int, tool: str, ok: bool = True, **fields: Any) -> dict[str, Any]:
    made: dict[str, Any] = dict.fromkeys(OPERATION_KEYS)
    made.update(event=event, tool=tool, ok=ok, cost=0)
    made.update(fields)
    return made


def write(event: int, entry_id: int, content: str) -> dict[str, Any]:
    return operation(event, "memory_write", cost=1, entry_id=entry_id, content=content)


def edit(event: int, entry_id: int, content: str) -> dict[str, Any]:
    return operation(event, "memory_edit", entry_id=entry_id, content=content)


def search(event: int, *returned: int, ok: bool = True) -> dict[str, Any]:
    return operation(event, "memory_search", ok=ok, query="q", top_k=5, returned=list(returned))


def read(event: int, *returned: int) -> dict[str, Any]:
    return operation(event, "memory_read", returned=list(returned))


def label_of(
    events: Sequence[dict[str, Any]],
    questions: Sequence[Question],
    operations: Sequence[dict[str, Any]],
    correct: dict[str, bool] | None = None,
) -> dict[str, str | None]:
    found = attribute_questions(TEMPLATE, events, questions, operations, correct or {})
    return {qid: item.label for qid, item in found.items()}


def stores(slot: str, value: Any, content: str, entity: str = ARGON) -> bool:
    """Whether one entry's content stores ``(entity, slot) = value``."""
    records = RecordSplitter(NAMES).records([content])
    return fact_check(COMPANY, (entity, slot), value).stored_in_any(records)


ARGON_RECORD = record(
    ARGON,
    values={"revenue": 175720.5, "employees": 1234, "ownership": "privately held"},
    relations={"supplies_to": [BASALT, CINDER], "competes_with": []},
)
STREAM = [ingest(0, ARGON_RECORD, record(BASALT), record(CINDER)), ask(1, "q01")]
REVENUE_QUESTION = question("q01", (ARGON, "revenue"))
STORED = "Argon Labs|c=Fintech|a0=175720.5|a4=1234"


# ---------------------------------------------------------------------------------------
# The four labels
# ---------------------------------------------------------------------------------------


def test_correct_answer_is_correct_whatever_memory_holds() -> None:
    assert label_of(STREAM, [REVENUE_QUESTION], [], {"q01": True}) == {"q01": "correct"}


def test_nothing_stored_is_a_write_failure_and_blames_the_fact() -> None:
    [found] = attribute_questions(TEMPLATE, STREAM, [REVENUE_QUESTION], [], {}).values()
    assert found.label == "write_failure"
    assert found.facts == ((ARGON, "revenue"),)


def test_stored_but_never_retrieved_is_a_read_failure() -> None:
    found = attribute_questions(TEMPLATE, STREAM, [REVENUE_QUESTION], [write(0, 1, STORED)], {})
    assert found["q01"].label == "read_failure"
    assert found["q01"].facts == ((ARGON, "revenue"),)


def test_stored_and_retrieved_is_a_utilization_failure() -> None:
    operations = [write(0, 1, STORED), search(1, 1)]
    assert label_of(STREAM, [REVENUE_QUESTION], operations) == {"q01": "utilization_failure"}
    operations = [write(0, 1, STORED), read(1, 1)]
    assert label_of(STREAM, [REVENUE_QUESTION], operations) == {"q01": "utilization_failure"}


def test_write_failure_comes_before_read_failure() -> None:
    # revenue is stored and retrieved, customers never stored: the write is to blame
    both = question("q01", (ARGON, "revenue"), (ARGON, "customers"))
    events = [ingest(0, record(ARGON, values={"revenue": 175720.5, "customers": 80})), STREAM[1]]
    found = attribute_questions(TEMPLATE, events, [both], [write(0, 1, STORED), search(1, 1)], {})
    assert found["q01"].label == "write_failure"
    assert found["q01"].facts == ((ARGON, "customers"),)


def test_every_fact_must_be_retrieved() -> None:
    both = question("q01", (ARGON, "revenue"), (BASALT, "employees"))
    events = [
        ingest(
            0, record(ARGON, values={"revenue": 175720.5}), record(BASALT, values={"employees": 7})
        ),
        ask(1, "q01"),
    ]
    operations = [write(0, 1, STORED), write(0, 2, "Basalt Works: 7 employees"), search(1, 1)]
    found = attribute_questions(TEMPLATE, events, [both], operations, {})
    assert found["q01"].label == "read_failure"
    assert found["q01"].facts == ((BASALT, "employees"),)
    operations.append(search(1, 2))
    assert label_of(events, [both], operations) == {"q01": "utilization_failure"}


# ---------------------------------------------------------------------------------------
# Retrieval counts only in the question's own event, only when it succeeded
# ---------------------------------------------------------------------------------------


def test_retrieval_in_an_earlier_event_does_not_count() -> None:
    events = [*STREAM, ask(2, "q02")]
    questions = [REVENUE_QUESTION, question("q02", (ARGON, "revenue"))]
    operations = [write(0, 1, STORED), search(1, 1)]
    assert label_of(events, questions, operations) == {
        "q01": "utilization_failure",
        "q02": "read_failure",
    }


def test_failed_or_unrelated_retrieval_does_not_count() -> None:
    other = write(0, 2, "Basalt Works|c=Fintech|a4=99")
    operations = [write(0, 1, STORED), other, search(1, 1, ok=False), search(1, 2), read(1)]
    assert label_of(STREAM, [REVENUE_QUESTION], operations) == {"q01": "read_failure"}


def test_retrieved_content_is_the_entry_as_it_stood_at_the_call() -> None:
    stale = "Argon Labs|c=Fintech|a0=1.0"
    # stored correctly when asked; edited to garbage inside the question event, then read
    operations = [write(0, 1, STORED), edit(1, 1, stale), search(1, 1)]
    assert label_of(STREAM, [REVENUE_QUESTION], operations) == {"q01": "read_failure"}
    operations = [write(0, 1, STORED), search(1, 1), edit(1, 1, stale)]
    assert label_of(STREAM, [REVENUE_QUESTION], operations) == {"q01": "utilization_failure"}


def test_memory_is_taken_when_the_question_is_asked() -> None:
    events = [ingest(0, ARGON_RECORD), ask(1, "q01"), ask(2, "q02")]
    questions = [REVENUE_QUESTION, question("q02", (ARGON, "revenue"))]
    # written only during q01's event: too late for q01, in place for q02
    operations = [write(1, 1, STORED), search(1, 1), search(2, 1)]
    assert label_of(events, questions, operations) == {
        "q01": "write_failure",
        "q02": "utilization_failure",
    }


def test_refused_writes_store_nothing() -> None:
    refused = operation(0, "memory_write", ok=False, error="Write budget exhausted")
    assert label_of(STREAM, [REVENUE_QUESTION], [refused, search(1, 1)]) == {"q01": "write_failure"}


def test_memory_by_event_replays_writes_and_edits() -> None:
    operations = [
        write(0, 1, "one"),
        write(0, 2, "two"),
        read(2, 1, 2),
        edit(3, 1, "one, edited"),
        search(4, 1, 7),  # entry 7 never existed
    ]
    memory = memory_by_event(operations, [2, 4, 9])
    assert memory[2].stored == ("one", "two")
    assert memory[2].retrieved == ("one", "two")
    assert memory[4].stored == ("one, edited", "two")
    assert memory[4].retrieved == ("one, edited",)
    assert memory[9].stored == ("one, edited", "two")
    assert memory[9].retrieved == ()


# ---------------------------------------------------------------------------------------
# Corrections and contradictions
# ---------------------------------------------------------------------------------------


CORRECTED = [
    ingest(0, ARGON_RECORD, record(BASALT), record(CINDER)),
    ask(1, "q01"),
    change(2, "correction", ARGON, "revenue", 200000.0),
    ask(3, "q02"),
]
BEFORE_AND_AFTER = [REVENUE_QUESTION, question("q02", (ARGON, "revenue"), qtype="update")]


def test_stale_value_is_a_write_failure_after_the_correction() -> None:
    operations = [write(0, 1, STORED), search(1, 1), search(3, 1)]
    assert label_of(CORRECTED, BEFORE_AND_AFTER, operations) == {
        "q01": "utilization_failure",
        "q02": "write_failure",
    }


def test_applied_correction_is_stored() -> None:
    updated = "Argon Labs|c=Fintech|a0=200000.0~175720.5|a4=1234"
    operations = [write(0, 1, STORED), search(1, 1), edit(2, 1, updated), search(3, 1)]
    assert label_of(CORRECTED, BEFORE_AND_AFTER, operations) == {
        "q01": "utilization_failure",
        "q02": "utilization_failure",
    }


def test_silent_contradiction_also_makes_the_old_value_stale() -> None:
    events = [*STREAM[:1], change(1, "contradiction", ARGON, "employees", 1500), ask(2, "q01")]
    asked = question("q01", (ARGON, "employees"), qtype="contradiction")
    operations = [write(0, 1, STORED), search(2, 1)]
    assert label_of(events, [asked], operations) == {"q01": "write_failure"}
    operations = [write(0, 1, STORED), edit(1, 1, f"{STORED}, now 1,500 employees"), search(2, 1)]
    assert label_of(events, [asked], operations) == {"q01": "utilization_failure"}


# ---------------------------------------------------------------------------------------
# What counts as storing a value
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "Argon Labs|a0=175720.5",
        "Argon Labs: revenue 175,720.5",
        "argon labs revenue $175,720.5M",
        "ARGON  LABS (Fintech) made $175720.5M.",
        "Argon Labs|a0=175720.5~150000.0",
    ],
)
def test_float_renderings_that_count(content: str) -> None:
    assert stores("revenue", 175720.5, content)


@pytest.mark.parametrize(
    "content",
    [
        "Argon Labs revenue 175720.50",  # not the attribute's precision
        "Argon Labs revenue 175720",
        "Argon Labs revenue 1175720.5",  # part of a longer number
        "Argon Labs revenue 175720.55",
        "Argon Labs revenue -175720.5",  # a different, negative number
        "Argon Lab revenue 175720.5",  # not the entity's name
        "Basalt Works revenue 175720.5",
        "revenue 175720.5",
    ],
)
def test_float_renderings_that_do_not_count(content: str) -> None:
    assert not stores("revenue", 175720.5, content)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("Argon Labs|a4=1234", True),
        ("Argon Labs has 1,234 employees", True),
        ("Argon Labs: 1234 employees", True),
        ("Argon Labs: 12345 employees", False),
        ("Argon Labs: 1234.5 employees", False),
        ("Argon Labs: 1,2345 staff", False),
        ("Argon Labs|a1234=5", False),  # glued to a letter: a field code, not a value
        ("Argon Labs: 1234x the staff of Basalt Works", True),
    ],
)
def test_integer_renderings(content: str, expected: bool) -> None:
    assert stores("employees", 1234, content) is expected


def test_negative_numbers_keep_their_sign() -> None:
    assert stores("net_income", -35.5, "Argon Labs net income -35.5")
    assert stores("net_income", -35.5, "Argon Labs net income $-35.5M")
    assert not stores("net_income", -35.5, "Argon Labs net income 35.5")
    assert not stores("net_income", 35.5, "Argon Labs net income -35.5")


def test_series_needs_every_element() -> None:
    series = [12.5, 1250.0, 9.0]
    assert stores("quarterly_revenue", series, "Argon Labs|a14=12.5/1250.0/9.0")
    assert stores("quarterly_revenue", series, "Argon Labs quarters: 12.5%, 1,250.0%, 9.0%")
    assert not stores("quarterly_revenue", series, "Argon Labs quarters: 12.5%, 1,250.0%")


def test_text_needs_every_fragment_as_whole_words() -> None:
    fragments = ["edge computing", "payment rails"]
    assert stores("focus_areas", fragments, "Argon Labs|a20=edge computing;payment rails")
    assert stores("focus_areas", fragments, "Argon Labs works on Payment Rails and edge\ncomputing")
    assert not stores("focus_areas", fragments, "Argon Labs works on edge computing")
    assert not stores("focus_areas", fragments, "Argon Labs: edge computing, payment railsets")


def test_enum_date_and_category() -> None:
    assert stores("ownership", "privately held", "Argon Labs is privately held")
    assert not stores("ownership", "privately held", "Argon Labs is publicly listed")
    assert stores("founded", "2003-05-29", "Argon Labs|a16=2003-05-29")
    assert not stores("founded", "2003-05-29", "Argon Labs founded 2003-05-2")
    assert not stores("founded", "2003-05-29", "Argon Labs founded 29 May 2003")
    assert stores("category", "Health Tech", "Argon Labs|c=Health Tech")
    assert stores("category", "Health Tech", "Argon Labs, a health tech firm")
    assert not stores("category", "Health Tech", "Argon Labs|c=Fintech")


def test_relation_needs_every_target() -> None:
    targets = [BASALT, CINDER]
    assert stores("relation:supplies_to", targets, "Argon Labs|r0=Basalt Works;Cinder Systems")
    assert stores(
        "relation:supplies_to", targets, "Argon Labs supplies to Basalt Works and Cinder Systems."
    )
    assert not stores("relation:supplies_to", targets, "Argon Labs|r0=Basalt Works")
    assert stores("relation:competes_with", [], "Argon Labs|c=Fintech")


# ---------------------------------------------------------------------------------------
# Records: a value counts only in the part of an entry about the entity
# ---------------------------------------------------------------------------------------


PACKED = "\n".join(
    [
        "Basalt Works|c=Energy Storage|a4=10|r0=Argon Labs;Cinder Systems",
        "Argon Labs|c=Fintech|a4=1234",
        "Cinder Systems|c=Robotics|a4=77",
    ]
)


def test_packed_entry_is_one_record_per_line() -> None:
    records = RecordSplitter(NAMES).records([PACKED])
    assert [item.subject for item in records] == ["basalt works", "argon labs", "cinder systems"]
    assert stores("employees", 1234, PACKED)
    assert not stores("employees", 10, PACKED)
    assert not stores("employees", 77, PACKED)
    assert stores("employees", 77, PACKED, entity=CINDER)
    # Basalt's line names Argon Labs and Cinder Systems, but is not Argon's record
    assert not stores("relation:supplies_to", [CINDER], PACKED)
    assert stores("relation:supplies_to", [ARGON, CINDER], PACKED, entity=BASALT)


def test_prose_records_start_at_lines_bullets_and_sentences() -> None:
    prose = (
        "Company notes.\n- **Argon Labs** (Fintech): 1,234 employees; Basalt Works: 10 "
        "employees. Cinder Systems supplies to Argon Labs, 77 employees"
    )
    records = RecordSplitter(NAMES).records([prose])
    assert [item.subject for item in records] == [
        None,
        "argon labs",
        "basalt works",
        "cinder systems",
    ]
    assert stores("employees", 1234, prose)
    assert stores("employees", 10, prose, entity=BASALT)
    assert not stores("employees", 77, prose)
    numbered = "1. Argon Labs\n   revenue $175,720.5M\n   1,234 employees\n2. Basalt Works\n   10"
    assert stores("revenue", 175720.5, numbered)
    assert stores("employees", 10, numbered, entity=BASALT)
    assert not stores("employees", 10, numbered)


def test_text_before_any_record_counts_for_every_entity_it_mentions() -> None:
    note = "Headcounts: Argon Labs 1,234 and Basalt Works 10."
    assert stores("employees", 1234, note)
    assert stores("employees", 10, note, entity=BASALT)
    assert RecordSplitter([]).records([note])[0].subject is None


# ---------------------------------------------------------------------------------------
# Abstention, several questions, rates
# ---------------------------------------------------------------------------------------


def test_abstention_depends_on_no_fact() -> None:
    events = [*STREAM, ask(2, "q02")]
    abstention = question("q02", qtype="abstention")
    labels = label_of(events, [REVENUE_QUESTION, abstention], [], {"q01": True})
    assert labels == {"q01": "correct", "q02": "utilization_failure"}
    labels = label_of(events, [REVENUE_QUESTION, abstention], [], {"q02": True})
    assert labels == {"q01": "write_failure", "q02": "correct"}


def mixed_sample() -> tuple[list[dict[str, Any]], list[Question], list[dict[str, Any]]]:
    """Six questions over one ingest: the events, the questions and the memory operations."""
    events = [
        ingest(0, ARGON_RECORD, record(BASALT, values={"employees": 10}), record(CINDER)),
        *(ask(index, f"q0{index}") for index in range(1, 7)),
    ]
    questions = [
        question("q01", (ARGON, "revenue")),  # stored, retrieved, answered right
        question("q02", (ARGON, "revenue")),  # stored, retrieved, answered wrong
        question("q03", (ARGON, "relation:supplies_to")),  # stored, not retrieved
        question("q04", (BASALT, "employees")),  # never stored
        question("q05", (CINDER, "category")),  # never stored
        question("q06", qtype="abstention"),  # wrong
    ]
    content = "Argon Labs|c=Fintech|a0=175720.5|r0=Basalt Works;Cinder Systems"
    operations = [write(0, 1, content), search(1, 1), search(2, 1), search(4, 1)]
    return events, questions, operations


def test_mixed_sample_rates_sum_to_one_minus_accuracy() -> None:
    events, questions, operations = mixed_sample()
    found = attribute_questions(TEMPLATE, events, questions, operations, {"q01": True})
    labels = [item.label for item in found.values()]
    assert labels == [
        "correct",
        "utilization_failure",
        "read_failure",
        "write_failure",
        "write_failure",
        "utilization_failure",
    ]
    rates = failure_rates(labels, len(labels))
    assert rates == {
        "write_failure": pytest.approx(2 / 6),
        "read_failure": pytest.approx(1 / 6),
        "utilization_failure": pytest.approx(2 / 6),
    }
    assert sum(rates.values()) == pytest.approx(1 - 1 / 6)


def test_a_question_the_memory_pass_never_reached_has_no_label() -> None:
    # the mixed sample cut after q04: q05 and q06 were graded as declines, never asked
    events, questions, operations = mixed_sample()
    reached = {"q01", "q02", "q03", "q04"}
    found = attribute_questions(TEMPLATE, events, questions, operations, {"q01": True}, reached)
    labels = [item.label for item in found.values()]
    assert labels == [
        "correct",
        "utilization_failure",
        "read_failure",
        "write_failure",
        None,
        None,
    ]
    assert found["q05"].facts == ()
    rates = failure_rates(labels, len(labels))
    # over all six questions: the three wrong answers the run reached
    assert rates == {
        "write_failure": pytest.approx(1 / 6),
        "read_failure": pytest.approx(1 / 6),
        "utilization_failure": pytest.approx(1 / 6),
    }
    assert sum(rates.values()) == pytest.approx(3 / 6)
    # a cut question whose decline is right (an abstention) gets no label either
    cut = attribute_questions(TEMPLATE, events, questions, operations, {"q06": True}, reached)
    assert cut["q06"].label is None


def test_rates_of_edge_cases() -> None:
    assert failure_rates([], 0) == dict.fromkeys(ATTRIBUTION_KEYS, 0.0)
    assert failure_rates(["correct", "correct"], 2) == dict.fromkeys(ATTRIBUTION_KEYS, 0.0)
    assert failure_rates(["read_failure"], 1) == {
        "write_failure": 0.0,
        "read_failure": 1.0,
        "utilization_failure": 0.0,
    }
    assert SCORE_KEYS[-4:-1] == ATTRIBUTION_KEYS  # then not_reached


def test_question_missing_from_the_stream_uses_the_end_state() -> None:
    late = question("q09", (ARGON, "revenue"))
    assert label_of(STREAM, [late], [write(0, 1, STORED)]) == {"q09": "read_failure"}


# ---------------------------------------------------------------------------------------
# End to end through inspect_ai.eval with the memgym policies
# ---------------------------------------------------------------------------------------


SCORER = "entity_stream_scorer"
LABELS = {"correct", *ATTRIBUTION_KEYS}


def scored(sample: EvalSample) -> tuple[dict[str, float], list[dict[str, Any]]]:
    assert sample.scores is not None
    score = sample.scores[SCORER]
    assert isinstance(score.value, dict) and score.metadata is not None
    value = {str(key): float(number) for key, number in score.value.items()}
    return value, score.metadata["questions"]


SAMPLE_IDS = ("company-lite-0", "city-lite-0")
"""Two of the session-wide lite grid's samples (lite tier, seed 0)."""


def grid_samples(lite_grid: Any, policy: str) -> list[EvalSample]:
    """A policy's company and city samples from the session-wide lite grid."""
    log = lite_grid.logs[policy]
    assert log.status == "success", log.error
    samples = [sample for sample in log.samples or [] if sample.id in SAMPLE_IDS]
    assert len(samples) == len(SAMPLE_IDS)
    return samples


@pytest.fixture(scope="module")
def policy_samples(lite_grid: Any) -> dict[str, list[EvalSample]]:
    """perfect, naive and guesser on two lite samples: read from the grid, no eval of their own."""
    return {policy: grid_samples(lite_grid, policy) for policy in ("perfect", "naive", "guesser")}


@pytest.mark.parametrize("policy", ["perfect", "naive", "guesser"])
def test_rates_sum_to_one_minus_accuracy(
    policy_samples: dict[str, list[EvalSample]], policy: str
) -> None:
    for sample in policy_samples[policy]:
        value, details = scored(sample)
        assert set(value) == set(SCORE_KEYS)
        assert {detail["attribution"] for detail in details} <= LABELS
        accuracy = sum(detail["correct"] for detail in details) / len(details)
        total = sum(value[key] for key in ATTRIBUTION_KEYS)
        assert abs(total - (1 - accuracy)) <= 1e-9, sample.id
        for detail in details:
            assert (detail["attribution"] == "correct") is detail["correct"]


def test_perfect_policy_has_no_failures(policy_samples: dict[str, list[EvalSample]]) -> None:
    for sample in policy_samples["perfect"]:
        value, details = scored(sample)
        assert all(value[key] == 0.0 for key in ATTRIBUTION_KEYS), sample.id
        assert {detail["attribution"] for detail in details} == {"correct"}


def test_naive_policy_fails_at_writing(policy_samples: dict[str, list[EvalSample]]) -> None:
    wrong_updates = []
    for sample in policy_samples["naive"]:
        value, details = scored(sample)
        assert value["write_failure"] > 0.0, sample.id
        wrong_updates += [
            detail
            for detail in details
            if detail["qtype"] in ("update", "contradiction") and not detail["correct"]
        ]
    assert wrong_updates
    for detail in wrong_updates:
        assert detail["attribution"] == "write_failure", detail["qid"]
        assert detail["attribution_facts"], detail["qid"]


def test_guesser_fails_only_at_writing(policy_samples: dict[str, list[EvalSample]]) -> None:
    for sample in policy_samples["guesser"]:
        value, details = scored(sample)
        assert value["read_failure"] == 0.0, sample.id
        for detail in details:
            if detail["axis"] == "abstention":
                assert detail["attribution"] == "utilization_failure", detail["qid"]
            else:
                assert detail["attribution"] in ("correct", "write_failure"), detail["qid"]
        assert value["write_failure"] > 0.5, sample.id

"""Whole scenarios: determinism, tiers, question mix, corrections, MemoryGym flaws 1 and 4.

The flaws are numbered as in ``docs/peer-flaws.md``.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from inspect_memgym.entity_stream.world.formatting import format_value
from inspect_memgym.entity_stream.world.model import (
    NUMERIC_KINDS,
    AttributeSpec,
    Correction,
    Entity,
    Relation,
    Template,
    Value,
    World,
)
from inspect_memgym.entity_stream.world.question_plan import update_chain_count
from inspect_memgym.entity_stream.world.questions import (
    QUESTION_TYPE_NAMES,
    QUESTION_TYPES,
    MissingFact,
)
from inspect_memgym.entity_stream.world.scenario import (
    DOCUMENT_SEPARATOR,
    Event,
    Scenario,
    generate_scenario,
)
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.entity_stream.world.tiers import TIERS
from inspect_memgym.entity_stream.world.values import changed_value

SMOKE_TIER = "smoke"
"""One batch and two questions (and the update_chain one added after them), for trying a real
model end to end: it covers no axis fully and has no mid-stream question, so the tier checks
below are for the scored tiers."""
TIER_NAMES = tuple(name for name in TIERS if name != SMOKE_TIER)
EXPECTED_BUDGETS = {"lite": 15, "standard": 30, "hard": 30, "multi": 30}
AXES = ("breadth", "maintenance", "reasoning", "abstention")
NOISE_HEADER = "Sector commentary"

# Every tier with a few templates and seeds.
TIER_CASES = [
    (tier, template, seed)
    for tier in TIER_NAMES
    for template, seed in (("company", 0), ("city", 3), ("agentteam", 7))
]
# Every (template, tier) pair once, with varied seeds: the set the content checks run over.
CONTENT_CASES = [
    (template, tier, 11 + 3 * index + offset)
    for index, template in enumerate(TEMPLATE_NAMES)
    for offset, tier in enumerate(TIER_NAMES)
]
# The official protocol: standard tier, seeds 0-9, every template.
OFFICIAL_GRID = [(template, "standard", seed) for template in TEMPLATE_NAMES for seed in range(10)]

_NUMBER = r"-?\d[\d,]*(?:\.\d+)?"


@functools.cache
def scenario(template: str, tier: str, seed: int) -> Scenario:
    """Generate once per session; scenarios are immutable."""
    return generate_scenario(template, tier, seed)


def case_id(case: tuple[Any, ...]) -> str:
    return "-".join(str(part) for part in case)


def events_of(scn: Scenario, kind: str) -> list[Event]:
    return [event for event in scn.events if event.kind == kind]


def as_value(spec: AttributeSpec, value: Any) -> Value:
    """A payload (JSON-form) value back in model form."""
    return tuple(value) if isinstance(value, list) else value


def documents_of(event: Event) -> list[str]:
    header, _, body = event.text.partition("\n\n")
    assert header.startswith("DOCUMENTS, batch "), header
    return body.split(DOCUMENT_SEPARATOR)


def doc_title(document: str) -> str:
    first_line = document.split("\n", 1)[0]
    assert " — " in first_line, first_line
    return first_line.split(" — ", 1)[1]


def contains_value(text: str, formatted: str) -> bool:
    """Whether a formatted value occurs as a whole (``5 offices`` is not in ``15 offices``)."""
    return re.search(rf"(?<![\w.,]){re.escape(formatted)}(?!\w|[.,]\d)", text) is not None


def last_batch_before(scn: Scenario, index: int) -> int:
    """The batch number of the last ingest event before stream position ``index``."""
    batches = [e.payload["batch"] for e in scn.events[:index] if e.kind == "ingest"]
    return batches[-1] if batches else 0


class StreamReplay:
    """The world as the stream has shown it so far, rebuilt from the events' payloads."""

    def __init__(self, template: Template) -> None:
        self.template = template
        self.values: dict[str, dict[str, Value]] = {}
        self.categories: dict[str, str] = {}
        self.relations: list[Relation] = []
        self.changes: list[Correction] = []

    def read(self, event: Event) -> None:
        payload = json.loads(json.dumps(event.payload))
        if event.kind == "ingest":
            for record in payload["entities"]:
                name = record["name"]
                self.categories[name] = record["category"]
                self.values[name] = {
                    key: as_value(self.template.attribute(key), value)
                    for key, value in record["values"].items()
                }
                for kind, targets in record["relations"].items():
                    self.relations.extend(Relation(name, kind, target) for target in targets)
        elif event.kind in ("correction", "contradiction"):
            name, key = payload["entity"], payload["attribute"]
            spec = self.template.attribute(key)
            old = as_value(spec, payload["old"]) if "old" in payload else self.values[name][key]
            new = as_value(spec, payload["new"])
            self.values[name][key] = new
            self.changes.append(Correction(name, key, old, new, event.kind))

    def world(self) -> World:
        entities = tuple(
            Entity(name, self.categories[name], dict(values))
            for name, values in self.values.items()
        )
        return World(self.template, entities, tuple(self.relations), tuple(self.changes))


def worlds_when_asked(scn: Scenario) -> list[tuple[Event, World]]:
    """Each question event with the world as the stream had shown it by then."""
    replay = StreamReplay(get_template(scn.template))
    found = []
    for event in scn.events:
        if event.kind == "question":
            found.append((event, replay.world()))
        replay.read(event)
    return found


def final_world_from_stream(scn: Scenario) -> World:
    replay = StreamReplay(get_template(scn.template))
    for event in scn.events:
        replay.read(event)
    return replay.world()


def ingest_index_of(scn: Scenario) -> dict[str, int]:
    """Entity name -> index of the ingest event that carried its document."""
    found: dict[str, int] = {}
    for event in events_of(scn, "ingest"):
        for record in event.payload["entities"]:
            found[record["name"]] = event.index
    return found


# ---------------------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------------------

DUMP_CODE = """
import json
from inspect_memgym.entity_stream.world.scenario import generate_scenario

def dump_scenario(template, tier, seed):
    scn = generate_scenario(template, tier, seed)
    data = {
        "write_budget": scn.write_budget,
        "events": [event.to_dict() for event in scn.events],
        "questions": [question.to_dict() for question in scn.questions],
    }
    return json.dumps(data, sort_keys=True)
"""
DETERMINISM_CASES = [("company", "standard", 3), ("hospital", "multi", 1), ("codebase", "lite", 8)]


def dump_in_process(template: str, tier: str, seed: int) -> str:
    namespace: dict[str, Any] = {}
    exec(DUMP_CODE, namespace)
    return str(namespace["dump_scenario"](template, tier, seed))


def dump_in_subprocess(hash_seed: str) -> list[str]:
    script = DUMP_CODE + (
        f"\nfor case in {DETERMINISM_CASES!r}:\n    print(dump_scenario(*case))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return result.stdout.splitlines()


def test_byte_identical_across_processes_and_hash_seeds() -> None:
    expected = [dump_in_process(*case) for case in DETERMINISM_CASES]
    for hash_seed in ("0", "12345"):
        assert dump_in_subprocess(hash_seed) == expected, f"differs with PYTHONHASHSEED={hash_seed}"


def test_same_arguments_same_scenario_in_process() -> None:
    for case in DETERMINISM_CASES:
        assert dump_in_process(*case) == dump_in_process(*case)
        first, second = generate_scenario(*case), generate_scenario(*case)
        assert first.world == second.world
        assert first.questions == second.questions


def test_different_seeds_templates_and_tiers_give_different_scenarios() -> None:
    dumps = {
        dump_in_process("company", "standard", 0),
        dump_in_process("company", "standard", 1),
        dump_in_process("company", "standard", 2),
        dump_in_process("company", "multi", 0),
        dump_in_process("city", "standard", 0),
    }
    assert len(dumps) == 5
    names = [tuple(scenario("company", "standard", s).world.names()) for s in range(3)]
    assert len(set(names)) == 3


def test_sample_id_and_version() -> None:
    scn = scenario("company", "standard", 0)
    assert scn.sample_id == "company-standard-0"
    assert (scn.template, scn.tier, scn.seed) == ("company", "standard", 0)
    assert scn.version


def test_event_round_trip_and_indices() -> None:
    scn = scenario("movie", "standard", 2)
    assert [event.index for event in scn.events] == list(range(len(scn.events)))
    for event in scn.events:
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


# ---------------------------------------------------------------------------------------
# Tier structure
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", TIER_CASES, ids=case_id)
def test_entities_and_ingest_batches(case: tuple[str, str, int]) -> None:
    tier_name, template, seed = case
    tier = TIERS[tier_name]
    scn = scenario(template, tier_name, seed)
    assert len(scn.world.entities) == tier.entities
    ingests = events_of(scn, "ingest")
    assert len(ingests) == tier.entities // 10
    assert [e.payload["batch"] for e in ingests] == list(range(1, len(ingests) + 1))
    assert all(e.payload["batches"] == len(ingests) for e in ingests)
    assert all(len(e.payload["entities"]) == 10 for e in ingests)
    names = [r["name"] for e in ingests for r in e.payload["entities"]]
    assert names == scn.world.names()
    assert len(set(names)) == tier.entities
    for event in ingests:
        assert event.text.startswith(f"DOCUMENTS, batch {event.payload['batch']} of {len(ingests)}")


@pytest.mark.parametrize("case", TIER_CASES, ids=case_id)
def test_question_count_ids_and_stream_order(case: tuple[str, str, int]) -> None:
    tier_name, template, seed = case
    scn = scenario(template, tier_name, seed)
    planned = TIERS[tier_name].questions
    expected = planned + update_chain_count(planned)
    asked = events_of(scn, "question")
    assert len(scn.questions) == expected
    assert len(asked) == expected
    assert [e.payload["qid"] for e in asked] == [f"q{i:02d}" for i in range(1, expected + 1)]
    assert [q.qid for q in scn.questions] == [e.payload["qid"] for e in asked]
    for event, question in zip(asked, scn.questions, strict=True):
        assert event.text == question.text
        assert event.payload == {
            "qid": question.qid,
            "qtype": question.qtype,
            "params": question.params,
        }
    # Every question comes after the first ingest; the stream ends with questions.
    assert scn.events[0].kind == "ingest"
    assert scn.events[-1].kind == "question"


@pytest.mark.parametrize("case", TIER_CASES, ids=case_id)
def test_corrections_and_contradictions_follow_their_entity(case: tuple[str, str, int]) -> None:
    tier_name, template, seed = case
    tier = TIERS[tier_name]
    scn = scenario(template, tier_name, seed)
    corrections = events_of(scn, "correction")
    contradictions = events_of(scn, "contradiction")
    assert len(corrections) == tier.corrections
    assert len(contradictions) == max(1, tier.corrections // 3)
    ingested_at = ingest_index_of(scn)
    for event in corrections + contradictions:
        assert ingested_at[event.payload["entity"]] < event.index
    # All corrections arrive together, after one batch; contradictions come later.
    positions = [e.index for e in corrections]
    assert positions == list(range(positions[0], positions[0] + len(positions)))
    assert min(e.index for e in contradictions) > positions[-1]
    # No fact changes twice.
    facts = [(e.payload["entity"], e.payload["attribute"]) for e in corrections + contradictions]
    assert len(set(facts)) == len(facts)


@pytest.mark.parametrize("case", TIER_CASES, ids=case_id)
def test_noise_document_count(case: tuple[str, str, int]) -> None:
    tier_name, template, seed = case
    scn = scenario(template, tier_name, seed)
    batches = TIERS[tier_name].batches
    titles = [doc_title(doc) for e in events_of(scn, "ingest") for doc in documents_of(e)]
    assert titles.count(NOISE_HEADER) == max(1, batches // 3)
    assert len(titles) == TIERS[tier_name].entities + max(1, batches // 3)


@pytest.mark.parametrize("case", TIER_CASES, ids=case_id)
def test_mid_stream_questions(case: tuple[str, str, int]) -> None:
    tier_name, template, seed = case
    tier = TIERS[tier_name]
    scn = scenario(template, tier_name, seed)
    last_ingest = events_of(scn, "ingest")[-1].index
    mid = [e for e in events_of(scn, "question") if e.index < last_ingest]
    assert len(mid) == min(max(1, int(0.4 * tier.questions)), tier.batches - 2)
    after = [last_batch_before(scn, e.index) for e in mid]
    assert len(set(after)) == len(after), "two mid-stream questions after the same batch"
    assert min(after) >= 2
    assert max(after) < tier.batches
    # Questions over "every entity in the stream" wait for the whole stream.
    for event in mid:
        assert not QUESTION_TYPES[event.payload["qtype"]].full_stream_only, event.text


@pytest.mark.parametrize("case", TIER_CASES, ids=case_id)
def test_session_breaks(case: tuple[str, str, int]) -> None:
    tier_name, template, seed = case
    scn = scenario(template, tier_name, seed)
    breaks = events_of(scn, "session_break")
    if tier_name != "multi":
        assert breaks == []
        return
    batches = TIERS[tier_name].batches
    assert len(breaks) == 2
    for number, event in enumerate(breaks, start=1):
        after = last_batch_before(scn, event.index)
        assert abs(after - batches * number / 3) <= 0.5
        assert event.payload == {"session": number + 1, "sessions": 3}
        assert f"session {number + 1} of 3" in event.text


@pytest.mark.parametrize("tier_name", TIER_NAMES)
def test_write_budget_per_tier_and_override(tier_name: str) -> None:
    assert scenario("sport", tier_name, 4).write_budget == EXPECTED_BUDGETS[tier_name]
    overridden = generate_scenario("sport", tier_name, 4, write_budget=7)
    assert overridden.write_budget == 7
    # The override changes nothing else.
    assert overridden.events == scenario("sport", tier_name, 4).events


# ---------------------------------------------------------------------------------------
# Question mix
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", OFFICIAL_GRID + [(t, r, s) for r, t, s in TIER_CASES], ids=case_id)
def test_every_axis_asked_and_texts_unique(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    axes = Counter(question.axis for question in scn.questions)
    assert set(axes) == set(AXES), axes
    texts = [question.text for question in scn.questions]
    assert len(set(texts)) == len(texts)
    for question in scn.questions:
        assert question.axis == QUESTION_TYPES[question.qtype].axis


def test_official_grid_covers_every_question_type() -> None:
    seen = Counter(q.qtype for case in OFFICIAL_GRID for q in scenario(*case).questions)
    assert set(QUESTION_TYPE_NAMES) == set(QUESTION_TYPES)
    assert len(QUESTION_TYPE_NAMES) == 25
    missing = [name for name in QUESTION_TYPE_NAMES if seen[name] == 0]
    assert missing == []


# ---------------------------------------------------------------------------------------
# MemoryGym flaw 4: questions fixed by the seed, populations known, golds as seen at the time
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_abstention_names_never_in_stream(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    abstentions = [q for q in scn.questions if q.axis == "abstention"]
    assert abstentions
    facts = "\n".join(
        f"{event.text}\n{json.dumps(event.payload)}"
        for event in scn.events
        if event.kind != "question"
    )
    for question in abstentions:
        name = question.params["entity"]
        assert not scn.world.has_entity(name)
        assert question.gold.kind == "abstain"
        # Whole names: "Vickery Health" is not "Vickery Healthcare".
        whole = re.compile(rf"\b{re.escape(name)}\b")
        assert not whole.search(facts), f"{name} appears in the stream"
        for other in scn.questions:
            if other.params.get("entity") != name:
                assert not whole.search(other.text), f"{name} appears in {other.qid}"


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_named_entities_and_categories_seen_before_question(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    ingested_at = ingest_index_of(scn)
    for event in events_of(scn, "question"):
        params = event.payload["params"]
        if QUESTION_TYPES[event.payload["qtype"]].axis == "abstention":
            continue
        names = [params["entity"]] if "entity" in params else []
        names += list(params.get("entities", []))
        earlier = "\n".join(e.text for e in scn.events[: event.index])
        for name in names:
            assert ingested_at[name] < event.index, f"{name} asked before its document"
            assert f" — {name}\n" in earlier
            assert name in event.text, f"population member {name} not stated"
        categories = [params["category"]] if "category" in params else []
        categories += list(params.get("categories", []))
        for category in categories:
            assert f"Category: {category}\n" in earlier
            assert category in event.text


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_golds_match_world_as_seen_when_asked(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    last_ingest = events_of(scn, "ingest")[-1].index
    by_qid = {question.qid: question for question in scn.questions}
    mid_stream = 0
    for event, seen in worlds_when_asked(scn):
        question = by_qid[event.payload["qid"]]
        assert QUESTION_TYPES[question.qtype].compute(question.params, seen) == question.gold
        mid_stream += event.index < last_ingest
    assert mid_stream >= 1


def test_a_mid_stream_gold_differs_from_the_final_world() -> None:
    """Guards the previous test: some mid-stream golds really depend on the moment."""
    differing = 0
    for case in OFFICIAL_GRID[::3]:
        scn = scenario(*case)
        last_ingest = events_of(scn, "ingest")[-1].index
        by_qid = {question.qid: question for question in scn.questions}
        for event in events_of(scn, "question"):
            if event.index > last_ingest:
                continue
            question = by_qid[event.payload["qid"]]
            try:
                final = QUESTION_TYPES[question.qtype].compute(question.params, scn.world)
            except MissingFact:
                final = None
            differing += final != question.gold
    assert differing >= 1


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_payloads_rebuild_the_final_world(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    rebuilt = final_world_from_stream(scn)
    assert rebuilt.entities == scn.world.entities
    assert sorted(map(repr, rebuilt.relations)) == sorted(map(repr, scn.world.relations))
    assert [(c.entity, c.attribute, c.old, c.new, c.kind) for c in rebuilt.corrections] == [
        (c.entity, c.attribute, c.old, c.new, c.kind) for c in scn.world.corrections
    ]


@pytest.mark.parametrize("case", CONTENT_CASES[:8], ids=case_id)
def test_no_gold_in_payloads(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    for event in events_of(scn, "question"):
        assert set(event.payload) == {"qid", "qtype", "params"}


# ---------------------------------------------------------------------------------------
# MemoryGym flaw 1: documents print the truth once; every other figure is labelled not current
# ---------------------------------------------------------------------------------------

_PARENTHETICAL = re.compile(r"\s*\(([^()]*)\)")
_NOT_CURRENT = re.compile(r"\bnot (?:the )?current\b")


def check_entity_document(template: Template, document: str, record: dict[str, Any]) -> int:
    """Assert the flaw-1 properties of one entity document; return its distractor count."""
    name = record["name"]
    assert document.split("\n")[1] == f"Category: {record['category']}"
    current: dict[str, str] = {}
    for key, raw in record["values"].items():
        spec = template.attribute(key)
        current[key] = format_value(spec, as_value(spec, raw))
        assert current[key] in document, f"{name}: current {key} {current[key]!r} missing"
    for targets in record["relations"].values():
        for target in targets:
            assert target in document

    # Every parenthetical with a number is a labelled, non-current figure of the attribute
    # whose sentence it follows, in that attribute's unit and precision.
    distractors = []
    for match in _PARENTHETICAL.finditer(document):
        note = match.group(1)
        if not re.search(r"\d", note):
            continue
        assert _NOT_CURRENT.search(note), f"{name}: unlabelled figure in ({note})"
        before = document[: match.start()]
        owners = [
            key
            for key, text in current.items()
            if template.attribute(key).kind in NUMERIC_KINDS and before.endswith(f"{text}.")
        ]
        assert owners, f"{name}: note ({note}) does not follow a numeric fact"
        numbers = re.findall(_NUMBER, note)
        assert len(numbers) == 1, note
        fits = []
        for key in owners:
            spec = template.attribute(key)
            shown = spec.unit.replace("{value}", numbers[0])
            decimals = len(numbers[0].partition(".")[2])
            value = float(numbers[0].replace(",", ""))
            if (
                shown in note
                and shown != current[key]
                and decimals == (spec.decimals if spec.kind == "float" else 0)
                and spec.low <= value <= spec.high
            ):
                fits.append(key)
        assert fits, f"{name}: ({note}) is not a non-current figure of {owners}"
        distractors.append(match.group(0))

    # Outside those notes, every number is a current value.
    rest = document
    for note in distractors:
        rest = rest.replace(note, " ", 1)
    for text in sorted(current.values(), key=len, reverse=True):
        rest = rest.replace(text, " ")
    rest = re.sub(r"the last \d+ periods", " ", rest)
    stray = re.findall(r"\S*\d\S*", rest)
    assert stray == [], f"{name}: numbers that are not current values: {stray}"
    return len(distractors)


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_documents_hold_current_values_and_label_distractors(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    template = get_template(scn.template)
    distractors = 0
    for event in events_of(scn, "ingest"):
        documents = [doc for doc in documents_of(event) if doc_title(doc) != NOISE_HEADER]
        records = event.payload["entities"]
        assert [doc_title(doc) for doc in documents] == [r["name"] for r in records]
        for document, record in zip(documents, records, strict=True):
            distractors += check_entity_document(template, document, record)
    assert distractors > 0, "no distractor at all: the check above tested nothing"


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_noise_documents_carry_no_facts(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    names = scn.world.names()
    noise = [
        doc
        for event in events_of(scn, "ingest")
        for doc in documents_of(event)
        if doc_title(doc) == NOISE_HEADER
    ]
    assert noise
    for document in noise:
        assert not re.search(r"\d", document), document
        assert not [name for name in names if name in document]
        assert "Category:" not in document


def test_unlabelled_second_value_is_detected() -> None:
    """The document check above fails on a MemoryGym-style ambiguous figure."""
    scn = scenario("company", "standard", 0)
    template = get_template("company")
    event = events_of(scn, "ingest")[1]
    record = event.payload["entities"][0]
    document = next(doc for doc in documents_of(event) if doc_title(doc) == record["name"])
    check_entity_document(template, document, record)
    key = next(k for k in record["values"] if template.attribute(k).kind == "float")
    spec = template.attribute(key)
    text = format_value(spec, record["values"][key])
    other = format_value(spec, round(record["values"][key] * 1.5 + 1, spec.decimals))
    ambiguous = document.replace(text, f"{text} and {other} under different calculations", 1)
    with pytest.raises(AssertionError):
        check_entity_document(template, ambiguous, record)


# ---------------------------------------------------------------------------------------
# Corrections and contradictions
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_correction_notices(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    template = get_template(scn.template)
    original = {
        r["name"]: r["values"] for e in events_of(scn, "ingest") for r in e.payload["entities"]
    }
    for event in events_of(scn, "correction"):
        payload = event.payload
        name, key = payload["entity"], payload["attribute"]
        spec = template.attribute(key)
        assert spec.kind in (*NUMERIC_KINDS, "enum")
        old, new = payload["old"], payload["new"]
        assert old == original[name][key], "notice's old value is not what the document said"
        assert old != new
        assert contains_value(event.text, format_value(spec, old)), event.text
        assert contains_value(event.text, format_value(spec, new)), event.text
        assert name in event.text and spec.label in event.text
        assert scn.world.entity(name).values[key] == new
        if spec.kind in NUMERIC_KINDS:
            assert spec.low <= new <= spec.high


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_contradictions_state_only_the_new_value(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    template = get_template(scn.template)
    original = {
        r["name"]: r["values"] for e in events_of(scn, "ingest") for r in e.payload["entities"]
    }
    for event in events_of(scn, "contradiction"):
        payload = event.payload
        name, key = payload["entity"], payload["attribute"]
        spec = template.attribute(key)
        old, new = original[name][key], payload["new"]
        assert "old" not in payload
        assert old != new
        assert contains_value(event.text, format_value(spec, new)), event.text
        assert not contains_value(event.text, format_value(spec, old)), event.text
        assert name in event.text and spec.label in event.text
        assert scn.world.entity(name).values[key] == new
        change = scn.world.correction_for(name, key)
        assert change is not None and change.kind == "contradiction" and change.old == old
        if spec.kind in NUMERIC_KINDS:
            assert spec.low <= new <= spec.high


def test_changed_values_keep_the_attribute_number_type() -> None:
    spec = AttributeSpec("share", "share", "float", "{value}%", low=0, high=10, decimals=1)
    changed = [changed_value(spec, 9.9, random.Random(seed)) for seed in range(20)]
    wrong = [value for value in changed if not isinstance(value, float)]
    for case in CONTENT_CASES:
        scn = scenario(*case)
        template = get_template(scn.template)
        for change in scn.world.corrections:
            kind = template.attribute(change.attribute).kind
            if isinstance(change.new, int) != (kind == "int"):
                wrong.append((case, change))
    assert wrong == []


@pytest.mark.parametrize("case", CONTENT_CASES, ids=case_id)
def test_world_changes_in_stream_order(case: tuple[str, str, int]) -> None:
    scn = scenario(*case)
    from_stream = [
        (e.kind, e.payload["entity"], e.payload["attribute"], e.payload["new"])
        for e in scn.events
        if e.kind in ("correction", "contradiction")
    ]
    assert from_stream == [(c.kind, c.entity, c.attribute, c.new) for c in scn.world.corrections]


def test_contains_value_respects_number_boundaries() -> None:
    assert contains_value("revised from 15 offices to 9 offices.", "9 offices")
    assert not contains_value("revised from 15 offices.", "5 offices")
    assert not contains_value("at 17.64%.", "7.64%")
    assert not contains_value("at 7.645%.", "7.64")


# ---------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"template": "spaceship", "tier": "standard", "seed": 0}, r"unknown template.*company"),
        ({"template": "company", "tier": "epic", "seed": 0}, r"unknown tier.*lite.*standard"),
        ({"template": "company", "tier": "lite", "seed": -1}, r"seed.*non-negative.*-1"),
        (
            {"template": "company", "tier": "lite", "seed": 0, "write_budget": 0},
            r"write_budget.*at least 1.*0",
        ),
        (
            {"template": "company", "tier": "lite", "seed": 0, "write_budget": -5},
            r"write_budget.*at least 1",
        ),
    ],
)
def test_bad_input_raises_helpful_value_error(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate_scenario(**arguments)


@pytest.mark.parametrize("template", TEMPLATE_NAMES)
def test_the_smoke_tier_is_one_batch_a_change_of_each_kind_and_three_final_questions(
    template: str,
) -> None:
    scn = scenario(template, SMOKE_TIER, 0)
    assert [event.kind for event in scn.events] == [
        "ingest",
        "correction",
        "contradiction",
        "question",
        "question",
        "question",
    ]
    assert scn.questions[-1].qtype == "update_chain"
    assert len(scn.world.entities) == TIERS[SMOKE_TIER].entities
    assert scn.write_budget == TIERS[SMOKE_TIER].write_budget
    by_qid = {question.qid: question for question in scn.questions}
    for event, seen in worlds_when_asked(scn):
        question = by_qid[event.payload["qid"]]
        assert QUESTION_TYPES[question.qtype].compute(question.params, seen) == question.gold

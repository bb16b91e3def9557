"""Reading MemGym-DR's released JSONL rows into research instances."""

from __future__ import annotations

import json
from pathlib import Path

import fsspec
import pytest

from inspect_memgym.research_qa.world import (
    EvictionPolicy,
    ResearchInstance,
    check_instance,
    load_memgym_rows,
    resolve_answer,
)

from .memgym_row_sample import memgym_row, write_rows


@pytest.fixture
def rows_path(tmp_path: Path) -> Path:
    first = memgym_row("row-a", turns=3)
    second = memgym_row("row-b", turns=3)
    second["memory_files"] = {"search_results_turn_0.txt": "x", "notes.md": "y"}  # other keys
    second["eviction_policy"] = None
    second["answer"] = 1987  # an int answer
    second["rubric"] = None
    return write_rows(tmp_path / "3hop_verified.jsonl", [first, "", second])


def test_rows_map_to_instances(rows_path: Path) -> None:
    first, second = load_memgym_rows(str(rows_path))
    assert (first.instance_id, second.instance_id) == ("row-a", "row-b")
    assert first.source == "memgym" and first.num_hops == 3
    assert first.gold.kind == second.gold.kind == "label"
    assert first.gold.text == second.gold.text == "1987"
    assert first.eviction_policy == EvictionPolicy("sliding_window", 2, True, 300)
    assert second.eviction_policy == EvictionPolicy("full_eviction", 1, True, 500)
    assert first.memory_required_fact_ids == ("F1", "F2")
    assert first.context_tokens == 1234
    assert first.metadata["rubric"]["expected_answer"] == "1987"
    assert first.metadata["source_dataset"] == "deep_research"
    assert "memory_files" not in first.metadata and second.metadata["rubric"] is None


def test_turns_documents_and_facts(rows_path: Path) -> None:
    instance = load_memgym_rows(str(rows_path))[0]
    turn = instance.turns[1]
    assert (turn.turn_index, turn.sub_answer) == (1, "Mira Delacourt")
    assert [doc.kind for doc in turn.documents] == ["supporting", "other"]
    assert [doc.doc_id for doc in turn.documents] == ["t1-d0000", "t1-d0001"]
    first, _, final = instance.grounding_facts
    assert first.fact.key_tokens == ("Ivo Rask",)  # from the intermediate answer
    assert final.fact.key_tokens == ("Delacourt", "Tarn", "1987")  # distinctive content
    assert (first.first_available_turn, first.needed_at_turn, first.retention_span) == (0, 2, 2)
    assert final.fact_type == "terminal_fact"
    assert [hop.fact_id for hop in instance.chain] == ["F1", "F2", "F3"]
    assert [doc.fact_ids for doc in turn.documents] == [("F2",), ()]
    assert [hop.turn_index for hop in instance.chain] == [0, 1, 2]
    near_miss = instance.distractors[0]
    assert (near_miss.source, near_miss.interferes_with) == ("sibling_near_miss", "F1")
    assert near_miss.fact is not None and near_miss.fact.key_tokens == (
        "Kessler",
        "Pol Anner",
        "1990",
    )
    assert instance.distractors[1].interferes_with is None


def test_reader_and_validity_on_a_row(rows_path: Path) -> None:
    instance = load_memgym_rows(str(rows_path))[0]
    assert resolve_answer(instance, ["F1", "F2", "F3"]) == "1987"
    assert resolve_answer(instance, ["F1", "F3"]) is None
    assert check_instance(instance) == []
    leaky = memgym_row("leaky")
    leaky["turns"][1]["sub_query"] = "Who supervised Ivo Rask?"
    problems = check_instance(load_memgym_rows(str(write_rows(rows_path, [leaky])))[0])
    assert problems == ["turn 1's sub-query names the answer 'Ivo Rask'"]


def test_a_row_round_trips_through_json(rows_path: Path) -> None:
    for instance in load_memgym_rows(str(rows_path)):
        data = json.loads(json.dumps(instance.to_dict()))
        assert ResearchInstance.from_dict(data) == instance


def test_location_may_be_a_url(rows_path: Path) -> None:
    assert len(load_memgym_rows(rows_path.as_uri())) == 2
    with fsspec.open("memory://released/4hop_paper_run.jsonl", "wt") as handle:
        handle.write(rows_path.read_text(encoding="utf-8"))
    assert [i.instance_id for i in load_memgym_rows("memory://released/4hop_paper_run.jsonl")] == [
        "row-a",
        "row-b",
    ]


def broken(mutate: object) -> dict[str, object]:
    row = memgym_row("broken")
    assert callable(mutate)
    mutate(row)
    return row


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda row: row.pop("question"), "field 'question': missing"),
        (lambda row: row.update(num_hops="3"), "field 'num_hops': expected an integer, got str"),
        (lambda row: row.update(num_hops=True), "field 'num_hops': expected an integer, got bool"),
        (lambda row: row.update(answer=None), "field 'answer': expected text, got null"),
        (
            lambda row: row["turns"][2]["documents"][1].update(title=7),
            "field 'turns[2].documents[1].title': expected a string, got int",
        ),
        (
            lambda row: row["grounding_facts"][0].pop("retention_span"),
            "field 'grounding_facts[0].retention_span': missing",
        ),
        (
            lambda row: row["grounding_facts"][1].update(fact_type="hunch"),
            "field 'grounding_facts[1].fact_type': unknown 'hunch'",
        ),
        (
            lambda row: row["eviction_policy"].update(mode="forget_all"),
            "field 'eviction_policy.mode': unknown 'forget_all'",
        ),
        (lambda row: row.update(turns={}), "field 'turns': expected a list, got dict"),
        (
            lambda row: row["distractors"][0].update(interferes_with=3),
            "field 'distractors[0].interferes_with': expected a string, got int",
        ),
    ],
)
def test_malformed_row_names_line_and_field(tmp_path: Path, mutate: object, field: str) -> None:
    path = write_rows(tmp_path / "rows.jsonl", [memgym_row(), broken(mutate)])
    with pytest.raises(ValueError) as raised:
        load_memgym_rows(str(path))
    message = str(raised.value)
    assert message == f"{path}, line 2: {field}"
    assert "\n" not in message


@pytest.mark.parametrize(
    ("line", "expected"),
    [("{not json", "line 1: not JSON"), ("[1, 2]", "line 1: field 'row': expected an object")],
)
def test_a_line_that_is_not_a_row(tmp_path: Path, line: str, expected: str) -> None:
    path = write_rows(tmp_path / "rows.jsonl", [line])
    with pytest.raises(ValueError, match=expected):
        load_memgym_rows(str(path))

"""MemoryBench records in the released schema (invented content), with its traps:
string-encoded columns (Python literals and JSON), per-system dialog columns, implicit
feedback spelled ``implicit_action`` and ``implicit_actions``, and category-5 golden
answers JSON-dumped as ``{"a": ..., "b": ...}``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.feedback import memorybench_records
from inspect_memgym.feedback.memorybench_files import load_memorybench_records
from inspect_memgym.feedback.memorybench_records import (
    PLAIN_DIALOG,
    FeedbackEvent,
    dataset_family,
    decode_column,
    feedback_is_positive,
    parse_memorybench_row,
    released_dialog_system,
    score_reply,
)
from inspect_memgym.locomo.grading import grade_reply
from inspect_memgym.locomo.records import QuestionItem

DIALOG = [
    {"role": "user", "content": "When did Mira start pottery?"},
    {"role": "assistant", "content": "In May."},
    {"role": "user", "content": "That doesn't seem quite right."},
]


def locomo_row(test_idx: int = 0, **changes: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "test_idx": test_idx,
        "input_prompt": "Above is a conversation... Question: When did Mira start pottery?",
        "dataset_name": "Locomo-0",
        "lang": "en",
        # string-encoded with Python literal syntax (single quotes)
        "info": str({"golden_answer": "7 May 2023", "category": 2, "evidence": []}),
        "dialog_wo_memory": str(DIALOG),
        "implicit_feedback_wo_memory": [
            {"round": 1, "implicit_action": "dislike", "terminated": False},
            {"round": 2, "implicit_action": "like", "terminated": True},
        ],
        # JSON-encoded, with the plural spelling the experiment script reads
        "dialog_mem0": json.dumps(DIALOG[:2]),
        "implicit_feedback_mem0": json.dumps({"implicit_actions": ["like", "copy"]}),
    }
    row.update(changes)
    return row


def adversarial_row(test_idx: int, options: dict[str, str]) -> dict[str, Any]:
    info = {"golden_answer": json.dumps(options), "category": 5, "evidence": []}
    return locomo_row(test_idx, info=info)


def dialsim_row(test_idx: int = 100) -> dict[str, Any]:
    return {
        "test_idx": test_idx,
        "input_chat_messages": json.dumps([{"role": "user", "content": "Who owns the duck?"}]),
        "dataset_name": "DialSim-friends",
        "lang": "en",
        "info": json.dumps({"golden_answer": "Joey"}),
        "dialog_bm25": DIALOG[:2],
        "implicit_feedback_bm25": ["dislike"],
    }


def test_string_encoded_columns_and_per_system_dialogs() -> None:
    record = parse_memorybench_row(locomo_row())
    assert record.family == "locomo" and record.metric_name == "f1"
    assert record.gold == "7 May 2023" and record.category == 2
    assert record.input_messages[0].role == "user"
    assert set(record.dialogs) == {"wo_memory", "mem0"}
    assert [message.role for message in record.dialogs["wo_memory"]] == [
        "user",
        "assistant",
        "user",
    ]
    assert record.dialogs["mem0"][1].content == "In May."


def test_implicit_action_and_implicit_actions_are_both_read() -> None:
    record = parse_memorybench_row(locomo_row())
    assert record.implicit_feedback["wo_memory"] == (
        FeedbackEvent(1, ("dislike",), False),
        FeedbackEvent(2, ("like",), True),
    )
    assert record.implicit_feedback["mem0"] == (FeedbackEvent(None, ("like", "copy"), None),)


def test_plain_dialog_columns_are_kept_under_the_default_key() -> None:
    row = locomo_row(dialog=DIALOG, implicit_feedback=[{"implicit_action": "none"}])
    record = parse_memorybench_row(row)
    assert record.dialogs[PLAIN_DIALOG][0].content == "When did Mira start pottery?"
    assert record.implicit_feedback[PLAIN_DIALOG] == (FeedbackEvent(None, ("none",), None),)


def test_locomo_feedback_rule_is_f1_above_one_half() -> None:
    record = parse_memorybench_row(locomo_row())
    # [7, may] vs [7, may, 2023]: P = 1, R = 2/3 -> F1 = 0.8
    assert score_reply(record, "7 May") == pytest.approx(0.8)
    assert feedback_is_positive(record, "7 May")
    # [may] vs [7, may, 2023]: P = 1, R = 1/3 -> F1 = 0.5, not above 0.5
    assert score_reply(record, "May") == pytest.approx(0.5)
    assert not feedback_is_positive(record, "May")


def test_locomo_categories_use_the_official_rules() -> None:
    multi = parse_memorybench_row(
        locomo_row(info={"golden_answer": "Lisbon, Porto", "category": 1, "evidence": []})
    )
    assert score_reply(multi, "Porto") == pytest.approx(0.5)
    open_domain = parse_memorybench_row(
        locomo_row(info={"golden_answer": "ceramics; painting", "category": 3})
    )
    assert score_reply(open_domain, "ceramics") == 1.0
    integer = parse_memorybench_row(locomo_row(info={"golden_answer": 2019, "category": 4}))
    assert integer.gold == "2019" and score_reply(integer, "2019") == 1.0


@pytest.mark.parametrize(
    ("reply", "category"),
    [
        ("Cello, or maybe Violin", 4),
        ("She plays the cello, not the Violin.", 4),
        ("Cello, Violin, Oboe, Harp", 4),
        ("Mira plays the cello", 4),
        ("Cello or perhaps Violin", 1),
        ("cello; she also sings", 3),
    ],
)
def test_a_locomo_row_scores_a_reply_as_the_locomo_task_does(reply: str, category: int) -> None:
    question = "What instrument does Mira play?"
    row = locomo_row(
        input_prompt=f"Based on the above context, answer. Question: {question} Short answer:",
        info={"golden_answer": "cello", "category": category, "evidence": []},
    )
    record = parse_memorybench_row(row)
    item = QuestionItem("Locomo-0", 0, question, category, "cello", None, ())
    assert score_reply(record, reply) == grade_reply(item, reply).score


def test_the_question_is_read_out_of_memorybench_s_locomo_prompt() -> None:
    prompt = "Based on the above context, answer. Question: Who is Mira? Short answer:"
    record = parse_memorybench_row(locomo_row(input_prompt=prompt))
    assert memorybench_records.asked_question(record) == "Who is Mira?"
    plain = parse_memorybench_row(locomo_row(input_prompt="Who is Mira?"))
    assert memorybench_records.asked_question(plain) == "Who is Mira?"


def test_a_hedge_scores_zero_in_a_locomo_row() -> None:
    row = locomo_row(info={"golden_answer": "cello", "category": 4, "evidence": []})
    record = parse_memorybench_row(row)
    assert score_reply(record, "Cello, or maybe Violin") == 0.0
    assert score_reply(record, "Cello") == 1.0


@pytest.mark.parametrize(
    ("options", "reply", "score"),
    [
        ({"a": "Not mentioned in the conversation", "b": "a kiln"}, "a", 1.0),
        ({"a": "Not mentioned in the conversation", "b": "a kiln"}, "b", 0.0),
        ({"a": "a kiln", "b": "Not mentioned in the conversation"}, "(b)", 1.0),
        ({"a": "a kiln", "b": "Not mentioned in the conversation"}, "She bought a kiln", 0.0),
        ({"a": "a kiln", "b": "Not mentioned in the conversation"}, "Not mentioned", 1.0),
        (
            {"a": "a kiln", "b": "Not mentioned in the conversation"},
            "(a) a kiln (b) Not mentioned in the conversation",
            0.0,
        ),
    ],
)
def test_adversarial_golden_answer_options(
    options: dict[str, str], reply: str, score: float
) -> None:
    record = parse_memorybench_row(adversarial_row(5, options))
    assert record.category == 5
    assert record.adversarial_options == (options["a"], options["b"])
    assert score_reply(record, reply) == score
    assert feedback_is_positive(record, reply) is (score == 1.0)


def test_adversarial_options_as_a_dict_inside_a_string_encoded_info() -> None:
    info = {"golden_answer": {"a": "x", "b": "Not mentioned in the conversation"}, "category": 5}
    record = parse_memorybench_row(locomo_row(info=json.dumps(info)))
    assert record.adversarial_options == ("x", "Not mentioned in the conversation")


def test_dialsim_exact_match_of_lowercased_stripped_text() -> None:
    record = parse_memorybench_row(dialsim_row())
    assert record.family == "dialsim" and record.metric_name == "accuracy"
    assert record.input_messages[0].content == "Who owns the duck?"
    assert record.implicit_feedback["bm25"] == (FeedbackEvent(None, ("dislike",), None),)
    assert score_reply(record, "  joey ") == 1.0
    assert score_reply(record, "Joey.") == 1.0
    assert score_reply(record, "It is Joey") == 0.0
    assert feedback_is_positive(record, "JOEY")
    assert not feedback_is_positive(record, "Chandler")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("HelloBench-Creative&Design", "LLM judge"),
        ("WritingBench-Politics&Law", "critic model"),
        ("NFCats", "LLM judge"),
        ("JRE-L", "LLM-judged"),
        ("LexEval-QA", "jieba"),
        ("WritingPrompts", "WordNet"),
    ],
)
def test_unsupported_datasets_are_refused_with_the_reason(name: str, reason: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_memorybench_row(locomo_row(dataset_name=name))
    message = str(raised.value)
    assert repr(name) in message and reason in message and "not supported" in message


def test_unknown_dataset_lists_the_supported_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown MemoryBench dataset 'Foo'.*DialSim-friends"):
        dataset_family("Foo")


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"test_idx": "7"}, "test_idx"),
        ({"input_prompt": None}, "input_prompt"),
        ({"info": "not a mapping"}, "info"),
        ({"info": {"golden_answer": "x", "category": 9}}, "info.category"),
        ({"info": {"golden_answer": ["x"], "category": 4}}, "info.golden_answer"),
        (
            {"info": {"golden_answer": json.dumps({"a": "x", "b": "y"}), "category": 5}},
            "info.golden_answer",
        ),
        ({"dialog_bm25": "[{'content': 'no role'}]"}, "dialog_bm25.role"),
        ({"dialog_bm25": "plain text"}, "dialog_bm25"),
        ({"implicit_feedback_bm25": [{"implicit_action": "applause"}]}, "implicit_feedback_bm25"),
        ({"lang": None}, "lang"),
    ],
)
def test_malformed_rows_name_the_record_and_field(changes: dict[str, Any], field: str) -> None:
    row = {**locomo_row(3), **changes}
    with pytest.raises(ValueError) as raised:
        parse_memorybench_row(row)
    message = str(raised.value)
    assert repr(field) in message and "'Locomo-0'" in message


def test_decode_column_tries_python_literals_then_json() -> None:
    assert decode_column("{'a': 1}") == {"a": 1}
    assert decode_column('{"flag": true, "value": null}') == {"flag": True, "value": None}
    assert decode_column("plain words") == "plain words"
    assert decode_column([1]) == [1]


def test_jsonl_and_split_json_files(tmp_path: Path) -> None:
    jsonl = tmp_path / "rows.jsonl"
    jsonl.write_text(
        "\n".join(json.dumps(row) for row in [locomo_row(0), dialsim_row(1)]) + "\n\n",
        encoding="utf-8",
    )
    records = load_memorybench_records(jsonl)
    assert [(record.test_idx, record.family, record.split) for record in records] == [
        (0, "locomo", None),
        (1, "dialsim", None),
    ]
    split_file = tmp_path / "rows.json"
    split_file.write_text(
        json.dumps({"train": [locomo_row(0)], "test": [locomo_row(1), dialsim_row(2)]}),
        encoding="utf-8",
    )
    assert [record.split for record in load_memorybench_records(split_file)] == [
        "train",
        "test",
        "test",
    ]
    plain_list = tmp_path / "list.json"
    plain_list.write_text(json.dumps([dialsim_row(4)]), encoding="utf-8")
    assert load_memorybench_records(plain_list)[0].gold == "Joey"


def test_file_level_errors(tmp_path: Path) -> None:
    repeated = tmp_path / "repeated.jsonl"
    repeated.write_text(json.dumps(locomo_row(1)) + "\n" + json.dumps(dialsim_row(1)), "utf-8")
    with pytest.raises(ValueError, match="test_idx 1 appears twice"):
        load_memorybench_records(repeated)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not MemoryBench JSON"):
        load_memorybench_records(broken)
    empty = tmp_path / "empty.json"
    empty.write_text("[]", encoding="utf-8")
    with pytest.raises(ValueError, match="no MemoryBench records"):
        load_memorybench_records(empty)
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(
        json.dumps(locomo_row(0)) + "\n" + json.dumps(locomo_row(1, dataset_name="NFCats")),
        "utf-8",
    )
    with pytest.raises(ValueError, match="'NFCats' is not supported"):
        load_memorybench_records(mixed)


def test_split_columns_urls_and_the_replayed_dialogue(tmp_path: Path) -> None:
    rows = [{**locomo_row(1), "split": "train"}, {**dialsim_row(2), "split": "test"}]
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(json.dumps(row) for row in rows), encoding="utf-8")
    # a JSONL row's own split column, read through fsspec (any URL works the same way)
    records = load_memorybench_records(path.as_uri())
    assert [record.split for record in records] == ["train", "test"]
    # the plain dialog first, then the one generated without memory, then the first by name
    assert released_dialog_system(records[0]) == "wo_memory"
    assert released_dialog_system(parse_memorybench_row(dialsim_row())) == "bm25"
    plain = parse_memorybench_row(locomo_row(dialog=str(DIALOG)))
    assert released_dialog_system(plain) == PLAIN_DIALOG
    bare = {key: value for key, value in dialsim_row().items() if not key.startswith("dialog")}
    assert released_dialog_system(parse_memorybench_row(bare)) is None
    with pytest.raises(ValueError, match="MemoryBench records file not found"):
        load_memorybench_records(tmp_path / "missing.jsonl")

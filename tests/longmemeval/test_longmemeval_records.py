from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.longmemeval import data, dataset
from inspect_memgym.longmemeval.prompts import format_history, reader_prompt
from inspect_memgym.longmemeval.records import parse_longmemeval, session_date_key
from longmemeval_sample import longmemeval_raw, write_longmemeval


def test_unsorted_oracle_sessions_are_put_in_date_order() -> None:
    record = parse_longmemeval(longmemeval_raw())[0]
    assert [session.session_id for session in record.sessions] == [
        "filler_s9",
        "answer_s1",
        "answer_s2",
    ]
    assert [session.holds_answer for session in record.sessions] == [False, True, True]
    assert record.sessions[0].date == "2023/05/01 (Mon) 08:00"


def test_turns_keep_role_content_and_the_evidence_flag() -> None:
    session = parse_longmemeval(longmemeval_raw())[0].sessions[1]
    user, assistant = session.turns
    assert (user.role, user.content, user.has_answer) == ("user", "First dentist visit done!", True)
    assert (assistant.role, assistant.has_answer) == ("assistant", False)


def test_integer_answers_become_text() -> None:
    record = parse_longmemeval(longmemeval_raw())[0]
    assert record.answer == "21"
    assert record.answer_session_ids == ("answer_s1", "answer_s2")


def test_abstention_comes_from_the_id_suffix_never_the_type() -> None:
    records = parse_longmemeval(longmemeval_raw())
    flagged = {record.question_id: record.is_abstention for record in records}
    assert flagged == {
        "a1b2c3d4": False,
        "a1b2c3d4_abs": True,
        "e5f6_abs": True,
        "k9_abs": True,
        "p7": False,
    }
    assert {record.question_type for record in records if record.is_abstention} == {
        "temporal-reasoning",
        "multi-session",
        "knowledge-update",
    }


def test_equal_dates_keep_file_order_and_iso_dates_are_read() -> None:
    raw = longmemeval_raw()[:1]
    raw[0]["haystack_dates"] = ["2023-05-01T08:00:00", "2023/05/01 (Mon) 08:00", "2023-04-30"]
    record = parse_longmemeval(raw)[0]
    assert [session.session_id for session in record.sessions] == [
        "answer_s1",
        "answer_s2",
        "filler_s9",
    ]
    assert session_date_key("2023-05-01T10:00:00+02:00") == datetime(2023, 5, 1, 8, 0)


def _broken(key: str, value: Any) -> list[dict[str, Any]]:
    raw = longmemeval_raw()
    raw[0][key] = value
    return raw


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("question_type", "single-session", "question_type"),
        ("answer", ["21"], "answer"),
        ("answer", None, "answer"),
        ("haystack_dates", ["2023/05/31 (Wed) 14:00"], "haystack_sessions"),
        (
            "haystack_dates",
            ["yesterday", "2023/05/01 (Mon) 08:00", "2023/05/10 (Wed) 17:45"],
            "haystack_dates[0]",
        ),
        ("haystack_sessions", "not sessions", "haystack_sessions"),
        ("question", 7, "question"),
        ("answer_session_ids", "answer_s1", "answer_session_ids"),
    ],
)
def test_malformed_instances_name_the_question_and_field(key: str, value: Any, field: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_longmemeval(_broken(key, value))
    message = str(raised.value)
    assert "'a1b2c3d4'" in message and repr(field) in message and "\n" not in message


def test_malformed_files_are_refused() -> None:
    with pytest.raises(ValueError, match="non-empty JSON list"):
        parse_longmemeval({})
    raw = longmemeval_raw()
    raw[1]["question_id"] = "a1b2c3d4"
    with pytest.raises(ValueError, match="appears twice"):
        parse_longmemeval(raw)
    raw = longmemeval_raw()
    raw[0]["haystack_sessions"][0][0] = "a bare string"
    with pytest.raises(ValueError, match=r"haystack_sessions\[0\]"):
        parse_longmemeval(raw)


def test_reader_prompt_shows_dated_history_in_order_then_the_question() -> None:
    record = parse_longmemeval(longmemeval_raw())[0]
    prompt = reader_prompt(record)
    assert prompt.index("Any tips for sourdough?") < prompt.index("First dentist visit done!")
    assert "### Session 1 (date: 2023/05/01 (Mon) 08:00)" in prompt
    assert "Current date: 2023/06/30 (Fri) 09:12" in prompt
    assert prompt.rstrip().endswith("Answer:")
    assert "user: Back from the dentist again today." in format_history(record.sessions)
    assert "RECALLED NOTES" in reader_prompt(record, history="RECALLED NOTES")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_variants_map_to_the_cleaned_release_files_at_a_pinned_revision() -> None:
    assert data.VARIANT_FILES == {
        "s": "longmemeval_s_cleaned.json",
        "m": "longmemeval_m_cleaned.json",
        "oracle": "longmemeval_oracle.json",
    }
    assert data.LONGMEMEVAL_REPOSITORY == "xiaowu0162/longmemeval-cleaned"
    assert data.LONGMEMEVAL_REVISION == "98d7416c24c778c2fee6e6f3006e7a073259d48f"
    with pytest.raises(ValueError, match=r"unknown LongMemEval variant 'xl'.*s, m, oracle"):
        data.variant_file("xl")


def test_download_passes_the_revision_and_cache_folder(tmp_path: Path, data_dir: Path) -> None:
    served = write_longmemeval(tmp_path / "served.json")
    calls: list[tuple[str, str, str, Path]] = []

    def hub(repository: str, filename: str, revision: str, cache: Path) -> str:
        calls.append((repository, filename, revision, cache))
        return str(served)

    records = data.load_longmemeval("oracle", fetch=hub)
    assert len(records) == 5
    assert calls == [
        (
            "xiaowu0162/longmemeval-cleaned",
            "longmemeval_oracle.json",
            "98d7416c24c778c2fee6e6f3006e7a073259d48f",
            data_dir / "longmemeval",
        )
    ]


def test_offline_failure_is_one_line_saying_how_to_pass_a_copy(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def offline(repository: str, filename: str, revision: str, cache: Path) -> str:
        raise OSError("Cannot reach https://huggingface.co: connection refused\nmore detail")

    monkeypatch.setattr(data, "fetch_file", offline)
    with pytest.raises(ValueError) as raised:
        data.load_longmemeval("s")
    message = str(raised.value)
    assert "\n" not in message
    assert "longmemeval_s_cleaned.json" in message and "connection refused" in message
    assert "-T dataset=/path/to/longmemeval_s_cleaned.json" in message


def test_dataset_argument_reads_a_local_copy_without_fetching(tmp_path: Path) -> None:
    def never(repository: str, filename: str, revision: str, cache: Path) -> str:
        raise AssertionError("no download expected")

    path = write_longmemeval(tmp_path / "mine.json")
    records = data.load_longmemeval("m", dataset=str(path), fetch=never)
    assert records[-1].question_type == "single-session-preference"
    with pytest.raises(ValueError, match="LongMemEval dataset file not found"):
        data.load_longmemeval(dataset=str(tmp_path / "absent.json"))


def test_default_fetch_asks_the_hub_for_the_dataset_at_the_revision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import huggingface_hub

    seen: dict[str, object] = {}

    def fake_hub(**arguments: object) -> str:
        seen.update(arguments)
        return "/cache/file.json"

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", fake_hub)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(data, "connection_problem", lambda url: None)  # the hub answers
    path = data.hub_download("owner/name", "file.json", "abc123", tmp_path)
    assert path == "/cache/file.json"
    assert seen == {
        "repo_id": "owner/name",
        "filename": "file.json",
        "repo_type": "dataset",
        "revision": "abc123",
        "cache_dir": tmp_path,
        "local_files_only": False,
    }
    # a hub that does not answer: the cached copy only, found at once
    monkeypatch.setattr(data, "connection_problem", lambda url: "huggingface.co (refused)")
    assert data.hub_download("owner/name", "file.json", "abc123", tmp_path) == "/cache/file.json"
    assert seen["local_files_only"] is True


def test_parsed_files_are_kept_up_to_a_bound(tmp_path: Path) -> None:
    paths = [str(write_longmemeval(tmp_path / f"lme-{index}.json")) for index in range(3)]
    for path in paths:
        records = dataset.LONGMEMEVAL_FILES.items_at(path)
        assert dataset.LONGMEMEVAL_FILES.items_at(path) is records  # parsed once while kept
    assert len(dataset.LONGMEMEVAL_FILES) == dataset.CACHED_SOURCES < len(paths)

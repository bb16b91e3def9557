from __future__ import annotations

from typing import Any

import pytest

from inspect_memgym.locomo.records import CATEGORY_NAMES, parse_locomo
from locomo_sample import locomo_raw


def test_sessions_skip_date_only_and_empty_ones_and_sort_numerically() -> None:
    conversation = parse_locomo(locomo_raw())[0]
    assert [session.number for session in conversation.sessions] == [1, 2, 10]
    assert conversation.sessions[2].date_time == "7:30 pm on 1 August, 2023"
    assert [turn.dia_id for turn in conversation.sessions[0].turns] == ["D1:1", "D1:2"]
    assert (conversation.speaker_a, conversation.speaker_b) == ("Mira", "Tobias")


def test_turns_keep_the_photo_caption_only_when_present() -> None:
    first, second = parse_locomo(locomo_raw())[0].sessions[0].turns
    assert first.blip_caption is None
    assert second.blip_caption == "a photo of a red bicycle"
    assert second.text == "Look at my new bike."


def test_questions_carry_canonical_category_names_and_text_answers() -> None:
    questions = parse_locomo(locomo_raw())[0].questions
    assert [item.category_name for item in questions] == [
        "multi-hop",
        "temporal",
        "open-domain",
        "single-hop",
        "adversarial",
        "adversarial",
    ]
    assert CATEGORY_NAMES == {
        1: "multi-hop",
        2: "temporal",
        3: "open-domain",
        4: "single-hop",
        5: "adversarial",
    }
    assert questions[1].answer == "2019"
    assert questions[0].question_id == "conv-901/q0"
    assert questions[5].question_id == "conv-901/q5"


def test_adversarial_items_with_only_the_adversarial_answer_and_with_both() -> None:
    questions = parse_locomo(locomo_raw())[0].questions
    only, both = questions[4], questions[5]
    assert only.is_adversarial and only.answer is None
    assert only.adversarial_answer == "Lisbon and Porto"
    assert both.answer == "a kiln" and both.adversarial_answer == "a bicycle"


def test_evidence_entries_holding_several_ids_are_split() -> None:
    questions = parse_locomo(locomo_raw())[0].questions
    assert questions[3].evidence == ("D1:2", "D1:1")
    assert questions[5].evidence == ()


def test_every_conversation_is_parsed_in_file_order() -> None:
    conversations = parse_locomo(locomo_raw())
    assert [conversation.sample_id for conversation in conversations] == ["conv-901", "conv-902"]
    assert len(conversations[1].questions) == 3


def _break(path: str, value: Any) -> list[dict[str, Any]]:
    raw = locomo_raw()
    target: Any = raw[0]
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if value is _DELETE:
        del target[int(last) if last.isdigit() else last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return raw


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("conversation.speaker_a", _DELETE, "speaker_a"),
        ("qa.3.category", 6, "qa[3].category"),
        ("qa.3.category", "4", "qa[3].category"),
        ("qa.3.answer", _DELETE, "qa[3].answer"),
        ("qa.4.adversarial_answer", _DELETE, "qa[4].adversarial_answer"),
        ("qa.0.answer", ["Lisbon"], "qa[0].answer"),
        ("conversation.session_2.0.text", _DELETE, "session_2.text"),
        ("conversation.session_2_date_time", _DELETE, "session_2_date_time"),
        ("conversation.session_1", "not a list", "session_1"),
        ("qa", {"question": "?"}, "qa"),
    ],
)
def test_malformed_input_names_the_conversation_and_field(
    path: str, value: Any, field: str
) -> None:
    with pytest.raises(ValueError) as raised:
        parse_locomo(_break(path, value))
    message = str(raised.value)
    assert "conv-901" in message
    assert repr(field) in message
    assert "\n" not in message


def test_malformed_top_level_and_repeated_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="non-empty JSON list"):
        parse_locomo({"sample_id": "conv-1"})
    with pytest.raises(ValueError, match="non-empty JSON list"):
        parse_locomo([])
    raw = locomo_raw()
    raw[1]["sample_id"] = "conv-901"
    with pytest.raises(ValueError, match=r"'conv-901'.*appears twice"):
        parse_locomo(raw)
    raw = locomo_raw()
    del raw[1]["sample_id"]
    with pytest.raises(ValueError, match=r"#1.*sample_id"):
        parse_locomo(raw)


def test_a_conversation_without_any_turns_is_refused() -> None:
    raw = locomo_raw()
    raw[1]["conversation"]["session_1"] = []
    with pytest.raises(ValueError, match=r"'conv-902'.*no session with turns"):
        parse_locomo(raw)

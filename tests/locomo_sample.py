"""A small file in the exact schema of LoCoMo's ``locomo10.json``, with its traps.

Invented content (nothing of the real dataset): two conversations. The first dates more
sessions than it holds (sessions 3 and 11 have a date only), has an empty session, and a
``session_10`` that must sort after ``session_2``; one turn shares a photo. Its QA items
cover every category, an integer answer, an open-domain answer with ``;`` alternatives, an
evidence entry holding two ids, and adversarial items with only ``adversarial_answer``
(and one with both fields). The second conversation has an adversarial item whose
``adversarial_answer`` is "Not mentioned", as two of conv-30's are in the release.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

CONVERSATION_ONE: dict[str, Any] = {
    "sample_id": "conv-901",
    "conversation": {
        "speaker_a": "Mira",
        "speaker_b": "Tobias",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Mira", "dia_id": "D1:1", "text": "I started pottery classes!"},
            {
                "speaker": "Tobias",
                "dia_id": "D1:2",
                "text": "Look at my new bike.",
                "img_url": ["https://example.invalid/bike.jpg"],
                "blip_caption": "a photo of a red bicycle",
                "query": "red bicycle",
            },
        ],
        "session_2_date_time": "10:04 am on 20 May, 2023",
        "session_2": [
            {"speaker": "Mira", "dia_id": "D2:1", "text": "We visited Lisbon and Porto."},
        ],
        "session_3_date_time": "3:00 pm on 2 June, 2023",
        "session_4_date_time": "9:15 am on 9 June, 2023",
        "session_4": [],
        "session_10_date_time": "7:30 pm on 1 August, 2023",
        "session_10": [
            {"speaker": "Tobias", "dia_id": "D10:1", "text": "I moved here in 2019."},
        ],
        "session_11_date_time": "8:00 pm on 5 August, 2023",
    },
    "qa": [
        {
            "question": "Which cities did Mira visit?",
            "answer": "Lisbon, Porto",
            "evidence": ["D2:1"],
            "category": 1,
        },
        {"question": "When did Tobias move?", "answer": 2019, "evidence": ["D10:1"], "category": 2},
        {
            "question": "What might Mira enjoy as a hobby?",
            "answer": "ceramics; painting",
            "evidence": ["D1:1"],
            "category": 3,
        },
        {
            "question": "What colour is Tobias's bike?",
            "answer": "red",
            "evidence": ["D1:2; D1:1"],
            "category": 4,
        },
        {
            "question": "Which city did Tobias visit?",
            "adversarial_answer": "Lisbon and Porto",
            "evidence": ["D2:1"],
            "category": 5,
        },
        {
            "question": "What did Mira buy?",
            "answer": "a kiln",
            "adversarial_answer": "a bicycle",
            "evidence": [],
            "category": 5,
        },
    ],
    "event_summary": {"events_session_1": {"Mira": ["starts pottery"], "date": "8 May, 2023"}},
    "observation": {"session_1_observation": {"Mira": [["Mira does pottery", "D1:1"]]}},
    "session_summary": {"session_1_summary": "Mira and Tobias catch up."},
}

CONVERSATION_TWO: dict[str, Any] = {
    "sample_id": "conv-902",
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "9:00 am on 1 March, 2022",
        "session_1": [{"speaker": "Ana", "dia_id": "D1:1", "text": "My dog is called Pixel."}],
    },
    "qa": [
        {
            "question": "What is Ana's dog called?",
            "answer": "Pixel",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "What is Ben's cat called?",
            "adversarial_answer": "Pixel",
            "evidence": ["D1:1"],
            "category": 5,
        },
        {
            "question": "Where did Ben buy his cat?",
            "adversarial_answer": "Not mentioned",
            "evidence": [],
            "category": 5,
        },
    ],
}


def locomo_raw() -> list[dict[str, Any]]:
    """A fresh copy of the two conversations (tests may break it)."""
    return copy.deepcopy([CONVERSATION_ONE, CONVERSATION_TWO])


def write_locomo(path: Path, raw: object | None = None) -> Path:
    """Write a LoCoMo-shaped file and return its path."""
    path.write_text(json.dumps(locomo_raw() if raw is None else raw), encoding="utf-8")
    return path

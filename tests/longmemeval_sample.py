"""Small files in the exact schema of LongMemEval's cleaned release, with its traps.

Invented content (nothing of the real dataset). The oracle-style instance lists its
sessions out of date order; answers include an integer; ``_abs`` questions come with the
types of the questions they derive from (temporal-reasoning, multi-session,
knowledge-update), never a type of their own.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any


def _session(user: str, assistant: str, evidence: bool = False) -> list[dict[str, Any]]:
    first: dict[str, Any] = {"role": "user", "content": user}
    if evidence:
        first["has_answer"] = True
    return [first, {"role": "assistant", "content": assistant}]


INSTANCES: list[dict[str, Any]] = [
    {
        "question_id": "a1b2c3d4",
        "question_type": "temporal-reasoning",
        "question": "How many days passed between my two dentist visits?",
        "answer": 21,
        "question_date": "2023/06/30 (Fri) 09:12",
        "haystack_session_ids": ["answer_s2", "filler_s9", "answer_s1"],
        "haystack_dates": [
            "2023/05/31 (Wed) 14:00",
            "2023/05/01 (Mon) 08:00",
            "2023/05/10 (Wed) 17:45",
        ],
        "haystack_sessions": [
            _session("Back from the dentist again today.", "Hope it went well.", True),
            _session("Any tips for sourdough?", "Feed the starter daily."),
            _session("First dentist visit done!", "Good for you.", True),
        ],
        "answer_session_ids": ["answer_s1", "answer_s2"],
    },
    {
        "question_id": "a1b2c3d4_abs",
        "question_type": "temporal-reasoning",
        "question": "How many days passed between my two optician visits?",
        "answer": "You never mentioned visiting an optician; you mentioned the dentist.",
        "question_date": "2023/06/30 (Fri) 09:12",
        "haystack_session_ids": ["answer_s1"],
        "haystack_dates": ["2023/05/10 (Wed) 17:45"],
        "haystack_sessions": [_session("First dentist visit done!", "Good for you.")],
        "answer_session_ids": [],
    },
    {
        "question_id": "e5f6_abs",
        "question_type": "multi-session",
        "question": "How many guitars do I own?",
        "answer": "The history mentions pianos only.",
        "question_date": "2023/07/02 (Sun) 10:00",
        "haystack_session_ids": ["s1"],
        "haystack_dates": ["2023/06/01 (Thu) 10:00"],
        "haystack_sessions": [_session("I bought a second piano.", "Nice!")],
        "answer_session_ids": [],
    },
    {
        "question_id": "k9_abs",
        "question_type": "knowledge-update",
        "question": "Where does my sister work now?",
        "answer": "Only your brother's job was discussed.",
        "question_date": "2023/07/02 (Sun) 10:00",
        "haystack_session_ids": ["s1"],
        "haystack_dates": ["2023/06/01 (Thu) 10:00"],
        "haystack_sessions": [_session("My brother now works at a bakery.", "Great.")],
        "answer_session_ids": [],
    },
    {
        "question_id": "p7",
        "question_type": "single-session-preference",
        "question": "Can you suggest a weekend activity?",
        "answer": "The user would prefer suggestions involving rock climbing, which they love.",
        "question_date": "2023/07/02 (Sun) 10:00",
        "haystack_session_ids": ["s1"],
        "haystack_dates": ["2023/06/01 (Thu) 10:00"],
        "haystack_sessions": [_session("I love rock climbing.", "Sounds fun!", True)],
        "answer_session_ids": ["s1"],
    },
]


def longmemeval_raw() -> list[dict[str, Any]]:
    """A fresh copy of the instances (tests may break it)."""
    return copy.deepcopy(INSTANCES)


def write_longmemeval(path: Path, raw: object | None = None) -> Path:
    """Write a LongMemEval-shaped file and return its path."""
    path.write_text(json.dumps(longmemeval_raw() if raw is None else raw), encoding="utf-8")
    return path

"""Invented conversations in the exact schema of LoCoMo's ``locomo10.json``, from seeds.

Offline runs need data, and nothing of LoCoMo's release may be committed, so this renders
the invented life stories of `simulation.life_story` as LoCoMo conversations: the user and
a friend as the two speakers, one dated session each, and questions of categories 1
(multi-hop: both trips), 2 (temporal: the year the lessons started), 4 (single-hop: the pet,
the job, the book, the lessons, where the user lives now) and 5 (adversarial: the friend's
pet and lessons, offered with the user's answers). Every gold answer is computed from the
story; no question contains its answer. ``inspect-memgym validate --task locomo`` runs on
them, and ``-T dataset=`` takes the file `write_synthetic_locomo` writes.

The temporal question asks for a year, not a date: a month name is one of only twelve, so
under token F1 a constant naming three months would earn about 0.08 on "9 March 2021"-style
answers whatever the years; a year is one of sixty (`life_story.FIRST_YEARS`).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from inspect_memgym.simulation.life_story import LifeStory, life_story

SAMPLE_ID_PREFIX = "synthetic-"


def locomo_date(date: datetime) -> str:
    """A session date as LoCoMo writes it, e.g. ``1:56 pm on 8 May, 2023``.

    Args:
        date: The date.
    """
    hour = date.hour % 12 or 12
    half = "am" if date.hour < 12 else "pm"
    return f"{hour}:{date.minute:02d} {half} on {date.day} {date:%B}, {date.year}"


def synthetic_conversation(seed: int) -> dict[str, Any]:
    """The LoCoMo-shaped conversation of a seed (a JSON object).

    Args:
        seed: Story seed.
    """
    story = life_story(seed)
    conversation: dict[str, Any] = {"speaker_a": story.user, "speaker_b": story.friend}
    evidence: dict[str, str] = {}
    for number, session in enumerate(story.sessions, start=1):
        conversation[f"session_{number}_date_time"] = locomo_date(session.date)
        turns = []
        for position, turn in enumerate(session.turns, start=1):
            dia_id = f"D{number}:{position}"
            speaker = story.user if turn.speaker == "user" else story.friend
            turns.append({"speaker": speaker, "dia_id": dia_id, "text": turn.text})
            if turn.fact:
                evidence[turn.fact] = dia_id
        conversation[f"session_{number}"] = turns
    return {
        "sample_id": f"{SAMPLE_ID_PREFIX}{seed}",
        "conversation": conversation,
        "qa": _questions(story, evidence),
    }


def _questions(story: LifeStory, evidence: dict[str, str]) -> list[dict[str, Any]]:
    user, friend = story.user, story.friend
    trips = sorted(("trip_1", "trip_2"), key=lambda key: story.fact(key).session)
    lessons_year = story.sessions[story.fact("lessons").session].date.year

    def item(question: str, answer: str, keys: list[str], category: int) -> dict[str, Any]:
        return {
            "question": question,
            "answer": answer,
            "evidence": [evidence[key] for key in keys],
            "category": category,
        }

    return [
        item(
            f"Which cities did {user} travel to?",
            ", ".join(story.fact(key).value for key in trips),
            trips,
            1,
        ),
        item(f"In which year did {user} sign up for lessons?", str(lessons_year), ["lessons"], 2),
        item(
            f"What is the name of {user}'s {story.pet_kind}?", story.fact("pet").value, ["pet"], 4
        ),
        item(f"Where is {user}'s new job?", story.fact("job").value, ["job"], 4),
        item(f"Which book did {user} finish on the train?", story.fact("book").value, ["book"], 4),
        item(f"What lessons did {user} sign up for?", story.fact("lessons").value, ["lessons"], 4),
        item(f"Where does {user} live now?", story.fact("new_home").value, ["new_home"], 4),
        {
            "question": f"What is the name of {friend}'s {story.pet_kind}?",
            "adversarial_answer": story.fact("pet").value,
            "evidence": [evidence["pet"]],
            "category": 5,
        },
        {
            "question": f"What lessons did {friend} sign up for?",
            "adversarial_answer": story.fact("lessons").value,
            "evidence": [evidence["lessons"]],
            "category": 5,
        },
    ]


def write_synthetic_locomo(path: Path, seeds: range | list[int]) -> Path:
    """Write the conversations of some seeds as one ``locomo10.json``-shaped file.

    Args:
        path: The file to write.
        seeds: Story seeds, one conversation each.

    Returns:
        The path.
    """
    path.write_text(json.dumps([synthetic_conversation(seed) for seed in seeds]), encoding="utf-8")
    return path

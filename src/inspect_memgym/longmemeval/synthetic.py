"""Invented questions in the exact schema of LongMemEval's cleaned release, from seeds.

Offline runs need data, and nothing of LongMemEval's release may be committed, so this
renders the invented life stories of `simulation.life_story` as LongMemEval instances: the
story's sessions as the user's chats with the assistant (the friend's news reported by the
user), and six questions per story, one of each kind the task scores:

- single-session-user: the pet's name;
- single-session-assistant: the book the assistant recommended for the user's lessons (its
  title invented like the user's books: "The", an invented word, a noun of a pool of 50);
- temporal-reasoning: the days between the user's two trips (sessions are 4 to 60 days
  apart, so the count is spread over hundreds of values);
- knowledge-update: where the user lives now (after the move);
- multi-session: the lessons and the new job together;
- an abstention question (``_abs``): the name of a pet the user never had.

Evidence turns carry ``has_answer``; every gold answer is computed from the story and no
question contains its answer. ``inspect-memgym validate --task longmemeval`` runs on them,
and ``-T dataset=`` takes the file `write_synthetic_longmemeval` writes.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from inspect_memgym.kit.rng import seeded_stream
from inspect_memgym.longmemeval.records import DATE_FORMAT
from inspect_memgym.simulation.life_story import (
    GENERATOR_VERSION,
    LifeStory,
    book_title,
    invented_name,
    life_story,
    with_article,
)

ASSISTANT_REPLIES = (
    "That sounds like a lot, thanks for telling me.",
    "Good to hear from you again.",
    "I will keep that in mind.",
    "Noted, tell me more whenever you like.",
)
QUESTIONS_PER_STORY = 6


def _turn(role: str, content: str, evidence: bool = False) -> dict[str, Any]:
    turn: dict[str, Any] = {"role": role, "content": content}
    if evidence:
        turn["has_answer"] = True
    return turn


def _sessions(story: LifeStory, guide: str, evidence: frozenset[str]) -> list[list[dict[str, Any]]]:
    """The story's sessions as chats; turns stating a fact in ``evidence`` are flagged."""
    lessons = story.fact("lessons").value
    sessions = []
    for index, session in enumerate(story.sessions):
        turns = []
        for number, statement in enumerate(session.turns):
            if statement.speaker == "friend":
                text = f"My friend {story.friend} told me: {statement.text}"
            else:
                text = statement.text
            turns.append(_turn("user", text, statement.fact in evidence))
            if statement.fact == "lessons":
                advice = f"For {lessons} beginners I recommend the book {guide}."
                turns.append(_turn("assistant", advice, "guide" in evidence))
            else:
                reply = ASSISTANT_REPLIES[(index + number) % len(ASSISTANT_REPLIES)]
                turns.append(_turn("assistant", reply))
        sessions.append(turns)
    return sessions


def synthetic_instances(seed: int) -> list[dict[str, Any]]:
    """The six LongMemEval-shaped instances of a seed's story (JSON objects).

    Args:
        seed: Story seed.
    """
    story = life_story(seed)
    guide_stream = seeded_stream("longmemeval-guide", f"v{GENERATOR_VERSION}", seed)
    guide = book_title(guide_stream, invented_name(guide_stream, 2))
    dates = [session.date for session in story.sessions]
    asked_on = (dates[-1] + timedelta(days=3)).strftime(DATE_FORMAT)
    session_ids = [f"story{seed}-s{index}" for index in range(len(dates))]
    first, second = sorted((story.fact("trip_1").session, story.fact("trip_2").session))
    absent_kind = story.never_mentioned[0]
    questions: list[tuple[str, str, str, str, frozenset[str]]] = [
        ("user", "single-session-user", f"What did I name my {story.pet_kind}?",
         story.fact("pet").value, frozenset({"pet"})),
        ("assistant", "single-session-assistant",
         f"Which book did you recommend for my {story.fact('lessons').value} lessons?",
         guide, frozenset({"guide"})),
        ("days", "temporal-reasoning",
         "How many days passed between my two trips?",
         str((dates[second].date() - dates[first].date()).days), frozenset({"trip_1", "trip_2"})),
        ("home", "knowledge-update", "Where do I live now?",
         story.fact("new_home").value, frozenset({"home", "new_home"})),
        ("both", "multi-session", "Which lessons did I sign up for, and where is my new job?",
         f"{story.fact('lessons').value} and {story.fact('job').value}",
         frozenset({"lessons", "job"})),
        ("user_abs", "single-session-user", f"What did I name my {absent_kind}?",
         f"You never mentioned {with_article(absent_kind)}; you told me about your "
         f"{story.pet_kind}.",
         frozenset()),
    ]  # fmt: skip
    instances = []
    for key, question_type, question, answer, evidence in questions:
        facts = frozenset("lessons" if fact == "guide" else fact for fact in evidence)
        holding = [
            session_ids[index]
            for index, session in enumerate(story.sessions)
            if any(turn.fact in facts for turn in session.turns)
        ]
        instances.append(
            {
                "question_id": f"story{seed}-{key}",
                "question_type": question_type,
                "question": question,
                "answer": answer,
                "question_date": asked_on,
                "haystack_session_ids": session_ids,
                "haystack_dates": [date.strftime(DATE_FORMAT) for date in dates],
                "haystack_sessions": _sessions(story, guide, evidence),
                "answer_session_ids": holding,
            }
        )
    return instances


def write_synthetic_longmemeval(path: Path, seeds: range | list[int]) -> Path:
    """Write the instances of some seeds' stories as one LongMemEval-shaped file.

    Args:
        path: The file to write.
        seeds: Story seeds, six questions each.

    Returns:
        The path.
    """
    instances = [instance for seed in seeds for instance in synthetic_instances(seed)]
    path.write_text(json.dumps(instances), encoding="utf-8")
    return path

"""Invented LoCoMo conversations: the released schema, answers no constant can guess.

The validity grid of the locomo task is made of these conversations, so a memoryless
constant must earn nothing on them: neither a word repeated in many gold answers (counted
per question over 1,000 conversations) nor the `frequent_tokens` adversary's constants,
learnt off the grid and scored here by the task's own rules on the grid's seeds.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from statistics import fmean

from inspect_memgym.locomo import policy_play
from inspect_memgym.locomo.grading import grade_reply
from inspect_memgym.locomo.records import parse_conversation
from inspect_memgym.locomo.synthetic import synthetic_conversation, write_synthetic_locomo
from inspect_memgym.locomo.validity_suite import answer_word_share
from inspect_memgym.scoring.token_f1 import answer_tokens
from inspect_memgym.simulation.frequent_tokens import TRAINING_SEEDS
from inspect_memgym.validity.runs import ADVERSARY_CEILING

GRID = range(200)
"""Conversations scored here: the suite's grid (the first 40) and more."""
FILE_DIGEST = "1e7e530b2438ce2ece720e52db168ad4ca03185adac7a72d97c9622528870ebe"
"""sha256 of the file of seeds 0-2: the same bytes on every machine."""


def test_the_schema_is_the_released_one_and_parses() -> None:
    raw = synthetic_conversation(3)
    assert set(raw) == {"sample_id", "conversation", "qa"}
    assert [item["category"] for item in raw["qa"]] == [1, 2, 4, 4, 4, 4, 4, 5, 5]
    assert all(
        set(item) == {"question", "answer", "evidence", "category"} for item in raw["qa"][:7]
    )
    assert all("adversarial_answer" in item and "answer" not in item for item in raw["qa"][7:])
    conversation = parse_conversation(raw, 0)
    assert len(conversation.sessions) == 8 and len(conversation.questions) == 9


def test_the_temporal_answer_is_the_year_of_the_lessons_session() -> None:
    for seed in range(30):
        raw = synthetic_conversation(seed)
        temporal = next(item for item in raw["qa"] if item["category"] == 2)
        session = temporal["evidence"][0].split(":")[0].removeprefix("D")
        stated = raw["conversation"][f"session_{session}_date_time"]
        year = datetime.strptime(stated.split(" on ")[1], "%d %B, %Y").year
        assert temporal["answer"] == str(year)
        assert temporal["question"].startswith("In which year did")


def test_no_question_holds_a_word_of_its_answer() -> None:
    for seed in GRID:
        for item in synthetic_conversation(seed)["qa"]:
            gold = str(item.get("answer", item.get("adversarial_answer")))
            assert not set(answer_tokens(gold)) & set(answer_tokens(item["question"])), item


def test_no_answer_word_is_shared_by_many_conversations() -> None:
    verdict = answer_word_share(200)
    assert verdict.passed, verdict.detail
    assert verdict.detail.startswith("1000 stories")


def test_the_most_frequent_answer_words_earn_nothing_per_category() -> None:
    assert min(TRAINING_SEEDS) > max(GRID)
    table = policy_play.frequent_tokens()
    scores: dict[int, list[float]] = defaultdict(list)
    for seed in GRID:
        conversation = parse_conversation(synthetic_conversation(seed), seed)
        speakers = (conversation.speaker_a, conversation.speaker_b)
        for item in conversation.questions:
            if not item.is_adversarial:
                reply = table.answer(item.question)
                scores[item.category].append(grade_reply(item, reply, speakers=speakers).score)
    means = {category: fmean(values) for category, values in scores.items()}
    assert set(means) == {1, 2, 4}
    assert max(means.values()) <= ADVERSARY_CEILING, means
    assert fmean(score for values in scores.values() for score in values) <= ADVERSARY_CEILING


def test_the_same_seeds_write_the_same_bytes(tmp_path: Path) -> None:
    first = write_synthetic_locomo(tmp_path / "first.json", range(3)).read_bytes()
    second = write_synthetic_locomo(tmp_path / "second.json", [0, 1, 2]).read_bytes()
    assert first == second
    assert hashlib.sha256(first).hexdigest() == FILE_DIGEST

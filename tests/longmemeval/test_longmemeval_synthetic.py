"""Invented LongMemEval questions: the released schema, answers no constant can guess.

The validity grid of the longmemeval task is made of these questions, so a memoryless
constant must earn nothing on them beyond the abstention questions' share (declining is
their right answer): neither a word repeated in many gold answers (counted per question
over 1,000 users) nor the `frequent_tokens` adversary's constants, learnt off the grid and
judged here by the task's scripted judge on the grid's seeds.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from pathlib import Path
from statistics import fmean

from inspect_memgym.longmemeval import policy_play
from inspect_memgym.longmemeval.records import parse_longmemeval, session_date_key
from inspect_memgym.longmemeval.synthetic import (
    QUESTIONS_PER_STORY,
    synthetic_instances,
    write_synthetic_longmemeval,
)
from inspect_memgym.longmemeval.validity_suite import ABSTENTION_SHARE, answer_word_share
from inspect_memgym.scoring.rule_judge import rule_verdict
from inspect_memgym.scoring.token_f1 import answer_tokens
from inspect_memgym.simulation.frequent_tokens import TRAINING_SEEDS
from inspect_memgym.validity.runs import ADVERSARY_CEILING

GRID = range(200)
"""Users judged here: the suite's grid (the first 7) and more."""
FILE_DIGEST = "8c5ad0083dee306300a7b942f463c86764bc2e431c918299b5625404d5eebf5c"
"""sha256 of the file of seeds 0-1: the same bytes on every machine."""
RELEASED_KEYS = {
    "question_id", "question_type", "question", "answer", "question_date",
    "haystack_session_ids", "haystack_dates", "haystack_sessions", "answer_session_ids",
}  # fmt: skip


def test_the_schema_is_the_released_one_and_parses() -> None:
    instances = synthetic_instances(4)
    assert len(instances) == QUESTIONS_PER_STORY
    assert all(set(instance) == RELEASED_KEYS for instance in instances)
    records = parse_longmemeval(instances)
    assert [record.is_abstention for record in records] == [False] * 5 + [True]


def test_the_temporal_answer_counts_the_days_between_the_trip_sessions() -> None:
    for seed in range(30):
        temporal = next(
            instance
            for instance in synthetic_instances(seed)
            if instance["question_type"] == "temporal-reasoning"
        )
        dates = dict(zip(temporal["haystack_session_ids"], temporal["haystack_dates"], strict=True))
        first, second = (session_date_key(dates[key]) for key in temporal["answer_session_ids"])
        assert temporal["answer"] == str((second.date() - first.date()).days)


def test_no_question_holds_a_word_of_its_answer() -> None:
    for seed in GRID:
        for instance in synthetic_instances(seed):
            if not instance["question_id"].endswith("_abs"):
                gold, question = answer_tokens(instance["answer"]), instance["question"]
                assert not set(gold) & set(answer_tokens(question)), instance["question_id"]


def test_no_answer_word_is_shared_by_many_users() -> None:
    verdict = answer_word_share()
    assert verdict.passed, verdict.detail


def test_the_most_frequent_answer_words_earn_nothing_under_the_scripted_judge() -> None:
    assert min(TRAINING_SEEDS) > max(GRID)
    table = policy_play.frequent_tokens()
    accepted: dict[str, list[bool]] = defaultdict(list)
    for seed in GRID:
        for instance in synthetic_instances(seed):
            abstention = instance["question_id"].endswith("_abs")
            question = instance["question"]
            verdict = rule_verdict(
                instance["answer"], table.answer(question), abstention, question=question
            )
            key = "abstention" if abstention else instance["question_type"]
            accepted[key].append(verdict == "yes")
    per_type = {key: fmean(verdicts) for key, verdicts in accepted.items() if key != "abstention"}
    assert len(per_type) == 5 and max(per_type.values()) <= ADVERSARY_CEILING, per_type
    overall = fmean(verdict for verdicts in accepted.values() for verdict in verdicts)
    assert overall <= ABSTENTION_SHARE + ADVERSARY_CEILING


def test_the_same_seeds_write_the_same_bytes(tmp_path: Path) -> None:
    first = write_synthetic_longmemeval(tmp_path / "first.json", range(2)).read_bytes()
    second = write_synthetic_longmemeval(tmp_path / "second.json", [0, 1]).read_bytes()
    assert first == second
    assert hashlib.sha256(first).hexdigest() == FILE_DIGEST

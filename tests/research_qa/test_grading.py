"""research_qa grading: reply parsing, the answer rules on each gold kind, fact diagnostics."""

from __future__ import annotations

import math

import pytest

from inspect_memgym.research_qa.grading import (
    SCORE_KEYS,
    chain_facts_in,
    failure_label,
    grade_reply,
    hop_recall,
    hop_rows,
    isolation,
    parse_reply,
    score_values,
)
from inspect_memgym.research_qa.judge import parse_judge_score
from inspect_memgym.research_qa.world import ResearchInstance, generate_instance
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS

NUMBER_SEED, ENTITY_SEED, LABEL_SEED = 2, 10, 59
"""3-hop seeds whose gold is a year (1960), a person's name, and a field label."""


@pytest.fixture(scope="module")
def number_instance() -> ResearchInstance:
    return generate_instance(NUMBER_SEED, 3, 1_000)


@pytest.fixture(scope="module")
def entity_instance() -> ResearchInstance:
    return generate_instance(ENTITY_SEED, 3, 1_000)


@pytest.mark.parametrize(
    ("raw", "answer", "parsed"),
    [
        ('{"answer": "1941", "confidence": 0.9}', "1941", True),
        ('```json\n{"answer": 1941}\n```', "1941", True),
        ('Thinking... {"note": 1} then {"answer": "Vael Morrow"}', "Vael Morrow", True),
        ("Reasoning first.\nAnswer: Vael Morrow", "Vael Morrow", True),
        ('{"answer": null}', "", True),
        ("{broken json", "{broken json", False),
        ("  1941  ", "1941", False),
        ("", "", False),
    ],
)
def test_replies_are_parsed(raw: str, answer: str, parsed: bool) -> None:
    reply = parse_reply(raw)
    assert (reply.answer, reply.parsed) == (answer, parsed)


def test_number_answers_match_exactly(number_instance: ResearchInstance) -> None:
    assert number_instance.gold.text == "1960"
    right = grade_reply(number_instance, '{"answer": "1960"}')
    assert (right.verdict, right.score, right.exact, right.decided_by) == ("correct", 1, 1, "rules")
    assert grade_reply(number_instance, '{"answer": "1961"}').score == 0.0
    hedge = grade_reply(number_instance, '{"answer": "1960 or 1935"}')
    assert hedge.verdict == "incorrect"
    refusal = grade_reply(number_instance, '{"answer": "insufficient information"}')
    assert (refusal.verdict, refusal.rule) == ("incorrect", "refusal")


def test_entity_answers_name_the_gold_and_no_other(entity_instance: ResearchInstance) -> None:
    gold = entity_instance.gold.text
    other = next(name for name in entity_instance.entity_names if name != gold)
    assert grade_reply(entity_instance, f'{{"answer": "{gold}"}}').score == 1.0
    assert grade_reply(entity_instance, f'{{"answer": "{other}"}}').verdict == "incorrect"
    assert grade_reply(entity_instance, f'{{"answer": "{gold} or {other}"}}').rule == "hedge"
    abbreviated = grade_reply(entity_instance, '{"answer": "the supervisor, Dr. B."}')
    assert (abbreviated.verdict, abbreviated.score) == ("undecided", 0.0)
    judged = abbreviated.judged(0.6, "mockllm/grader")
    assert (judged.score, judged.exact, judged.decided_by) == (0.6, 0.0, "judge")
    assert abbreviated.judged(7.0, "m").score == 1.0


def test_label_answers_refuse_other_choices() -> None:
    instance = generate_instance(LABEL_SEED, 3, 1_000)
    assert instance.gold.kind == "label"
    other = next(choice for choice in instance.answer_choices if choice != instance.gold.text)
    assert grade_reply(instance, f'{{"answer": "{instance.gold.text}"}}').score == 1.0
    assert grade_reply(instance, f'{{"answer": "{other}"}}').score == 0.0


def test_chain_facts_are_found_by_their_key_tokens(number_instance: ResearchInstance) -> None:
    statements = [g.fact.statement for g in number_instance.grounding_facts]
    assert chain_facts_in(number_instance, "\n".join(statements)) == ["F1", "F2", "F3"]
    paraphrase = "Born 1960: " + " ".join(number_instance.grounding_facts[2].fact.key_tokens)
    assert chain_facts_in(number_instance, paraphrase) == ["F3"]
    assert chain_facts_in(number_instance, "") == []
    # F2 links two names that other facts name too: both must share one line
    first, second = number_instance.grounding_facts[1].fact.key_tokens
    assert chain_facts_in(number_instance, f"{first} wrote it.\n{second} was born.") == []
    assert chain_facts_in(number_instance, f"- {second} taught {first}") == ["F2"]


def test_failure_labels_and_hop_recall(number_instance: ResearchInstance) -> None:
    chain = ["F1", "F2", "F3"]
    visible = ["F2"]
    assert failure_label(number_instance, True, [], [], visible) is None
    assert failure_label(number_instance, False, ["F1"], ["F1"], visible) == "write_failure"
    assert failure_label(number_instance, False, chain, ["F1"], visible) == "read_failure"
    assert failure_label(number_instance, False, chain, chain, visible) == "utilization_failure"
    # a limit cut the memory pass before it answered: the decline gets no label
    assert failure_label(number_instance, False, ["F1"], ["F1"], visible, reached=False) is None
    assert hop_recall(number_instance, ["F1"], visible) == pytest.approx(2 / 3)
    rows = hop_rows(number_instance, chain, ["F1"], visible)
    assert [(row.hop, row.stored, row.recalled, row.visible) for row in rows] == [
        (1, True, True, False),
        (2, True, False, True),
        (3, True, False, False),
    ]
    assert list(rows[0].as_metadata()) == [
        "hop",
        "sub_query",
        "answer",
        "fact_id",
        "turn",
        "retention_span",
        "stored",
        "recalled",
        "visible",
    ]


def test_score_values(number_instance: ResearchInstance) -> None:
    right = grade_reply(number_instance, '{"answer": "1960"}')
    declined = grade_reply(number_instance, "I cannot tell.")
    chain = ["F1", "F2", "F3"]
    value = score_values(number_instance, right, isolation(right, declined), chain, chain, ["F2"])
    assert list(value) == list(SCORE_KEYS)
    assert value["score"] == 1.0 and value["no_memory"] == 0.0 and value["memory_delta"] == 1.0
    assert value["write_failure"] + value["read_failure"] + value["utilization_failure"] == 0
    wrong = score_values(number_instance, declined, isolation(declined, None), [], [], ["F2"])
    assert math.isnan(wrong["no_memory"]) and math.isnan(wrong["memory_delta"])
    assert wrong["write_failure"] == 1.0 and wrong["parse_failure"] == 1.0
    assert wrong["hop_recall"] == pytest.approx(1 / 3)
    cut = score_values(
        number_instance, declined, isolation(declined, None), [], [], ["F2"], True, False
    )
    assert {key: cut[key] for key in FAILURE_RATE_KEYS} == dict.fromkeys(FAILURE_RATE_KEYS, 0.0)
    assert cut["not_reached"] == 1.0
    for key in set(cut) - {"not_reached", *FAILURE_RATE_KEYS}:
        assert cut[key] == wrong[key] or (math.isnan(cut[key]) and math.isnan(wrong[key])), key


@pytest.mark.parametrize(
    ("reply", "score"),
    [
        ('{"score": 0.5, "explanation": "partly"}', 0.5),
        ('```json\n{"score": 1.0}\n```', 1.0),
        ('The grade is "score": 0.3 overall', 0.3),
        ('{"score": 4}', 1.0),
        ('{"score": true}', None),
        ("no idea", None),
    ],
)
def test_judge_replies(reply: str, score: float | None) -> None:
    assert parse_judge_score(reply) == score

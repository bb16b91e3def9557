"""The honest scripted grader of research_qa: ``--model-role grader=memgym/judge``.

Offline suites and tests bind it as the ``grader`` role so the partial-credit judge
(`judge`) runs without a model API and without letting the model under test grade itself.
It reads the question, gold and answer back out of the judge prompt
(`scoring.rule_judge.template_fields`) and scores strictly, as a careful human grader
would an answer the rules could not decide:

* an answer that declines, or holds an instruction to the grader, scores 0;
* a number gold: the answer must state exactly one number (in digits or in words, e.g.
  "nineteen eighty-two") and it must be the gold;
* a name or label gold: every word of the gold must be in the answer, and every other
  word must be a word of the question or a common short word (so a second candidate, a
  reordered name list or any extra name scores 0).

It plays only the judge phase: any other call is refused with a clear error. The panel
instruments ``memgym/judge_lenient`` (1.0 for every answer) and ``memgym/judge_contrary``
(1.0 where the honest grader gives 0.0, and 0.0 where it gives 1.0) score from its score
(`scripted_judge_reply`, `simulation.grader_policy`).
"""

from __future__ import annotations

import json
import re

from inspect_memgym.research_qa.judge import JUDGE_PROMPT
from inspect_memgym.scoring.answer_rules import NUMBER_WORDS, is_refusal
from inspect_memgym.scoring.rule_judge import template_fields
from inspect_memgym.simulation.grader_policy import (
    CONTRARY_JUDGE_POLICY,
    LENIENT_JUDGE_POLICY,
    scripted_verdict,
)

COMMON_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "is",
        "was",
        "it",
        "its",
        "to",
        "by",
        "at",
        "on",
        "and",
        "as",
        "year",
        "years",
        "value",
        "answer",
        "this",
        "that",
    ]
)
"""Words an answer may add around the gold without offering anything else."""
INSTRUCTION_WORDS = frozenset({"grade", "graded", "grading", "score", "scored", "correct"})
"""Words that address the grader; an answer holding one is graded 0."""
_ONES = {word: number for word, number in NUMBER_WORDS.items() if number < 20}
_TENS = {
    word: 10 * number
    for number, word in enumerate(
        ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    )
    if word != "_"
}
_WORD = re.compile(r"[a-z0-9]+")


def honest_judge_reply(prompt: str) -> str:
    """The honest grader's reply to one judge prompt (MemGym's JSON).

    Args:
        prompt: The judge prompt (`judge.JUDGE_PROMPT`, filled in).
    """
    fields = template_fields(JUDGE_PROMPT, prompt.strip())
    if fields is None:
        return json.dumps({"score": 0.0, "explanation": "Unreadable judge prompt."})
    score = honest_score(fields["question"], fields["gold"], fields["answer"])
    return json.dumps({"score": score, "explanation": "Strict match against the gold."})


def scripted_judge_reply(policy_name: str, prompt: str) -> str:
    """A scripted grader's reply to one judge prompt: the honest one's, or an instrument's.

    Args:
        policy_name: The grader; any policy but the two panel instruments judges honestly.
        prompt: The judge prompt (`judge.JUDGE_PROMPT`, filled in).
    """
    honest = honest_judge_reply(prompt)
    if policy_name not in (LENIENT_JUDGE_POLICY, CONTRARY_JUDGE_POLICY):
        return honest
    accepted = json.loads(honest)["score"] == 1.0
    verdict = scripted_verdict(policy_name, "yes" if accepted else "no")
    score = 1.0 if verdict == "yes" else 0.0
    return json.dumps({"score": score, "explanation": f"Scripted {policy_name} grade."})


def honest_score(question: str, gold: str, answer: str) -> float:
    """1.0 when the answer states the gold and nothing else, else 0.0.

    Args:
        question: The research question.
        gold: The gold answer.
        answer: The answer to grade.
    """
    words = _WORD.findall(answer.lower())
    if not words or is_refusal(answer) or INSTRUCTION_WORDS & set(words):
        return 0.0
    gold_number = _as_number(gold)
    if gold_number is not None:
        numbers = spoken_numbers(answer.lower())
        return 1.0 if numbers == [gold_number] else 0.0
    gold_words = set(_WORD.findall(gold.lower()))
    allowed = gold_words | set(_WORD.findall(question.lower())) | COMMON_WORDS
    return 1.0 if gold_words <= set(words) and set(words) <= allowed else 0.0


def spoken_numbers(text: str) -> list[int]:
    """Every number a text states, in digits or in English words (``nineteen eighty-two``).

    Args:
        text: Lower-case text.
    """
    numbers: list[int] = []
    run: list[int] = []
    for word in _WORD.findall(text.replace("-", " ")):
        if word.isdigit():
            numbers.append(int(word))
        elif word in _ONES or word in _TENS or word in ("hundred", "thousand"):
            run.append(_ONES.get(word, _TENS.get(word, -100 if word == "hundred" else -1000)))
            continue
        if run:
            numbers.append(_words_value(run))
            run = []
    if run:
        numbers.append(_words_value(run))
    return numbers


def _words_value(parts: list[int]) -> int:
    """The value of a run of number words (markers: -100 hundred, -1000 thousand).

    Two groups below a hundred side by side are read as a year (``nineteen eighty``).
    """
    groups: list[int] = [0]
    total = 0
    for part in parts:
        if part == -1000:
            total += max(groups[-1], 1) * 1000
            groups[-1] = 0
        elif part == -100:
            groups[-1] = max(groups[-1], 1) * 100
        elif groups[-1] % 100 and part >= 10 and groups[-1] % 100 >= 10:
            groups.append(part)  # "nineteen" then "eighty": a year's two halves
        else:
            groups[-1] += part
    if len(groups) == 2:
        return total + groups[0] * 100 + groups[1]
    return total + sum(groups)


def _as_number(text: str) -> int | None:
    cleaned = text.replace(",", "").strip()
    return int(cleaned) if cleaned.isdigit() else None

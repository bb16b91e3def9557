"""LongMemEval's validity suite: references and text adversaries on invented histories.

Registered for ``inspect-memgym validate --task longmemeval``. The grid is 7 invented
users' histories in LongMemEval's schema, six questions each (`synthetic`; ``--seeds``
picks other users), played through the task's default strategy (native) and the notes
strategy, judged by the honest scripted grader (``memgym/judge``). Checks: perfect memory
≥ 0.95; the guesser, the no-memory run and every adversary ≤ 0.05 accuracy and memory
delta, except that declining earns the abstention questions' share (one in six) by design
(`validity.text_runs`; the decliner and ``frequent_tokens``, the constant of the words the
generator repeats most in its gold answers, are bounded by that share + 0.05); a
determinism rerun; over 200 invented questions, that no question holds its gold answer; and
over 1,000 invented users, that no word is in more than 5% of one question's gold answers
(`validity.text_runs.word_share_verdict`; abstention questions aside).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.longmemeval.synthetic import (
    QUESTIONS_PER_STORY,
    synthetic_instances,
    write_synthetic_longmemeval,
)
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.longmemeval.values import HEADLINE_KEY
from inspect_memgym.scoring.hedging import answer_candidates
from inspect_memgym.simulation.frequent_tokens import largest_word_share
from inspect_memgym.validity.data_files import grid_data_file
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.suite import ValidateOptions, register_suite
from inspect_memgym.validity.text_runs import (
    WORD_SHARE_STORIES,
    text_task_runs,
    word_share_verdict,
)
from inspect_memgym.validity.verdicts import Verdict

GRID_SEEDS = tuple(range(7))
"""Invented users of the default grid: 42 questions, one sample each."""
STRATEGIES = ("native", "notes")
ABSTENTION_SUFFIX = "_abs"
ABSTENTION_SHARE = 1 / QUESTIONS_PER_STORY
"""Questions whose right answer is to decline: one per invented user."""


def grid_data(options: ValidateOptions) -> Mapping[str, Any]:
    """The grid's file of invented questions, as the task's ``dataset`` argument.

    Args:
        options: How the suite runs (``seeds``: the users).
    """
    seeds = options.seeds or GRID_SEEDS
    path = grid_data_file(options.log_dir, "longmemeval", seeds, write_synthetic_longmemeval)
    return {"dataset": str(path)}


def statistical(instances: int) -> Sequence[Verdict]:
    """No question holds its gold answer; no word lands in many gold answers.

    Args:
        instances: Questions to check for their gold (the word shares read 1,000 users).
    """
    leaks: list[str] = []
    checked = seed = 0
    while checked < instances:
        for instance in synthetic_instances(seed):
            checked += 1
            gold, question = str(instance["answer"]), str(instance["question"])
            if not instance["question_id"].endswith(ABSTENTION_SUFFIX) and (
                answer_candidates(gold) & answer_candidates(question)
            ):
                leaks.append(instance["question_id"])
        seed += 1
    detail = f"{checked} questions" + (f"; holding it: {leaks[:3]}" if leaks else "")
    return [Verdict("no question holds its gold answer", not leaks, detail), answer_word_share()]


def answer_word_share() -> Verdict:
    """No gold-answer word shared by many users' answers to the same question.

    Abstention questions stay out: their gold says why to decline, and declining is their
    right answer by design (the decline floor).
    """
    answers: dict[str, list[str]] = defaultdict(list)
    for seed in range(WORD_SHARE_STORIES):
        for instance in synthetic_instances(seed):
            if not instance["question_id"].endswith(ABSTENTION_SUFFIX):
                question = instance["question_id"].removeprefix(f"story{seed}-")
                answers[f"{instance['question_type']} ({question})"].append(str(instance["answer"]))
    largest = largest_word_share(answers)
    where = f"{largest.answers} answers ({largest.template})"
    return word_share_verdict(largest.word, largest.share, where, WORD_SHARE_STORIES)


SUITE = PolicyGridSuite(
    task="longmemeval",
    factory=longmemeval,
    scorer="longmemeval_scorer",
    headline=HEADLINE_KEY,
    grid={},
    runs=text_task_runs(HEADLINE_KEY, STRATEGIES, decline_floor=ABSTENTION_SHARE),
    reruns=("perfect",),
    statistical=statistical,
    data=grid_data,
    model_roles={"grader": "memgym/judge"},
    notes=(
        "Invented histories in LongMemEval's schema, judged by the scripted rule judge: "
        "the released data and a real judge need the network.",
    ),
)
register_suite(SUITE)

"""LoCoMo's validity suite: references and text adversaries on invented conversations.

Registered for ``inspect-memgym validate --task locomo``. The grid is 40 invented
conversations in LoCoMo's schema (`synthetic`, ``--seeds`` picks others), played through
the task's default strategy (native) and the notes strategy; the optional judge is the
honest scripted grader (``memgym/judge``). Checks: perfect memory ≥ 0.95 F1; the guesser,
the no-memory run and every adversary ≤ 0.05 F1 and memory delta (`validity.text_runs`;
among them ``frequent_tokens``, the constant of the words the generator repeats most in
its gold answers), judge-bait ≤ 0.05 judged accuracy too; a determinism rerun; and, over
200 invented conversations, that the "not mentioned" option of adversarial questions is (a)
or (b) by chance and that no question holds its gold answer; over 1,000, that no word is in
more than 5% of one question's gold answers (`validity.text_runs.word_share_verdict`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.kit.pass_switch import DECLINE_SWITCHES
from inspect_memgym.locomo.grading import adversarial_options
from inspect_memgym.locomo.records import ADVERSARIAL_CATEGORY, parse_conversation
from inspect_memgym.locomo.synthetic import synthetic_conversation, write_synthetic_locomo
from inspect_memgym.locomo.task import DEFAULT_SEED, locomo
from inspect_memgym.locomo.values import HEADLINE_KEY, JUDGE_KEY
from inspect_memgym.scoring.hedging import answer_candidates
from inspect_memgym.simulation.frequent_tokens import largest_word_share
from inspect_memgym.validity.data_files import grid_data_file
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import ADVERSARY_CEILING, Bound
from inspect_memgym.validity.statistics import FeatureTally
from inspect_memgym.validity.suite import ValidateOptions, register_suite
from inspect_memgym.validity.switch_runs import switch_runs
from inspect_memgym.validity.text_runs import (
    WORD_SHARE_STORIES,
    text_task_runs,
    word_share_verdict,
)
from inspect_memgym.validity.verdicts import Verdict

GRID_SEEDS = tuple(range(40))
"""Invented conversations of the default grid (one sample each)."""
STRATEGIES = ("native", "notes")
ADVERSARIAL_SHARE = sum(
    item["category"] == ADVERSARIAL_CATEGORY for item in synthetic_conversation(0)["qa"]
) / len(synthetic_conversation(0)["qa"])
"""Share of an invented conversation's questions that are adversarial (a decline is right):
the headline a decliner earns with ``include_adversarial``."""
WITH_ADVERSARIAL = ("native+adversarial", {"agent": "native", "include_adversarial": True})
"""The switches' family with adversarial questions in the headline (never in Δ)."""


def grid_data(options: ValidateOptions) -> Mapping[str, Any]:
    """The grid's file of invented conversations, as the task's ``dataset`` argument.

    Args:
        options: How the suite runs (``seeds``: the stories).
    """
    seeds = options.seeds or GRID_SEEDS
    return {
        "dataset": str(grid_data_file(options.log_dir, "locomo", seeds, write_synthetic_locomo))
    }


def statistical(instances: int) -> Sequence[Verdict]:
    """Option letters by chance; no question holds its gold; no word in many gold answers.

    Args:
        instances: Adversarial questions to tally (at least this many).
    """
    letters = FeatureTally('adversarial questions: the "not mentioned" option is (a)')
    leaks: list[str] = []
    seed = 0
    while letters.trials < instances:
        conversation = parse_conversation(synthetic_conversation(seed), seed)
        for item in conversation.questions:
            if item.is_adversarial:
                options = adversarial_options(item, DEFAULT_SEED)
                letters.record(["a"], ("a", "b"), options.not_mentioned_letter)
            elif answer_candidates(str(item.answer)) & answer_candidates(item.question):
                leaks.append(item.question_id)
        seed += 1
    leak = Verdict(
        "no question holds its gold answer",
        not leaks,
        f"{seed} conversations; holding it: {leaks[:3]}" if leaks else f"{seed} conversations",
    )
    return [letters.verdict(smallest_trials=instances), leak, answer_word_share(instances)]


def answer_word_share(instances: int) -> Verdict:
    """No gold-answer word shared by many conversations' answers to the same question.

    Args:
        instances: Conversations to read (at least `WORD_SHARE_STORIES`).
    """
    stories = max(instances, WORD_SHARE_STORIES)
    answers: dict[str, list[str]] = defaultdict(list)
    for seed in range(stories):
        for index, item in enumerate(synthetic_conversation(seed)["qa"]):
            if "answer" in item:
                answers[f"category {item['category']} question {index + 1}"].append(
                    str(item["answer"])
                )
    largest = largest_word_share(answers)
    where = f"{largest.answers} answers ({largest.template})"
    return word_share_verdict(largest.word, largest.share, where, stories)


SUITE = PolicyGridSuite(
    task="locomo",
    factory=locomo,
    scorer="locomo_scorer",
    headline=HEADLINE_KEY,
    grid={},
    runs=(
        *text_task_runs(
            HEADLINE_KEY,
            STRATEGIES,
            judged=({"judge": True}, (Bound(JUDGE_KEY, at_most=ADVERSARY_CEILING),)),
        ),
        *switch_runs(
            HEADLINE_KEY, [WITH_ADVERSARIAL], ADVERSARIAL_SHARE, first_family=DECLINE_SWITCHES
        ),
    ),
    reruns=("perfect",),
    statistical=statistical,
    data=grid_data,
    model_roles={"grader": "memgym/judge"},
    notes=(
        "Invented conversations in LoCoMo's schema: the released data cannot be fetched "
        "offline; pass a real model over -T dataset= to measure it.",
    ),
)
register_suite(SUITE)

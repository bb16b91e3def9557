"""The runs every task answered in free text plays in its validity suite.

References (perfect through the task's default strategy, the guesser, perfect through
``none``) and the text adversaries of `simulation.text_adversaries`, each with its bounds:
an adversary's headline and memory delta at most 0.05, or its headline at most a stated
floor when declining is right by design (abstention questions: the decliner, and
``frequent_tokens``, whose constant for a question shaped like an abstention question may be
a decline); the switch adversaries (`validity.switch_runs`) under each strategy and a
memory system (Mem0), bounded the same way. The public-dataset tasks build their suites
from these, and check their invented data with `word_share_verdict`.
"""

from __future__ import annotations

from inspect_memgym.validity.runs import ADVERSARY_CEILING, Bound, SuiteRun, adversary_bounds
from inspect_memgym.validity.switch_runs import switch_runs
from inspect_memgym.validity.verdicts import Verdict

PERFECT_FLOOR = 0.95
SYSTEM_FAMILY = ("system", {"agent": {"name": "system", "system": "mem0"}})
"""A real memory system (Mem0 OSS, offline) as the switches' last strategy family."""
"""What perfect memory must score through the task's default strategy."""
WORD_SHARE_CEILING = ADVERSARY_CEILING
"""At most this share of one question template's gold answers may hold the same word: a
constant made of that word earns up to this share in token F1 (all of it when the gold is
that one word). The template words of the first invented data were far above it (a company
suffix and a title noun in every answer, one year in every temporal answer, each of 12
lessons in one answer in twelve)."""
WORD_SHARE_STORIES = 1_000
"""Fewest invented stories the word-share invariant reads: with fewer, the most drawn value
of a 50-value pool holds close to 5% of the answers by chance alone."""


def word_share_verdict(word: str, share: float, where: str, stories: int) -> Verdict:
    """No answer word in more than `WORD_SHARE_CEILING` of one question template's answers.

    Args:
        word: The word held by the largest share of one template's gold answers.
        share: That share.
        where: Which template, and how many answers it has.
        stories: How many invented stories the answers come from.
    """
    return Verdict(
        f"no answer word in more than {WORD_SHARE_CEILING:.0%} of a question template's answers",
        share <= WORD_SHARE_CEILING,
        f"{stories} stories; most shared: {word!r} in {share:.1%} of {where}",
    )


def text_task_runs(
    headline: str,
    strategies: tuple[str, ...],
    decline_floor: float = 0.0,
    judged: tuple[dict[str, object], tuple[Bound, ...]] = ({}, ()),
) -> tuple[SuiteRun, ...]:
    """References and text adversaries under the given strategies.

    Args:
        headline: The headline score key.
        strategies: Strategies the storing adversaries attack (the first is the default).
        decline_floor: The headline a model earns by declining everything (the share of
            questions whose right answer is to decline).
        judged: Task arguments that turn the judge on for the judge-bait run, and bounds
            on what the judge decides beyond the headline.
    """
    default = strategies[0]
    runs = [
        SuiteRun(
            "perfect",
            "perfect",
            f"keeps every fact ({default})",
            bounds=(Bound(headline, at_least=PERFECT_FLOOR),),
            adversary=False,
        ),
        SuiteRun(
            "perfect/none",
            "perfect",
            "perfect policy, no memory at all",
            {"agent": "none"},
            bounds=(
                Bound(headline, at_most=decline_floor + ADVERSARY_CEILING),
                Bound("memory_delta", at_most=ADVERSARY_CEILING, at_least=-ADVERSARY_CEILING),
            ),
            adversary=False,
        ),
        SuiteRun("guesser", "guesser", "guesses, keeps nothing", bounds=adversary_bounds(headline)),
        SuiteRun(
            "decliner",
            "decliner",
            "declines every question",
            bounds=(
                Bound(headline, at_most=decline_floor + ADVERSARY_CEILING),
                Bound("memory_delta", at_most=ADVERSARY_CEILING),
            ),
        ),
    ]
    runs += [
        SuiteRun(name, name, description, bounds=adversary_bounds(headline))
        for name, description in (
            ("echo", "answers with the question's words"),
            ("visible_dump", "no memory; every name and number in view"),
        )
    ]
    runs.append(
        SuiteRun(
            "frequent_tokens",
            "frequent_tokens",
            "the generator's most frequent answer words, learnt off-grid, as a constant",
            bounds=(
                Bound(headline, at_most=decline_floor + ADVERSARY_CEILING),
                Bound("memory_delta", at_most=ADVERSARY_CEILING),
            ),
        )
    )
    judge_arguments, judge_bounds = judged
    runs.append(
        SuiteRun(
            "judge_baiter",
            "judge_baiter",
            "tells the bound honest judge to mark it correct",
            judge_arguments,
            (*adversary_bounds(headline), *judge_bounds),
        )
    )
    runs += switch_runs(
        headline,
        [*((strategy, {"agent": strategy}) for strategy in strategies), SYSTEM_FAMILY],
        decline_floor,
    )
    for strategy in strategies:
        runs += [
            SuiteRun(
                f"token_bag/{strategy}",
                "token_bag",
                "keeps every name and number; answers with the bag",
                {"agent": strategy},
                adversary_bounds(headline),
            ),
            SuiteRun(
                f"hedger/{strategy}",
                "hedger",
                "the honest answer plus three other names",
                {"agent": strategy},
                adversary_bounds(headline),
            ),
        ]
    return tuple(runs)

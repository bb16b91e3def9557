"""research_qa's validity suite: references and adversaries on one grid, and the invariants.

Registered for ``inspect-memgym validate --task research_qa``. The grid: seeds 0-9 at 3-6
hops, 1,000-token streams (40 samples). Every run plays the real task, strategies, tools
and scorer (`validity.grid.PolicyGridSuite`):

* references: ``perfect`` (notes, scripted and interactive) at least 0.95 and 0.9; the
  memoryless ``guesser`` and the ``forgetful`` policy at most 0.05;
* adversaries that keep no value of the research question's turn (last-turn readers of every
  visible feature under ``none``, the interactive search reader under ``none`` and
  ``notes``, hedges, token bags, name dumps, judge-bait with and without a bound honest
  judge, the "seen" marker): headline and memory delta at most 0.05 (the seen marker: at
  most the guesser's + 0.05);
* one-fact keepers (keep the value of the candidate a visible feature picks in the turn
  headed by the research question, 200 samples each): such a memory is right exactly when
  its one value is the true candidate's, ``1/k`` of the time by chance, and the score is
  chance-corrected (another candidate's value costs ``1/(k-1)``), so a keeper scores 0 on
  average; each is bounded at the larger of 0.05 and three standard errors of that
  average;
* the switch adversaries (`validity.switch_runs`): one memoryless behaviour (decline,
  range hedge, name dump, blind pick) with memory shown and another with memory empty,
  all twelve under notes and the six decline pairs under interactive notes, rag, native,
  awe, agentic and a memory system (Mem0): headline and memory delta at most 0.05;
* a determinism rerun of ``perfect/notes``;
* statistical invariants (`visible_features`): for every visible feature of the turn headed
  by the research question, of the last turn and of every turn, the rate it picks the true
  candidate is within chance ± 3 standard deviations over at least 200 informative
  instances (``--instances N``: N seeds at each chain length).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task_with

from inspect_memgym.research_qa.adversaries import FEATURES
from inspect_memgym.research_qa.scorer import HEADLINE
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.research_qa.visible_features import feature_tallies, generated_instances
from inspect_memgym.research_qa.world.world_builder import NEAR_MISS_PER_HOP
from inspect_memgym.simulation.grader_policy import JUDGE_POLICY
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import ADVERSARY_CEILING, Bound, SuiteRun, adversary_bounds
from inspect_memgym.validity.suite import register_suite
from inspect_memgym.validity.switch_runs import switch_runs
from inspect_memgym.validity.verdicts import Verdict

TASK = "research_qa"
SCORER = "research_qa_scorer"
GRID: dict[str, Any] = {"seeds": list(range(10)), "hops": "3-6", "context_tokens": 1_000}
"""The default grid: 40 samples."""
KEEPER_SEEDS = list(range(50))
"""The one-fact keepers' seeds: 200 samples, enough to see a tilt of a few points."""
KEEPER_SAMPLES = 4 * len(KEEPER_SEEDS)
CANDIDATES = 1 + NEAR_MISS_PER_HOP
CHANCE = 1 / CANDIDATES
"""How often a memory holding one candidate's value holds the gold, by luck."""
GUESS_VARIANCE = CHANCE + (1 - CHANCE) / (CANDIDATES - 1) ** 2
"""Variance of a chance-corrected guess among the candidates (its mean is 0)."""
STATISTICAL_CONTEXT_TOKENS = 1_000
"""Stream length of the instances the statistical invariants generate."""


def suite_task(grader: str | None = None, **arguments: Any) -> Task:
    """The research_qa task of one run, with an honest grader bound when asked.

    Args:
        grader: A model for the ``grader`` role (e.g. ``memgym/judge``), or None.
        **arguments: research_qa's task arguments.
    """
    built = research_qa(**arguments)
    return built if grader is None else task_with(built, model_roles={"grader": grader})


def guess_bounds(samples: int) -> tuple[Bound, ...]:
    """A one-fact keeper's bounds on both keys: 0.05, or 3 standard errors of a guess.

    Args:
        samples: Samples in its run.
    """
    ceiling = max(ADVERSARY_CEILING, 3 * math.sqrt(GUESS_VARIANCE / samples))
    return (Bound(HEADLINE, at_most=ceiling), Bound("memory_delta", at_most=ceiling))


def _adversary(name: str, policy: str, description: str, **task_args: Any) -> SuiteRun:
    return SuiteRun(name, policy, description, task_args, adversary_bounds(HEADLINE))


INTERACTIVE = {"mode": "interactive"}
NONE = {"agent": "none"}
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("notes", {}),
    ("interactive", INTERACTIVE),
    ("rag", {"agent": "rag", "memory": "markdown"}),
    ("native", {"agent": "native"}),
    ("awe", {"agent": "awe", "memory": "markdown"}),
    ("agentic", {"agent": "agentic", "memory": "markdown"}),
    ("system", {"agent": {"name": "system", "system": "mem0"}}),
)
"""The strategy families the switch adversaries play under (the default first)."""
RUNS: tuple[SuiteRun, ...] = (
    SuiteRun(
        "perfect/notes",
        "perfect",
        "keeps every chain fact",
        {},
        (Bound(HEADLINE, at_least=0.95),),
        adversary=False,
    ),
    SuiteRun(
        "perfect/interactive",
        "perfect",
        "searches the chain, keeps it",
        INTERACTIVE,
        (Bound(HEADLINE, at_least=0.9),),
        adversary=False,
    ),
    SuiteRun(
        "guesser/notes",
        "guesser",
        "memoryless catalogue guess",
        {},
        adversary_bounds(HEADLINE),
        adversary=False,
    ),
    SuiteRun(
        "forgetful/notes",
        "forgetful",
        "keeps nothing",
        {},
        adversary_bounds(HEADLINE),
        adversary=False,
    ),
    *(
        _adversary(
            f"last_turn_{name}/none",
            f"last_turn_{name}",
            f"no memory; picks the last turn's candidate by: {name}",
            **NONE,
        )
        for name in FEATURES
    ),
    _adversary(
        "last_turn_withdrawn/notes", "last_turn_withdrawn", "keeps nothing; reads the last turn"
    ),
    _adversary(
        "search_reader/interactive-none",
        "search_reader",
        "one search with the question's words",
        **INTERACTIVE,
        **NONE,
    ),
    _adversary(
        "search_reader/interactive-notes",
        "search_reader",
        "one search with the question's words",
        **INTERACTIVE,
    ),
    _adversary("hedger/notes", "hedger", "keeps every candidate value, answers all"),
    _adversary("token_bag/notes", "token_bag", "keeps every name and number, answers all"),
    _adversary("name_dumper/notes", "name_dumper", "answers every visible name and number"),
    _adversary("name_dumper/none", "name_dumper", "answers every visible name and number", **NONE),
    _adversary(
        "name_dumper/rag",
        "name_dumper",
        "answers every retrieved name and number",
        agent="rag",
        memory="markdown",
    ),
    _adversary("judge_bait/no-judge", "judge_bait", "undecidable words; judge off"),
    _adversary(
        "judge_bait/honest-judge",
        "judge_bait",
        "undecidable words; honest judge bound",
        judge=True,
        grader=f"memgym/{JUDGE_POLICY}",
    ),
    SuiteRun(
        "seen_marker/notes",
        "seen_marker",
        "memory holds only 'seen'",
        {},
        adversary_bounds(HEADLINE, over="guesser/notes"),
    ),
    SuiteRun(
        "withdrawn_keeper/notes",
        "withdrawn_keeper",
        "keeps one value: the withdrawn claim's subject's",
        {"seeds": KEEPER_SEEDS},
        guess_bounds(KEEPER_SAMPLES),
    ),
    SuiteRun(
        "first_listed_keeper/interactive",
        "first_listed_keeper",
        "searches the question, keeps the first listed candidate's value",
        {**INTERACTIVE, "seeds": KEEPER_SEEDS},
        guess_bounds(KEEPER_SAMPLES),
    ),
    *(
        SuiteRun(
            f"{name}_keeper/notes",
            f"{name}_keeper",
            f"keeps one value, picked by: {name}",
            {"seeds": KEEPER_SEEDS},
            guess_bounds(KEEPER_SAMPLES),
        )
        for name in FEATURES
        if name != "withdrawn"
    ),
    *switch_runs(HEADLINE, SWITCH_FAMILIES),
)
"""Every run of the suite, in report order."""


def statistical(instances: int) -> Sequence[Verdict]:
    """Every visible feature's tally over ``instances`` seeds at each chain length.

    Args:
        instances: Seeds per chain length (every tally needs 200 informative instances).
    """
    tallies = feature_tallies(generated_instances(instances, STATISTICAL_CONTEXT_TOKENS))
    return [tally.verdict() for tally in tallies]


SUITE = PolicyGridSuite(
    task=TASK,
    factory=suite_task,
    scorer=SCORER,
    headline=HEADLINE,
    grid=GRID,
    runs=RUNS,
    reruns=("perfect/notes",),
    statistical=statistical,
    notes=(
        "one-fact keepers guess among the research question's candidates: the score is "
        "chance-corrected, so they average 0 and are bounded at 3 standard errors; the "
        "statistical invariants prove no visible feature picks the gold more often",
    ),
)
register_suite(SUITE)

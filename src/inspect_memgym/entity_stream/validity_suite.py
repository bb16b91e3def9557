"""entity_stream's validity suite: every scripted policy and cheater on a grid of scenarios.

Registered for ``inspect-memgym validate --task entity_stream`` (the default task), as a
policy grid (`validity.grid.PolicyGridSuite`): each policy of `policies.registry.POLICIES`
is a run named by the policy, played on tier × templates × seeds (the official grid by
default: standard, seeds 0-9, all ten templates). Besides the grid's own checks (no sample
errors, identical reruns, the switch runs' bounds) it checks the ordering invariants of
`invariants` (the extra hook) and the statistical invariants of the questions' listed names
(`visible_features`). ``perfect``, ``strategic`` and ``smart_guesser`` are rerun on the
first template.

The switch runs (`validity.switch_runs`) play memoryless behaviours that change with the
pass: ``abstainer`` (decline), ``range_hedger`` (several names and the whole value range),
``view_dumper`` (every name and number in view and the catalogue) and ``guesser`` (a blind
pick), mapped in `policies.registry.SWITCH_BEHAVIOURS`; all twelve under agentic (the
task's default) and the six decline pairs under notes, rag, native, awe and a memory system
(Mem0), each on its own small grid (lite tier, seeds 0-1, every template: 20 samples, 200
questions). Bounds: the composite at most the floor by design + 0.05 (declining everything
earns 0: abstention is out of the composite) and ``memory_delta`` at most 0.05. They play
with the official grid, or by name with ``--runs``; ``--policies`` chooses the policies.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache, wraps
from typing import Any

from inspect_ai import Task
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.axes import AXIS_KEYS
from inspect_memgym.entity_stream.dataset import resolve_templates
from inspect_memgym.entity_stream.invariants import (
    CHEATERS,
    MEMORYLESS,
    OVERRUNS,
    QUESTIONS_RIGHT,
    ordering_checks,
)
from inspect_memgym.entity_stream.policies.registry import POLICIES, get_policy
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.visible_features import statistical
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES
from inspect_memgym.entity_stream.world.tiers import get_tier
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import SuiteRun
from inspect_memgym.validity.suite import ValidateOptions, register_suite
from inspect_memgym.validity.switch_runs import switch_runs

SCORER_NAME = "entity_stream_scorer"
HEADLINE = "composite"
GRID: Mapping[str, Any] = {"tier": "standard", "seeds": list(range(10))}
"""The official grid: standard tier, seeds 0-9, all 10 templates."""
RERUN_POLICIES: tuple[str, ...] = ("perfect", "strategic", "smart_guesser")
"""Policies run a second time (on the first template) to check determinism."""
POLICY_DESCRIPTIONS: dict[str, str] = {
    "perfect": "stores every fact, applies every change (reference)",
    "strategic": "stores a share, applies changes (reference)",
    "naive": "stores a share, ignores changes (reference)",
    "guesser": "memoryless plausible guess",
    "abstainer": "declines every question",
    "random": "stores a random share (reference)",
    "priority": "stores the most-asked-about first (reference)",
    "template_expert": "stores by its question families' weights (reference)",
    "smart_guesser": "memoryless best guess, never declines",
    "name_dumper": "dumps names with digits",
    "hedger": "stores everything, hedges every answer",
    "over_writer": "attacks the write budget and size limit",
    "judge_baiter": "answers with judge bait",
}
"""What each policy of the grid does, in a few words (the report's table)."""
SWITCH_TIER = "lite"
SWITCH_SEEDS = (0, 1)
SWITCH_FLOOR = 0.0
"""What declining everything earns on the composite (abstention is not in it)."""
SWITCH_GRID: Mapping[str, Any] = {
    "tier": SWITCH_TIER,
    "seeds": SWITCH_SEEDS,
    "templates": ",".join(TEMPLATE_NAMES),
}
"""The switch runs' own small grid (kept whatever grid the options choose)."""
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("agentic", {}),
    ("notes", {"agent": "notes"}),
    ("rag", {"agent": "rag", "memory": "markdown"}),
    ("native", {"agent": "native"}),
    ("awe", {"agent": "awe", "memory": "markdown"}),
    ("system", {"agent": {"name": "system", "system": "mem0"}}),
)
"""The strategy families the switches play under (the default, agentic, first)."""
TURNS_PER_SAMPLE: dict[str, int] = {
    "over_writer": 140,
    "strategic": 101,
    "template_expert": 101,
    "random": 100,
    "perfect": 99,
    "hedger": 99,
    "priority": 93,
    "naive": 92,
    "name_dumper": 78,
}
"""Model calls per standard sample, measured on the official grid; only orders the evals
(longest first) and balances shards. Policies not listed (the memoryless ones) take about
52."""
OTHER_TURNS_PER_SAMPLE = 52
SWITCH_TURNS_PER_TEMPLATE = 40
"""Model calls per template of a switch run on its small grid, for the same ordering."""
TABLE_COLUMNS = (*AXIS_KEYS[1:], QUESTIONS_RIGHT, OVERRUNS)
"""The report's columns beyond the composite and its memory isolation."""


def _policy_run(name: str) -> SuiteRun:
    """A policy's run on the grid (bounded by the ordering invariants, not by bounds)."""
    adversary = name in (*CHEATERS, *MEMORYLESS)
    return SuiteRun(name, name, POLICY_DESCRIPTIONS[name], adversary=adversary)


def _switch_run(run: SuiteRun) -> SuiteRun:
    """A switch run on its own small grid."""
    return SuiteRun(
        run.name,
        run.policy,
        run.description,
        {**SWITCH_GRID, **run.task_args},
        run.bounds,
        run.adversary,
    )


SWITCH_RUNS: dict[str, SuiteRun] = {
    run.name: _switch_run(run) for run in switch_runs(HEADLINE, SWITCH_FAMILIES, SWITCH_FLOOR)
}
"""Every switch run, by name."""
RUNS: tuple[SuiteRun, ...] = (*map(_policy_run, POLICIES), *SWITCH_RUNS.values())
"""Every run of the suite: the policies, then the switch runs."""


def chosen_runs(options: ValidateOptions) -> list[str]:
    """The runs to play: the policies, with the switch runs on the official grid.

    ``--policies`` chooses the policies (``all``: every one) and ``--runs`` names further
    runs; with neither, every policy plays, and the switch runs too when no option changes
    the grid.

    Args:
        options: How the suite runs.

    Raises:
        ValueError: For an unknown tier, template or policy.
    """
    get_tier(options.tier or str(GRID["tier"]))
    resolve_templates(options.templates)
    if options.policies is None:
        policies = [] if options.runs else list(POLICIES)
    else:
        policies = list(POLICIES) if options.policies == "all" else options.policies.split(",")
    for policy in policies:
        get_policy(policy)
    if options.runs:
        return [*policies, *options.runs]
    official = (options.tier, options.seeds, options.templates, options.policies) == (None,) * 4
    return [*policies, *(SWITCH_RUNS if official else ())]


def first_template(options: ValidateOptions) -> dict[str, Any]:
    """A rerun's grid: the first of the options' templates.

    Args:
        options: How the suite runs.
    """
    return {"templates": resolve_templates(options.templates)[:1]}


def expected_turns(run: SuiteRun, rerun: bool, options: ValidateOptions) -> float:
    """An eval's estimated model calls: what orders the evals and balances shards.

    Args:
        run: The run.
        rerun: Whether it is the rerun (on one template).
        options: How the suite runs.
    """
    if run.name in SWITCH_RUNS:
        return len(TEMPLATE_NAMES) * SWITCH_TURNS_PER_TEMPLATE
    templates = 1 if rerun else len(resolve_templates(options.templates))
    return templates * TURNS_PER_SAMPLE.get(run.policy, OTHER_TURNS_PER_SAMPLE)


def run_figures(log: EvalLog) -> dict[str, float]:
    """A run's questions right (share of all its questions) and budget overruns (samples).

    Args:
        log: Its eval log (the scores' metadata and the stores read).
    """
    samples = log.samples or []
    questions = [
        question
        for sample in samples
        if sample.scores and SCORER_NAME in sample.scores
        for question in (sample.scores[SCORER_NAME].metadata or {}).get("questions", [])
    ]
    right = sum(1 for question in questions if question.get("correct"))
    overruns = sum(
        1
        for sample in samples
        if int(sample.store.get("MemoryLedger:writes_used", 0))
        > int(sample.store.get("MemoryLedger:write_budget", 0))
    )
    return {QUESTIONS_RIGHT: right / len(questions) if questions else 0.0, OVERRUNS: overruns}


@lru_cache(maxsize=4)
def _cached_task(arguments: str) -> Task:
    """The task of some arguments written as JSON (hashable, a strategy mapping included)."""
    return entity_stream(**json.loads(arguments))


@wraps(entity_stream, assigned=(), updated=())  # its signature: the task's parameters
def grid_task(**arguments: Any) -> Task:
    """The task of some arguments, built once per process (generating a grid takes seconds).

    Args:
        **arguments: entity_stream's task arguments.
    """
    return _cached_task(json.dumps(arguments, sort_keys=True))


SUITE = PolicyGridSuite(
    task="entity_stream",
    factory=grid_task,
    scorer=SCORER_NAME,
    headline=HEADLINE,
    grid=GRID,
    runs=RUNS,
    reruns=RERUN_POLICIES,
    statistical=statistical,
    extra=ordering_checks,
    choose_runs=chosen_runs,
    rerun_arguments=first_template,
    cost=expected_turns,
    figures=run_figures,
    columns=TABLE_COLUMNS,
)
register_suite(SUITE)

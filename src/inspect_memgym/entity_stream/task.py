"""``inspect_memgym/entity_stream``: write-budgeted memory over a stream of entity documents.

The agent reads batches of documents (far more than its write budget can hold), correction
notices and silent updates, with its context cleared between events, then answers questions
fixed by the seed. Scores: breadth, maintenance, reasoning, efficiency, a composite, and
abstention as a diagnostic.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.entity_stream.state import AGENTIC
from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument
from inspect_memgym.strategies.agentic import DEFAULT_MAX_TURNS

logger = logging.getLogger(__name__)

TASK_VERSION = 9
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 8
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
TURN_CAP_SPELLING_UNTIL = 10
"""The version from which ``-T max_turns_per_event`` is refused (the agent's ``max_turns``)."""
DEFAULT_TIER = "standard"
DEFAULT_SEEDS = 10


@task
def entity_stream(
    tier: str = DEFAULT_TIER,
    seeds: int | Sequence[int] = DEFAULT_SEEDS,
    seed: int | None = None,
    templates: str | Sequence[str] | None = None,
    judge: bool = False,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    max_turns_per_event: int | None = None,
    memory_isolation: bool = True,
    agent: StrategyArgument = AGENTIC,
    memory: MemoryArgument = None,
    **deprecated: Any,
) -> Task:
    """The entity_stream benchmark (MemoryGym, fixed) as an Inspect task.

    Args:
        tier: lite, standard, hard or multi.
        seeds: Number of seeds (0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        templates: Templates to include (comma-separated or a list); all 10 by default.
        agent: Memory strategy: its name (agentic, the default: the model manages its memory
            with the budgeted tools, event by event; none, native, awi, rag, awe, summary,
            masking, notes or system; each document, notice and update is one input), a mapping
            of its name and options (``-T agent="{name: rag, top_k: 5}"``; each strategy's
            options: docs/strategies.md; ``write_budget`` overrides the tier's), or a `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
        judge: Consult the ``grader`` model role when the answer rules cannot decide.
        self_judge: With ``judge``, let the model under test judge its own answers when no
            ``grader`` role is bound (recorded as ``self_judged``); refused otherwise.
        judge_prompts: A YAML or JSON file of question type -> judge prompt template
            (answer), with the built-in template's placeholders, replacing those built-in
            prompts (its SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
        max_turns_per_event: Deprecated (until entity_stream 10): the agent's ``max_turns``
            (``-T agent="{name: agentic, max_turns: 5}"``), the model turns allowed per event.
        memory_isolation: Also ask every question with no memory (``no_memory`` and
            ``memory_delta`` in the scores; NaN when false).
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.entity_stream import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
    )
    from inspect_memgym.entity_stream.dataset import entity_stream_dataset, resolve_templates
    from inspect_memgym.entity_stream.policies import registry  # noqa: F401  (registers the memgym policies)
    from inspect_memgym.entity_stream.scorer import entity_stream_scorer, scorer_metrics
    from inspect_memgym.entity_stream.viewer import entity_stream_headline, entity_stream_viewer
    from inspect_memgym.entity_stream.world.rng import GENERATOR_VERSION
    from inspect_memgym.entity_stream.world.tiers import get_tier
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.scoring.judge import JUDGE_TEMPLATES, check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.support import check_integer
    from inspect_memgym.strategies.task_arguments import TaskStrategy, task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        get_tier(tier)
        check_judge_bound(BENCHMARK_NAME, judge, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        strategy = task_strategy(
            BENCHMARK_NAME, TASK_VERSION, OLD_SPELLINGS_UNTIL, agent, memory, deprecated
        )
        turn_cap = _turn_cap(strategy.settings.options.get("max_turns"), max_turns_per_event)
        chosen_templates = resolve_templates(templates)
        chosen_seeds = resolve_seeds(seeds, seed)
        write_budget = strategy.settings.write_budget
        if strategy.agent == AGENTIC:
            check_integer("max_turns", turn_cap, 1)
            with_cap = strategy.settings.with_defaults({"max_turns": turn_cap})
            solver = TaskStrategy(with_cap, strategy.memory).solver()
        else:
            solver = strategy.solver()
        dataset = entity_stream_dataset(
            chosen_templates, tier, chosen_seeds, write_budget, memory_isolation
        )
        return Task(
            dataset=dataset,
            solver=solver,
            metrics=scorer_metrics(judge=True) if judge else None,
            scorer=entity_stream_scorer(
                judge=judge, self_judge=self_judge, judge_prompts=judge_prompts
            ),
            version=TASK_VERSION,
            headline_metric=entity_stream_headline(),
            viewer=entity_stream_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "tier": tier,
                "seeds": chosen_seeds,
                "templates": chosen_templates,
                **strategy.metadata(unset_options=False),
                "judge": judge,
                "self_judge": self_judge,
                **judge_protocol.task_metadata(),
                "max_turns_per_event": turn_cap,
                "memory_isolation": memory_isolation,
                "generator_version": GENERATOR_VERSION,
            },
        )


def _turn_cap(option_cap: Any, max_turns_per_event: int | None) -> Any:
    """The agent's turn cap per event: its ``max_turns``, or the deprecated task spelling."""
    if max_turns_per_event is None:
        return DEFAULT_MAX_TURNS if option_cap is None else option_cap
    if option_cap is not None:
        raise ValueError("give the turn cap once: the agent's max_turns or max_turns_per_event")
    replacement = f'use -T agent="{{name: agentic, max_turns: {max_turns_per_event}}}"'
    if TASK_VERSION >= TURN_CAP_SPELLING_UNTIL:
        raise ValueError(
            "entity_stream: -T max_turns_per_event was removed in entity_stream "
            f"{TURN_CAP_SPELLING_UNTIL}; {replacement}"
        )
    logger.warning(
        "entity_stream: -T max_turns_per_event is deprecated (until entity_stream "
        f"{TURN_CAP_SPELLING_UNTIL}); {replacement}"
    )
    return max_turns_per_event

"""``inspect_memgym/conversation``: on-policy memory of a user's changing situation (AMemGym).

A simulated user chats with the assistant over an initial period and ten later periods
(three simulated months each), revealing their situation implicitly; a few things change
every period, each explained by a life event. After every period the assistant answers
advice questions whose best option depends on the user's current situation. Scores:
chance-corrected accuracy (the headline), AMemGym's memory score (accuracy normalised
between random and an in-sample upper bound, beside it), the memory-isolated scores, and
the write / read / utilization failure diagnostics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.conversation.evolve_levels import NO_EVOLUTION
from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument

TASK_VERSION = 8
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 6
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_TIER = "base"
DEFAULT_SEEDS = 20
"""Users per run: AMemGym's v1.base has 20."""
DEFAULT_AGENT = "awe"
"""AMemGym's best reference agent (agentic write, external store)."""


@task
def conversation(
    tier: str = DEFAULT_TIER,
    seeds: int | Sequence[int] = DEFAULT_SEEDS,
    seed: int | None = None,
    memory_isolation: bool = True,
    diagnostics: bool = True,
    upper_bound: bool = True,
    dataset: str | None = None,
    rounds_initial: int = 1,
    rounds_update: int = 2,
    evolve: str = NO_EVOLUTION,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
) -> Task:
    """The conversation benchmark (AMemGym, fixed) as an Inspect task.

    Args:
        tier: small (tests), base (like v1.base) or extra (like v1.extra).
        seeds: Number of users (seeds 0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        agent: Memory strategy: its name (awe, the default; none, native, awi, rag, summary,
            masking, notes, agentic or system), a mapping of its name and options (``-T
            agent="{name: rag, top_k: 5}"``; each strategy's options: docs/strategies.md), or a
            `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
        memory_isolation: Also ask every question with no memory (``no_memory`` and
            ``memory_delta`` in the scores; NaN when false).
        diagnostics: Probe every variable after every period (write/read/utilization).
        upper_bound: Ask every question again with the current state given.
        dataset: Path or URL of an AMemGym data.json to run instead of generated users.
        rounds_initial: User messages per session in the initial period (AMemGym data only).
        rounds_update: User messages per session in later periods (AMemGym data only).
        evolve: AMemGym's self-evolution: after every period the ``memory`` role rewrites
            the memory brief from feedback on it: ``none`` (default: no rewrite),
            ``question`` (the period's questions) or ``complete`` (also the agent's answers,
            which were right, and the kinds of facts each question needs; no option text or
            value). Strategies awe, awi, notes, summary and agentic.
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.conversation import (
        BENCHMARK_NAME,
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.conversation.dataset import amemgym_dataset, generated_dataset
    from inspect_memgym.conversation.scorer import conversation_scorer
    from inspect_memgym.conversation.self_evolution import check_evolve
    from inspect_memgym.conversation.viewer import conversation_headline, conversation_viewer
    from inspect_memgym.conversation.world.randomness import CONVERSATION_GENERATOR_VERSION
    from inspect_memgym.conversation.world.tiers import get_conversation_tier
    from inspect_memgym.kit.dataset_files import dataset_location
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_location(dataset)
        strategy = task_strategy(
            BENCHMARK_NAME, TASK_VERSION, OLD_SPELLINGS_UNTIL, agent, memory, deprecated
        )
        check_evolve(evolve, strategy.agent)
        options: dict[str, bool | str] = {
            "diagnostics": diagnostics,
            "upper_bound": upper_bound,
            "memory_isolation": memory_isolation,
        }
        # recorded only when on, so default samples and metadata stay as before the option
        evolving: dict[str, str] = {"evolve": evolve} if evolve != NO_EVOLUTION else {}
        options.update(evolving)
        if dataset is not None:
            samples = amemgym_dataset(dataset, options, rounds_initial, rounds_update)
            chosen_seeds: list[int] = []
        else:
            get_conversation_tier(tier)
            chosen_seeds = resolve_seeds(seeds, seed)
            samples = generated_dataset(tier, chosen_seeds, options)
        return Task(
            dataset=samples,
            solver=strategy.solver(),
            scorer=conversation_scorer(),
            version=TASK_VERSION,
            headline_metric=conversation_headline(),
            viewer=conversation_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "tier": tier if dataset is None else "amemgym",
                "seeds": chosen_seeds,
                "dataset": dataset,
                **strategy.metadata(),
                "memory_isolation": memory_isolation,
                "rounds_initial": rounds_initial if dataset is not None else None,
                "rounds_update": rounds_update if dataset is not None else None,
                "diagnostics": diagnostics,
                "upper_bound": upper_bound,
                "generator_version": CONVERSATION_GENERATOR_VERSION,
                **evolving,
            },
        )

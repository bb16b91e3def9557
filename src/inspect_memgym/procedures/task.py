"""``inspect_memgym/procedures``: learning from past trajectories on stateful tool tasks.

After STATE-Bench. A case system (customers with a tier, orders, bookings or tickets with
amounts and status, remedies, reference notes) has hidden house rules drawn per seed: an
approval limit, an order of steps, a note format, a fee with a tier exception, a tier that
must be escalated. The memory strategy takes in train episodes (earlier cases: each tool
call, its result or refusal, the outcome and why it failed); then the model under test
works a held-out case with the world's tools in Inspect's tool loop, with what the strategy
answered it learned and a read-only ``retrieve_learnings(query, top_k)``. Success is a rule
check of the final state's diff (required changes made, forbidden changes absent), never a
judge; a broken rule is refused for good (the case goes on hold) or caught silently, so
trial and error does not pay. Scores: pass@1 (headline; pass^k over epochs in the
leaderboard), the memory-isolated delta, steps and tool errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument

TASK_VERSION = 2
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 3
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_TIER = "lite"
DEFAULT_AGENT = "notes"
"""Curated notes of lessons, the closest shared strategy to STATE-Bench's learnings."""
DEFAULT_AGENT_TURNS = 20


@task
def procedures(
    tier: str = DEFAULT_TIER,
    templates: str | Sequence[str] | None = None,
    seeds: int | Sequence[int] | None = None,
    seed: int | None = None,
    agent_turns: int = DEFAULT_AGENT_TURNS,
    memory_isolation: bool = True,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
) -> Task:
    """Learning from past trajectories on stateful tool tasks (after STATE-Bench).

    Args:
        tier: ``smoke`` (1 world, 2 test tasks per template), ``lite`` (default: 2 worlds,
            3 tasks) or ``standard`` (10 worlds, 6 tasks).
        templates: Domains (comma list or list): shop, travel, support; all by default.
        seeds: Number of worlds (seeds 0..n-1) or a list of seeds (default: the tier's).
        seed: A single seed (overrides ``seeds``).
        agent_turns: Model turns of the agent's tool loop per test task pass.
        memory_isolation: Also work every test task with no memory (``no_memory`` and
            ``memory_delta``; NaN when false).
        agent: Memory strategy: its name (notes, the default; none, native, awi, rag, awe,
            summary, masking, agentic, the retrieval baselines or system), a mapping of its
            name and options (``-T agent="{name: rag, top_k: 5}"``; each strategy's
            options: docs/strategies.md), or a `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...) the other tasks still take,
            until this task's next version.
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_names, resolve_seeds
    from inspect_memgym.procedures import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.procedures.dataset import generated_dataset
    from inspect_memgym.procedures.scorer import procedures_scorer
    from inspect_memgym.procedures.viewer import procedures_headline, procedures_viewer
    from inspect_memgym.procedures.world.domains import TEMPLATE_NAMES
    from inspect_memgym.procedures.world.generate import (
        PROCEDURES_GENERATOR_VERSION,
        get_procedures_tier,
    )
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.support import check_integer
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        strategy = task_strategy(
            BENCHMARK_NAME, TASK_VERSION, OLD_SPELLINGS_UNTIL, agent, memory, deprecated
        )
        chosen_tier = get_procedures_tier(tier)
        chosen_templates = resolve_names(templates, TEMPLATE_NAMES, "template")
        chosen_seeds = resolve_seeds(chosen_tier.default_seeds if seeds is None else seeds, seed)
        check_integer("agent_turns", agent_turns, 1)
        samples = generated_dataset(
            chosen_templates, chosen_tier.name, chosen_seeds, memory_isolation, agent_turns
        )
        return Task(
            dataset=samples,
            solver=strategy.solver(),
            scorer=procedures_scorer(),
            version=TASK_VERSION,
            headline_metric=procedures_headline(),
            viewer=procedures_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "tier": chosen_tier.name,
                "templates": chosen_templates,
                "seeds": chosen_seeds,
                "agent_turns": agent_turns,
                "memory_isolation": memory_isolation,
                **strategy.metadata(),
                "generator_version": PROCEDURES_GENERATOR_VERSION,
            },
        )

"""``inspect_memgym/feedback``: learning from user feedback at service time (MemoryBench).

An assistant serves an organisation's staff (support replies, expense reports, scheduling,
data lookups). The organisation has conventions and current facts of its own, hidden from
the assistant: it learns them only from the user's feedback on wrong answers in training
dialogues, and must apply them again in different test requests, answered after every
step of the protocol (``off_policy``, ``stepwise`` or ``on_policy``). Scores: the
learning curve, the final score (headline, corrected for chance: 0 for an assistant that
learned nothing, 1 when every answer is right, with the raw accuracy and its chance level
beside it), its area, the memory-isolated delta, the share of fed-back rules applied, and
the accuracy on control requests that need nothing learned. ``-T dataset=`` runs
MemoryBench's released LoCoMo and DialSim records instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from inspect_ai import Task, task

from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument

TASK_VERSION = 6
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 7
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_TIER = "standard"
DEFAULT_SEEDS = 5
DEFAULT_PROTOCOL = "on_policy"
DEFAULT_FEEDBACK = "both"
"""MemoryBench's simulator gives both a verbal response and an implicit action."""
DEFAULT_MAX_ROUNDS = 3
DEFAULT_BATCH_SIZE = 8
DEFAULT_STEPS = 5
DEFAULT_AGENT = "bm25_dialog"
"""MemoryBench's dialogue-level BM25, among its strongest baselines."""


@task
def feedback(
    protocol: str = DEFAULT_PROTOCOL,
    feedback: str | Sequence[str] = DEFAULT_FEEDBACK,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    batch_size: int = DEFAULT_BATCH_SIZE,
    steps: int = DEFAULT_STEPS,
    tier: str = DEFAULT_TIER,
    seeds: int | Sequence[int] = DEFAULT_SEEDS,
    seed: int | None = None,
    memory_isolation: bool = True,
    dataset: str | list[str] | None = None,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
) -> Task:
    """Learning from user feedback at service time (MemoryBench, fixed) as an Inspect task.

    Args:
        protocol: ``on_policy`` (default: the system serves training requests live),
            ``stepwise`` (reference dialogues in batches) or ``off_policy`` (all at once).
        feedback: What the assistant sees of feedback: ``verbal``, ``implicit`` (the action
            only), ``both`` (default); a comma list runs one sample per kind.
        max_rounds: Replies per training dialogue (default 3, as MemoryBench).
        batch_size: Training dialogues per step (stepwise, on_policy; default 8).
        steps: Steps of the on-policy protocol (default 5).
        tier: World size: small (4 hidden items, for tests) or standard (12).
        seeds: Number of worlds (seeds 0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        agent: Memory strategy: its name (bm25_dialog, the default; none, native, awi, rag, awe,
            summary, masking, notes, agentic, bm25_message, embed_message, embed_dialog or
            system), a mapping of its name and options (``-T agent="{name: rag, top_k: 5}"``;
            each strategy's options: docs/strategies.md), or a `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
        memory_isolation: Also answer every test request with no memory (``no_memory`` and
            ``memory_delta``; NaN when false).
        dataset: MemoryBench records (LoCoMo or DialSim rows with train and test splits) to
            run instead of generated worlds: a path or URL of an Arrow, Parquet, JSON or
            JSONL file, of a folder (as ``datasets`` saves one), or a train and a test file
            (``-T dataset=train.arrow,test.arrow``).
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.feedback import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.feedback.dataset import generated_dataset, records_dataset
    from inspect_memgym.feedback.episode_loading import RunOptions
    from inspect_memgym.feedback.scorer import feedback_scorer
    from inspect_memgym.feedback.viewer import feedback_headline, feedback_viewer
    from inspect_memgym.feedback.world.generate import FEEDBACK_GENERATOR_VERSION
    from inspect_memgym.feedback.world.protocols import PROTOCOLS
    from inspect_memgym.feedback.world.simulator import FEEDBACK_MODES, FeedbackMode
    from inspect_memgym.feedback.world.tiers import get_feedback_tier
    from inspect_memgym.kit.dataset_files import dataset_locations
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.named import lookup
    from inspect_memgym.kit.seeds import resolve_names, resolve_seeds
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.support import check_integer
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_locations(dataset)
        strategy = task_strategy(
            BENCHMARK_NAME, TASK_VERSION, OLD_SPELLINGS_UNTIL, agent, memory, deprecated
        )
        lookup(dict.fromkeys(PROTOCOLS), protocol, "protocol")
        modes = cast(
            list[FeedbackMode], resolve_names(feedback, FEEDBACK_MODES, "feedback kind", "feedback")
        )
        for name, value in (
            ("max_rounds", max_rounds),
            ("batch_size", batch_size),
            ("steps", steps),
        ):
            check_integer(name, value, 1)
        options = RunOptions(
            protocol=protocol,
            feedback=modes[0],
            max_rounds=max_rounds,
            batch_size=batch_size,
            steps=steps,
            memory_isolation=memory_isolation,
        )
        if dataset is not None:
            samples = records_dataset(dataset, modes, options)
            chosen_seeds: list[int] = []
        else:
            get_feedback_tier(tier)
            chosen_seeds = resolve_seeds(seeds, seed)
            samples = generated_dataset(tier, chosen_seeds, modes, options)
        return Task(
            dataset=samples,
            solver=strategy.solver(),
            scorer=feedback_scorer(),
            version=TASK_VERSION,
            headline_metric=feedback_headline(),
            viewer=feedback_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "protocol": protocol,
                "feedback": modes,
                "max_rounds": max_rounds,
                "batch_size": batch_size if protocol != "off_policy" else None,
                "steps": steps if protocol == "on_policy" else None,
                "tier": tier if dataset is None else "memorybench",
                "seeds": chosen_seeds,
                "dataset": dataset,
                **strategy.metadata(),
                "memory_isolation": memory_isolation,
                "generator_version": FEEDBACK_GENERATOR_VERSION,
            },
        )

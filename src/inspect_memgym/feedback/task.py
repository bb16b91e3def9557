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
from typing import cast

from inspect_ai import Task, task

from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND

TASK_VERSION = 4
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
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
    agent: str = DEFAULT_AGENT,
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    write_budget: int | None = None,
    update_frequency: int | None = None,
    short_term_window: int | None = None,
    top_k: int | None = None,
    context_budget: int | None = None,
    notes_budget: int | None = None,
    observation_window: int | None = None,
    max_turns: int | None = None,
    system: str | None = None,
    mcp_command: str | None = None,
    system_config: str | None = None,
    memory_isolation: bool = True,
    dataset: str | list[str] | None = None,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
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
        agent: Memory strategy: bm25_dialog (default), bm25_message, embed_message,
            embed_dialog, none, native, awi, rag, awe, summary, masking, notes, agentic or
            system (a memory system, ``-T system=``).
        backend: Memory backend of rag, awe and agentic: chroma (embedded) or markdown.
        embedding: Embedding for chroma: hashing (offline default), minilm or openai.
        write_budget: Memory writes allowed (rag, awe, agentic).
        update_frequency: Messages between memory updates (awi, rag, awe).
        short_term_window: Recent raw messages kept in context (awi, rag, awe).
        top_k: Entries retrieved (retrieval baselines: 5; rag, awe: 30).
        context_budget: Token budget of a call (retrieval baselines: 32,000; native:
            128,000; summary: 4,000).
        notes_budget: Token budget of the notes strategy's notes.
        observation_window: Observations the masking strategy keeps whole.
        max_turns: Model turns per input, reply or answer (agentic).
        system: Memory system played by ``agent=system``: mem0, mcp, langgraph, or
            ``module:Class`` / ``file.py:Class`` of your own adapter.
        mcp_command: Command that starts the MCP memory server (``system=mcp``).
        system_config: The memory system's options: a JSON object or a JSON file's path.
        memory_isolation: Also answer every test request with no memory (``no_memory`` and
            ``memory_delta``; NaN when false).
        dataset: MemoryBench records (LoCoMo or DialSim rows with train and test splits) to
            run instead of generated worlds: a path or URL of an Arrow, Parquet, JSON or
            JSONL file, of a folder (as ``datasets`` saves one), or a train and a test file
            (``-T dataset=train.arrow,test.arrow``).
        chroma_url: ChromaDB server for the chroma backend (default: ``MEMGYM_CHROMA_URL``,
            else in-process).
        chroma_token: Token for a ChromaDB server (default: ``MEMGYM_CHROMA_TOKEN``).
        keep_memory: Keep each sample's chroma collection after the sample.
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.feedback import (
        BENCHMARK_NAME,
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.feedback.dataset import generated_dataset, records_dataset
    from inspect_memgym.feedback.driver import RunOptions
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
    from inspect_memgym.memory.settings import MemorySettings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.support import check_integer
    from inspect_memgym.strategies.task_arguments import (
        memory_location,
        memory_strategy_solver,
        strategy_options_of,
    )

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_locations(dataset)
        memory = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
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
        strategy_options = strategy_options_of(locals())
        return Task(
            dataset=samples,
            solver=memory_strategy_solver(agent, memory, strategy_options, write_budget),
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
                "agent": agent,
                **strategy_options,
                "memory_isolation": memory_isolation,
                **memory.task_metadata(),
                "memory_location": memory_location(agent, memory),
                "write_budget": write_budget,
                "generator_version": FEEDBACK_GENERATOR_VERSION,
            },
        )

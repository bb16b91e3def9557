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

from inspect_ai import Task, task

from inspect_memgym.conversation.self_evolution import NO_EVOLUTION, check_evolve
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND

TASK_VERSION = 5
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
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
    diagnostics: bool = True,
    upper_bound: bool = True,
    dataset: str | None = None,
    rounds_initial: int = 1,
    rounds_update: int = 2,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
    evolve: str = NO_EVOLUTION,
) -> Task:
    """The conversation benchmark (AMemGym, fixed) as an Inspect task.

    Args:
        tier: small (tests), base (like v1.base) or extra (like v1.extra).
        seeds: Number of users (seeds 0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        agent: Memory strategy: awe (default), awi, rag, native, none, summary, masking,
            notes, agentic or system (a memory system, ``-T system=``).
        backend: Memory backend for rag and awe: chroma (embedded) or markdown.
        embedding: Embedding for chroma: hashing (offline default), minilm or openai.
        write_budget: Memory writes allowed (default: effectively unlimited, as in AMemGym).
        update_frequency: Messages between memory updates (awi, rag, awe; default 2).
        short_term_window: Recent raw messages kept in context (awi, rag, awe; default 4).
        top_k: Memories retrieved per turn (rag, awe; default 30).
        context_budget: Token budget of the history (native: 128,000; summary: 4,000).
        notes_budget: Token budget of the notes strategy's notes (default 500).
        observation_window: Observations the masking strategy keeps whole (default 3).
        max_turns: Model turns per input, reply or answer (agentic; default 20).
        system: Memory system played by ``agent=system``: mem0, mcp, langgraph, or
            ``module:Class`` / ``file.py:Class`` of your own adapter.
        mcp_command: Command that starts the MCP memory server (``system=mcp``).
        system_config: The memory system's options: a JSON object or a JSON file's path.
        memory_isolation: Also ask every question with no memory (``no_memory`` and
            ``memory_delta`` in the scores; NaN when false).
        diagnostics: Probe every variable after every period (write/read/utilization).
        upper_bound: Ask every question again with the current state given.
        dataset: Path or URL of an AMemGym data.json to run instead of generated users.
        rounds_initial: User messages per session in the initial period (AMemGym data only).
        rounds_update: User messages per session in later periods (AMemGym data only).
        chroma_url: ChromaDB server for the chroma backend, e.g. ``http://localhost:8000``
            (default: ``MEMGYM_CHROMA_URL``, else an in-process store).
        chroma_token: Token for a ChromaDB server with token auth (default:
            ``MEMGYM_CHROMA_TOKEN``; prefer the variable, Inspect logs ``-T`` values).
        keep_memory: Keep each sample's chroma collection after the sample instead of deleting it.
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
    from inspect_memgym.conversation.viewer import conversation_headline, conversation_viewer
    from inspect_memgym.conversation.world.randomness import CONVERSATION_GENERATOR_VERSION
    from inspect_memgym.conversation.world.tiers import get_conversation_tier
    from inspect_memgym.kit.dataset_files import dataset_location
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.memory.settings import MemorySettings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import (
        memory_location,
        memory_strategy_solver,
        strategy_options_of,
    )

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        check_evolve(evolve, agent)
        dataset = dataset_location(dataset)
        memory = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
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
        strategy_options = strategy_options_of(locals())
        return Task(
            dataset=samples,
            solver=memory_strategy_solver(agent, memory, strategy_options, write_budget),
            scorer=conversation_scorer(),
            version=TASK_VERSION,
            headline_metric=conversation_headline(),
            viewer=conversation_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "tier": tier if dataset is None else "amemgym",
                "seeds": chosen_seeds,
                "dataset": dataset,
                "agent": agent,
                **strategy_options,
                "memory_isolation": memory_isolation,
                "rounds_initial": rounds_initial if dataset is not None else None,
                "rounds_update": rounds_update if dataset is not None else None,
                **memory.task_metadata(),
                "memory_location": memory_location(agent, memory),
                "write_budget": write_budget,
                "diagnostics": diagnostics,
                "upper_bound": upper_bound,
                "generator_version": CONVERSATION_GENERATOR_VERSION,
                **evolving,
            },
        )

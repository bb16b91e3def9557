"""``inspect_memgym/entity_stream``: write-budgeted memory over a stream of entity documents.

The agent reads batches of documents (far more than its write budget can hold), correction
notices and silent updates, with its context cleared between events, then answers questions
fixed by the seed. Scores: breadth, maintenance, reasoning, efficiency, a composite, and
abstention as a diagnostic.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai import Task, task

from inspect_memgym.entity_stream.state import AGENTIC
from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND
from inspect_memgym.strategies.agentic import DEFAULT_MAX_TURNS

TASK_VERSION = 7
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
DEFAULT_TIER = "standard"
DEFAULT_SEEDS = 10


@task
def entity_stream(
    tier: str = DEFAULT_TIER,
    seeds: int | Sequence[int] = DEFAULT_SEEDS,
    seed: int | None = None,
    templates: str | Sequence[str] | None = None,
    agent: str = AGENTIC,
    backend: str = DEFAULT_BACKEND,
    embedding: str = DEFAULT_EMBEDDING,
    write_budget: int | None = None,
    judge: bool = False,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    max_turns_per_event: int = DEFAULT_MAX_TURNS,
    memory_isolation: bool = True,
    update_frequency: int | None = None,
    short_term_window: int | None = None,
    top_k: int | None = None,
    context_budget: int | None = None,
    notes_budget: int | None = None,
    observation_window: int | None = None,
    system: str | None = None,
    mcp_command: str | None = None,
    system_config: str | None = None,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Task:
    """The entity_stream benchmark (MemoryGym, fixed) as an Inspect task.

    Args:
        tier: lite, standard, hard or multi.
        seeds: Number of seeds (0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        templates: Templates to include (comma-separated or a list); all 10 by default.
        agent: Memory strategy: agentic (default: the model manages its memory with the
            budgeted tools, event by event), or none, native, awi, rag, awe, summary,
            masking, notes or system (a memory system, ``-T system=``; each document,
            notice and update is one input).
        backend: Memory backend: chroma (embedded) or markdown.
        embedding: Embedding for chroma: hashing (offline default), minilm or openai.
        write_budget: Override the tier's write budget.
        judge: Consult the ``grader`` model role when the answer rules cannot decide.
        self_judge: With ``judge``, let the model under test judge its own answers when no
            ``grader`` role is bound (recorded as ``self_judged``); refused otherwise.
        judge_prompts: A YAML or JSON file of question type -> judge prompt template
            (answer), with the built-in template's placeholders, replacing those built-in
            prompts (its SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
        max_turns_per_event: Model turns allowed per event (agentic: its ``max_turns``).
        memory_isolation: Also ask every question with no memory (``no_memory`` and
            ``memory_delta`` in the scores; NaN when false).
        update_frequency: Inputs between memory updates (awi, rag, awe; default 2).
        short_term_window: Recent raw inputs kept in context (awi, rag, awe; default 4).
        top_k: Entries retrieved per answer (rag, awe; default 30).
        context_budget: Token budget of the history (native: 128,000; summary: 4,000).
        notes_budget: Token budget of the notes strategy's notes (default 500).
        observation_window: Observations the masking strategy keeps whole (default 3).
        system: Memory system played by ``agent=system``: mem0, mcp, langgraph, or
            ``module:Class`` / ``file.py:Class`` of your own adapter.
        mcp_command: Command that starts the MCP memory server (``system=mcp``).
        system_config: The memory system's options: a JSON object or a JSON file's path.
        chroma_url: ChromaDB server for the chroma backend, e.g. ``http://localhost:8000``
            (default: ``MEMGYM_CHROMA_URL``, else an in-process store).
        chroma_token: Token for a ChromaDB server with token auth (default:
            ``MEMGYM_CHROMA_TOKEN``; prefer the variable, Inspect logs ``-T`` values).
        keep_memory: Keep each sample's chroma collection after the sample instead of deleting it.
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.entity_stream import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
    )
    from inspect_memgym.entity_stream.dataset import entity_stream_dataset, resolve_templates
    from inspect_memgym.entity_stream.policies import registry  # noqa: F401  (registers the memgym policies)
    from inspect_memgym.entity_stream.scorer import entity_stream_scorer
    from inspect_memgym.entity_stream.viewer import entity_stream_headline, entity_stream_viewer
    from inspect_memgym.entity_stream.world.rng import GENERATOR_VERSION
    from inspect_memgym.entity_stream.world.tiers import get_tier
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.memory.settings import MemorySettings
    from inspect_memgym.scoring.judge import JUDGE_TEMPLATES, check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.support import check_integer
    from inspect_memgym.strategies.task_arguments import memory_location, memory_strategy_solver

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        get_tier(tier)
        check_judge_bound(BENCHMARK_NAME, judge, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        memory = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
        chosen_templates = resolve_templates(templates)
        chosen_seeds = resolve_seeds(seeds, seed)
        strategy_options = {
            "update_frequency": update_frequency,
            "short_term_window": short_term_window,
            "top_k": top_k,
            "context_budget": context_budget,
            "notes_budget": notes_budget,
            "observation_window": observation_window,
            "system": system,
            "mcp_command": mcp_command,
            "system_config": system_config,
        }
        turn_cap = {}
        if agent == AGENTIC:
            check_integer("max_turns_per_event", max_turns_per_event, 1)
            turn_cap = {"max_turns": max_turns_per_event}
        solver = memory_strategy_solver(
            agent, memory, {**strategy_options, **turn_cap}, write_budget
        )
        dataset = entity_stream_dataset(
            chosen_templates, tier, chosen_seeds, write_budget, memory_isolation
        )
        return Task(
            dataset=dataset,
            solver=solver,
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
                "agent": agent,
                **memory.task_metadata(),
                "memory_location": memory_location(agent, memory),
                "write_budget": write_budget,
                "judge": judge,
                "self_judge": self_judge,
                **judge_protocol.task_metadata(),
                "max_turns_per_event": max_turns_per_event,
                "memory_isolation": memory_isolation,
                **{key: value for key, value in strategy_options.items() if value is not None},
                "generator_version": GENERATOR_VERSION,
            },
        )

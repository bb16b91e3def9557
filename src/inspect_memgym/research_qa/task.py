"""``inspect_memgym/research_qa``: multi-hop deep research under eviction (MemGym-DR).

Each sample is a question whose answer needs a chain of 3-6 facts, found over as many
search turns; each turn's documents are evicted by the next, so a memory strategy must keep
what later hops need. Instances are generated from a seed (or read from MemGym-DR's
released rows). Scores: the answer's score (rules, or MemGym's partial-credit judge when
they cannot decide), exact match, hop recall, the memory-isolated ``no_memory`` and
``memory_delta``, and write / read / utilization failure labels.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai import Task, task

from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND
from inspect_memgym.research_qa.options import (
    DEFAULT_MAX_SEARCHES,
    DEFAULT_SEARCH_RESULTS,
    parse_context_tokens,
    parse_hops,
    run_options,
)
from inspect_memgym.research_qa.world import (
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_HOPS,
    GENERATOR_VERSION,
)

TASK_VERSION = 6
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
DEFAULT_SEEDS = 20
DEFAULT_AGENT = "notes"
"""MemGym-DR's memory: a notes block of 500 tokens, rewritten after every turn."""
RESEARCH_SHORT_TERM_WINDOW = 0
"""Raw recent inputs kept by awi, rag and awe unless ``-T short_term_window=`` is given:
none, since keeping whole evicted turns in context would undo the eviction."""


@task
def research_qa(
    seeds: int | Sequence[int] = DEFAULT_SEEDS,
    seed: int | None = None,
    hops: int | str | Sequence[int] = DEFAULT_HOPS,
    context_tokens: int | str = DEFAULT_CONTEXT_TOKENS,
    eviction: str | None = None,
    window: int | None = None,
    mode: str = "scripted",
    dataset: str | None = None,
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
    max_searches: int = DEFAULT_MAX_SEARCHES,
    search_results: int = DEFAULT_SEARCH_RESULTS,
    search_backend: str = "bm25",
    judge: bool = False,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    memory_isolation: bool = True,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Task:
    """Multi-hop research questions over generated fictional facts, with eviction (MemGym-DR).

    Args:
        seeds: Number of instances per chain length (seeds 0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        hops: Facts the answer needs: 3 to 6, a list (``[3,5]``) or a span (``3-6``).
        context_tokens: Length of the whole stream of documents, e.g. 10000, 100k or 1M.
        eviction: ``full`` (only the current turn is visible; the default for generated
            instances) or ``sliding_window``; default for ``dataset`` rows: each row's own.
        window: Turns visible under ``sliding_window`` (default 2).
        mode: ``scripted`` (turns and sub-queries given) or ``interactive`` (the model
            searches with ``web_search``).
        dataset: Path or URL of a MemGym-DR JSONL file to run instead of generated ones.
        agent: Memory strategy: notes (default), none, native, awi, rag, awe, summary,
            masking, agentic or system (a memory system, ``-T system=``).
        backend: Memory backend for rag, awe and agentic: chroma (embedded) or markdown.
        embedding: Embedding for chroma (memory and the chroma search backend): hashing
            (offline default), minilm or openai.
        write_budget: Memory writes allowed (strategies that write with the tools).
        update_frequency: Inputs between memory updates (awi, rag, awe).
        short_term_window: Recent raw inputs kept in context (awi, rag, awe; default 0 here).
        top_k: Memories retrieved per answer (rag, awe).
        context_budget: Token budget of the history (native: 128,000; summary: 4,000).
        notes_budget: Token budget of the notes strategy's notes (default 500).
        observation_window: Observations the masking strategy keeps whole (default 3).
        max_turns: Model turns per input or answer (agentic; default 20).
        system: Memory system played by ``agent=system``: mem0, mcp, langgraph, or
            ``module:Class`` / ``file.py:Class`` of your own adapter.
        mcp_command: Command that starts the MCP memory server (``system=mcp``).
        system_config: The memory system's options: a JSON object or a JSON file's path.
        max_searches: Interactive mode's turn cap.
        search_results: Documents per search (interactive).
        search_backend: Interactive search engine: bm25 (default) or chroma.
        judge: Score answers the rules cannot decide with the ``grader`` role (0-1); the
            task is refused when no ``grader`` role is bound, unless ``self_judge``.
        self_judge: With ``judge``, let the model under test judge its own answers when no
            ``grader`` role is bound (recorded as ``self_judged`` in every score).
        judge_prompts: A YAML or JSON file of question type -> judge prompt template
            (answer), with the built-in template's placeholders, replacing those built-in
            prompts (its SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
        memory_isolation: Also answer with no memory (``no_memory`` and ``memory_delta``;
            NaN when false).
        chroma_url: ChromaDB server for the chroma memory backend.
        chroma_token: Token for a ChromaDB server with token auth (prefer the variable
            ``MEMGYM_CHROMA_TOKEN``: Inspect logs ``-T`` values).
        keep_memory: Keep each sample's chroma memory collection after the sample.
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.kit.dataset_files import dataset_location
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.memory.settings import MemorySettings
    from inspect_memgym.research_qa import (
        BENCHMARK_NAME,
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.research_qa.dataset import generated_dataset, memgym_dataset
    from inspect_memgym.research_qa.judge import JUDGE_TEMPLATES
    from inspect_memgym.research_qa.scorer import research_qa_scorer, scorer_metrics
    from inspect_memgym.research_qa.viewer import research_qa_headline, research_qa_viewer
    from inspect_memgym.scoring.judge import check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.registry import strategy_parameters
    from inspect_memgym.strategies.task_arguments import (
        memory_location,
        memory_strategy_solver,
        strategy_options_of,
    )

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_location(dataset)
        memory = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
        check_judge_bound(BENCHMARK_NAME, judge, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        options = run_options(
            mode,
            eviction,
            window,
            max_searches,
            search_results,
            search_backend,
            embedding,
            memory_isolation,
        )
        if short_term_window is None and "short_term_window" in strategy_parameters(agent):
            short_term_window = RESEARCH_SHORT_TERM_WINDOW
        strategy_options = strategy_options_of(locals())
        solver = memory_strategy_solver(agent, memory, strategy_options, write_budget)
        if dataset is not None:
            samples = memgym_dataset(dataset, options)
            chosen_seeds: list[int] = []
            chain_lengths: list[int] = []
            tokens = None
        else:
            chosen_seeds = resolve_seeds(seeds, seed)
            chain_lengths = parse_hops(hops)
            tokens = parse_context_tokens(context_tokens)
            samples = generated_dataset(chosen_seeds, chain_lengths, tokens, options)
        return Task(
            dataset=samples,
            solver=solver,
            metrics=scorer_metrics(judge=True) if judge else None,
            scorer=research_qa_scorer(
                judge=judge, self_judge=self_judge, judge_prompts=judge_prompts
            ),
            version=TASK_VERSION,
            headline_metric=research_qa_headline(),
            viewer=research_qa_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "seeds": chosen_seeds,
                "hops": chain_lengths,
                "context_tokens": tokens,
                "dataset": dataset,
                "agent": agent,
                **options.to_dict(),
                **strategy_options,
                "judge": judge,
                "self_judge": self_judge,
                **judge_protocol.task_metadata(),
                **memory.task_metadata(),
                "memory_location": memory_location(agent, memory),
                "write_budget": write_budget,
                "generator_version": GENERATOR_VERSION,
            },
        )

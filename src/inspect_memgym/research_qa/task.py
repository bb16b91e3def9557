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
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument
from inspect_memgym.research_qa.defaults import (
    DEFAULT_CONTEXT_TOKENS,
    DEFAULT_HOPS,
    DEFAULT_MAX_SEARCHES,
    DEFAULT_SEARCH_RESULTS,
)

TASK_VERSION = 7
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 8
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_SEEDS = 20
DEFAULT_AGENT = "notes"
"""MemGym-DR's memory: a notes block of 500 tokens, rewritten after every turn."""
RESEARCH_SHORT_TERM_WINDOW = 0
"""Raw recent inputs kept by awi, rag and awe unless the agent mapping sets ``short_term_window``:
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
    max_searches: int = DEFAULT_MAX_SEARCHES,
    search_results: int = DEFAULT_SEARCH_RESULTS,
    search_backend: str = "bm25",
    judge: bool = False,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    memory_isolation: bool = True,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
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
        agent: Memory strategy: its name (notes, the default; none, native, awi, rag, awe,
            summary, masking, agentic or system), a mapping of its name and options (``-T
            agent="{name: rag, top_k: 5}"``; each strategy's options: docs/strategies.md;
            ``short_term_window`` is 0 here), or a `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
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
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.kit.dataset_files import dataset_location
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.research_qa import (
        BENCHMARK_NAME,
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.research_qa.dataset import generated_dataset, memgym_dataset
    from inspect_memgym.research_qa.judge import JUDGE_TEMPLATES
    from inspect_memgym.research_qa.options import parse_context_tokens, parse_hops, run_options
    from inspect_memgym.research_qa.scorer import research_qa_scorer, scorer_metrics
    from inspect_memgym.research_qa.viewer import research_qa_headline, research_qa_viewer
    from inspect_memgym.research_qa.world import GENERATOR_VERSION
    from inspect_memgym.scoring.judge import check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_location(dataset)
        strategy = task_strategy(
            BENCHMARK_NAME,
            TASK_VERSION,
            OLD_SPELLINGS_UNTIL,
            agent,
            memory,
            deprecated,
            {"short_term_window": RESEARCH_SHORT_TERM_WINDOW},
        )
        check_judge_bound(BENCHMARK_NAME, judge, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        options = run_options(
            mode,
            eviction,
            window,
            max_searches,
            search_results,
            search_backend,
            strategy.memory.embedding,
            memory_isolation,
        )
        solver = strategy.solver()
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
                **strategy.metadata(),
                **options.to_dict(),
                "judge": judge,
                "self_judge": self_judge,
                **judge_protocol.task_metadata(),
                "generator_version": GENERATOR_VERSION,
            },
        )

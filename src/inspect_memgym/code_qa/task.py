"""``inspect_memgym/code_qa``: questions about a codebase and its task history (MemGym-CodeQA).

Each sample is a generated Python codebase and the history of a task on it (an issue
report, a chat with the user, a debugging log, review comments, design notes, and source
excerpts read along the way), sized to ``context_tokens``. A memory strategy takes in the
history in a few ingest groups; then every question is asked with what the strategy
recalls and the repository skeleton (and the source files with ``repo_files=true``).
Scores: accuracy on the questions that need memory (the headline: a question is right when
one sentence of its answer states at least half of its memory-only facts, and the answer
is no hedge), accuracy on the questions the source alone answers (apart), fact recall (all,
critical, memory-only, discoverable), noise rejection, and the memory-isolated
``no_memory`` and ``memory_delta``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.code_qa.protocol import EVICTED, ProtocolOptions
from inspect_memgym.code_qa.world.ingest import MEMGYM_MAX_GROUPS
from inspect_memgym.code_qa.world.sizes import (
    DEFAULT_CONTEXT_TOKENS,
    MAXIMUM_CONTEXT_TOKENS,
    MINIMUM_CONTEXT_TOKENS,
)
from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument

TASK_VERSION = 6
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 7
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_SEEDS = 20
DEFAULT_AGENT = "notes"
"""MemGym's evicted protocol takes notes under a 500-token budget by default."""
EVICTED_SHORT_TERM_WINDOW = 0
"""Evicted means evicted: awi, rag and awe keep no raw ingest group in context unless asked."""


@task
def code_qa(
    seeds: int | Sequence[int] = DEFAULT_SEEDS,
    seed: int | None = None,
    context_tokens: int | str = DEFAULT_CONTEXT_TOKENS,
    protocol: str = EVICTED,
    repo_files: bool = False,
    ingest_groups: int = MEMGYM_MAX_GROUPS,
    ingest_chars: int | None = None,
    memory_isolation: bool = True,
    judge: bool = False,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
) -> Task:
    """MemGym-CodeQA on generated codebases and task histories, as an Inspect task.

    Args:
        seeds: Number of instances (seeds 0..n-1) or a list of seeds.
        seed: A single seed (overrides ``seeds``).
        context_tokens: Size of each task history in estimated tokens, e.g. 10000, 100k or
            1M (5,000 to 4,000,000; MemGym's buckets are 10,000, 100,000, 500,000 and 1,000,000).
        protocol: ``evicted`` (the history goes through the memory strategy) or
            ``full_context`` (every question sees the whole history: the upper bound).
        repo_files: Also show the source files with every question (referenced files
            first, 8,000 characters per file, 60,000 in all).
        ingest_groups: Most ingest groups in phase one (MemGym: 3); 0 for as many groups
            of ``ingest_chars`` as the history needs.
        ingest_chars: Characters per ingest group (default: MemGym's 15,000, or as little
            more as ``ingest_groups`` groups need for a larger history).
        agent: Memory strategy: its name (notes, the default; none, native, awi, rag, awe,
            summary, masking, agentic or system), a mapping of its name and options (``-T
            agent="{name: rag, top_k: 5}"``; each strategy's options: docs/strategies.md;
            ``short_term_window`` is 0 here and ``notes_budget`` 500, MemGym's), or a `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
        memory_isolation: Also ask every question with no memory (``no_memory`` and
            ``memory_delta`` in the scores; NaN when false).
        judge: Consult the ``grader`` model role (``--model-role grader=<model>``) for
            linked facts the rules cannot decide; refused when no grader is bound, unless
            ``self_judge`` is set.
        self_judge: Let the model under test judge its own answers when no ``grader``
            role is bound (every score records ``self_judged``).
        judge_prompts: A YAML or JSON file of question type -> judge prompt template
            (fact), with the built-in template's placeholders, replacing those built-in
            prompts (its SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.code_qa import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.code_qa.dataset import generated_dataset
    from inspect_memgym.code_qa.judge import JUDGE_TEMPLATES, judge_check
    from inspect_memgym.code_qa.scorer import code_qa_scorer, scorer_metrics
    from inspect_memgym.code_qa.viewer import code_qa_headline, code_qa_viewer
    from inspect_memgym.code_qa.world.model import GENERATOR_VERSION
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.kit.seeds import resolve_seeds
    from inspect_memgym.kit.token_counts import parse_token_count
    from inspect_memgym.scoring.judge import check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        strategy = task_strategy(
            BENCHMARK_NAME,
            TASK_VERSION,
            OLD_SPELLINGS_UNTIL,
            agent,
            memory,
            deprecated,
            {"short_term_window": EVICTED_SHORT_TERM_WINDOW},
        )
        history_tokens = parse_token_count(
            "context_tokens", context_tokens, MINIMUM_CONTEXT_TOKENS, MAXIMUM_CONTEXT_TOKENS
        )
        for name, flag in (("judge", judge), ("self_judge", self_judge)):
            if not isinstance(flag, bool):
                raise ValueError(f"{name} must be true or false, got {flag!r}")
        check_judge_bound(BENCHMARK_NAME, judge, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        options = ProtocolOptions(
            protocol=protocol,
            repo_files=repo_files,
            ingest_groups=ingest_groups,
            ingest_chars=ingest_chars,
            memory_isolation=memory_isolation,
        )
        options.check()
        solver = strategy.solver()
        chosen_seeds = resolve_seeds(seeds, seed)
        samples = generated_dataset(chosen_seeds, history_tokens, options)
        return Task(
            dataset=samples,
            setup=judge_check(self_judge) if judge else None,
            solver=solver,
            metrics=scorer_metrics(judge=True) if judge else None,
            scorer=code_qa_scorer(judge=judge, self_judge=self_judge, judge_prompts=judge_prompts),
            version=TASK_VERSION,
            headline_metric=code_qa_headline(),
            viewer=code_qa_viewer(),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "seeds": chosen_seeds,
                "context_tokens": history_tokens,
                **options.to_dict(),
                **strategy.metadata(),
                "judge": judge,
                "self_judge": self_judge,
                **judge_protocol.task_metadata(),
                "generator_version": GENERATOR_VERSION,
            },
        )

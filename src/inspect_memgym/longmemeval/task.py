"""``inspect_memgym/longmemeval``: LongMemEval's chat histories, taken in through memory.

Each sample is one question of the pinned cleaned release (variant ``s``, ``m`` or
``oracle``, downloaded on first use) or of ``-T dataset=``. Its dated history sessions go
through the chosen memory strategy, then the question is answered from memory and judged
by the ``grader`` role with the type-specific rubric (abstention chosen by the ``_abs`` id
suffix). The question is also asked with no history (``no_memory``, ``memory_delta``).
Metrics: overall, per-type, task-averaged and abstention accuracy.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai import Task, task

from inspect_memgym.memory.embedding import DEFAULT_EMBEDDING
from inspect_memgym.memory.factory import DEFAULT_BACKEND

TASK_VERSION = 4
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
DEFAULT_VARIANT = "s"
DEFAULT_AGENT = "native"
"""The whole history in context (cut oldest-first to the budget): the paper's long-context
reader."""


@task
def longmemeval(
    variant: str = DEFAULT_VARIANT,
    dataset: str | None = None,
    question_types: str | Sequence[str] | None = None,
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
    self_judge: bool = False,
    judge_prompts: str | None = None,
    chroma_url: str | None = None,
    chroma_token: str | None = None,
    keep_memory: bool = False,
) -> Task:
    """LongMemEval (ICLR 2025) as an Inspect task: one sample per question.

    Answers are judged by the ``grader`` model role (``--model-role grader=<model>``; the
    paper's judge is gpt-4o-2024-08-06). With no ``grader`` bound the task is refused,
    unless ``-T self_judge=true`` lets the model under test judge its own answers (said up
    front and recorded in every score as ``self_judged``).

    Args:
        variant: s (default; ~115k tokens of history per question), m (~500 sessions) or
            oracle (the evidence sessions only).
        dataset: Path or URL of a LongMemEval-shaped file to read instead of the pinned one.
        question_types: Types asked, e.g. ``temporal-reasoning,knowledge-update`` (default
            all six; abstention questions keep the type they derive from).
        agent: Memory strategy: native (default), none, awi, rag, awe, summary, masking,
            notes, agentic or system (a memory system, ``-T system=``).
        backend: Memory backend for rag, awe and agentic: chroma (embedded) or markdown.
        embedding: Embedding for chroma: hashing (offline default), minilm or openai.
        write_budget: Memory writes allowed (default: effectively unlimited).
        update_frequency: Inputs between memory updates (awi, rag, awe; default 2).
        short_term_window: Recent raw inputs kept in context (awi, rag, awe; default 4).
        top_k: Memories retrieved per answer (rag, awe; default 30).
        context_budget: Token budget of the history (native: 128,000; summary: 4,000).
        notes_budget: Token budget of the notes strategy's notes (default 500).
        observation_window: Inputs the masking strategy keeps whole (default 3).
        max_turns: Model turns per input or answer (agentic; default 20).
        system: Memory system played by ``agent=system``: mem0, mcp, langgraph, or
            ``module:Class`` / ``file.py:Class`` of your own adapter.
        mcp_command: Command that starts the MCP memory server (``system=mcp``).
        system_config: The memory system's options: a JSON object or a JSON file's path.
        memory_isolation: Also ask every question with no history (``no_memory`` and
            ``memory_delta``; NaN when false).
        self_judge: Let the model under test judge its own answers when no ``grader`` role
            is bound.
        judge_prompts: A YAML or JSON file of rubric -> judge prompt template (default,
            temporal-reasoning, knowledge-update, single-session-preference, abstention),
            with the built-in template's placeholders, replacing those built-in prompts (its
            SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
        chroma_url: ChromaDB server for the chroma backend (default: ``MEMGYM_CHROMA_URL``,
            else an in-process store).
        chroma_token: Token for a ChromaDB server with token auth (prefer
            ``MEMGYM_CHROMA_TOKEN``; Inspect logs ``-T`` values).
        keep_memory: Keep each sample's chroma collection after the sample.
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.kit.dataset_files import dataset_location
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.longmemeval import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.longmemeval.data import LONGMEMEVAL_REVISION, variant_file
    from inspect_memgym.longmemeval.dataset import longmemeval_dataset, parse_question_types
    from inspect_memgym.longmemeval.judge_prompts import JUDGE_PROMPTS, JUDGE_TEMPLATES
    from inspect_memgym.longmemeval.scorer import longmemeval_scorer
    from inspect_memgym.longmemeval.task_average import longmemeval_metrics
    from inspect_memgym.longmemeval.values import score_keys
    from inspect_memgym.longmemeval.viewer import longmemeval_headline, longmemeval_viewer
    from inspect_memgym.memory.settings import MemorySettings
    from inspect_memgym.scoring.judge import check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import (
        memory_location,
        memory_strategy_solver,
        strategy_options_of,
    )

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_location(dataset)
        variant_file(variant)
        check_judge_bound(BENCHMARK_NAME, True, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        memory = MemorySettings(backend, embedding, chroma_url, chroma_token, keep_memory)
        types = parse_question_types(question_types)
        strategy_options = strategy_options_of(locals())
        solver = memory_strategy_solver(agent, memory, strategy_options, write_budget)
        options = {
            "memory_isolation": memory_isolation,
            "question_types": list(types),
            "self_judge": self_judge,
        }
        samples = longmemeval_dataset(variant, dataset, types, options)
        keys = score_keys(types)
        return Task(
            dataset=samples,
            solver=solver,
            scorer=longmemeval_scorer(judge_prompts=judge_prompts),
            metrics=longmemeval_metrics(keys),
            version=TASK_VERSION,
            headline_metric=longmemeval_headline(),
            viewer=longmemeval_viewer(keys),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "variant": None if dataset else variant,
                "dataset": dataset,
                "data_revision": None if dataset else LONGMEMEVAL_REVISION,
                "question_types": list(types),
                "judge": sorted(version for version, _ in JUDGE_PROMPTS.values()),
                "self_judge": self_judge,
                **judge_protocol.task_metadata(),
                "agent": agent,
                **strategy_options,
                "memory_isolation": memory_isolation,
                **memory.task_metadata(),
                "memory_location": memory_location(agent, memory),
                "write_budget": write_budget,
            },
        )

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
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument

TASK_VERSION = 5
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 6
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_VARIANT = "s"
DEFAULT_AGENT = "native"
"""The whole history in context (cut oldest-first to the budget): the paper's long-context
reader."""


@task
def longmemeval(
    variant: str = DEFAULT_VARIANT,
    dataset: str | None = None,
    question_types: str | Sequence[str] | None = None,
    memory_isolation: bool = True,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
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
        agent: Memory strategy: its name (native, the default; none, awi, rag, awe, summary,
            masking, notes, agentic or system), a mapping of its name and options (``-T
            agent="{name: rag, top_k: 5}"``; each strategy's options: docs/strategies.md), or a
            `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
        memory_isolation: Also ask every question with no history (``no_memory`` and
            ``memory_delta``; NaN when false).
        self_judge: Let the model under test judge its own answers when no ``grader`` role
            is bound.
        judge_prompts: A YAML or JSON file of rubric -> judge prompt template (default,
            temporal-reasoning, knowledge-update, single-session-preference, abstention),
            with the built-in template's placeholders, replacing those built-in prompts (its
            SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
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
    from inspect_memgym.longmemeval.dataset import (
        LongMemEvalOptions,
        longmemeval_dataset,
        parse_question_types,
    )
    from inspect_memgym.longmemeval.judge_prompts import JUDGE_PROMPTS, JUDGE_TEMPLATES
    from inspect_memgym.longmemeval.scorer import longmemeval_scorer
    from inspect_memgym.longmemeval.task_average import longmemeval_metrics
    from inspect_memgym.longmemeval.values import score_keys
    from inspect_memgym.longmemeval.viewer import longmemeval_headline, longmemeval_viewer
    from inspect_memgym.scoring.judge import check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_location(dataset)
        variant_file(variant)
        check_judge_bound(BENCHMARK_NAME, True, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        strategy = task_strategy(
            BENCHMARK_NAME, TASK_VERSION, OLD_SPELLINGS_UNTIL, agent, memory, deprecated
        )
        types = parse_question_types(question_types)
        solver = strategy.solver()
        options = LongMemEvalOptions(
            memory_isolation=memory_isolation, question_types=types, self_judge=self_judge
        )
        samples = longmemeval_dataset(variant, dataset, options)
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
                **strategy.metadata(),
                "memory_isolation": memory_isolation,
            },
        )

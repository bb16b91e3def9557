"""``inspect_memgym/locomo``: LoCoMo's long two-person conversations, taken in through memory.

Each sample is one conversation of ``locomo10.json`` (pinned release, downloaded on first
use, or ``-T dataset=``). Its dated sessions go through the chosen memory strategy, then
every question is answered from memory and scored by the official rules: token F1 per
category (multi-answer F1 for multi-hop, the part before ``;`` for open-domain) and the
adversarial questions as a two-option choice reported as abstention, outside the headline
by default. Every question is also asked with no history (``no_memory``, ``memory_delta``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai import Task, task

from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument
from inspect_memgym.locomo.category_maps import (
    DEFAULT_CATEGORY_MAP,
    category_names,
    describe_category_map,
)

TASK_VERSION = 7
"""Bumped whenever the samples, prompts or scoring change; what changed: CHANGELOG.md."""
OLD_SPELLINGS_UNTIL = 8
"""The version from which the old ``-T`` spellings are refused (`strategies.task_arguments`)."""
DEFAULT_AGENT = "native"
"""The whole conversation in context: the paper's full-context baseline."""
DEFAULT_SEED = 0
"""Fixes the order of each adversarial question's two options."""


@task
def locomo(
    dataset: str | None = None,
    categories: int | str | Sequence[int | str] | None = None,
    include_adversarial: bool = False,
    category_map: str = DEFAULT_CATEGORY_MAP,
    judge: bool = False,
    self_judge: bool = False,
    judge_prompts: str | None = None,
    seed: int = DEFAULT_SEED,
    memory_isolation: bool = True,
    agent: StrategyArgument = DEFAULT_AGENT,
    memory: MemoryArgument = None,
    **deprecated: Any,
) -> Task:
    """LoCoMo (ACL 2024) as an Inspect task: one sample per conversation.

    Args:
        dataset: Path or URL of a ``locomo10.json``-shaped file (default: the pinned release,
            downloaded on first use into the cache folder).
        categories: Categories asked: ids or names, e.g. ``1,2,3,4`` or ``single-hop``
            (default all five: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,
            5 adversarial).
        include_adversarial: Count adversarial questions in the headline F1 (default: they
            are reported apart, as abstention).
        category_map: Which names the category ids get: ``official`` (the official scoring
            code: 1 multi-hop, 3 open-domain, 4 single-hop; default) or ``mem0`` (the Mem0
            lineage: 1 single-hop, 3 multi-hop, 4 open-domain), so per-category numbers
            can be set beside the other camp's tables; ``categories`` names are read under
            it too. Recorded in the log.
        judge: Also have the ``grader`` role judge every category 1-4 answer
            (``judge_accuracy``, beside the rule-based F1).
        self_judge: With ``judge``, let the model under test judge its own answers when no
            ``grader`` role is bound (recorded as ``self_judged``); refused otherwise.
        judge_prompts: A YAML or JSON file of question type -> judge prompt template
            (answer), with the built-in template's placeholders, replacing those built-in
            prompts (its SHA-256 is recorded in every judged score; `scoring.judge_prompts`).
        seed: Fixes the order of each adversarial question's two options.
        agent: Memory strategy: its name (native, the default; none, awi, rag, awe, summary,
            masking, notes, agentic or system), a mapping of its name and options (``-T
            agent="{name: rag, top_k: 5}"``; each strategy's options: docs/strategies.md), or a
            `Solver`.
        memory: Memory backend: ``chroma`` (default) or ``markdown``, or a mapping of
            ``backend``, ``embedding`` and ``keep`` (docs/memory-backends.md).
        **deprecated: The old ``-T`` spellings (``top_k=5``...), until the next task version.
        memory_isolation: Also ask every question with no history (``no_memory`` and
            ``memory_delta``; NaN when false).
    """
    # Imported on call: the entry point registers this task without loading its dataset,
    # driver, policies and scorer.
    from inspect_memgym.kit.dataset_files import dataset_location
    from inspect_memgym.kit.inspect_internals import task_argument_errors
    from inspect_memgym.locomo import (
        BENCHMARK_NAME,
        driver,  # noqa: F401  (registers the driver)
        policy_play,  # noqa: F401  (registers the memgym policies)
    )
    from inspect_memgym.locomo.data import LOCOMO_COMMIT
    from inspect_memgym.locomo.dataset import LocomoOptions, locomo_dataset, parse_categories
    from inspect_memgym.locomo.judge_prompts import ANSWER_JUDGE_PROMPT_VERSION, JUDGE_TEMPLATES
    from inspect_memgym.locomo.metrics import locomo_metrics
    from inspect_memgym.locomo.scorer import locomo_scorer
    from inspect_memgym.locomo.values import score_keys
    from inspect_memgym.locomo.viewer import locomo_headline, locomo_viewer
    from inspect_memgym.scoring.judge import check_judge_bound
    from inspect_memgym.scoring.judge_prompts import judge_settings
    from inspect_memgym.simulation.policy_registry import check_active_policy
    from inspect_memgym.strategies.task_arguments import task_strategy

    with task_argument_errors(BENCHMARK_NAME):
        check_active_policy(BENCHMARK_NAME)
        dataset = dataset_location(dataset)
        strategy = task_strategy(
            BENCHMARK_NAME, TASK_VERSION, OLD_SPELLINGS_UNTIL, agent, memory, deprecated
        )
        names = category_names(category_map)
        chosen = parse_categories(categories, names)
        check_judge_bound(BENCHMARK_NAME, judge, self_judge)
        judge_protocol = judge_settings(JUDGE_TEMPLATES, judge_prompts)
        if not include_adversarial and not set(chosen) & {1, 2, 3, 4}:
            raise ValueError(
                "categories selects only adversarial questions, which the F1 headline leaves "
                "out; add a category 1-4 or pass -T include_adversarial=true"
            )
        options = LocomoOptions(
            seed=seed,
            judge=judge,
            self_judge=self_judge,
            include_adversarial=include_adversarial,
            memory_isolation=memory_isolation,
            category_map=category_map,
            categories=chosen,
        )
        solver = strategy.solver()
        samples = locomo_dataset(dataset, options)
        keys = score_keys(judge, chosen, category_map)
        return Task(
            dataset=samples,
            solver=solver,
            scorer=locomo_scorer(judge_prompts=judge_prompts),
            metrics=locomo_metrics(keys),
            version=TASK_VERSION,
            headline_metric=locomo_headline(),
            viewer=locomo_viewer(keys),
            metadata={
                "benchmark": BENCHMARK_NAME,
                "dataset": dataset,
                "data_revision": None if dataset else LOCOMO_COMMIT,
                "categories": {str(number): names[number] for number in chosen},
                **describe_category_map(category_map),
                "include_adversarial": include_adversarial,
                "judge": ANSWER_JUDGE_PROMPT_VERSION if judge else None,
                **judge_protocol.task_metadata(),
                "seed": seed,
                **strategy.metadata(),
                "memory_isolation": memory_isolation,
            },
        )

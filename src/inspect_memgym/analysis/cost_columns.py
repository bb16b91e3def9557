"""Cost and latency of each sample and eval, read from logs (old logs read as missing).

Every task's scores carry ``Score.metadata["cost"]`` (`kit.cost_keys`): memory tokens per
question and add / search latency; Inspect records tokens and cost per model role on each
sample (``role_usage``) and per model (``model_usage``). This module reads them:

* `sample_costs` and `role_usage`: one sample's figures (None where the log has none),
  with the sample's tokens and dollar cost per question: every model call of the sample
  (the model under test with memory and without, a grader, a simulated user) over the
  questions it answered both ways (`kit.cost_keys.QUESTIONS_METERED`); the cost only when
  Inspect priced the calls (``--model-cost-config``);
* `SAMPLE_COST_COLUMNS` for ``samples_df(logs, columns=SampleSummary + SAMPLE_COST_COLUMNS)``:
  one column per figure (``memory_tokens_per_question``, ``search_ms_p50``...) and
  ``tokens_<role>`` per model role, with ``tokens_model`` for the model under test;
* `EVAL_COST_COLUMNS` for ``evals_df(logs, columns=EvalInfo + EVAL_COST_COLUMNS)``: the
  `memory_cost` metrics (means over samples) under the same names; Inspect's own
  ``evals_df`` columns name them ``score_<scorer>_<metric>`` (``delta_tokens`` for the
  memory tokens per question, ``p95_search_ms``..., `kit.cost_keys.COST_METRIC_NAMES`;
  older logs' ``memory_tokens``, ``search_ms_p95``... are read too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspect_ai.analysis import EvalColumn, SampleColumn
from inspect_ai.log import EvalLog, EvalSample, EvalSampleSummary

from inspect_memgym.kit.cost_keys import (
    ADD_MS_P50,
    ADD_MS_P95,
    COST_KEY,
    COST_METRIC_NAMES,
    FORMER_COST_METRIC_NAMES,
    MEMORY_TOKENS_PER_QUESTION,
    QUESTIONS_METERED,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
)

TOKENS_PER_QUESTION = "tokens_per_question"
"""Every model call's tokens in a sample over the questions it answered both ways."""
COST_PER_QUESTION = "cost_per_question"
"""Every model call's dollar cost in a sample over the questions it answered both ways."""
RECORDED_COST_KEYS = (
    MEMORY_TOKENS_PER_QUESTION,
    ADD_MS_P50,
    ADD_MS_P95,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
)
"""The per-sample figures the scores record (`kit.cost_keys`)."""
SAMPLE_COST_KEYS = (*RECORDED_COST_KEYS, TOKENS_PER_QUESTION, COST_PER_QUESTION)
"""The per-sample figures the leaderboard and figures read: those recorded, then the
tokens and cost per question read from Inspect's usage."""
MODEL_UNDER_TEST = "model"
"""Role name given to the calls of the model under test (those made under no role)."""
ROLES = (MODEL_UNDER_TEST, "memory", "grader", "user")
"""The model roles of the suite, in display order."""
METRIC_GROUP = "memory_cost"
"""The group Inspect gives the figures of the `memory_cost` metric."""

Sample = EvalSample | EvalSampleSummary


def sample_costs(sample: Sample, scorer: str | None = None) -> dict[str, float]:
    """The sample's cost figures: those of ``scorer``, else of the first scorer with any.

    Args:
        sample: A sample or its summary.
        scorer: The scorer to read (None: the first that has figures).

    Returns:
        Figure name to value; figures the sample lacks are left out (an old log: empty).
    """
    for name, score in (sample.scores or {}).items():
        if scorer is not None and name != scorer:
            continue
        cost = (score.metadata or {}).get(COST_KEY)
        if isinstance(cost, dict):
            figures = {
                key: value
                for key in RECORDED_COST_KEYS
                if (value := _number(cost, key)) is not None
            }
            figures.update(_per_question(sample, _number(cost, QUESTIONS_METERED)))
            return figures
    return {}


def _number(figures: dict[str, Any], key: str) -> float | None:
    value = figures.get(key)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def _per_question(sample: Sample, questions: float | None) -> dict[str, float]:
    """The sample's tokens and (when Inspect priced its calls) cost per question."""
    if not questions:
        return {}
    usage = sample.model_usage.values()
    figures = {TOKENS_PER_QUESTION: sum(item.total_tokens for item in usage) / questions}
    cost = _cost_sum(item.total_cost for item in usage)
    if cost is not None:
        figures[COST_PER_QUESTION] = cost / questions
    return figures


def role_usage(sample: Sample) -> dict[str, dict[str, float | None]]:
    """Tokens and cost per model role; the model under test's are the rest of the usage.

    Inspect records every call under its model (``model_usage``) and calls made for a role
    under that role too (``role_usage``), so the model under test's share is the difference.

    Args:
        sample: A sample or its summary.

    Returns:
        Role to ``{"tokens", "cost"}`` (cost None without Inspect's model cost data); only
        roles that made calls.
    """
    usage: dict[str, dict[str, float | None]] = {}
    total_tokens = sum(item.total_tokens for item in sample.model_usage.values())
    total_cost = _cost_sum(item.total_cost for item in sample.model_usage.values())
    role_tokens = 0
    role_costs: list[float | None] = []
    for role, item in sample.role_usage.items():
        usage[role] = {"tokens": item.total_tokens, "cost": item.total_cost}
        role_tokens += item.total_tokens
        role_costs.append(item.total_cost)
    if total_tokens - role_tokens > 0:
        rest = None if total_cost is None else total_cost - (_cost_sum(role_costs) or 0.0)
        usage = {MODEL_UNDER_TEST: {"tokens": total_tokens - role_tokens, "cost": rest}, **usage}
    return usage


def _cost_sum(costs: Any) -> float | None:
    known = [float(cost) for cost in costs if cost is not None]
    return sum(known) if known else None


def _sample_figure(key: str) -> Callable[[Sample], float | None]:
    def read(sample: Sample) -> float | None:
        return sample_costs(sample).get(key)

    return read


def _role_tokens(role: str) -> Callable[[Sample], float | None]:
    def read(sample: Sample) -> float | None:
        return role_usage(sample).get(role, {}).get("tokens")

    return read


def _eval_figure(key: str) -> Callable[[EvalLog], float | None]:
    # the metric's name, or one a log written before it carries (`FORMER_COST_METRIC_NAMES`)
    names = (COST_METRIC_NAMES[key], *FORMER_COST_METRIC_NAMES[key])

    def read(log: EvalLog) -> float | None:
        for score in log.results.scores if log.results else []:
            for name in names:
                metric = score.metrics.get(name) if score.name == score.scorer else None
                if metric is not None and metric.group == METRIC_GROUP:
                    return metric.value
        return None

    return read


SAMPLE_COST_COLUMNS = [
    *(SampleColumn(key, path=_sample_figure(key), full=False) for key in SAMPLE_COST_KEYS),
    *(SampleColumn(f"tokens_{role}", path=_role_tokens(role), full=False) for role in ROLES),
]
"""``samples_df`` columns: each cost figure, and tokens per model role."""
EVAL_COST_COLUMNS = [
    EvalColumn(key, path=_eval_figure(key))
    for key in (MEMORY_TOKENS_PER_QUESTION, ADD_MS_P50, SEARCH_MS_P50, SEARCH_MS_P95)
]
"""``evals_df`` columns: the scorer's `memory_cost` metrics (mean over samples)."""

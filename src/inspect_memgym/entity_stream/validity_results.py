"""What one policy's validation eval log says: the `PolicyResult` the invariants compare."""

from __future__ import annotations

from statistics import mean

from inspect_ai.log import EvalLog, EvalSample

from inspect_memgym.entity_stream.axes import SCORE_KEYS
from inspect_memgym.entity_stream.invariants import PolicyResult

SCORER_NAME = "entity_stream_scorer"


def _score_value(sample: EvalSample) -> dict[str, float]:
    if not sample.scores or SCORER_NAME not in sample.scores:
        return {}
    value = sample.scores[SCORER_NAME].value
    return {str(k): float(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _questions(sample: EvalSample) -> list[dict[str, object]]:
    if not sample.scores or SCORER_NAME not in sample.scores:
        return []
    metadata = sample.scores[SCORER_NAME].metadata or {}
    return list(metadata.get("questions", []))


def policy_result(policy: str, log: EvalLog) -> PolicyResult:
    """Summarise one policy's eval log.

    Args:
        policy: Policy name.
        log: Its eval log (with samples).
    """
    samples = log.samples or []
    values = {str(sample.id): _score_value(sample) for sample in samples}
    scored = [value for value in values.values() if value]
    # a policy with no scored sample counts as scoring nothing; the errors invariant says why
    means = {key: mean(v[key] for v in scored) if scored else 0.0 for key in SCORE_KEYS}
    questions = [q for sample in samples for q in _questions(sample)]
    right = sum(1 for q in questions if q.get("correct"))
    overruns = sum(
        1
        for sample in samples
        if int(sample.store.get("MemoryLedger:writes_used", 0))
        > int(sample.store.get("MemoryLedger:write_budget", 0))
    )
    errors = sum(1 for sample in samples if sample.error is not None) + (
        0 if log.status == "success" else 1
    )
    return PolicyResult(
        policy=policy,
        means=means,
        question_accuracy=right / len(questions) if questions else 0.0,
        budget_overruns=overruns,
        errors=errors,
        sample_values=values,
    )

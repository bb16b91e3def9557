"""Every judged task re-scored from its log by ``inspect score --action append``.

Each task runs one offline sample judged by the scripted ``grader`` (``memgym/judge``);
its log is re-scored with the same grader bound and the scorer's judge options, without
re-running the model. The appended scoring must give exactly the eval's own values: the
scorer reads everything it judges from the log (its store and metadata), and the scripted
grader finds the sample it judges (`kit.inspect_internals.bind_rescored_sample`).
LongMemEval's re-scoring with another grader is in
``tests/longmemeval/test_longmemeval_grader_panel.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval, score
from inspect_ai.scorer import Scorer

from inspect_memgym.code_qa.scorer import code_qa_scorer
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.entity_stream.scorer import entity_stream_scorer
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.locomo.scorer import locomo_scorer
from inspect_memgym.locomo.task import locomo
from inspect_memgym.research_qa.scorer import research_qa_scorer
from inspect_memgym.research_qa.task import research_qa
from locomo_sample import write_locomo

TASKS: dict[str, tuple[Callable[[Path], Task], Callable[[], Scorer], str]] = {
    "locomo": (
        lambda folder: locomo(dataset=str(write_locomo(folder / "locomo.json")), judge=True),
        lambda: locomo_scorer(),
        "memgym/perfect",
    ),
    "code_qa": (
        lambda _: code_qa(judge=True, seed=0, context_tokens=5_000),
        lambda: code_qa_scorer(judge=True),
        "memgym/paraphraser",
    ),
    "research_qa": (
        lambda _: research_qa(seed=10, hops=3, context_tokens=1_000, judge=True),
        lambda: research_qa_scorer(judge=True),
        "memgym/perfect",
    ),
    "entity_stream": (
        lambda _: entity_stream(tier="smoke", seeds=1, judge=True),
        lambda: entity_stream_scorer(judge=True),
        "memgym/perfect",
    ),
}


def same(first: Any, second: Any) -> bool:
    if isinstance(first, float) and isinstance(second, float):
        return first == second or (math.isnan(first) and math.isnan(second))
    return bool(first == second)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TASKS))
def test_a_judged_task_rescored_by_the_same_grader_gives_its_own_values(
    name: str, tmp_path: Path
) -> None:
    build, scorer, model = TASKS[name]
    [log] = eval(
        build(tmp_path),
        model=model,
        model_roles={"grader": "memgym/judge"},
        limit=1,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    rescored = score(
        log, [scorer()], model_roles={"grader": "memgym/judge"}, action="append", display="none"
    )
    [sample] = rescored.samples or []
    scores = sample.scores or {}
    [own, appended] = sorted(scores)
    assert appended == f"{own}1"
    first, second = scores[own].value, scores[appended].value
    assert isinstance(first, dict) and isinstance(second, dict)
    assert first.keys() == second.keys()
    assert all(same(first[key], second[key]) for key in first), (first, second)

"""A task's metrics are those of the ``mean`` epochs reducer, whatever reducer is named.

``memory_delta`` pairs a sample's two passes. Inspect's other reducers (``max``,
``pass_at_k``, ``mode``) reduce each key of a score apart, so they would report the best
epoch's delta rather than the difference of the reduced passes. Measured before the fix
(2026-11-29, conversation small, six users, five epochs, `agent=none`, a model answering
a random option): ``memory_delta`` -0.168 under ``mean`` and +0.102 under ``max``, with no
memory at all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from inspect_ai import Epochs, eval
from inspect_ai.model import ModelOutput, get_model

from inspect_memgym.conversation.task import conversation

EPOCHS = 3


def _random_options(seed: int) -> Iterator[ModelOutput]:
    """A model that names a random option of four to every call, memory or not."""
    draws = random.Random(seed)
    while True:
        answer = draws.randint(1, 4)
        yield ModelOutput.from_content("mockllm/model", f'{{"answer": {answer}}}')


def _metrics(reducer: str, tmp_path: Path) -> dict[str, dict[str, float]]:
    model = get_model("mockllm/model", custom_outputs=_random_options(7))
    [log] = eval(
        conversation(tier="small", seeds=2, agent="none"),
        model=model,
        epochs=Epochs(EPOCHS, reducer),
        log_dir=str(tmp_path / reducer),
        display="none",
    )
    assert log.status == "success" and log.results is not None
    return {
        score.name: {name: metric.value for name, metric in score.metrics.items()}
        for score in log.results.scores
    }


def test_memory_delta_is_the_same_under_every_epochs_reducer(
    tmp_path: Path, offline_token_counts: None
) -> None:
    averaged = _metrics("mean", tmp_path)
    assert averaged["memory_delta"]["mean"] < 0  # a memoryless random answerer
    for reducer in ("max", f"pass_at_{EPOCHS}"):
        assert _metrics(reducer, tmp_path) == averaged, reducer

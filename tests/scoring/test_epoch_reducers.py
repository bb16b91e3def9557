"""A task's metrics are those of the ``mean`` epochs reducer, whatever reducer is named.

``memory_delta`` pairs a sample's two passes. Inspect's other reducers (``max``,
``pass_at_k``, ``mode``) reduce each key of a score apart, so they would report the best
epoch's delta rather than the difference of the reduced passes. Measured before the fix
(2026-11-29, conversation small, six users, five epochs, `agent=none`, a model answering
a random option): ``memory_delta`` -0.168 under ``mean`` and +0.102 under ``max``, with no
memory at all.

The metrics that read score metadata (the cost figures, the per-operation scores, the
judge's reply counts) count every epoch's score: a reduced score keeps only the first
epoch's metadata, so they once reported epoch 1 alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from inspect_ai import Epochs, Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, get_model
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from inspect_memgym.conversation.task import conversation
from inspect_memgym.kit.cost_keys import COST_KEY, MEMORY_TOKENS_METRIC, MEMORY_TOKENS_PER_QUESTION
from inspect_memgym.scoring.metrics import judged_scorer_metrics, score_metrics
from inspect_memgym.scoring.operation_scores import OPERATION_SCORES_KEY
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE, JUDGE_VERDICTS

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


@scorer(metrics=judged_scorer_metrics(score_metrics(["accuracy"], "accuracy"), judge=True))
def epoch_numbered() -> Scorer:
    """Each epoch's score carries figures equal to its epoch number (1, 2, ...)."""

    async def score(state: TaskState, target: Target) -> Score:
        epoch = state.epoch
        return Score(
            value={"accuracy": float(epoch == 1), JUDGE_UNREADABLE: float(epoch == 2)},
            metadata={
                COST_KEY: {MEMORY_TOKENS_PER_QUESTION: 10 * epoch},
                OPERATION_SCORES_KEY: {"extraction_recall": 0.5 * epoch},
                JUDGE_VERDICTS: epoch,
            },
        )

    return score


def test_metadata_figures_count_every_epoch(tmp_path: Path, offline_token_counts: None) -> None:
    samples = [Sample(input="a", id=1), Sample(input="b", id=2)]
    task = Task(dataset=samples, scorer=epoch_numbered())
    for reducer in ("mean", "max"):
        [log] = eval(
            task,
            model="mockllm/model",
            epochs=Epochs(2, reducer),
            log_dir=str(tmp_path / reducer),
            display="none",
        )
        assert log.results is not None
        metrics = {
            (score.name, name): metric.value
            for score in log.results.scores
            for name, metric in score.metrics.items()
        }
        assert metrics["accuracy", "mean"] == 0.5, reducer  # each sample's epoch mean
        metrics = {
            name: value for (owner, name), value in metrics.items() if owner == "epoch_numbered"
        }
        assert metrics[MEMORY_TOKENS_METRIC] == 15.0, reducer  # mean of 10 and 20
        assert metrics["extraction_recall"] == 0.75, reducer
        assert metrics[JUDGE_VERDICTS] == 6.0, reducer  # (1 + 2) replies, two samples
        assert metrics[JUDGE_UNREADABLE] == 2.0, reducer  # epoch 2's reply, two samples

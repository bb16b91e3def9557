"""The paired delta against an ``agent=none`` run cannot be bought by sandbagging that run.

``inspect-memgym leaderboard --baseline none`` and ``compare --baseline none`` publish
"Δ vs none (paired)" (`analysis.paired`). A model can tell the ``none`` run (its memory
section is empty and no history is shown, visible by design) and answer worse there. When
the pair was a strategy run's headline minus the ``none`` run's headline, nothing floored
the baseline: declining every conversation question under ``none`` (-0.333 chance-corrected
then) while picking blindly under native bought +0.222 on two samples, and on LongMemEval
guessing the ``_abs`` questions under ``none`` and declining them elsewhere bought +0.167
(four invented users, 24 questions), with every in-run ``memory_delta`` at +0.000. The pair
is now taken under the shared definition (the strategy's headline over Δ's questions with
memory against the baseline's floored ``no_memory``): this test plays both models and bounds
the paired delta as the validity suites bound every adversary's ``memory_delta``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from inspect_ai import Task, eval
from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.paired import PairedDelta, paired_deltas
from inspect_memgym.conversation.task import conversation
from inspect_memgym.longmemeval.synthetic import write_synthetic_longmemeval
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.simulation.policy_registry import (
    PolicyTurn,
    benchmark_policies,
    register_policies,
)
from inspect_memgym.strategies.call_context import current_call_context

DELTA_BOUND = 0.05
"""What the validity suites allow any adversary on ``memory_delta``."""
EMPTY_AWARE = "empty_run_sandbagger"
"""Plays one memoryless policy in an ``agent=none`` run and another in any other run."""
NO_MEMORY_STRATEGY = "none"
STRATEGY = "native"
GRADER = "memgym/judge"


@dataclass(frozen=True)
class Case:
    """One task's sandbagged baseline.

    Attributes:
        benchmark: The benchmark's name (its policies' registry key).
        build: The task, given the data folder and the strategy.
        in_empty_run: The memoryless policy played where memory is empty.
        elsewhere: The memoryless policy played in the strategy run.
        samples: Samples paired.
    """

    benchmark: str
    build: Callable[[Path, str], Task]
    in_empty_run: str
    elsewhere: str
    samples: int


def conversation_task(folder: Path, agent: str) -> Task:
    """Two small-tier users: four options per question."""
    return conversation(tier="small", seeds=2, agent=agent)


def longmemeval_task(folder: Path, agent: str) -> Task:
    """Four invented users, six questions each (one in six an ``_abs`` question)."""
    data = folder / "longmemeval.json"
    if not data.exists():
        write_synthetic_longmemeval(data, range(4))
    return longmemeval(dataset=str(data), agent=agent)


CASES = {
    # a reply with no option where memory is empty (-1/3), blind picks elsewhere (0)
    "conversation": Case("conversation", conversation_task, "abstainer", "guesser", 2),
    # a guess to the _abs questions where memory is empty (0), a decline elsewhere (1 on them)
    "longmemeval": Case("longmemeval", longmemeval_task, "guesser", "decliner", 24),
}


@pytest.mark.parametrize("name", list(CASES))
def test_sandbagging_only_the_none_run_buys_no_paired_delta(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    case.build(tmp_path, NO_MEMORY_STRATEGY)  # building the task registers its policies
    original = benchmark_policies(case.benchmark)

    def play(policy: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
        if policy != EMPTY_AWARE:
            return original.play(policy, messages, tools)
        # tells the none run by the strategy playing it, as a model tells it by the empty
        # memory section and the missing history
        empty_run = current_call_context().strategy == NO_MEMORY_STRATEGY
        return original.play(case.in_empty_run if empty_run else case.elsewhere, messages, tools)

    register_policies(case.benchmark, (*original.names, EMPTY_AWARE), play)
    try:
        deltas = played_deltas(case, tmp_path)
    finally:
        register_policies(case.benchmark, original.names, original.play)
    [delta] = deltas
    # every sample pairs but those a decline decides (LongMemEval's _abs questions)
    assert delta.strategy == STRATEGY and 0 < delta.pairs <= case.samples and delta.floored
    # Neither run reads memory: the strategy run's headline stays near its floor ...
    assert delta.strategy_mean <= 0.2
    # ... and sandbagging the run whose memory is empty must not become a memory delta.
    assert delta.delta.mean <= DELTA_BOUND


def played_deltas(case: Case, folder: Path) -> list[PairedDelta]:
    """Both runs of the sandbagger, then the leaderboard's paired deltas against ``none``."""
    log_dir = folder / "logs"
    for agent in (NO_MEMORY_STRATEGY, STRATEGY):
        [log] = eval(
            case.build(folder, agent),
            model=f"memgym/{EMPTY_AWARE}",
            model_roles={"grader": GRADER},
            display="none",
            log_dir=str(log_dir),
        )
        assert log.status == "success", log.error
    return list(paired_deltas(load_leaderboard([str(log_dir)]), NO_MEMORY_STRATEGY))
